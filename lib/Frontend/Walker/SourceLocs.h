//===- SourceLocs.h - clang locations to model locations --------*- C++ -*-===//
//
// The model speaks in file/line/column as the user spelled the file name;
// these helpers convert clang's locations (expansion locations, so a macro's
// use site is what the user sees) and read source text for reasons.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_SOURCELOCS_H
#define WARPLINT_FRONTEND_SOURCELOCS_H

#include "Model/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>

namespace warplint {

/// Presumed location of L's expansion; invalid SourceLoc for invalid L.
SourceLoc toSourceLoc(const clang::ASTContext &Ctx, clang::SourceLocation L);

/// Half-open range covering the tokens of R (end = just past the last
/// token).
SourceRange toSourceRange(const clang::ASTContext &Ctx, clang::SourceRange R);

/// The source text of R's expansion, whitespace collapsed and shortened to
/// MaxLen characters ("..." appended when cut).
std::string sourceText(const clang::ASTContext &Ctx, clang::SourceRange R,
                       size_t MaxLen = 60);

/// Where findings about the memory access E point, and the line nvcc's line
/// table gives its instruction: Whole.Begin when that line is the one, else
/// the position on the line that decides it. nvcc (13.0, sm_90, -lineinfo)
/// attributes the instruction of a subscript to the line where its index
/// ends (`in[idx[i]\n]` is the first line, `a[\n i + 1]` the second), of a
/// dereference or `->` to where the pointer ends, of `.` to its base, and of
/// a call (atomicAdd, __ldg) to the call's first line: docs/hardware-model.md.
SourceLoc instructionLoc(const clang::ASTContext &Ctx, const clang::Expr *E,
                         const SourceRange &Whole);

/// "file:line:col" of L.
std::string locString(const clang::ASTContext &Ctx, clang::SourceLocation L);

/// Whether F, as declared there, comes from a system header
/// (the CUDA toolkit's, clang's wrappers) or is a builtin: a function whose
/// body warplint does not follow and whose effects it knows by name.
bool isCudaHeaderFunction(const clang::FunctionDecl *F);

} // namespace warplint

#endif // WARPLINT_FRONTEND_SOURCELOCS_H
