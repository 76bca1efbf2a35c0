//===- SourceLocs.cpp - clang locations to model locations ----------------===//

#include "Frontend/Walker/SourceLocs.h"

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

namespace {

/// The expression whose last token decides the line of E's instruction, or
/// null when E's first token does (calls, references, anything else).
const clang::Expr *lineDecidingPart(const clang::Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *S = llvm::dyn_cast<clang::ArraySubscriptExpr>(E))
      return S->getIdx();
    if (const auto *M = llvm::dyn_cast<clang::MemberExpr>(E)) {
      if (M->isArrow())
        return M->getBase();
      E = M->getBase();
      continue;
    }
    if (const auto *V = llvm::dyn_cast<clang::ExtVectorElementExpr>(E)) {
      E = V->getBase();
      continue;
    }
    if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E))
      if (U->getOpcode() == clang::UO_Deref)
        return U->getSubExpr();
    return nullptr;
  }
  return nullptr;
}

/// The first token of E on the line of Last, E's last token: descends into
/// the first child that reaches that line (`(a +\n b) * 4` gives b). A loop,
/// not a recursion: an index may be thousands of terms deep.
SourceLoc firstOnLastLine(const clang::ASTContext &Ctx, const clang::Stmt *E,
                          const SourceLoc &Last) {
  while (E) {
    SourceLoc Begin = toSourceLoc(Ctx, E->getBeginLoc());
    if (Begin.isValid() && Begin.File == Last.File && Begin.Line == Last.Line)
      return Begin;
    const clang::Stmt *Next = nullptr;
    for (const clang::Stmt *C : E->children()) {
      if (!C)
        continue;
      SourceLoc End = toSourceLoc(Ctx, C->getEndLoc());
      if (End.isValid() && End.File == Last.File && End.Line >= Last.Line) {
        Next = C;
        break;
      }
    }
    E = Next;
  }
  return Last;
}

} // namespace

SourceLoc instructionLoc(const clang::ASTContext &Ctx, const clang::Expr *E,
                         const SourceRange &Whole) {
  const clang::Expr *Part = lineDecidingPart(E);
  if (!Part)
    return Whole.Begin;
  SourceLoc End = toSourceLoc(Ctx, Part->getEndLoc());
  if (!End.isValid() || End.File != Whole.Begin.File ||
      End.Line == Whole.Begin.Line)
    return Whole.Begin;
  // The caret goes to the part's first token on the deciding line
  // (`a[\n i + 1]` points at i).
  return firstOnLastLine(Ctx, Part, End);
}

std::string locString(const clang::ASTContext &Ctx, clang::SourceLocation L) {
  SourceLoc S = toSourceLoc(Ctx, L);
  return S.File + ":" + std::to_string(S.Line) + ":" +
         std::to_string(S.Column);
}

bool isCudaHeaderFunction(const clang::FunctionDecl *F) {
  const clang::SourceManager &SM = F->getASTContext().getSourceManager();
  return F->getBuiltinID() != 0 ||
         SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()));
}

} // namespace warplint
