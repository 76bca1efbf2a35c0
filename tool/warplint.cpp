//===- warplint.cpp - The command-line front end ----------------*- C++ -*-===//
//
// Parses options, finds compile commands, runs the pipeline on each file (in
// parallel with -j) and prints the results. Everything else lives in lib/.
// Exit status: 0 no findings, 1 findings, 2 bad usage or no file that could
// be analyzed (with --strict: any file that could not be parsed). Errors
// (WarningsAsErrors) give 1 even with --exit-zero.
//
//===----------------------------------------------------------------------===//

#include "Driver/Config.h"
#include "Driver/FileSetup.h"
#include "Driver/Isolation.h"
#include "Driver/Pipeline.h"
#include "Driver/Rules.h"
#include "Facts/CompilerFacts.h"
#include "Fix/Apply.h"
#include "Fix/Verify.h"
#include "Frontend/Embedding.h"
#include "Lsp/Analyze.h"
#include "LspMain.h"
#include "Model/Arch.h"
#include "Progress.h"
#include "Report/TextStyle.h"
#include "Report/Writers.h"
#include "ToolOptions.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>
#include <set>
#include <utility>

using namespace warplint;

namespace {

/// Usage errors: one line naming the flag or file, exit status 2.
[[noreturn]] void usageError(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "warplint") << Message << "\n";
  std::exit(2);
}

std::vector<CompileCommand> collectCommands(const ToolOptions &TO) {
  std::vector<CompileCommand> Commands;
  const std::string &Cwd = TO.StartDir; // empty: paths stay as given
  for (const std::string &F : TO.Files)
    if (!llvm::sys::fs::exists(F))
      usageError("no such file: '" + F + "'");

  if (!TO.BuildDir.empty()) {
    std::string Error;
    Commands = loadCompileCommands(TO.BuildDir, TO.Files, Error);
    if (!Error.empty())
      usageError(Error);
    if (Commands.empty())
      usageError("no CUDA files in the compilation database in '" +
                 TO.BuildDir + "'");
    return Commands;
  }
  if (TO.Files.empty())
    usageError("no input files; run 'warplint FILE.cu' or 'warplint -p "
               "BUILD_DIR' (see --help)");
  // Flags after `--` replace any compilation database, as in clang-tidy.
  for (const std::string &F : TO.Files)
    Commands.push_back(
        TO.HasFixedFlags
            ? fallbackCommand(F, TO.FixedFlags, Cwd)
            : commandForFile(F, TO.FixedFlags, Cwd).Cmd);
  return Commands;
}

/// Each file's options: Base, then its .warplint.yaml, then the flags the
/// command line gave (CommandLine), which win.
std::vector<PipelineOptions>
optionsPerFile(const std::vector<CompileCommand> &Commands,
               const PipelineOptions &Base, const Config &CommandLine) {
  ConfigFinder Finder;
  std::vector<PipelineOptions> PerFile;
  std::set<std::string> Quiet;
  for (const CompileCommand &C : Commands) {
    llvm::SmallString<256> Path(C.File);
    if (llvm::sys::path::is_relative(Path) && !C.Directory.empty())
      llvm::sys::path::make_absolute(C.Directory, Path);
    llvm::Expected<Config> FromFile = configForFile(Finder, std::string(Path));
    if (!FromFile)
      usageError(llvm::toString(FromFile.takeError()));
    PipelineOptions PO = Base;
    Config Merged = mergeConfig(*FromFile, CommandLine);
    applyConfig(Merged, PO);
    // Said once per setting, not once per file.
    if (!anyCheckEnabled(PO.CheckFilter) && Quiet.insert(PO.CheckFilter).second)
      llvm::WithColor::warning(llvm::errs(), "warplint")
          << "no check is enabled (checks '" << PO.CheckFilter << "'"
          << (Merged.Files.empty() ? std::string()
                                   : ", from '" + Merged.Files.front() + "'")
          << "); nothing will be reported\n";
    PerFile.push_back(std::move(PO));
  }
  return PerFile;
}

