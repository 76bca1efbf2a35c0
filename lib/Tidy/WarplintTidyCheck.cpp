//===- WarplintTidyCheck.cpp - warplint checks inside clang-tidy ----------===//

#include "WarplintTidyCheck.h"

#include "Checks/Check.h"
#include "Driver/Config.h"
#include "Driver/FileSetup.h"
#include "Driver/Pipeline.h"
#include "Frontend/Embedding.h"
#include "Model/Arch.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"

namespace warplint {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

/// clang's diagnostic engine reads '%' as the start of an argument.
std::string escapeFormat(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    Out += C;
    if (C == '%')
      Out += '%';
  }
  return Out;
}

/// Model locations name files as clang presented them; map them back.
SourceLocation toClangLoc(const SourceManager &SM, const SourceLoc &Loc) {
  if (!Loc.isValid())
    return SourceLocation();
  auto File = SM.getFileManager().getOptionalFileRef(Loc.File);
  if (!File)
    return SourceLocation();
  FileID FID = SM.translateFile(*File);
  if (FID.isInvalid())
    return SourceLocation();
  return SM.translateLineCol(FID, Loc.Line, Loc.Column);
}

std::vector<FixItHint> toFixIts(const SourceManager &SM, const Fix &F) {
  std::vector<FixItHint> Hints;
  for (const TextEdit &E : F.Edits) {
    SourceLocation B = toClangLoc(SM, E.Range.Begin);
    SourceLocation End =
        E.Range.End.isValid() ? toClangLoc(SM, E.Range.End) : B;
    if (B.isInvalid() || End.isInvalid())
      return {}; // part of a fix is no fix
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(B, End), E.Replacement));
  }
  return Hints;
}

/// The fix shown with a note: the preferred one, else the first (as the
/// text writer shows it).
const Fix *hintOf(const std::vector<Fix> &Fixes) {
  for (const Fix &F : Fixes)
    if (F.Preferred)
      return &F;
  return Fixes.empty() ? nullptr : &Fixes.front();
}

DiagnosticIDs::Level toLevel(Severity S) {
  switch (S) {
  case Severity::Error:
    return DiagnosticIDs::Error;
  case Severity::Warning:
    return DiagnosticIDs::Warning;
  case Severity::Remark:
    return DiagnosticIDs::Remark;
  case Severity::Note:
    return DiagnosticIDs::Note;
  }
  return DiagnosticIDs::Warning;
}

} // namespace

WarplintTidyCheck::WarplintTidyCheck(llvm::StringRef Name,
                                     tidy::ClangTidyContext *Ctx,
                                     std::shared_ptr<SharedAnalysis> Shared)
    : ClangTidyCheck(Name, Ctx), Arch(Options.get("Arch", "")),
      ShowUnknown(Options.get<bool>("ShowUnknown")),
      AssumeWorst(Options.get<bool>("AssumeWorst")),
      ReportMisaligned(Options.get<bool>("ReportMisaligned")),
      Shared(std::move(Shared)) {
  // clang-tidy decides which checks run; the shared run reports exactly
  // those (a NOLINT on one check's finding leaves an array's fix alone
  // only when that check runs, as with the command line's --checks).
  EnabledChecks = "-*";
  for (const auto &C : createAllChecks())
    if (Ctx->isCheckEnabled(C->id()))
      EnabledChecks += "," + C->id();
}

void WarplintTidyCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Arch", Arch);
  Options.store(Opts, "ShowUnknown", ShowUnknown.value_or(false));
  Options.store(Opts, "AssumeWorst", AssumeWorst.value_or(false));
  Options.store(Opts, "ReportMisaligned", ReportMisaligned.value_or(true));
}

bool WarplintTidyCheck::isLanguageVersionSupported(
    const LangOptions &LO) const {
  return LO.CUDA;
}

void WarplintTidyCheck::registerMatchers(MatchFinder *Finder) {
  // The analysis needs the whole translation unit (kernels and the launches
  // that give their block shapes), so it runs once, on the TU itself.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void WarplintTidyCheck::onEndOfTranslationUnit() {
  if (Current)
    Shared->forget(*Current);
  Current = nullptr;
}

