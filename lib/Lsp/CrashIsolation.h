//===- CrashIsolation.h - Surviving a crash in the analysis ----*- C++ -*-===//
//
// The server must outlive any one file's analysis: a crash in clang or in
// warplint (SIGSEGV, SIGFPE, abort, a stack overflow, an LLVM fatal error)
// while analyzing a document is caught by the Driver's crash isolation, the
// one the command line uses per file, and becomes a diagnostic on that
// document.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_CRASHISOLATION_H
#define WARPLINT_LSP_CRASHISOLATION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace warplint {
namespace lsp {

/// Runs Fn on a thread with the analysis stack; an error saying how it
/// crashed ("the analysis crashed (Segmentation fault)") when it did not
/// return. What Fn had built is abandoned (leaked), never used.
llvm::Error runIsolated(llvm::function_ref<void()> Fn);

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_CRASHISOLATION_H
