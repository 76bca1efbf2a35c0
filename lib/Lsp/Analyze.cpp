//===- Analyze.cpp - One editor buffer through the pipeline ---------------===//

#include "Lsp/Analyze.h"

#include "Driver/Isolation.h"
#include "Facts/CompilerFacts.h"
#include "Frontend/Embedding.h"
#include "Lsp/Convert.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace warplint {
namespace lsp {

AnalyzedDocument crashedAnalysis(const std::string &Path,
                                 const std::string &Text,
                                 const std::string &Why) {
  AnalyzedDocument A;
  A.Path = Path;
  A.Text = Text;
  Diagnostic D;
  D.severity = DiagnosticSeverity::Error;
  D.code = "warplint-internal";
  D.message = "warplint could not analyze this file: " + Why +
              "; the server goes on (please report this file)";
  A.Published.push_back(std::move(D));
  A.Log = "analysis of " + Path + " failed: " + Why + "\n";
  return A;
}

FixVerifier::Reanalyze bufferReanalyzer(const CompileCommand &Cmd,
                                        const PipelineOptions &PO,
                                        FileBudget &Budget) {
  return [Cmd, PO, &Budget](const std::string &Text)
             -> llvm::Expected<std::vector<AccessRecord>> {
    if (std::optional<std::string> Spent = Budget.exhausted())
      return llvm::make_error<BudgetSpentError>(*Spent);
    FrontendResult P = analyzeBuffer(Text, Cmd, PO.Frontend);
    if (P.Model.MainFile.empty())
      P.Model.MainFile = Cmd.File;
    if (!P.Success) {
      llvm::StringRef First(P.ClangDiagnostics);
      First = First.take_until([](char C) { return C == '\n'; });
      return llvm::createStringError(First.empty() ? "clang gave no reason"
                                                   : First.str());
    }
    PipelineOptions O = PO;
    O.LayoutFixes = false;
    FileReport Again = analyzeModel(P, O, &Budget);
    // Records cut short by the budget would misreport the fixed code.
    if (std::optional<std::string> Spent = Budget.exhausted())
      return llvm::make_error<BudgetSpentError>(*Spent);
    return std::move(Again.Records);
  };
}

AnalyzedDocument analyzeDocument(const std::string &Path,
                                 const std::string &Text,
                                 const PipelineOptions &Opts,
                                 const std::vector<std::string> &FallbackFlags,
                                 const Config &CommandLine) {
  AnalyzedDocument Doc;
  Doc.Path = Path;
  Doc.Text = Text;
  FileCommand Found = commandForFile(
      Path, FallbackFlags, std::string(llvm::sys::path::parent_path(Path)));
  const CompileCommand &Cmd = Found.Cmd;
  Doc.Log = "compile command from " + Found.Source + "\n";

  SourceCache Disk;
  DocumentContext Ctx(Path, Text, Cmd.Directory, Disk);
  // The project's .warplint.yaml (read again for every analysis, so that an
  // edit to it applies at once), then the server's own flags, which win.
  PipelineOptions FileOpts = Opts;
  ConfigFinder Finder;
  llvm::Expected<Config> FromFile = configForFile(Finder, Path);
  if (!FromFile) {
    Diagnostic Bad;
    Bad.severity = DiagnosticSeverity::Error;
    Bad.code = "warplint-config";
    Bad.message = llvm::toString(FromFile.takeError());
    Doc.Log += Bad.message + "\n";
    Doc.Published.push_back(std::move(Bad));
    return Doc;
  }
  applyConfig(mergeConfig(*FromFile, CommandLine), FileOpts);

  setCrashPhase("clang's parse");
  FrontendResult Parsed = analyzeBuffer(Text, Cmd, FileOpts.Frontend);
  setCrashPhase("warplint's analysis");
  if (Parsed.Model.MainFile.empty())
    Parsed.Model.MainFile = Path;
  for (const std::string &W : Parsed.FlagWarnings)
    Doc.Log += W + "\n";
  Doc.Log += Parsed.ClangDiagnostics;
  // The fixes' edits and NOLINT comments come from the buffer that was
  // parsed, not from the file on disk, so quick fixes fit unsaved text.
  FileOpts.Overlay[Parsed.Model.MainFile] = Text;
  FileOpts.Overlay[Path] = Text;
  // The compiler-truth mode, only where .warplint.yaml asks for it (Sass:):
  // a compile per save costs seconds, and an unsaved buffer has no SASS.
  auto OnDisk = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (FileOpts.Sass.Mode != SassMode::Off && OnDisk &&
      (*OnDisk)->getBuffer() == Text) {
    CompilerFactsResult Facts =
        applyCompilerFacts(Parsed, Cmd, FileOpts.Frontend, FileOpts.Sass);
    for (const std::string &N : Facts.Notes)
      Doc.Log += "note: " + N + "\n";
  }
  FileReport Report = analyzeModel(Parsed, FileOpts);
  Doc.Parsed = Report.Parsed;

  if (!Report.Parsed) {
    Doc.Published = clangErrorsToLsp(Report.ClangDiagnostics, Ctx);
    return Doc;
  }
  // Quick fixes are offered only once proved on a copy of the buffer.
  if (hasFixes(Report.Diagnostics)) {
    FileBudget Left = FileBudget::resume(Report.BudgetLeft);
    FixVerifier V(Parsed.Model.MainFile, Text, Report.Records,
                  bufferReanalyzer(Cmd, FileOpts, Left));
    if (!allFixesVerify(Report.Diagnostics, V))
      verifyLayoutFixes(Parsed.Model, Report.Diagnostics, FileOpts.Solve,
                        FileOpts.Overlay, V, Left);
  }
  // A kernel in an included header is reported when that header is open.
  for (warplint::Diagnostic &D : Report.Diagnostics) {
    if (!Ctx.isMainFile(D.Range.Begin.File))
      continue;
    // An edit outside this buffer (a header) was computed against the
    // header on disk; the client may hold other text for it.
    auto OutsideBuffer = [&](const Fix &F) {
      for (const warplint::TextEdit &E : F.Edits)
        if (!Ctx.isMainFile(E.Range.Begin.File))
          return true;
      return false;
    };
    llvm::erase_if(D.Fixes, OutsideBuffer);
    for (DiagNote &N : D.Notes)
      llvm::erase_if(N.Fixes, OutsideBuffer);
    Diagnostic Published = toLsp(D, Ctx);
    llvm::json::Array Actions;
    for (CodeAction &Action : toCodeActions(D, Published, Ctx))
      Actions.push_back(toJSON(Action));
    Doc.Published.push_back(std::move(Published));
    Doc.Actions.push_back(std::move(Actions));
  }
  return Doc;
}

} // namespace lsp
} // namespace warplint
