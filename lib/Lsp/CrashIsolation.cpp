//===- CrashIsolation.cpp - Surviving a crash in the analysis -------------===//

#include "Lsp/CrashIsolation.h"

#include "Driver/Isolation.h"

namespace warplint {
namespace lsp {

llvm::Error runIsolated(std::function<void()> Fn, unsigned TimeoutSeconds) {
  IsolationLimits Limits;
  Limits.TimeoutSeconds = TimeoutSeconds;
  if (llvm::Error Failed = runCrashIsolated(std::move(Fn), Limits))
    return llvm::createStringError(
        "the analysis " + describeIsolationFailure(std::move(Failed)));
  return llvm::Error::success();
}

} // namespace lsp
} // namespace warplint
