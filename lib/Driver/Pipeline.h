//===- Pipeline.h - One file through every step ----------------*- C++ -*-===//
//
// The front ends (command line, later LSP and the clang-tidy plugin) share
// this: parse -> model -> solve -> checks -> suppression. What comes out is
// plain data for the writers.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_PIPELINE_H
#define WARPLINT_DRIVER_PIPELINE_H

#include "Checks/Check.h"
#include "Frontend/Frontend.h"
#include "Report/AccessRecord.h"
#include "Report/Diagnostic.h"
#include "Solve/Solver.h"

#include <map>
#include <string>
#include <vector>

namespace warplint {

struct PipelineOptions {
  FrontendOptions Frontend;
  SolveOptions Solve;
  CheckOptions Checks;
  /// clang-tidy style glob list of enabled checks.
  std::string CheckFilter = "warplint-*";
  /// Globs of checks whose warnings become errors (WarningsAsErrors).
  std::string WarningsAsErrors;
  /// Search verified layout fixes (padding, swizzle) for bank conflicts.
  bool LayoutFixes = true;
  /// Texts that replace files on disk (an editor's unsaved buffer, keyed by
  /// the file name as the model spells it): the fixes' edits and NOLINT
  /// comments are read from them, so they fit the text that was parsed.
  std::map<std::string, std::string> Overlay;
};

struct FileReport {
  std::string File;
  bool Parsed = false;
  std::string ClangDiagnostics;
  std::vector<std::string> FlagWarnings;
  /// The frontend's notes (FrontendResult::Notes), for "warplint: note:".
  std::vector<std::string> Notes;
  /// The GPU every number of this file is for ("sm_90").
  std::string Arch;
  std::vector<Diagnostic> Diagnostics; ///< after NOLINT suppression
  std::vector<AccessRecord> Records;   ///< every access x launch
  unsigned Kernels = 0;
  unsigned Suppressed = 0;
  /// Accesses modelled (each counted once, whatever its launches) and
  /// those of them with at least one unknown result: the run summary.
  unsigned Accesses = 0;
  unsigned UnknownAccesses = 0;
};

/// Runs the whole analysis for one compile command.
FileReport analyzeCommand(const CompileCommand &Cmd,
                          const PipelineOptions &Opts);

/// The same from a parsed model (tests, editors with their own parse).
FileReport analyzeModel(const FrontendResult &Parsed,
                        const PipelineOptions &Opts);

} // namespace warplint

#endif // WARPLINT_DRIVER_PIPELINE_H
