//===- ToolOptions.cpp - warplint's command line --------------------------===//

#include "ToolOptions.h"
#include "Driver/Config.h"
#include "Frontend/Toolkit.h"

#include "Model/LaunchShape.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace warplint {

namespace cl = llvm::cl;

static cl::OptionCategory Category("warplint options");

static cl::list<std::string> Files(cl::Positional, cl::desc("<file>..."),
                                   cl::cat(Category));
static cl::opt<std::string>
    BuildPath("p", cl::desc("Build directory with compile_commands.json; with "
                            "no files, analyze every CUDA file in it"),
              cl::value_desc("build-dir"), cl::cat(Category));
static cl::opt<std::string>
    Arch("arch", cl::desc("Target GPU architecture (default: the newest the "
                          "compile command builds for, else sm_90); 'all': "
                          "each one the command builds for"),
         cl::init("sm_90"), cl::cat(Category));
static cl::list<std::string>
    Param("param",
          cl::desc("The value a scalar kernel parameter has when the kernels "
                   "run (NAME=VALUE, may repeat): answers that depend on it "
                   "are evaluated for it"),
          cl::value_desc("name=value"), cl::cat(Category));
static cl::opt<std::string> BranchProbability(
    "branch-probability",
    cl::desc("The probability that a lane takes a data-dependent branch "
             "without a '// warplint: p=' comment (default 0.5, and then "
             "warp-divergence does not warn on such branches)"),
    cl::value_desc("p"), cl::cat(Category));
static cl::list<std::string>
    BlockDim("block-dim",
             cl::desc("Block shape X[,Y[,Z]] for kernels without a launch "
                      "site in the file (may repeat)"),
             cl::value_desc("x,y,z"), cl::cat(Category));
static cl::opt<std::string>
    Format("format",
           cl::desc("Output format: text, json, sarif or html (one "
                    "self-contained page: findings ranked by estimated "
                    "speed-up, pictures of their requests; docs/"
                    "html-report.md)"),
           cl::init("text"), cl::cat(Category));
static cl::opt<std::string>
    OutputFile("o",
               cl::desc("Write the report to <file> instead of the "
                        "standard output"),
               cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool>
    UseColor("use-color",
             cl::desc("Colour the diagnostics (default: when the output is a "
                      "terminal); --use-color=false turns it off"),
             cl::cat(Category));
static cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks to run, '-' to remove, "
                    "as in clang-tidy (default: warplint-*)"),
           cl::init("warplint-*"), cl::cat(Category));
static cl::opt<bool>
    AllAccesses("all-accesses",
                cl::desc("List every analyzed access with its numbers, "
                         "conflict-free and unknown ones included"),
                cl::cat(Category));
static cl::opt<bool>
    ShowUnknown("show-unknown",
                cl::desc("Report accesses that could not be analyzed, as "
                         "remarks with the reason"),
                cl::cat(Category));
static cl::opt<bool> ExitZero("exit-zero",
                              cl::desc("Exit with status 0 even when there "
                                       "are findings"),
                              cl::cat(Category));
static cl::opt<bool>
    Strict("strict",
           cl::desc("Exit with status 2 when any file could not be parsed "
                    "(default: 2 only when no file could be analyzed)"),
           cl::cat(Category));
static cl::opt<bool>
    AssumeWorst("assume-worst",
                cl::desc("Warn on the worse case of answers that depend on "
                         "kernel parameters (default: a remark)"),
                cl::cat(Category));
static cl::opt<bool>
    NoMisaligned("no-misaligned",
                 cl::desc("Do not report global accesses whose only waste is "
                          "misalignment"),
                 cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Analyze N files in parallel"),
                              cl::init(1), cl::value_desc("N"),
                              cl::cat(Category));