/// --sass=on promises a compile per file: a toolkit without nvcc or nvdisasm
/// is bad usage, said before any analysis.
void requireSassTools(const std::vector<CompileCommand> &Commands,
                      const std::vector<PipelineOptions> &PerFile) {
  std::set<std::string> Checked;
  for (size_t I = 0; I < Commands.size(); ++I) {
    std::string Root = toolkitRootFor(Commands[I], PerFile[I].Frontend);
    if (!Checked.insert(Root).second)
      continue;
    if (llvm::Expected<SassTools> T = findSassTools(Root); !T)
      usageError("--sass=on: " + llvm::toString(T.takeError()) + " (for '" +
                 Commands[I].File + "'); --sass=auto reads SASS only where "
                 "the toolkit has both");
  }
}

/// The flags given explicitly, as a configuration that overrides the file.
Config commandLineConfig(const ToolOptions &TO) {
  Config C;
  if (llvm::Error E = validateGlobList(TO.Checks))
    usageError("invalid --checks: " + llvm::toString(std::move(E)));
  if (llvm::Error E = validateGlobList(TO.WarningsAsErrors))
    usageError("invalid --warnings-as-errors: " +
               llvm::toString(std::move(E)));
  if (TO.ChecksGiven)
    C.Checks = TO.Checks;
  if (!TO.WarningsAsErrors.empty())
    C.WarningsAsErrors = TO.WarningsAsErrors;
  if (TO.ArchGiven && TO.Arch != "all")
    C.Arch = TO.Arch;
  if (TO.ShowUnknownGiven)
    C.ShowUnknown = TO.ShowUnknown;
  if (TO.AssumeWorstGiven)
    setCheckOption(C, *checkOptionAlias("AssumeWorst"), bool(TO.AssumeWorst));
  if (TO.NoMisalignedGiven)
    setCheckOption(C, *checkOptionAlias("ReportMisaligned"), !TO.NoMisaligned);
  if (TO.SassGiven)
    C.Sass = TO.Sass;
  C.Params = TO.Params;
  C.Sort = TO.Sort;
  C.MinSpeedup = TO.MinSpeedup;
  return C;
}

