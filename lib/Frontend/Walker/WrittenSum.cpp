//===- WrittenSum.cpp - Sums of products as written in the file -----------===//

#include "Frontend/Walker/WrittenSum.h"

#include "Frontend/Walker/SourceLocs.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace warplint {

using namespace clang;

namespace {

/// The operands of E's chain of Op, left to right; false when one of the
/// operators is not written in the file (it comes from a macro).
bool flatten(const clang::Expr *E, BinaryOperatorKind Op,
             std::vector<const clang::Expr *> &Out) {
  E = E->IgnoreImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == Op) {
    if (!B->getOperatorLoc().isFileID())
      return false;
    return flatten(B->getLHS(), Op, Out) && flatten(B->getRHS(), Op, Out);
  }
  Out.push_back(E);
  return true;
}

/// A factor that stands alone in the text: no operator outside its
/// parentheses, and one contiguous stretch of the file (a whole macro
/// expansion such as TILE counts: its name is what is written).
std::optional<WrittenFactor> factor(const ASTContext &Ctx,
                                    const clang::Expr *E) {
  if (isa<BinaryOperator>(E) || isa<UnaryOperator>(E) ||
      isa<AbstractConditionalOperator>(E))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (R.isInvalid())
    return std::nullopt;
  WrittenFactor F;
  F.Range = {toSourceLoc(Ctx, R.getBegin()), toSourceLoc(Ctx, R.getEnd())};
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  if (!Text.empty() && isAsciiIdentifierStart(Text.front()) &&
      llvm::all_of(Text, [](char C) { return isAsciiIdentifierContinue(C); }))
    F.Name = Text.str();
  F.Number = isa<IntegerLiteral>(E) && E->getBeginLoc().isFileID();
  return F;
}

std::optional<std::vector<WrittenFactor>> factors(const ASTContext &Ctx,
                                                  const clang::Expr *E) {
  std::vector<const clang::Expr *> Parts;
  if (!flatten(E, BO_Mul, Parts))
    return std::nullopt;
  std::vector<WrittenFactor> Out;
  for (const clang::Expr *P : Parts) {
    auto F = factor(Ctx, P);
    if (!F)
      return std::nullopt;
    Out.push_back(std::move(*F));
  }
  return Out;
}

} // namespace

std::optional<WrittenSum> writtenSum(const ASTContext &Ctx,
                                     const clang::Expr *E) {
  std::vector<const clang::Expr *> Terms;
  if (!E || !flatten(E, BO_Add, Terms))
    return std::nullopt;
  WrittenSum Out;
  for (const clang::Expr *T : Terms) {
    auto F = factors(Ctx, T);
    if (!F)
      return std::nullopt;
    Out.push_back(std::move(*F));
  }
  return Out;
}

std::optional<std::vector<WrittenFactor>> writtenProduct(const ASTContext &Ctx,
                                                         const clang::Expr *E) {
  if (!E)
    return std::nullopt;
  return factors(Ctx, E);
}

} // namespace warplint
