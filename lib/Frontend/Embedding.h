//===- Embedding.h - Front end entry points for hosts -----------*- C++ -*-===//
//
// Hosts that own the parse or the text: the clang-tidy plugin hands over the
// AST clang-tidy already built; the LSP server hands over the editor's
// unsaved buffer together with the compile command of the file on disk.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_EMBEDDING_H
#define WARPLINT_FRONTEND_EMBEDDING_H

#include "Frontend/Frontend.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace warplint {

/// Extracts the model of every kernel in an already parsed translation unit.
/// The caller decides what to do with a TU that had errors: the AST may then
/// be incomplete, so extraction is best left out.
TranslationUnitModel extractModel(clang::ASTContext &Ctx,
                                  const FrontendOptions &Opts);

/// Parses Code as the contents of Cmd.File (relative to Cmd.Directory), with
/// Cmd's flags and working directory: other files come from disk, this one
/// from memory (an editor's unsaved buffer).
FrontendResult analyzeBuffer(const std::string &Code, const CompileCommand &Cmd,
                             const FrontendOptions &Opts);

} // namespace warplint

#endif // WARPLINT_FRONTEND_EMBEDDING_H
