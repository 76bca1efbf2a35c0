//===- Pipeline.cpp - One file through every step -------------------------===//

#include "Driver/Pipeline.h"

#include "Checks/Analysis.h"
#include "Report/Writers.h"

namespace warplint {

FileReport analyzeModel(const FrontendResult &Parsed,
                        const PipelineOptions &Opts) {
  FileReport R;
  R.File = Parsed.Model.MainFile;
  R.Parsed = Parsed.Success;
  R.ClangDiagnostics = Parsed.ClangDiagnostics;
  R.FlagWarnings = Parsed.FlagWarnings;
  if (!Parsed.Success)
    return R;
  R.Kernels = Parsed.Model.Kernels.size();

  std::vector<AccessAnalysis> Analyses =
      analyzeAccesses(Parsed.Model, Opts.Solve);
  for (const AccessAnalysis &A : Analyses)
    R.Records.push_back(toRecord(A));

  std::vector<std::unique_ptr<Check>> Enabled;
  for (auto &C : createAllChecks())
    if (checkEnabled(Opts.CheckFilter, C->id()))
      Enabled.push_back(std::move(C));

  SourceCache Sources;
  for (Diagnostic &D : runChecks(Analyses, Enabled, Opts.Checks)) {
    if (isSuppressed(Sources, D.Range.Begin, D.Check)) {
      ++R.Suppressed;
      continue;
    }
    R.Diagnostics.push_back(std::move(D));
  }
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