/// The analyzed text of R's file, read again for verifying its fixes.
std::optional<std::string> mainText(const CompileCommand &Cmd,
                                    const FileReport &R) {
  llvm::SmallString<256> Path(R.File);
  if (llvm::sys::path::is_relative(Path) && !Cmd.Directory.empty())
    llvm::sys::path::make_absolute(Cmd.Directory, Path);
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

/// Every fix R offers is verified on an in-memory copy before anything
/// (text, JSON, SARIF, --export-fixes, --fix) sees it. Text receives the
/// text the fixes were verified against.
/// No fix of R is offered, and the user is told why.
void dropFixes(FileReport &R, const std::string &Why) {
  for (Diagnostic &D : R.Diagnostics) {
    D.Fixes.clear();
    for (DiagNote &N : D.Notes)
      N.Fixes.clear();
  }
  llvm::WithColor::warning(llvm::errs(), "warplint")
      << "the fixes for '" << R.File << "' are not offered: " << Why << "\n";
}

void verifyFixes(const CompileCommand &Cmd, const PipelineOptions &PO,
                 FileReport &R, std::string &Text) {
  if (!R.Parsed || !hasFixes(R.Diagnostics))
    return;
  std::optional<std::string> Read = mainText(Cmd, R);
  // Verification spends what the analysis left of the file's budget.
  FileBudget Left = FileBudget::resume(R.BudgetLeft);
  llvm::scope_exit KeepLeft([&] { R.BudgetLeft = Left.left(); });
  std::optional<FixVerifier> V;
  if (Read) {
    V.emplace(R.File, *Read, R.Records, lsp::bufferReanalyzer(Cmd, PO, Left));
    // The common case: every fix offered verifies as it is.
    if (allFixesVerify(R.Diagnostics, *V)) {
      Text = *Read;
      return;
    }
  }
  // Otherwise the model of exactly that text, to plan the fixes again with
  // proof (other ways to write them, another preferred one).
  FrontendResult Model;
  if (Read)
    Model = analyzeBuffer(*Read, Cmd, PO.Frontend);
  if (!Read || !Model.Success) {
    dropFixes(R, "the file could not be read again to verify them");
    return;
  }
  Text = *Read;
  verifyLayoutFixes(Model.Model, R.Diagnostics, PO.Solve, {{R.File, Text}}, *V,
                    Left);
}

/// --arch=all: a file whose command builds for several architectures is
/// analyzed once for each (it wins over the configuration's Arch), with a
/// note naming the one each report is for.
void expandPerArchitecture(std::vector<CompileCommand> &Commands,
                           std::vector<PipelineOptions> &PerFile,
                           std::vector<std::string> &Notes) {
  std::vector<CompileCommand> OutCommands;
  std::vector<PipelineOptions> OutOptions;
  Notes.clear();
  for (size_t I = 0; I < Commands.size(); ++I) {
    FrontendOptions Asked = PerFile[I].Frontend;
    Asked.ArchOverrides = false;
    DeviceParsePlan Plan = planDeviceParse(Commands[I], Asked);
    if (Plan.CommandArchs.size() <= 1) {
      PerFile[I].Frontend = Asked;
      if (!Plan.CommandArchs.empty())
        if (std::optional<ArchInfo> A = findArch(Plan.CommandArchs.front()))
          PerFile[I].Solve.Arch = *A;
      OutCommands.push_back(Commands[I]);
      OutOptions.push_back(PerFile[I]);
      Notes.emplace_back();
      continue;
    }
    std::string All;
    for (const std::string &A : Plan.CommandArchs)
      All += (All.empty() ? "" : ", ") + A;
    for (const std::string &A : Plan.CommandArchs) {
      PipelineOptions O = PerFile[I];
      O.Frontend.Arch = A;
      O.Frontend.ArchOverrides = true;
      if (std::optional<ArchInfo> Info = findArch(A))
        O.Solve.Arch = *Info;
      OutCommands.push_back(Commands[I]);
      OutOptions.push_back(std::move(O));
      Notes.push_back("analyzing '" + Commands[I].File + "' for " + A +
                      " (--arch=all; it is built for " + All + ")");
    }
  }
  Commands = std::move(OutCommands);
  PerFile = std::move(OutOptions);
}

std::vector<FileReport> runAll(const std::vector<CompileCommand> &Commands,
                               const std::vector<PipelineOptions> &PerFile,
                               unsigned Jobs, ProgressLine *Progress,
                               std::vector<std::string> &Texts) {
  std::vector<FileReport> Reports(Commands.size());
  Texts.assign(Commands.size(), "");
  auto RunOne = [&](size_t I) {
    Reports[I] = analyzeCommand(Commands[I], PerFile[I]);
    // Verification parses and solves again: a crash there costs the
    // fixes, not the process and not the findings. A file that was not
    // analyzed has no fixes to verify.
    if (Reports[I].Failure.empty() && Reports[I].Parsed &&
        hasFixes(Reports[I].Diagnostics)) {
      // The work verifies a copy: abandoned at its deadline, it goes on
      // without touching the report that is written.
      auto Verified = std::make_shared<std::pair<FileReport, std::string>>(
          Reports[I], std::string());
      IsolationLimits Limits;
      Limits.TimeoutSeconds = PerFile[I].TimeoutSeconds;
      if (llvm::Error Failed = runCrashIsolated(
              [Verified, Cmd = Commands[I], PO = PerFile[I]] {
                setCrashPhase("fix verification");
                verifyFixes(Cmd, PO, Verified->first, Verified->second);
              },
              Limits)) {
        dropFixes(Reports[I], "their verification " +
                                  describeIsolationFailure(std::move(Failed)));
      } else {
        Reports[I] = std::move(Verified->first);
        Texts[I] = std::move(Verified->second);
      }
    }
    if (Progress)
      Progress->fileDone(Commands[I].File);
  };
  if (Jobs <= 1 || Commands.size() == 1) {
    for (size_t I = 0; I < Commands.size(); ++I)
      RunOne(I);
    return Reports;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < Commands.size(); ++I)
    Pool.async([&, I] { RunOne(I); });
  Pool.wait();
  return Reports;
}

} // namespace

