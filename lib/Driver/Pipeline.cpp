//===- Pipeline.cpp - One file through every step -------------------------===//

#include "Driver/Pipeline.h"

#include "Checks/Analysis.h"
#include "Fix/FixIts.h"
#include "Model/Arch.h"
#include "Report/Writers.h"

#include <set>

namespace warplint {

FileReport analyzeModel(const FrontendResult &Parsed,
                        const PipelineOptions &Opts) {
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

  std::vector<AccessAnalysis> Analyses =
      analyzeAccesses(Parsed.Model, Solve);
  for (const AccessAnalysis &A : Analyses)
    R.Records.push_back(toRecord(A));
  std::set<const Access *> Unknown;
  for (const AccessAnalysis &A : Analyses)
    if (!A.exact())
      Unknown.insert(A.Acc);
  R.UnknownAccesses = Unknown.size();
  for (const KernelModel &K : Parsed.Model.Kernels)
    R.Accesses += K.Accesses.size();

  std::vector<std::unique_ptr<Check>> Enabled;
  for (auto &C : createAllChecks())
    if (checkEnabled(Opts.CheckFilter, C->id()))
      Enabled.push_back(std::move(C));

  SourceCache Sources;
  for (const auto &[File, Text] : Opts.Overlay)
    Sources.setText(File, Text);
  std::vector<SourceLoc> SuppressedAt;
  for (Diagnostic &D :
       runChecks(Parsed.Model, Analyses, Enabled, Opts.Checks)) {
    if (isSuppressed(Sources, D.Range.Begin, D.Check)) {
      ++R.Suppressed;
      SuppressedAt.push_back(D.Range.Begin);
      continue;
    }
    if (D.Level == Severity::Warning && !Opts.WarningsAsErrors.empty() &&
        checkEnabled(Opts.WarningsAsErrors, D.Check))
      D.Level = Severity::Error;
    R.Diagnostics.push_back(std::move(D));
  }
  // Fixes come last: they need every finding of an array, and an array with
  // a suppressed finding is left alone.
  if (Opts.LayoutFixes)
    attachLayoutFixes(Parsed.Model, R.Diagnostics, Solve, SuppressedAt,
                      Opts.Overlay);
  return R;
}

FileReport analyzeCommand(const CompileCommand &Cmd,
                          const PipelineOptions &Opts) {
  FrontendResult Parsed = analyzeFile(Cmd, Opts.Frontend);
  if (Parsed.Model.MainFile.empty())
    Parsed.Model.MainFile = Cmd.File;
  return analyzeModel(Parsed, Opts);
}

} // namespace warplint
