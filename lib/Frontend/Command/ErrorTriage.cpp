//===- ErrorTriage.cpp - Which clang errors stop the analysis -------------===//
//
// Three kinds of error are tolerated, each because nvcc accepts the code and
// the access model does not depend on it:
//  - errors inside the body of a host-only function: nvcc hands host code to
//    the host compiler, and the device-side parse only needs its kernel
//    launches (a statement with an error is lost, the rest of the body
//    stays in the AST through clang's error recovery);
//  - dynamic initialization of a __shared__ object (`__shared__
//    cuda::barrier<...> b;`): nvcc warns and runs no initializer, clang
//    rejects it; the object's layout is unchanged (what clang drops with
//    it, SharedInitRetry.h takes back);
//  - a kernel launch from device code without -rdc: a link-time
//    requirement that says nothing about memory accesses;
//  - errors inside an inline assembly statement (`%globaltimer` without
//    `%%`, operands without a comma between them): nvcc hands the text to
//    ptxas as written, and asm accesses are not modelled anyway.
// Fatal errors (a missing header) always stop the analysis: clang stops
// reading the file there.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Command/ErrorTriage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace warplint {

using namespace clang;

namespace {

/// The source ranges (as expansion locations) inside which an error is
/// tolerated: host-only function bodies and __shared__ variable
/// declarations.
class TolerantRanges : public RecursiveASTVisitor<TolerantRanges> {
public:
  explicit TolerantRanges(const SourceManager &SM) : SM(SM) {}
  std::vector<SourceRange> HostBodies, SharedVars;

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || F->hasAttr<CUDADeviceAttr>() ||
        F->hasAttr<CUDAGlobalAttr>())
      return true;
    if (const Stmt *Body = F->getBody())
      add(HostBodies, Body->getSourceRange());
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>())
      add(SharedVars, V->getSourceRange());
    return true;
  }

  bool contains(const std::vector<SourceRange> &Ranges,
                SourceLocation Loc) const {
    if (Loc.isInvalid())
      return false;
    SourceLocation L = SM.getExpansionLoc(Loc);
    for (const SourceRange &R : Ranges)
      if (!SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), L))
        return true;
    return false;
  }

private:
  void add(std::vector<SourceRange> &To, SourceRange R) {
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
    if (B.isValid() && E.isValid())
      To.push_back({B, E});
  }
  const SourceManager &SM;
};

/// True when Loc lies inside the parentheses of a GNU inline assembly
/// statement (`asm volatile("..." : ... : ...)`). The statement may have
/// failed to parse, so this lexes the source text (raw, strings and
/// comments understood) from up to 60 lines before Loc, tracking which open
/// parenthesis belongs to an asm keyword.
bool insideAsmStatement(const SourceManager &SM, const LangOptions &LO,
                        SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  SourceLocation L = SM.getSpellingLoc(Loc);
  FileID File = SM.getFileID(L);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return false;
  unsigned At = SM.getFileOffset(L);
  unsigned Line = SM.getLineNumber(File, At);
  SourceLocation Start =
      SM.translateLineCol(File, Line > 60 ? Line - 60 : 1, 1);
  unsigned StartOffset = SM.getFileOffset(Start);
  Lexer Lex(SM.getLocForStartOfFile(File), LO, Buffer.begin(),
            Buffer.begin() + StartOffset, Buffer.end());
  std::vector<bool> OpenParens; ///< true: the '(' of an asm statement
  bool AfterAsm = false;        ///< the last words were asm [qualifiers]
  Token T;
  while (true) {
    Lex.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= At)
      break;
    if (T.is(tok::raw_identifier)) {
      llvm::StringRef W = T.getRawIdentifier();
      if (W == "asm" || W == "__asm__" || W == "__asm")
        AfterAsm = true;
      else if (!(AfterAsm && (W == "volatile" || W == "__volatile__" ||
                              W == "inline" || W == "goto")))
        AfterAsm = false;
      continue;
    }
    if (T.is(tok::l_paren))
      OpenParens.push_back(AfterAsm);
    else if (T.is(tok::r_paren) && !OpenParens.empty())
      OpenParens.pop_back();
    AfterAsm = false;
  }
  return llvm::is_contained(OpenParens, true);
}

} // namespace

ErrorTriage::ErrorTriage()
    : OS(std::make_unique<llvm::raw_string_ostream>(Buffer)),
      Printer(std::make_unique<TextDiagnosticPrinter>(*OS, Opts)) {}

ErrorTriage::~ErrorTriage() = default;

void ErrorTriage::BeginSourceFile(const LangOptions &LO,
                                  const Preprocessor *PP) {
  DiagnosticConsumer::BeginSourceFile(LO, PP);
  Printer->BeginSourceFile(LO, PP);
}

void ErrorTriage::EndSourceFile() {
  Printer->EndSourceFile();
  DiagnosticConsumer::EndSourceFile();
}

void ErrorTriage::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                   const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  // A note belongs to the diagnostic before it: it is shown or hidden, and
  // rendered or not, with it.
  if (Level == DiagnosticsEngine::Note) {
    if (Entries.empty() || !Entries.back().Rendered)
      return;
    Printer->HandleDiagnostic(Level, Info);
    OS->flush();
    Entries.back().End = Buffer.size();
    return;
  }
  Entry E;
  E.Level = Level;
  E.ID = Info.getID();
  E.Loc = Info.getLocation();
  E.Rendered = Entries.size() < MaxRendered;
  E.Begin = E.End = Buffer.size();
  if (E.Rendered) {
    Printer->HandleDiagnostic(Level, Info);
    OS->flush();
    E.End = Buffer.size();
  }
  llvm::SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  E.Message = std::string(Message);
  if (Info.hasSourceManager() && E.Loc.isValid()) {
    PresumedLoc P =
        Info.getSourceManager().getPresumedLoc(
            Info.getSourceManager().getExpansionLoc(E.Loc));
    if (P.isValid())
      E.Where = std::string(P.getFilename()) + ":" +
                std::to_string(P.getLine()) + ":" +
                std::to_string(P.getColumn());
  }
  Entries.push_back(std::move(E));
}

