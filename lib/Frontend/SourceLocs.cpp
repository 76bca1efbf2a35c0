//===- SourceLocs.cpp - clang locations to model locations ----------------===//

#include "Frontend/SourceLocs.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace warplint {

SourceLoc toSourceLoc(const clang::ASTContext &Ctx, clang::SourceLocation L) {
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation E = SM.getExpansionLoc(L);
  clang::PresumedLoc P = SM.getPresumedLoc(E);
  if (P.isInvalid())
    return Out;
  Out.File = P.getFilename();
  Out.Line = P.getLine();
  Out.Column = P.getColumn();
  Out.Offset = SM.getFileOffset(E);
  return Out;
}

SourceRange toSourceRange(const clang::ASTContext &Ctx, clang::SourceRange R) {
  SourceRange Out;
  if (R.isInvalid())
    return Out;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::CharSourceRange CR = SM.getExpansionRange(R);
  Out.Begin = toSourceLoc(Ctx, CR.getBegin());
  clang::SourceLocation End = CR.getEnd();
  // A token range ends at the start of its last token; the model wants the
  // position just past it.
  if (CR.isTokenRange())
    End = clang::Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  Out.End = toSourceLoc(Ctx, End);
  return Out;
}

std::string sourceText(const clang::ASTContext &Ctx, clang::SourceRange R,
                       size_t MaxLen) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::CharSourceRange CR = SM.getExpansionRange(R);
  llvm::StringRef Raw =
      clang::Lexer::getSourceText(CR, SM, Ctx.getLangOpts());
  std::string Out;
  bool Space = false;
  for (char C : Raw) {
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > MaxLen)
    Out = Out.substr(0, MaxLen) + "...";
  return Out;
}

std::string locString(const clang::ASTContext &Ctx, clang::SourceLocation L) {
  SourceLoc S = toSourceLoc(Ctx, L);
  return S.File + ":" + std::to_string(S.Line) + ":" +
         std::to_string(S.Column);
}

} // namespace warplint
