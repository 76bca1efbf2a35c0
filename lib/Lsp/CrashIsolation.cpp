//===- CrashIsolation.cpp - Surviving a crash in the analysis -------------===//

#include "Lsp/CrashIsolation.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <csignal>
#include <cstring>
#include <mutex>

namespace warplint {
namespace lsp {

llvm::Error runIsolated(llvm::function_ref<void()> Fn) {
  static std::once_flag Once;
  std::call_once(Once, [] { llvm::CrashRecoveryContext::Enable(); });
  llvm::CrashRecoveryContext CRC;
  if (CRC.RunSafely(Fn))
    return llvm::Error::success();
  // On POSIX systems RetCode is 128 plus the signal's number.
  int Signal = CRC.RetCode > 128 ? CRC.RetCode - 128 : 0;
  std::string What = "the analysis crashed";
  if (Signal > 0) {
    What += " (signal " + std::to_string(Signal);
    if (const char *Name = strsignal(Signal))
      What += std::string(": ") + Name;
    What += ")";
  }
  return llvm::createStringError(What);
}

} // namespace lsp
} // namespace warplint