void ErrorTriage::classify(ASTContext &Ctx) {
  Classified = true;
  TolerantRanges Ranges(Ctx.getSourceManager());
  Ranges.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (Entry &E : Entries) {
    if (E.Level != DiagnosticsEngine::Error)
      continue;
    if (E.ID == diag::err_cuda_device_kernel_launch_require_rdc)
      E.Tolerated = Tolerance::CodeGeneration;
    else if ((E.ID == diag::err_shared_var_init ||
              E.ID == diag::err_dynamic_var_init) &&
             Ranges.contains(Ranges.SharedVars, E.Loc))
      E.Tolerated = Tolerance::NvccDialect;
    else if (Ranges.contains(Ranges.HostBodies, E.Loc))
      E.Tolerated = Tolerance::HostCode;
    else if (insideAsmStatement(Ctx.getSourceManager(), Ctx.getLangOpts(), E.Loc))
      E.Tolerated = Tolerance::InlineAssembly;
  }
}

std::vector<SourceLocation> ErrorTriage::sharedInitErrors() const {
  std::vector<SourceLocation> Locs;
  for (const Entry &E : Entries)
    if (E.Level == DiagnosticsEngine::Error &&
        E.ID == diag::err_shared_var_init)
      Locs.push_back(E.Loc);
  return Locs;
}

bool ErrorTriage::stops(const Entry &E) const {
  return E.Level == DiagnosticsEngine::Fatal ||
         (E.Level == DiagnosticsEngine::Error &&
          (!Classified || E.Tolerated == Tolerance::None));
}

bool ErrorTriage::stopsAnalysis() const {
  return llvm::any_of(Entries, [&](const Entry &E) { return stops(E); });
}

std::string ErrorTriage::shownText() const {
  // A file that is not analyzed gets every error clang found, as clang
  // printed them: the user has to fix the file, and nvcc's host compiler
  // may well reject the host-code errors too.
  bool Stops = stopsAnalysis();
  std::string Text;
  const Entry *Stop = nullptr;
  for (const Entry &E : Entries) {
    bool Shown = Stops || E.Tolerated == Tolerance::None;
    if (Shown && E.Rendered)
      Text += Buffer.substr(E.Begin, E.End - E.Begin);
    if (!Stop && stops(E))
      Stop = &E;
  }
  return Text + notRenderedText(!Stops, Stop);
}

std::string ErrorTriage::notRenderedText(bool OnlyShown,
                                         const Entry *Stop) const {
  unsigned Errors = 0, Warnings = 0;
  for (const Entry &E : Entries) {
    if (E.Rendered || (OnlyShown && E.Tolerated != Tolerance::None))
      continue;
    if (E.Level == DiagnosticsEngine::Error ||
        E.Level == DiagnosticsEngine::Fatal)
      ++Errors;
    else if (E.Level == DiagnosticsEngine::Warning)
      ++Warnings;
  }
  if (!Errors && !Warnings)
    return "";
  std::string Text;
  // The error that keeps the file from being analyzed is always named,
  // even when the rendered ones were all tolerated.
  if (Stop && !Stop->Rendered)
    Text += (Stop->Where.empty() ? std::string("<unknown>") : Stop->Where) +
            ": " +
            (Stop->Level == DiagnosticsEngine::Fatal ? "fatal error: "
                                                     : "error: ") +
            Stop->Message + "\n";
  auto Count = [](unsigned N, const char *What) {
    return std::to_string(N) + " more " + What + (N == 1 ? "" : "s");
  };
  std::string Counts;
  if (Errors)
    Counts = Count(Errors, "error");
  if (Warnings)
    Counts += (Counts.empty() ? "" : " and ") + Count(Warnings, "warning");
  Text += "warplint: note: " + Counts + " not shown (the first " +
          std::to_string(MaxRendered) + " diagnostics are)\n";
  return Text;
}

std::vector<std::string> ErrorTriage::toleratedNotes() const {
  if (stopsAnalysis())
    return {}; // shownText has them all
  struct Kind {
    Tolerance T;
    const char *What;
    const char *Why;
  };
  static const Kind Kinds[] = {
      {Tolerance::HostCode, "in host code",
       "nvcc compiles host code with the host compiler; device code was "
       "analyzed"},
      {Tolerance::NvccDialect, "about __shared__ initialization",
       "nvcc accepts it with a warning and runs no initializer; the object's "
       "layout is analyzed"},
      {Tolerance::CodeGeneration, "about device-side launches without -rdc",
       "a requirement of linking, not of the memory accesses"},
      {Tolerance::InlineAssembly, "in inline assembly",
       "nvcc passes asm text to ptxas as written; clang drops such a "
       "statement, so memory accesses it makes are not analyzed"}};
  std::vector<std::string> Notes;
  for (const Kind &K : Kinds) {
    const Entry *First = nullptr;
    unsigned N = 0;
    for (const Entry &E : Entries)
      if (E.Tolerated == K.T && ++N == 1)
        First = &E;
    if (!N)
      continue;
    Notes.push_back("ignored " + std::to_string(N) + " clang error" +
                    (N == 1 ? "" : "s") + " " + K.What + " (" + K.Why +
                    "); first: " + First->Where + ": " + First->Message);
  }
  return Notes;
}

} // namespace warplint
