//===- Convert.cpp - warplint's diagnostic model to LSP -------------------===//

#include "Lsp/Convert.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace warplint {
namespace lsp {

namespace {

/// Splits like SourceCache does: "\n", "\r\n" or a lone "\r" end a line, so
/// line numbers agree with clang's.
std::vector<llvm::StringRef> splitLines(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Lines;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n' && Text[I] != '\r')
      continue;
    Lines.push_back(Text.slice(Start, I));
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    Start = I + 1;
  }
  Lines.push_back(Text.substr(Start));
  return Lines;
}

DiagnosticSeverity toSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return DiagnosticSeverity::Error;
  case Severity::Warning:
    return DiagnosticSeverity::Warning;
  case Severity::Remark:
  case Severity::Note:
    return DiagnosticSeverity::Information;
  }
  return DiagnosticSeverity::Warning;
}

} // namespace

size_t offsetOf(llvm::StringRef Text, const Position &P) {
  size_t Offset = 0;
  for (int L = 0; L < P.line; ++L) {
    size_t NL = Text.find_first_of("\r\n", Offset);
    if (NL == llvm::StringRef::npos)
      return Text.size();
    Offset = NL + (Text.substr(NL).starts_with("\r\n") ? 2 : 1);
  }
  llvm::StringRef Rest = Text.substr(Offset);
  llvm::StringRef Line =
      Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
  return Offset + bytesForUtf16(Line, P.character);
}

DocumentContext::DocumentContext(std::string MainPath, std::string Text,
                                 std::string BaseDir, SourceCache &Disk)
    : MainPath(std::move(MainPath)), Text(std::move(Text)),
      BaseDir(std::move(BaseDir)), Disk(Disk) {
  Lines = splitLines(this->Text);
}

std::string DocumentContext::absolute(const std::string &File) const {
  llvm::SmallString<256> P(File);
  if (!llvm::sys::path::is_absolute(P) && !BaseDir.empty()) {
    P = BaseDir;
    llvm::sys::path::append(P, File);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

bool DocumentContext::isMainFile(const std::string &File) const {
  return File.empty() || absolute(File) == MainPath;
}

llvm::StringRef DocumentContext::lineText(const std::string &File,
                                          unsigned Line) const {
  if (isMainFile(File))
    return Line >= 1 && Line <= Lines.size() ? Lines[Line - 1] : "";
  DiskLine = Disk.line(absolute(File), Line);
  return DiskLine;
}

Position DocumentContext::position(const SourceLoc &Loc) const {
  Position P;
  if (!Loc.isValid())
    return P;
  P.line = static_cast<int>(Loc.Line) - 1;
  P.character = utf16Units(lineText(Loc.File, Loc.Line),
                           Loc.Column > 0 ? Loc.Column - 1 : 0);
  return P;
}

Range DocumentContext::range(const SourceRange &R) const {
  Range Out;
  Out.start = position(R.Begin);
  Out.end = Out.start;
  if (R.End.isValid() && R.End.File == R.Begin.File)
    Out.end = position(R.End);
  if (!(Out.start < Out.end))
    Out.end = {Out.start.line, Out.start.character + 1};
  return Out;
}

std::string DocumentContext::uri(const std::string &File) const {
  return pathToUri(isMainFile(File) ? MainPath : absolute(File));
}

Location DocumentContext::location(const SourceLoc &Loc) const {
  Location L;
  L.uri = uri(Loc.File);
  L.range.start = position(Loc);
  L.range.end = L.range.start;
  return L;
}

Diagnostic toLsp(const warplint::Diagnostic &D, const DocumentContext &Ctx) {
  Diagnostic Out;
  Out.range = Ctx.range(D.Range);
  Out.severity = toSeverity(D.Level);
  Out.code = D.Check;
  Out.message = D.Message;
  for (const DiagNote &N : D.Notes) {
    DiagnosticRelatedInformation I;
    I.location = Ctx.location(N.Loc.isValid() ? N.Loc : D.Range.Begin);
    I.message = N.Message;
    Out.relatedInformation.push_back(std::move(I));
  }
  return Out;
}

std::vector<CodeAction> toCodeActions(const warplint::Diagnostic &D,
                                      const Diagnostic &Published,
                                      const DocumentContext &Ctx) {
  std::vector<CodeAction> Actions;
  for (const Fix *F : allFixes(D)) {
    if (F->Edits.empty())
      continue;
    CodeAction A;
    A.title = F->Message;
    A.isPreferred = F->Preferred;
    A.diagnostics.push_back(Published);
    for (const warplint::TextEdit &E : F->Edits) {
      const std::string &File = E.Range.Begin.File;
      std::string Uri = Ctx.uri(File);
      TextEdit T;
      T.range.start = Ctx.position(E.Range.Begin);
      T.range.end =
          E.Range.End.isValid() ? Ctx.position(E.Range.End) : T.range.start;
      T.newText = E.Replacement;
      A.edit.changes[Uri].push_back(std::move(T));
    }
    Actions.push_back(std::move(A));
  }
  return Actions;
}

std::vector<Diagnostic> clangErrorsToLsp(llvm::StringRef ClangText,
                                         const DocumentContext &Ctx) {
  std::vector<Diagnostic> Out;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  ClangText.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    // "file:line:col: error: message"; the file name may contain ':'.
    size_t Tag = L.find(": error: ");
    size_t TagLen = 9;
    if (Tag == llvm::StringRef::npos) {
      Tag = L.find(": fatal error: ");
      TagLen = 15;
    }
    if (Tag == llvm::StringRef::npos)
      continue;
    llvm::StringRef Where = L.take_front(Tag);
    llvm::StringRef Message = L.drop_front(Tag + TagLen);
    auto [Rest, ColText] = Where.rsplit(':');
    auto [File, LineText] = Rest.rsplit(':');
    unsigned Line = 0, Col = 0;
    Diagnostic D;
    D.severity = DiagnosticSeverity::Error;
    D.code = "clang-diagnostic-error";
    if (!LineText.getAsInteger(10, Line) && !ColText.getAsInteger(10, Col) &&
        Ctx.isMainFile(File.str())) {
      SourceLoc Loc;
      Loc.File = File.str();
      Loc.Line = Line;
      Loc.Column = Col;
      D.range = Ctx.range({Loc, SourceLoc()});
      D.message = Message.str();
    } else {
      D.range = {{0, 0}, {0, 1}};
      D.message = ("in included file: " + Where + ": " + Message).str();
    }
    Out.push_back(std::move(D));
  }
  if (Out.empty() && !ClangText.trim().empty()) {
    Diagnostic D;
    D.severity = DiagnosticSeverity::Error;
    D.code = "clang-diagnostic-error";
    D.range = {{0, 0}, {0, 1}};
    D.message = ClangText.trim().str();
    Out.push_back(std::move(D));
  }
  return Out;
}

} // namespace lsp
} // namespace warplint