std::optional<PipelineOptions>
WarplintTidyCheck::optionsFor(ASTContext &Ctx, std::string &Error) const {
  // The project's .warplint.yaml, found from the TU's main file as the
  // command line finds it. Its Checks and WarningsAsErrors are clang-tidy's
  // business here (--checks, WarningsAsErrors in .clang-tidy).
  Config FromFile;
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    ConfigFinder Finder;
    llvm::Expected<Config> Found = configForFile(Finder, Main->getName().str());
    if (!Found) {
      Error = llvm::toString(Found.takeError());
      return std::nullopt;
    }
    FromFile = std::move(*Found);
  }
  FromFile.Checks.reset();
  FromFile.WarningsAsErrors.reset();
  Config Own; // this check's options, given in clang-tidy's configuration
  if (!Arch.empty())
    Own.Arch = Arch;
  Own.ShowUnknown = ShowUnknown;
  setCheckOption(Own, *checkOptionAlias("AssumeWorst"), AssumeWorst);
  setCheckOption(Own, *checkOptionAlias("ReportMisaligned"), ReportMisaligned);
  Config C = mergeConfig(FromFile, Own);

  // The GPU: the options, else the one this TU is compiled for (the target
  // on the device side, the auxiliary target on the host side) when
  // warplint models it, else sm_90. clang picks an old GPU (sm_52) when the
  // command names none, which must not stop the analysis; the rules that
  // decide bank conflicts and sectors are the same on every modelled GPU.
  std::string Name = C.Arch.value_or("");
  for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
    if (Name.empty() && T && findArch(T->getTargetOpts().CPU))
      Name = T->getTargetOpts().CPU;
  if (Name.empty())
    Name = "sm_90";
  if (!findArch(Name)) {
    Error = "unknown GPU architecture '" + Name + "' in " +
            (Arch.empty() ? C.Files.empty() ? std::string("the target")
                                            : "'" + C.Files.front() + "'"
                          : "option '" + getID().str() + ".Arch'") +
            "; known: " + knownArchNames();
    return std::nullopt;
  }
  C.Arch = Name;
  PipelineOptions Opts;
  applyConfig(C, Opts);
  Opts.CheckFilter = EnabledChecks;
  return Opts;
}

void WarplintTidyCheck::check(const MatchFinder::MatchResult &R) {
  ASTContext &Ctx = *R.Context;
  if (!R.Nodes.getNodeAs<TranslationUnitDecl>("tu") ||
      Ctx.getDiagnostics().hasErrorOccurred())
    return; // an AST with errors may be incomplete: nothing is proved there
  Current = &Ctx;

  // Every option the result depends on; checks that agree share one run.
  std::string Key = EnabledChecks + "|" + Arch;
  for (const std::optional<bool> &B :
       {ShowUnknown, AssumeWorst, ReportMisaligned})
    Key += B ? (*B ? "|1" : "|0") : "|-";
  SharedAnalysis::Entry &E = Shared->get(Ctx, Key, [&] {
    SharedAnalysis::Entry New;
    std::optional<PipelineOptions> Opts = optionsFor(Ctx, New.Error);
    if (!Opts)
      return New;
    FrontendResult Parsed;
    Parsed.Success = true;
    Parsed.Model = extractModel(Ctx, Opts->Frontend);
    New.Report = analyzeModel(Parsed, *Opts);
    return New;
  });
  if (!E.Error.empty()) {
    if (!E.ErrorReported)
      configurationDiag("%0") << E.Error;
    E.ErrorReported = true;
    return;
  }
  const FileReport &Report = E.Report;

  const SourceManager &SM = Ctx.getSourceManager();
  for (const Diagnostic &D : Report.Diagnostics) {
    if (D.Check != getID())
      continue; // another warplint check's finding: it reports it
    SourceLocation Loc = toClangLoc(SM, D.Range.Begin);
    {
      auto Builder = diag(Loc, escapeFormat(D.Message), toLevel(D.Level));
      SourceLocation End = toClangLoc(SM, D.Range.End);
      if (Loc.isValid() && End.isValid() && Loc != End)
        Builder << CharSourceRange::getCharRange(Loc, End);
      if (const Fix *F = hintOf(D.Fixes))
        for (const FixItHint &H : toFixIts(SM, *F))
          Builder << H;
    }
    // clang-tidy's --fix-notes applies a note's fix only when exactly one
    // note has one, so only the preferred alternative carries its edits;
    // the other alternatives keep their messages.
    const DiagNote *Carrier = nullptr;
    for (const DiagNote &N : D.Notes)
      if (!N.Fixes.empty() && (!Carrier || hintOf(N.Fixes)->Preferred) &&
          !(Carrier && hintOf(Carrier->Fixes)->Preferred))
        Carrier = &N;
    for (const DiagNote &N : D.Notes) {
      SourceLocation NoteLoc = N.Loc.isValid() ? toClangLoc(SM, N.Loc) : Loc;
      auto Builder =
          diag(NoteLoc, escapeFormat(N.Message), DiagnosticIDs::Note);
      if (&N == Carrier && D.Fixes.empty())
        for (const FixItHint &H : toFixIts(SM, *hintOf(N.Fixes)))
          Builder << H;
    }
  }
}

} // namespace warplint