static cl::opt<unsigned> Timeout(
    "timeout",
    cl::desc("Seconds one file's analysis (clang's parse included) may take "
             "before the file is reported as not analyzed; 0: no limit "
             "(default 300)"),
    cl::init(300), cl::value_desc("seconds"), cl::cat(Category));
static cl::opt<double> AnalysisBudget(
    "analysis-budget",
    cl::desc("Seconds one file's analysis may spend after clang's parse (the "
             "solver, the fix search and its verification) before what is "
             "left is reported unknown; 0: no limit (default 20). A "
             "comparison that must not depend on the machine's load sets it"),
    cl::init(20), cl::value_desc("seconds"), cl::cat(Category));
static cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("CUDA toolkit to parse with (default /usr/local/cuda "
                      "when present)"),
             cl::cat(Category));
static cl::opt<bool>
    NoCudaToolkit("no-cuda-toolkit",
                  cl::desc("Parse with warplint's own CUDA declarations "
                           "instead of a toolkit"),
                  cl::cat(Category));
static cl::list<std::string>
    ExtraArgs("extra-arg",
              cl::desc("Additional argument to append to the compiler "
                       "command line"),
              cl::cat(Category));

static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Comma-separated globs of checks whose warnings become errors "
             "(added to WarningsAsErrors of .warplint.yaml)"),
    cl::cat(Category));
static cl::opt<bool>
    Summary("summary",
            cl::desc("Print the closing summary on stderr with a table of "
                     "kernels (default: a short summary when stderr is a "
                     "terminal and several files were analyzed)"),
            cl::cat(Category));

static cl::opt<std::string>
    Sort("sort",
         cl::desc("Order of the findings: location (file, line) or impact "
                  "(estimated speed-up when fixed, largest first; "
                  "docs/performance-model.md). Default: location, or Sort: "
                  "of .warplint.yaml"),
         cl::value_desc("location|impact"), cl::init("location"),
         cl::cat(Category));
static cl::opt<std::string> MinSpeedup(
    "min-speedup",
    cl::desc("Drop findings whose estimated speed-up when fixed is below X "
             "(e.g. 1.05); findings without an estimate stay"),
    cl::value_desc("X"), cl::cat(Category));

static cl::opt<bool>
    FixOpt("fix",
           cl::desc("Apply the preferred fix of each finding in place; "
                    "only text verified in memory (it parses and analyzes "
                    "as promised) is written"),
           cl::cat(Category));
static cl::opt<bool>
    FixReadonly("fix-readonly",
                cl::desc("With --fix, also rewrite files without write "
                         "permission (their mode is kept)"),
                cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the preferred fixes as YAML for "
             "clang-apply-replacements"),
    cl::value_desc("filename"), cl::cat(Category));

static cl::opt<std::string>
    Sass("sass",
         cl::desc("Read what nvcc emits (merged vector loads, split stores, "
                  "predication) from the SASS of each file: auto (when the "
                  "toolkit has nvcc and nvdisasm), on or off (default: auto)"),
         cl::value_desc("auto|on|off"), cl::init("auto"), cl::cat(Category));
static cl::opt<std::string> SassCacheDir(
    "sass-cache-dir",
    cl::desc("Where SASS listings are cached (default: "
             "$XDG_CACHE_HOME/warplint or ~/.cache/warplint; 'none': no "
             "cache)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string>
    SassListing("sass-listing",
                cl::desc("Read this nvdisasm -gi listing instead of compiling "
                         "(tests and debugging)"),
                cl::value_desc("file"), cl::Hidden, cl::cat(Category));
static cl::opt<bool>
    DumpSassFacts("dump-sass-facts",
                  cl::desc("Print the SASS facts per kernel and line and the "
                           "emission decided for each access"),
                  cl::Hidden, cl::cat(Category));

[[noreturn]] static void fail(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "warplint") << Message << "\n";
  std::exit(2);
}

static BlockShape parseBlockDim(llvm::StringRef Text, const ArchInfo &Arch) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    fail("invalid --block-dim='" + Text + "': expected X[,Y[,Z]]");
  int64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] <= 0)
      fail("invalid --block-dim='" + Text +
           "': each extent must be a positive integer");
  BlockShape B{V[0], V[1], V[2]};
  if (auto Problem = blockShapeProblem(Arch, B))
    fail("invalid --block-dim='" + Text + "': " + *Problem);
  return B;
}

