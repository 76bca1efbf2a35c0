//===- warplint.cpp - The command-line front end ----------------*- C++ -*-===//
//
// Parses options, finds compile commands, runs the pipeline on each file (in
// parallel with -j) and prints the results. Everything else lives in lib/.
// Exit status: 0 no findings, 1 findings, 2 bad usage or a file that could
// not be parsed.
//
//===----------------------------------------------------------------------===//

#include "Driver/Pipeline.h"
#include "Model/Arch.h"
#include "Report/Writers.h"
#include "ToolOptions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace warplint;

namespace {

/// Usage errors: one line naming the flag or file, exit status 2.
[[noreturn]] void usageError(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "warplint") << Message << "\n";
  std::exit(2);
}

/// Walks up from File's directory looking for compile_commands.json, the
/// way clang-tidy does when no -p is given (also in build/ subfolders, as
/// clangd does).
std::string findCompileDatabaseDir(const std::string &File) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    for (const char *Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Sub, "compile_commands.json");
      if (llvm::sys::fs::exists(Candidate)) {
        llvm::sys::path::remove_filename(Candidate);
        return std::string(Candidate);
      }
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return "";
}

std::vector<CompileCommand> collectCommands(const ToolOptions &TO) {
  std::vector<CompileCommand> Commands;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
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
  for (const std::string &F : TO.Files) {
    if (!TO.HasFixedFlags) {
      std::string Db = findCompileDatabaseDir(F);
      if (!Db.empty()) {
        std::string Error;
        auto FromDb = loadCompileCommands(Db, {F}, Error);
        if (Error.empty() && !FromDb.empty()) {
          Commands.insert(Commands.end(), FromDb.begin(), FromDb.end());
          continue;
        }
      }
    }
    CompileCommand C;
    C.Directory = std::string(Cwd);
    C.File = F;
    C.Args.push_back("clang++");
    C.Args.insert(C.Args.end(), TO.FixedFlags.begin(), TO.FixedFlags.end());
    C.Args.push_back(F);
    Commands.push_back(std::move(C));
  }
  return Commands;
}

std::vector<FileReport> runAll(const std::vector<CompileCommand> &Commands,
                               const PipelineOptions &PO, unsigned Jobs) {
  std::vector<FileReport> Reports(Commands.size());
  if (Jobs <= 1 || Commands.size() == 1) {
    for (size_t I = 0; I < Commands.size(); ++I)
      Reports[I] = analyzeCommand(Commands[I], PO);
    return Reports;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < Commands.size(); ++I)
    Pool.async([&, I] { Reports[I] = analyzeCommand(Commands[I], PO); });
  Pool.wait();
  return Reports;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  ToolOptions TO = parseToolOptions(Argc, Argv);

  PipelineOptions PO;
  auto Arch = findArch(TO.Arch);
  if (!Arch)
    usageError("unknown GPU architecture '" + TO.Arch +
               "' in --arch; known: " + knownArchNames());
  PO.Solve.Arch = *Arch;
  PO.Frontend.Arch = Arch->Name;
  PO.Frontend.ArchOverrides = TO.ArchGiven;
  PO.Frontend.CudaPath = TO.CudaPath;
  PO.Frontend.NoCudaToolkit = TO.NoCudaToolkit;
  PO.Frontend.BlockDims = TO.BlockDims;
  PO.Frontend.ExtraArgs = TO.ExtraArgs;
  PO.Checks.ShowUnknown = TO.ShowUnknown;
  PO.Checks.AssumeWorst = TO.AssumeWorst;
  PO.Checks.ReportMisaligned = !TO.NoMisaligned;
  PO.CheckFilter = TO.Checks;

  std::vector<CompileCommand> Commands = collectCommands(TO);
  std::vector<FileReport> Reports = runAll(Commands, PO, TO.Jobs);

  bool Color = TO.Color == "always" ||
               (TO.Color == "auto" && llvm::outs().has_colors());
  bool ParseFailed = false;
  bool Findings = false;
  std::vector<Diagnostic> AllDiags;
  std::vector<AccessRecord> AllRecords;
  for (const FileReport &R : Reports) {
    for (const std::string &W : R.FlagWarnings)
      llvm::WithColor::warning(llvm::errs(), "warplint") << W << "\n";
    if (!R.ClangDiagnostics.empty())
      llvm::errs() << R.ClangDiagnostics;
    if (!R.Parsed) {
      ParseFailed = true;
      llvm::WithColor::error(llvm::errs(), "warplint")
          << "could not parse '" << R.File << "'; no analysis for it\n";
      continue;
    }
    for (const Diagnostic &D : R.Diagnostics)
      if (D.Level >= Severity::Warning)
        Findings = true;
    AllDiags.insert(AllDiags.end(), R.Diagnostics.begin(),
                    R.Diagnostics.end());
    AllRecords.insert(AllRecords.end(), R.Records.begin(), R.Records.end());
  }

  if (TO.Format == "json") {
    writeJson(llvm::outs(), {WARPLINT_VERSION, PO.Solve.Arch.Name},
              TO.AllAccesses ? AllRecords : std::vector<AccessRecord>{},
              AllDiags);
  } else {
    TextOptions Text;
    Text.Color = Color;
    SourceCache Sources;
    if (TO.AllAccesses)
      writeAccessesText(llvm::outs(), AllRecords, Text);
    writeText(llvm::outs(), AllDiags, Sources, Text);
  }
  llvm::outs().flush();

  if (ParseFailed)
    return 2;
  if (Findings && !TO.ExitZero)
    return 1;
  return 0;
}
