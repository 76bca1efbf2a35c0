//===- ToolOptions.h - warplint's command line ------------------*- C++ -*-===//

#ifndef WARPLINT_TOOL_TOOLOPTIONS_H
#define WARPLINT_TOOL_TOOLOPTIONS_H

#include "Model/AccessModel.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct ToolOptions {
  /// The directory warplint was started in: every path the user gave
  /// (-o, --export-fixes, -p, --sass-cache-dir, --sass-listing,
  /// --cuda-path) is made absolute against it before anything runs, so a
  /// compile command's own directory never changes what they name.
  std::string StartDir;
  std::vector<std::string> Files;
  std::string BuildDir;
  bool HasFixedFlags = false; ///< a "--" was given
  std::vector<std::string> FixedFlags;
  std::string Arch = "sm_90";
  bool ArchGiven = false;
  std::vector<BlockShape> BlockDims;
  /// --param NAME=VALUE: values of scalar kernel parameters (Params:).
  std::map<std::string, int64_t> Params;
  /// --branch-probability: p of data-dependent branches without a comment.
  std::optional<double> BranchProbability;
  std::string Format = "text";
  /// -o: where the report goes; empty: the standard output.
  std::string Output;
  std::string Color = "auto"; ///< auto, always or never (--use-color)
  std::string Checks = "warplint-*";
  bool AllAccesses = false;
  bool ShowUnknown = false;
  bool ExitZero = false;
  /// --strict: any file that could not be parsed gives exit status 2.
  bool Strict = false;
  bool AssumeWorst = false;
  bool NoMisaligned = false;
  unsigned Jobs = 1;
  unsigned TimeoutSeconds = 300; ///< --timeout, per file; 0: none
  double AnalysisBudgetSeconds = 20; ///< --analysis-budget; 0: none
  std::string CudaPath;
  bool NoCudaToolkit = false;
  std::vector<std::string> ExtraArgs;
  /// --fix: apply verified fixes in place; --export-fixes=FILE.
  bool Fix = false;
  bool FixReadonly = false; ///< --fix-readonly: rewrite read-only files too
  std::string ExportFixes;
  /// --warnings-as-errors globs; --summary.
  std::string WarningsAsErrors;
  bool Summary = false;
  /// --sort=location|impact when given; --min-speedup=X.
  std::optional<std::string> Sort;
  std::optional<double> MinSpeedup;
  /// Which of the options that .warplint.yaml also sets were given: those
  /// override the file.
  bool ChecksGiven = false;
  bool ShowUnknownGiven = false;
  bool AssumeWorstGiven = false;
  bool NoMisalignedGiven = false;
  /// --sass=auto|on|off (the compiler-truth mode), and whether it was given
  /// (it overrides Sass: of .warplint.yaml); --sass-cache-dir; the hidden
  /// --sass-listing=FILE and --dump-sass-facts for tests and debugging.
  std::string Sass = "auto";
  bool SassGiven = false;
  std::string SassCacheDir;
  std::string SassListing;
  bool DumpSassFacts = false;
};

/// Parses argv; prints an error naming the flag and exits with status 2 on
/// bad usage.
ToolOptions parseToolOptions(int Argc, const char **Argv);

} // namespace warplint

#endif // WARPLINT_TOOL_TOOLOPTIONS_H