namespace {

/// --export-fixes: one YAML file for every analyzed file.
void exportFixes(const std::string &Out, const std::vector<FileReport> &Reports,
                 const std::vector<Diagnostic> &Diags) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Out, EC, llvm::sys::fs::OF_Text);
  if (EC)
    usageError("cannot write --export-fixes='" + Out + "': " + EC.message());
  writeExportedFixes(OS, Reports.empty() ? "" : Reports.front().File, Diags);
}

/// --fix: each file's preferred fixes, each verified when it was offered,
/// verified together in memory, then written. False when a file could not
/// be written (read-only, permissions): the run then exits with 2.
bool applyAllFixes(const std::vector<CompileCommand> &Commands,
                   const std::vector<PipelineOptions> &PerFile,
                   const std::vector<FileReport> &Reports,
                   const std::vector<std::string> &Texts, bool FixReadonly) {
  bool Written = true;
  for (size_t I = 0; I < Reports.size(); ++I) {
    const FileReport &R = Reports[I];
    if (!R.Parsed || !hasFixes(R.Diagnostics))
      continue;
    // The last re-analysis (every fix together) spends what the file's
    // analysis and verification left.
    FileBudget Left = FileBudget::resume(R.BudgetLeft);
    FixVerifier V(R.File, Texts[I], R.Records,
                  lsp::bufferReanalyzer(Commands[I], PerFile[I], Left));
    WriteOptions W;
    W.AllowReadOnly = FixReadonly;
    FixOutcome F = applyFixes(R.Diagnostics, V, W);
    for (const std::string &D : F.Dropped)
      llvm::WithColor::warning(llvm::errs(), "warplint") << D << "\n";
    if (F.Failed) {
      llvm::WithColor::error(llvm::errs(), "warplint")
          << "fixes for '" << R.File << "' not applied: " << F.Message << "\n";
      Written &= !F.NotWritable;
    } else if (F.Edits) {
      llvm::WithColor::note(llvm::errs(), "warplint")
          << "'" << R.File << "': " << F.Message << "\n";
    }
  }
  return Written;
}

/// The pipeline's options from the command line; .warplint.yaml and the
/// flags it may also set come later (commandLineConfig).
PipelineOptions baseOptions(const ToolOptions &TO, bool EachArch) {
  PipelineOptions PO;
  auto Arch = findArch(EachArch ? std::string("sm_90") : TO.Arch);
  if (!Arch)
    usageError("unknown GPU architecture '" + TO.Arch +
               "' in --arch; known: all, " + knownArchNames());
  PO.Solve.Arch = *Arch;
  PO.Frontend.Arch = Arch->Name;
  PO.Frontend.ArchOverrides = TO.ArchGiven && !EachArch;
  PO.Frontend.CudaPath = TO.CudaPath;
  PO.Frontend.NoCudaToolkit = TO.NoCudaToolkit;
  PO.Frontend.BlockDims = TO.BlockDims;
  PO.Frontend.ExtraArgs = TO.ExtraArgs;
  PO.TimeoutSeconds = TO.TimeoutSeconds;
  // No limit: a deadline far beyond any --timeout.
  PO.TimeBudgetSeconds =
      TO.AnalysisBudgetSeconds > 0 ? TO.AnalysisBudgetSeconds : 1e7;
  PO.Checks.ShowUnknown = TO.ShowUnknown;
  if (TO.AssumeWorst)
    PO.Checks.Values[*checkOptionAlias("AssumeWorst")] = "true";
  if (TO.NoMisaligned)
    PO.Checks.Values[*checkOptionAlias("ReportMisaligned")] = "false";
  PO.CheckFilter = "warplint-*";
  PO.EveryAnalysis = TO.AllAccesses;
  // The command line reads SASS when it can; Sass: and --sass override.
  PO.Sass.Mode = SassMode::Auto;
  PO.Sass.CacheDir = TO.SassCacheDir;
  PO.Sass.ListingFile = TO.SassListing;
  PO.Sass.Dump = TO.DumpSassFacts;
  PO.BranchProbability = TO.BranchProbability;
  return PO;
}

