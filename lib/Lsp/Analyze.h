//===- Analyze.h - One editor buffer through the pipeline -------*- C++ -*-===//
//
// Finds the compile command of an open file the way clangd does and its
// .warplint.yaml, runs the warplint pipeline on the unsaved buffer (fixes
// included, computed against that buffer), and keeps what code actions need
// later (the diagnostics as model values and as published).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_ANALYZE_H
#define WARPLINT_LSP_ANALYZE_H

#include "Driver/Config.h"
#include "Driver/FileSetup.h"
#include "Driver/Pipeline.h"
#include "Fix/Verify.h"
#include "Lsp/Protocol.h"

#include <string>
#include <vector>

namespace warplint {
namespace lsp {

struct AnalyzedDocument {
  std::string Path;
  std::string Text;
  std::string BaseDir; ///< relative model file names are relative to it
  /// Findings in this document, and what the client got for each (same
  /// order), followed in Published by clang's errors when parsing failed.
  std::vector<warplint::Diagnostic> Findings;
  std::vector<Diagnostic> Published;
  bool Parsed = false;
  std::string Log; ///< flag warnings and clang's errors, for the server log
};

/// Parses Cmd's file again from a buffer with PO (no fixes searched) and
/// returns its access records: the re-analysis that verifies fixes, for
/// this server and the command line alike. Each re-analysis spends from
/// Budget (what the file's analysis left, FileReport::BudgetLeft; it must
/// outlive the function); once that is spent, a BudgetSpentError.
FixVerifier::Reanalyze bufferReanalyzer(const CompileCommand &Cmd,
                                        const PipelineOptions &PO,
                                        FileBudget &Budget);

/// Analyzes Text as the contents of Path with Opts, the .warplint.yaml that
/// applies to Path, and CommandLine (the server's own flags) over both. The
/// fixes are computed against Text (edits in other files are dropped) and
/// each is verified on a copy of Text before it is offered.
AnalyzedDocument analyzeDocument(const std::string &Path,
                                 const std::string &Text,
                                 const PipelineOptions &Opts,
                                 const std::vector<std::string> &FallbackFlags,
                                 const Config &CommandLine = {});

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_ANALYZE_H