/// Path made absolute against the start directory; "" stays "" (the
/// option's "not given"), and so does a path that is absolute already.
static std::string fromStartDir(const std::string &Path,
                                const std::string &StartDir) {
  if (Path.empty() || StartDir.empty() || llvm::sys::path::is_absolute(Path))
    return Path;
  llvm::SmallString<256> Abs(StartDir);
  llvm::sys::path::append(Abs, Path);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/false);
  return std::string(Abs);
}

/// --sort and --min-speedup (docs/performance-model.md).
static void parseRanking(ToolOptions &TO) {
  if (Sort != "location" && Sort != "impact")
    fail("unknown --sort='" + Sort + "': expected location or impact");
  if (Sort.getNumOccurrences())
    TO.Sort = Sort;
  if (MinSpeedup.getNumOccurrences()) {
    TO.MinSpeedup = parseMinSpeedup(MinSpeedup);
    if (!TO.MinSpeedup)
      fail("invalid --min-speedup='" + MinSpeedup +
           "': expected a number of at least 1 (an estimated speed-up, "
           "e.g. 1.05)");
  }
}

/// --sass, its cache and listing, and WARPLINT_SASS, the default they
/// override.
static void parseSass(ToolOptions &TO) {
  TO.Sass = Sass;
  // WARPLINT_SASS sets the default (a test suite that expects the source
  // rules, a CI job that wants the compiler's truth); .warplint.yaml and
  // the flag override it.
  if (!Sass.getNumOccurrences())
    if (const char *Env = std::getenv("WARPLINT_SASS"); Env && *Env) {
      TO.Sass = Env;
      if (TO.Sass != "auto" && TO.Sass != "on" && TO.Sass != "off")
        fail("unknown WARPLINT_SASS='" + TO.Sass +
             "' in the environment: expected auto, on or off");
    }
  if (TO.Sass != "auto" && TO.Sass != "on" && TO.Sass != "off")
    fail("unknown --sass='" + TO.Sass + "': expected auto, on or off");
  TO.SassGiven = Sass.getNumOccurrences() > 0;
  // "none" is the no-cache word, not a folder.
  TO.SassCacheDir = SassCacheDir == "none"
                        ? std::string(SassCacheDir)
                        : fromStartDir(SassCacheDir, TO.StartDir);
  TO.SassListing = fromStartDir(SassListing, TO.StartDir);
  TO.DumpSassFacts = DumpSassFacts;
  // A listing to read replaces the compile; it implies the mode.
  if (!TO.SassListing.empty()) {
    TO.Sass = "on";
    TO.SassGiven = true;
  }
}

