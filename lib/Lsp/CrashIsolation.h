//===- CrashIsolation.h - Surviving a crash in the analysis -----*- C++ -*-===//
//
// The server must outlive any one file's analysis: a crash in clang or in
// warplint (SIGSEGV, SIGFPE, abort, a stack overflow, an LLVM fatal error)
// while analyzing a document is caught by the Driver's crash isolation, the
// one the command line uses per file, and becomes a diagnostic on that
// document. So does an analysis that outlives its deadline (--timeout):
// clang cannot be stopped midway, so it goes on, abandoned, at the lowest
// priority, and the document says it was not analyzed.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_CRASHISOLATION_H
#define WARPLINT_LSP_CRASHISOLATION_H

#include "llvm/Support/Error.h"

#include <functional>

namespace warplint {
namespace lsp {

/// Runs Fn on a thread with the analysis stack; an error saying how it
/// crashed ("the analysis crashed (Segmentation fault)") when it did not
/// return, or that it did not finish within TimeoutSeconds (0: no limit).
/// What Fn had built is abandoned, never used; with a limit, Fn must own
/// what it reads and writes (runCrashIsolated).
llvm::Error runIsolated(std::function<void()> Fn, unsigned TimeoutSeconds = 0);

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_CRASHISOLATION_H
