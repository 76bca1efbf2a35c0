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
  /// What the client got for each finding in this document, followed by
  /// clang's errors when parsing failed; and the quick fixes of each
  /// finding (same order, as sent), computed against Text.
  std::vector<Diagnostic> Published;
  std::vector<llvm::json::Array> Actions;
  bool Parsed = false;
  std::string Log; ///< flag warnings and clang's errors, for the server log
};

/// What a document shows when its analysis crashed or outlived its
/// deadline: one error diagnostic at the top of the file saying so (Why:
/// the predicate, "the analysis crashed (Segmentation fault)").
AnalyzedDocument crashedAnalysis(const std::string &Path,
                                 const std::string &Text,
                                 const std::string &Why);

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
