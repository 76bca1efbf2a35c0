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

/// "file:line:col" of L.
std::string locString(const clang::ASTContext &Ctx, clang::SourceLocation L);

} // namespace warplint

#endif // WARPLINT_FRONTEND_SOURCELOCS_H
