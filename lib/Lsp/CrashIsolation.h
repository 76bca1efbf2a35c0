//===- CrashIsolation.h - Surviving a crash in the analysis ----*- C++ -*-===//
//
// The server must outlive any one file's analysis: a crash in clang or in
// warplint (SIGSEGV, SIGFPE, abort) while analyzing a document is caught
// with llvm::CrashRecoveryContext, as libclang does per translation unit,
// and becomes a diagnostic on that document.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_CRASHISOLATION_H
#define WARPLINT_LSP_CRASHISOLATION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace warplint {
namespace lsp {

/// Runs Fn; an error naming the signal when it crashed instead of
/// returning. What Fn had built is abandoned (leaked), never used.
llvm::Error runIsolated(llvm::function_ref<void()> Fn);

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_CRASHISOLATION_H