/// What the files of a run found, gathered after each file's own messages
/// (flag warnings, clang's diagnostics, parse failures) are printed.
struct RunFindings {
  bool ParseFailed = false;
  bool Findings = false;
  bool Errors = false; ///< WarningsAsErrors: --exit-zero does not hide them
  std::vector<std::string> FailedFiles;
  std::vector<Diagnostic> Diags;
  std::vector<AccessRecord> Records;
  std::vector<BranchRecord> Branches;
};

RunFindings gatherFindings(const std::vector<FileReport> &Reports) {
  RunFindings F;
  for (const FileReport &R : Reports) {
    for (const std::string &W : R.FlagWarnings) {
      // Some front-end warnings carry the prefix already: print it once.
      llvm::StringRef Text(W);
      Text.consume_front("warplint: warning: ");
      llvm::WithColor::warning(llvm::errs(), "warplint") << Text << "\n";
    }
    if (!R.ClangDiagnostics.empty())
      llvm::errs() << R.ClangDiagnostics;
    llvm::outs() << R.SassDump;
    for (const std::string &N : R.Notes)
      llvm::WithColor::note(llvm::errs(), "warplint") << N << "\n";
    if (!R.Parsed) {
      F.ParseFailed = true;
      F.FailedFiles.push_back(R.File);
      if (!R.Failure.empty())
        llvm::WithColor::error(llvm::errs(), "warplint") << R.Failure << "\n";
      else
        llvm::WithColor::error(llvm::errs(), "warplint")
            << "could not parse '" << R.File << "'; no analysis for it\n";
      continue;
    }
    {
      ColorScope Colors(llvm::errs(), llvm::errs().has_colors());
      for (const Diagnostic &W : R.InputWarnings)
        printDiagnosticLine(llvm::errs(), W.Range.Begin, W.Level, W.Message,
                            W.Check);
    }
    for (const Diagnostic &D : R.Diagnostics)
      if (D.Level >= Severity::Warning) {
        F.Findings = true;
        F.Errors |= D.Level == Severity::Error;
      }
    F.Diags.insert(F.Diags.end(), R.Diagnostics.begin(), R.Diagnostics.end());
    F.Records.insert(F.Records.end(), R.Records.begin(), R.Records.end());
    F.Branches.insert(F.Branches.end(), R.Branches.begin(), R.Branches.end());
  }
  return F;
}

/// The architecture the files were analyzed for (the first analyzed
/// file's: one target decision per file, and a run's files share it).
std::string runArch(const PipelineOptions &PO,
                    const std::vector<FileReport> &Reports) {
  for (const FileReport &R : Reports)
    if (R.Parsed && !R.Arch.empty())
      return R.Arch;
  return PO.Solve.Arch.Name;
}

/// The findings in the chosen format, on OS.
void writeFindings(llvm::raw_ostream &OS, const ToolOptions &TO,
                   const PipelineOptions &PO,
                   const std::vector<FileReport> &Reports, const RunFindings &F,
                   int ExitCode) {
  if (TO.Format == "html") {
    HtmlRun Run;
    Run.Version = WARPLINT_VERSION;
    Run.Arch = runArch(PO, Reports);
    Run.Files = unsigned(Reports.size() - F.FailedFiles.size());
    Run.FailedFiles = F.FailedFiles;
    SourceCache Sources;
    writeHtml(OS, Run, F.Diags, Sources);
  } else if (TO.Format == "sarif") {
    SarifRun Run;
    Run.Version = WARPLINT_VERSION;
    Run.InformationUri = WARPLINT_PROJECT_URL "/README.md";
    Run.Rules = describeChecks(WARPLINT_PROJECT_URL "/docs");
    Run.BaseDir = TO.StartDir;
    Run.ExitCode = ExitCode;
    Run.FailedFiles = F.FailedFiles;
    SourceCache Sources;
    writeSarif(OS, Run, F.Diags, Sources);
  } else if (TO.Format == "json") {
    writeJson(OS, {WARPLINT_VERSION, runArch(PO, Reports)},
              TO.AllAccesses ? F.Records : std::vector<AccessRecord>{},
              TO.AllAccesses ? F.Branches : std::vector<BranchRecord>{},
              F.Diags);
  } else {
    TextOptions Text;
    Text.Color =
        TO.Color == "always" || (TO.Color == "auto" && OS.has_colors());
    SourceCache Sources;
    if (TO.AllAccesses)
      writeAccessesText(OS, F.Records, Text);
    writeText(OS, F.Diags, Sources, Text);
  }
  OS.flush();
}

