//===- LspMain.h - "warplint lsp" -------------------------------*- C++ -*-===//

#ifndef WARPLINT_TOOL_LSPMAIN_H
#define WARPLINT_TOOL_LSPMAIN_H

namespace warplint {

/// Runs the language server on stdin/stdout. Argv[0] is "lsp"; the rest are
/// the server's own options (see --help). Returns the exit status.
int lspMain(int Argc, const char **Argv);

} // namespace warplint

#endif // WARPLINT_TOOL_LSPMAIN_H
