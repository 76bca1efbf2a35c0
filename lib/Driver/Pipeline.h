//===- Pipeline.h - One file through every step -----------------*- C++ -*-===//
//
// The front ends (the command line, the language server and the clang-tidy plugin) share
// this: parse -> model -> solve -> checks -> suppression. What comes out is
// plain data for the writers.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_PIPELINE_H
#define WARPLINT_DRIVER_PIPELINE_H

#include "Checks/Check.h"
#include "Facts/SassCompile.h"
#include "Frontend/Frontend.h"
#include "Report/AccessRecord.h"
#include "Report/BranchRecord.h"
#include "Report/Diagnostic.h"
#include "Solve/Solver.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
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
  /// Solve every access and branch, also those no enabled check needs
  /// (Check::needs): for the listing of every access (--all-accesses).
  bool EveryAnalysis = false;
  /// Texts that replace files on disk (an editor's unsaved buffer, keyed by
  /// the file name as the model spells it): the fixes' edits and NOLINT
  /// comments are read from them, so they fit the text that was parsed.
  std::map<std::string, std::string> Overlay;
  /// What the analysis of one file may spend after the parse (the solver
  /// and the fix search): past it, what is left is unknown with the reason.
  double TimeBudgetSeconds = 20;
  /// Seconds the caller waits for one file's whole analysis, the parse
  /// included (--timeout); past them the file is not analyzed, and said so.
  /// 0: no limit.
  unsigned TimeoutSeconds = 0;
  uint64_t LaneEvaluationBudget = uint64_t(1) << 30;
  /// Values of scalar kernel parameters the kernels run with (--param,
  /// Params:), by name: bound at every launch that does not pass a constant
  /// itself, so answers that depend on them are evaluated for them.
  std::map<std::string, int64_t> ParamValues;
  /// The probability that a lane takes a data-dependent branch without a
  /// `// warplint: p=` comment (--branch-probability); unset: 0.5, and no
  /// warning rests on it.
  std::optional<double> BranchProbability;
  /// The compiler-truth mode: off unless a front end turns it on
  /// (the command line's default is auto; editors' is off).
  SassOptions Sass;
  /// Findings whose estimated speed-up (FindingImpact) is below this are
  /// dropped (MinSpeedup, --min-speedup); 0: none is.
  double MinSpeedup = 0;
  /// Sort: impact (the command line orders the run's findings by their
  /// estimated speed-up).
  bool SortByImpact = false;
};

struct FileReport {
  std::string File;
  bool Parsed = false;
  /// Set when there is no analysis for another reason than clang's errors
  /// (the parse or the analysis crashed): what happened, naming the file.
  std::string Failure;
  std::string ClangDiagnostics;
  std::vector<std::string> FlagWarnings;
  /// The frontend's notes (FrontendResult::Notes), for "warplint: note:".
  std::vector<std::string> Notes;
  /// The GPU every number of this file is for ("sm_90").
  std::string Arch;
  /// Problems with what the kernels are analyzed for (a launch shape the
  /// target cannot run): warnings about the input, not findings, printed
  /// like clang's own warnings. Their Check is empty.
  std::vector<Diagnostic> InputWarnings;
  std::vector<Diagnostic> Diagnostics; ///< after NOLINT suppression
  std::vector<AccessRecord> Records;   ///< every access x launch
  std::vector<BranchRecord> Branches;  ///< every branch region x launch
  unsigned Kernels = 0;
  std::vector<std::string> KernelNames; ///< for the summary's table
  unsigned Suppressed = 0;
  /// Findings dropped for an estimated speed-up below MinSpeedup.
  unsigned BelowMinSpeedup = 0;
  /// Accesses modelled (each counted once, whatever its launches) and
  /// those of them with at least one unknown result: the run summary.
  unsigned Accesses = 0;
  unsigned UnknownAccesses = 0;
  /// Accesses no enabled check needed, so not solved (EveryAnalysis off).
  unsigned UnsolvedAccesses = 0;
  /// --dump-sass-facts: the instructions read and the emissions decided.
  std::string SassDump;
  /// What the analysis left of the file's budget: verifying its fixes
  /// spends from it (FileBudget::resume), never a budget of its own.
  FileBudget::Left BudgetLeft;
};

/// Runs the whole analysis for one compile command, isolated
/// (runCrashIsolated): a crash inside (clang's or warplint's), or
/// Opts.TimeoutSeconds passing, is turned into a FileReport whose Failure
/// names the file.
FileReport analyzeCommand(const CompileCommand &Cmd,
                          const PipelineOptions &Opts);

/// The same from a parsed model (tests, editors with their own parse).
/// Budget: what to spend (a fix's re-analysis spends what the file's
/// analysis left); null: a budget of Opts.TimeBudgetSeconds and
/// Opts.LaneEvaluationBudget.
FileReport analyzeModel(const FrontendResult &Parsed,
                        const PipelineOptions &Opts,
                        FileBudget *Budget = nullptr);

} // namespace warplint

#endif // WARPLINT_DRIVER_PIPELINE_H
