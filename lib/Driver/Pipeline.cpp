//===- Pipeline.cpp - One file through every step -------------------------===//
//
// Parse, model, solve, check, suppress, fix: in that order, under one budget
// per file, and (for whole files) isolated from crashes.
//
//===----------------------------------------------------------------------===//

#include "Driver/Pipeline.h"

#include "Checks/Analysis.h"
#include "Cost/Impact.h"
#include "Driver/Analyze.h"
#include "Driver/Isolation.h"
#include "Facts/CompilerFacts.h"
#include "Facts/SourceMerge.h"
#include "Fix/FixIts.h"
#include "Model/Arch.h"
#include "Report/Writers.h"

#include "llvm/ADT/STLExtras.h"

#include <memory>
#include <set>
#include <vector>

namespace warplint {

namespace {

/// Solves the accesses of the kernels with a finding that no enabled check
/// needed: what a finding costs its launch (attachImpact) is read against
/// the time of every access of its kernel.
void solveKernelsOfFindings(const TranslationUnitModel &Model,
                            const std::vector<Diagnostic> &Diags,
                            const SolveOptions &Solve,
                            std::vector<AccessAnalysis> &Analyses) {
  std::set<unsigned> Kernels;
  for (const Diagnostic &D : Diags)
    if (D.Source)
      Kernels.insert(D.Source->Kernel);
  std::set<const Access *> Solved;
  for (const AccessAnalysis &A : Analyses)
    Solved.insert(A.Acc);
  bool Missing = false;
  for (unsigned K : Kernels)
    for (const Access &A : Model.Kernels[K].Accesses)
      Missing |= !Solved.count(&A);
  if (!Missing)
    return;
  std::vector<AccessAnalysis> More = analyzeAccesses(
      Model, Solve, [&](const KernelModel &K, const Access &A) {
        return Kernels.count(unsigned(&K - Model.Kernels.data())) &&
               !Solved.count(&A);
      });
  for (AccessAnalysis &A : More)
    Analyses.push_back(std::move(A));
}

} // namespace

FileReport analyzeModel(const FrontendResult &Parsed,
                        const PipelineOptions &Opts, FileBudget *Budget) {
  FileReport R;
  R.File = Parsed.Model.MainFile;
  R.Parsed = Parsed.Success;
  R.ClangDiagnostics = Parsed.ClangDiagnostics;
  R.FlagWarnings = Parsed.FlagWarnings;
  R.Notes = Parsed.Notes;
  // One target decision: the GPU the file was parsed for is the one every
  // number, note and fix is about, unless the caller chose one explicitly.
  SolveOptions Solve = Opts.Solve;
  if (!Opts.Frontend.ArchOverrides)
    if (std::optional<ArchInfo> A = findArch(Parsed.Model.Arch))
      Solve.Arch = *A;
  R.Arch = Solve.Arch.Name;
  if (!Parsed.Success)
    return R;
  R.Kernels = Parsed.Model.Kernels.size();
  for (const KernelModel &K : Parsed.Model.Kernels)
    R.KernelNames.push_back(K.Name);
  for (const KernelModel &K : Parsed.Model.Kernels)
    for (const auto &[Loc, Message] : K.Warnings) {
      Diagnostic D;
      D.Level = Severity::Warning;
      D.Range = {Loc, Loc};
      D.Message = Message;
      R.InputWarnings.push_back(std::move(D));
    }

  // One budget for everything the solver does for this file.
  FileBudget Own =
      FileBudget::start(Opts.TimeBudgetSeconds, Opts.LaneEvaluationBudget);
  Solve.File = Budget ? Budget : &Own;

  // What nvcc emits for each access (merged, split), before the solver
  // counts requests: the hardware counts instructions, not expressions.
  TranslationUnitModel Model = Parsed.Model;
  applySourceRules(Model);
  bindParamValues(Model, Opts.ParamValues);
  std::vector<std::unique_ptr<Check>> Enabled;
  for (auto &C : createAllChecks())
    if (checkEnabled(Opts.CheckFilter, C->id()))
      Enabled.push_back(std::move(C));
  // Only what the enabled checks read is solved.
  AnalysisNeeds Needs = Opts.EveryAnalysis ? AnalysisNeeds::all() : AnalysisNeeds();
  for (const auto &C : Enabled)
    Needs |= C->needs();
  std::vector<AccessAnalysis> Analyses =
      analyzeAccesses(Model, Solve, [&](const KernelModel &K, const Access &A) {
        return Needs.wants(K.Objects[A.Object].Space);
      });
  std::vector<BranchAnalysis> Branches;
  if (Needs.Branches)
    Branches = analyzeBranches(Model, Solve, Opts.BranchProbability);
  for (const BranchAnalysis &B : Branches)
    R.Branches.push_back(toRecord(B));

  SourceCache Sources;
  for (const auto &[File, Text] : Opts.Overlay)
    Sources.setText(File, Text);
  std::vector<Diagnostic> Suppressed;
  CheckOptions Checking = Opts.Checks;
  Checking.Arch = Solve.Arch;
  for (Diagnostic &D :
       runChecks(Model, Analyses, Branches, Enabled, Checking)) {
    if (isSuppressed(Sources, D.Range.Begin, D.Check)) {
      ++R.Suppressed;
      Suppressed.push_back(std::move(D));
      continue;
    }
    if (D.Level == Severity::Warning && !Opts.WarningsAsErrors.empty() &&
        checkEnabled(Opts.WarningsAsErrors, D.Check))
      D.Level = Severity::Error;
    R.Diagnostics.push_back(std::move(D));
  }
  // What the front end could not analyze (a memory instruction of inline
  // PTX it cannot place, a goto it does not follow), for whoever asked to
  // see every access or every unknown: never dropped in silence.
  if (Opts.EveryAnalysis || Checking.ShowUnknown)
    for (const KernelModel &K : Model.Kernels)
      for (const auto &[Loc, Message] : K.Remarks) {
        Diagnostic D;
        D.Level = Severity::Remark;
        D.Check = "warplint-access";
        D.Range = {Loc, Loc};
        D.Message = Message + " (in kernel '" + K.Name + "')";
        R.Diagnostics.push_back(std::move(D));
      }
  // What each finding costs its launch, before merging keeps the worst:
  // its launch's time needs every access of its kernel solved.
  solveKernelsOfFindings(Model, R.Diagnostics, Solve, Analyses);
  for (const AccessAnalysis &A : Analyses)
    R.Records.push_back(toRecord(A));
  std::set<const Access *> Solved, Unknown;
  for (const AccessAnalysis &A : Analyses) {
    Solved.insert(A.Acc);
    if (!A.exact() && !A.bounded())
      Unknown.insert(A.Acc);
  }
  R.UnknownAccesses = Unknown.size();
  for (const KernelModel &K : Model.Kernels)
    R.Accesses += K.Accesses.size();
  R.UnsolvedAccesses = R.Accesses - Solved.size();
  attachImpact(R.Diagnostics, Analyses, Solve.Arch);
  // Fixes come last: they need every finding of an array, and an array with
  // a suppressed finding is left alone.
  if (Opts.LayoutFixes)
    attachLayoutFixes(Model, R.Diagnostics, Solve, Suppressed, Opts.Overlay,
                      &Analyses);
  // What costs too little to matter goes (MinSpeedup), once the fixes
  // have seen every finding of their arrays.
  if (Opts.MinSpeedup > 0)
    llvm::erase_if(R.Diagnostics, [&](const Diagnostic &D) {
      bool Below = D.Impact && D.Level != Severity::Error &&
                   D.Impact->Speedup < Opts.MinSpeedup;
      R.BelowMinSpeedup += Below;
      return Below;
    });
  // One finding per problem: instantiations, launch shapes and accesses of
  // one line are merged once each has its fixes.
  mergeDuplicates(R.Diagnostics);
  R.BudgetLeft = Solve.File->left();
  return R;
}

FileReport analyzeCommand(const CompileCommand &Cmd,
                          const PipelineOptions &Opts) {
  // The work owns its inputs and its result: at the deadline it is
  // abandoned, and may end long after this call.
  auto Out = std::make_shared<FileReport>();
  IsolationLimits Limits;
  Limits.TimeoutSeconds = Opts.TimeoutSeconds;
  llvm::Error Failed = runCrashIsolated(
      [Out, Cmd, Opts] {
        setCrashPhase("clang's parse");
        FrontendResult Parsed = analyzeFile(Cmd, Opts.Frontend);
        setCrashPhase("warplint's analysis");
        if (Parsed.Model.MainFile.empty())
          Parsed.Model.MainFile = Cmd.File;
        // What nvcc emits decides instruction widths before anything is
        // solved.
        CompilerFactsResult Facts =
            applyCompilerFacts(Parsed, Cmd, Opts.Frontend, Opts.Sass);
        Parsed.Notes.insert(Parsed.Notes.end(), Facts.Notes.begin(),
                            Facts.Notes.end());
        FileReport Done = analyzeModel(Parsed, Opts);
        Done.SassDump = std::move(Facts.Dump);
        *Out = std::move(Done);
      },
      Limits);
  if (Failed) {
    FileReport R;
    R.File = Cmd.File;
    R.Failure = "the analysis of '" + Cmd.File + "' " +
                describeIsolationFailure(std::move(Failed)) +
                "; no results for it";
    return R;
  }
  return std::move(*Out);
}

} // namespace warplint
