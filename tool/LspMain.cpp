//===- LspMain.cpp - "warplint lsp": the language server on stdio ---------===//
//
// A thin front end: reads its few options, then hands stdin/stdout to
// lib/Lsp. Its options are parsed by hand because the command line options
// of the analyzer (llvm::cl, global) mean other things here.
//
//===----------------------------------------------------------------------===//

#include "LspMain.h"

#include "Lsp/Server.h"
#include "Lsp/Worker.h"
#include "Model/Arch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <optional>

namespace warplint {

namespace {

const char *const Usage =
    R"(usage: warplint lsp [options] [-- FALLBACK-CLANG-FLAGS]

Language server (LSP over stdin/stdout) that publishes warplint's findings
for open CUDA files and offers its fixes as quick fixes. Compile commands
come from the nearest compile_commands.json above each file (or in a build/
subfolder there); files without one are parsed with FALLBACK-CLANG-FLAGS.

options:
  --arch=sm_XX         architecture when the command names none (sm_90)
  --checks=GLOBS       enabled checks, as clang-tidy spells them
  --cuda-path=DIR      CUDA toolkit to parse with
  --no-cuda-toolkit    use warplint's own CUDA declarations
  --debounce-ms=N      wait after the last edit before analyzing (200)
  --timeout=SECONDS    time one analysis may take before the document says
                       it was not analyzed; 0: no limit (60)
  --log=verbose        log every message and analysis to stderr
)";

int usageError(llvm::StringRef Message) {
  llvm::errs() << "warplint lsp: error: " << Message << "\n" << Usage;
  return 2;
}

/// The child's side of an analysis in its own process (lsp/Worker.h): the
/// text of Path on stdin, the analyzed document on stdout.
int analyzeOneDocument(const std::string &Path,
                       const lsp::ServerOptions &Opts) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getSTDIN();
  if (!Text) {
    llvm::errs() << "warplint lsp: error: reading " << Path
                 << " from stdin: " << Text.getError().message() << "\n";
    return 2;
  }
  auto Analyze = [Pipeline = Opts.Pipeline, Fallback = Opts.FallbackFlags,
                  CommandLine = Opts.CommandLine](const std::string &P,
                                                  const std::string &T) {
    return lsp::analyzeDocument(P, T, Pipeline, Fallback, CommandLine);
  };
  lsp::analyzeOne(Path, (*Text)->getBuffer(), Analyze,
                  Opts.Pipeline.TimeoutSeconds, llvm::outs());
  return llvm::outs().has_error() ? 2 : 0;
}

} // namespace

int lspMain(int Argc, const char **Argv) {
  lsp::ServerOptions Opts;
  Opts.Version = WARPLINT_VERSION;
  // An editor waits less than a batch run: a parse that clang cannot end
  // (it happens) must not hold the document's diagnostics for minutes.
  Opts.Pipeline.TimeoutSeconds = 60;
  std::string ArchName = "sm_90";
  bool ArchGiven = false;
  std::optional<std::string> AnalyzeOne;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    if (A.consume_front(lsp::AnalyzeOneFlag)) {
      AnalyzeOne = A.str();
      continue;
    }
    if (A == "--") {
      for (++I; I < Argc; ++I)
        Opts.FallbackFlags.push_back(Argv[I]);
      break;
    }
    if (A == "--help" || A == "-h") {
      llvm::outs() << Usage;
      return 0;
    }
    if (A.consume_front("--arch=")) {
      ArchName = A.str();
      ArchGiven = true;
    } else if (A.consume_front("--checks=")) {
      if (llvm::Error E = validateGlobList(A))
        return usageError("invalid --checks: " + llvm::toString(std::move(E)));
      // Appended after each file's .warplint.yaml globs, so it wins.
      Opts.CommandLine.Checks = A.str();
    } else if (A.consume_front("--cuda-path=")) {
      // Against the directory the editor started the server in: a parse
      // never moves the process's working directory, but the path is
      // read long after this line.
      llvm::SmallString<256> Path(A);
      (void)llvm::sys::fs::make_absolute(Path); // else kept relative
      Opts.Pipeline.Frontend.CudaPath = std::string(Path);
    } else if (A == "--no-cuda-toolkit") {
      Opts.Pipeline.Frontend.NoCudaToolkit = true;
    } else if (A.consume_front("--debounce-ms=")) {
      unsigned Ms;
      if (A.getAsInteger(10, Ms))
        return usageError("--debounce-ms needs a number of milliseconds");
      Opts.Debounce = std::chrono::milliseconds(Ms);
    } else if (A.consume_front("--timeout=")) {
      if (A.getAsInteger(10, Opts.Pipeline.TimeoutSeconds))
        return usageError("--timeout needs a number of seconds");
    } else if (A == "--log=verbose") {
      Opts.Verbose = true;
    } else if (A == "--log=error") {
      Opts.Verbose = false;
    } else {
      return usageError(("unknown option '" + A + "'").str());
    }
  }
  auto Arch = findArch(ArchName);
  if (!Arch)
    return usageError("unknown GPU architecture '" + ArchName +
                      "' in --arch; known: " + knownArchNames());
  Opts.Pipeline.Solve.Arch = *Arch;
  Opts.Pipeline.Frontend.Arch = Arch->Name;
  Opts.Pipeline.Frontend.ArchOverrides = ArchGiven;
  if (ArchGiven)
    Opts.CommandLine.Arch = Arch->Name;

  if (AnalyzeOne)
    return analyzeOneDocument(*AnalyzeOne, Opts);
  // Each analysis runs in a child: this program with these flags.
  Opts.WorkerCommand.push_back(
      llvm::sys::fs::getMainExecutable(Argv[0], (void *)&lspMain));
  Opts.WorkerCommand.insert(Opts.WorkerCommand.end(), Argv, Argv + Argc);

  // The protocol is binary-exact (byte counts): no stdio synchronisation or
  // line buffering games, and stdout carries nothing but messages.
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  lsp::Transport T(std::cin, std::cout);
  lsp::Server S(T, std::move(Opts));
  return S.run();
}

} // namespace warplint