ToolOptions parseToolOptions(int Argc, const char **Argv) {
  ToolOptions TO;
  // Everything after "--" is compile flags, as in clang-tidy.
  int OwnArgc = Argc;
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]) == "--") {
      OwnArgc = I;
      TO.HasFixedFlags = true;
      for (int J = I + 1; J < Argc; ++J)
        TO.FixedFlags.push_back(Argv[J]);
      break;
    }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "warplint " << WARPLINT_VERSION << "\n"
       << describeDefaultToolkit() << "\n"
       << "built-in CUDA declarations: " << builtinCudaDeclarationsDir()
       << "\n";
  });
  std::string Errors;
  llvm::raw_string_ostream ErrOS(Errors);
  if (!cl::ParseCommandLineOptions(
          OwnArgc, Argv,
          "warplint: shared-memory bank conflicts and global-memory "
          "coalescing in CUDA kernels, without a GPU\n\n"
          "  warplint [options] FILE... [-- COMPILE-FLAGS]\n"
          "  warplint [options] -p BUILD_DIR [FILE...]\n",
          &ErrOS)) {
    ErrOS.flush();
    llvm::errs() << Errors;
    std::exit(2);
  }
  {
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd))
      TO.StartDir = std::string(Cwd);
  }
  TO.Files.assign(Files.begin(), Files.end());
  TO.BuildDir = fromStartDir(BuildPath, TO.StartDir);
  TO.Arch = Arch;
  TO.ArchGiven = Arch.getNumOccurrences() > 0;
  // The limits of the --arch given (an unknown one is reported later), else
  // of the default target.
  std::optional<ArchInfo> Limits = findArch(Arch);
  if (!Limits)
    Limits = findArch(Arch.getDefault().getValue());
  for (const std::string &B : BlockDim)
    TO.BlockDims.push_back(parseBlockDim(B, *Limits));
  for (const std::string &P : Param) {
    auto [Name, Value] = llvm::StringRef(P).split('=');
    int64_t V;
    Name = Name.trim();
    if (Name.empty() || Value.trim().getAsInteger(0, V))
      fail("invalid --param='" + P + "': expected NAME=INTEGER");
    if (TO.Params.count(Name.str()))
      fail("invalid --param='" + P + "': '" + Name + "' is given twice");
    TO.Params[Name.str()] = V;
  }
  if (BranchProbability.getNumOccurrences()) {
    double P = -1;
    if (llvm::StringRef(BranchProbability).trim().getAsDouble(P) || P < 0 ||
        P > 1)
      fail("invalid --branch-probability='" + BranchProbability +
           "': expected a number from 0 to 1");
    TO.BranchProbability = P;
  }
  if (Format != "text" && Format != "json" && Format != "sarif" &&
      Format != "html")
    fail("unknown --format='" + Format +
         "': expected text, json, sarif or html");
  TO.Format = Format;
  if (OutputFile.getNumOccurrences() && OutputFile.empty())
    fail("-o needs a file name");
  TO.Output = fromStartDir(OutputFile, TO.StartDir);
  if (UseColor.getNumOccurrences())
    TO.Color = UseColor ? "always" : "never";
  TO.Checks = Checks;
  TO.AllAccesses = AllAccesses;
  TO.ShowUnknown = ShowUnknown;
  TO.ExitZero = ExitZero;
  TO.Strict = Strict;
  TO.AssumeWorst = AssumeWorst;
  TO.NoMisaligned = NoMisaligned;
  if (Jobs == 0)
    fail("invalid -j=0: need at least one job");
  TO.Jobs = Jobs;
  TO.TimeoutSeconds = Timeout;
  if (!(AnalysisBudget >= 0))
    fail("invalid --analysis-budget=" +
         llvm::formatv("{0}", double(AnalysisBudget)).str() +
         ": need 0 (no limit) or a number of seconds");
  TO.AnalysisBudgetSeconds = AnalysisBudget;
  TO.CudaPath = fromStartDir(CudaPath, TO.StartDir);
  TO.NoCudaToolkit = NoCudaToolkit;
  TO.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  TO.Fix = FixOpt;
  TO.FixReadonly = FixReadonly;
  TO.ExportFixes = fromStartDir(ExportFixes, TO.StartDir);
  TO.WarningsAsErrors = WarningsAsErrors;
  TO.Summary = Summary;
  parseRanking(TO);
  TO.ChecksGiven = Checks.getNumOccurrences() > 0;
  TO.ShowUnknownGiven = ShowUnknown.getNumOccurrences() > 0;
  TO.AssumeWorstGiven = AssumeWorst.getNumOccurrences() > 0;
  TO.NoMisalignedGiven = NoMisaligned.getNumOccurrences() > 0;
  parseSass(TO);
  return TO;
}

} // namespace warplint
