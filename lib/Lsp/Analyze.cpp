//===- Analyze.cpp - One editor buffer through the pipeline ---------------===//

#include "Lsp/Analyze.h"

#include "Frontend/Embedding.h"
#include "Lsp/Convert.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace warplint {
namespace lsp {

CompileCommand commandForFile(const std::string &Path,
                              const std::vector<std::string> &FallbackFlags,
                              std::string &Source) {
  std::string Db = findCompileDatabaseDir(Path);
  if (!Db.empty()) {
    std::string Error;
    std::vector<CompileCommand> Cmds = loadCompileCommands(Db, {Path}, Error);
    if (Error.empty() && !Cmds.empty()) {
      Source = Db + "/compile_commands.json";
      return Cmds.front();
    }
    Source = "fallback flags (" + Db + "/compile_commands.json: " +
             (Error.empty() ? "no command" : Error) + ")";
  } else {
    Source = "fallback flags (no compile_commands.json above the file)";
  }
  CompileCommand Cmd;
  Cmd.Directory = std::string(llvm::sys::path::parent_path(Path));
  Cmd.File = Path;
  Cmd.Args.push_back("clang++");
  Cmd.Args.insert(Cmd.Args.end(), FallbackFlags.begin(), FallbackFlags.end());
  Cmd.Args.push_back(Path);
  return Cmd;
}

AnalyzedDocument
analyzeDocument(const std::string &Path, const std::string &Text,
                const PipelineOptions &Opts,
                const std::vector<std::string> &FallbackFlags) {
  AnalyzedDocument Doc;
  Doc.Path = Path;
  Doc.Text = Text;
  std::string Source;
  CompileCommand Cmd = commandForFile(Path, FallbackFlags, Source);
  Doc.BaseDir = Cmd.Directory;
  Doc.Log = "compile command from " + Source + "\n";

  FrontendResult Parsed = analyzeBuffer(Text, Cmd, Opts.Frontend);
  if (Parsed.Model.MainFile.empty())
    Parsed.Model.MainFile = Path;
  for (const std::string &W : Parsed.FlagWarnings)
    Doc.Log += W + "\n";
  Doc.Log += Parsed.ClangDiagnostics;
  FileReport Report = analyzeModel(Parsed, Opts);
  Doc.Parsed = Report.Parsed;

  SourceCache Disk;
  DocumentContext Ctx(Path, Text, Doc.BaseDir, Disk);
  if (!Report.Parsed) {
    Doc.Published = clangErrorsToLsp(Report.ClangDiagnostics, Ctx);
    return Doc;
  }
  // The fix component reads the text it rewrites from disk, so its edits
  // fit the buffer only while the buffer is what is saved; an unsaved buffer
  // gets no quick fixes until it is saved (the notes still describe them).
  auto OnDisk = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  Doc.FixesApply = OnDisk && (*OnDisk)->getBuffer() == Text;
  // A kernel in an included header is reported when that header is open.
  for (warplint::Diagnostic &D : Report.Diagnostics) {
    if (!Ctx.isMainFile(D.Range.Begin.File))
      continue;
    if (!Doc.FixesApply) {
      D.Fixes.clear();
      for (DiagNote &N : D.Notes)
        N.Fixes.clear();
    }
    Doc.Published.push_back(toLsp(D, Ctx));
    Doc.Findings.push_back(std::move(D));
  }
  return Doc;
}

} // namespace lsp
} // namespace warplint
