//===- CrashIsolation.cpp - Surviving a crash in the analysis -------------===//

#include "Lsp/CrashIsolation.h"

#include "Driver/Pipeline.h"

namespace warplint {
namespace lsp {

llvm::Error runIsolated(llvm::function_ref<void()> Fn) {
  if (llvm::Error Crash = runCrashIsolated(Fn))
    return llvm::createStringError("the analysis crashed (" +
                                   llvm::toString(std::move(Crash)) + ")");
  return llvm::Error::success();
}

} // namespace lsp
} // namespace warplint