/// The report on stdout, or in -o's file (exit status 2 when it cannot be
/// written).
bool writeReport(const ToolOptions &TO, const PipelineOptions &PO,
                 const std::vector<FileReport> &Reports, const RunFindings &F,
                 int ExitCode) {
  if (TO.Output.empty()) {
    writeFindings(llvm::outs(), TO, PO, Reports, F, ExitCode);
    return true;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(TO.Output, EC, llvm::sys::fs::OF_Text);
  if (!EC) {
    writeFindings(OS, TO, PO, Reports, F, ExitCode);
    OS.close();
    EC = OS.error();
    OS.clear_error();
  }
  if (EC) {
    llvm::WithColor::error(llvm::errs(), "warplint")
        << "cannot write the report to '" << TO.Output << "': " << EC.message()
        << "\n";
    return false;
  }
  return true;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  // "warplint lsp" is a different program sharing the analysis: it has its
  // own options, so it is dispatched before the analyzer's are parsed.
  if (Argc >= 2 && llvm::StringRef(Argv[1]) == "lsp")
    return leaveProcess(lspMain(Argc - 1, Argv + 1));
  ToolOptions TO = parseToolOptions(Argc, Argv);
  // --arch=all: each file once for every architecture its command builds.
  bool EachArch = TO.Arch == "all";
  PipelineOptions PO = baseOptions(TO, EachArch);

  std::vector<CompileCommand> Commands = collectCommands(TO);
  std::vector<PipelineOptions> PerFile =
      optionsPerFile(Commands, PO, commandLineConfig(TO));
  if (TO.SassGiven && TO.Sass == "on" && TO.SassListing.empty())
    requireSassTools(Commands, PerFile);
  std::vector<std::string> ArchNotes(Commands.size());
  if (EachArch)
    expandPerArchitecture(Commands, PerFile, ArchNotes);
  // Progress only where someone watches it, and only for several files.
  bool Watched = llvm::sys::Process::StandardErrIsDisplayed();
  std::optional<ProgressLine> Progress;
  if (Watched && Commands.size() > 1)
    Progress.emplace(llvm::errs(), Commands.size());
  std::vector<std::string> Texts;
  std::vector<FileReport> Reports = runAll(
      Commands, PerFile, TO.Jobs, Progress ? &*Progress : nullptr, Texts);
  if (Progress)
    Progress->finish();
  for (size_t I = 0; I < Reports.size(); ++I)
    if (!ArchNotes[I].empty())
      Reports[I].Notes.insert(Reports[I].Notes.begin(), ArchNotes[I]);

  RunFindings F = gatherFindings(Reports);
  // A header included by several files is analyzed in each: one finding
  // per problem across the run too. Not with --arch=all, which asks for
  // each architecture's own report.
  if (!EachArch)
    mergeDuplicates(F.Diags);
  // Sort: impact (the first file's setting: one order for the run).
  if (!PerFile.empty() && PerFile.front().SortByImpact)
    sortByImpact(F.Diags);
  // Files that could not be parsed are reported (above and in the
  // summary); they decide the exit status alone only with --strict, or when
  // no file could be analyzed at all.
  bool NoneAnalyzed = F.FailedFiles.size() == Reports.size();
  int ExitCode = 0;
  if (F.ParseFailed && (TO.Strict || NoneAnalyzed))
    ExitCode = 2;
  else if (F.Errors || (F.Findings && !TO.ExitZero))
    ExitCode = 1;
  if (!writeReport(TO, PO, Reports, F, ExitCode))
    ExitCode = 2;
  if (!TO.ExportFixes.empty())
    exportFixes(TO.ExportFixes, Reports, F.Diags);
  if (TO.Fix &&
      !applyAllFixes(Commands, PerFile, Reports, Texts, TO.FixReadonly))
    ExitCode = 2;
  if (TO.Summary || (Watched && Reports.size() > 1))
    writeSummary(llvm::errs(), Reports, F.Diags, TO.Summary);
  return leaveProcess(ExitCode);
}
