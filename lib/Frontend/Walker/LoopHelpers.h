//===- LoopHelpers.h - Syntactic scans of the walkers -----------*- C++ -*-===//
//
// Small AST scans the walker needs before interpreting a statement: which
// locals it may write, and whether a loop body may leave the loop.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_LOOPHELPERS_H
#define WARPLINT_FRONTEND_LOOPHELPERS_H

#include "Frontend/Walker/KernelWalker.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <map>
#include <vector>

namespace warplint {

namespace walker {

using namespace clang;

/// Finds the local variables a statement may write: assignments, ++/--,
/// address-taking and non-const reference bindings to call arguments.
class WrittenVars : public RecursiveASTVisitor<WrittenVars> {
public:
  std::map<const ValueDecl *, SourceLocation> Vars;

  static const ValueDecl *target(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return D->getDecl();
    return nullptr;
  }
  void add(const clang::Expr *E, SourceLocation L) {
    if (const ValueDecl *D = target(E))
      Vars.emplace(D, L);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS(), B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      add(U->getSubExpr(), U->getOperatorLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return true;
    for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I) {
      QualType T = F->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        add(C->getArg(I), C->getBeginLoc());
    }
    return true;
  }
};

/// Whether a loop body may leave the loop for good (break at this level, or
/// return anywhere).
class ExitFinder : public RecursiveASTVisitor<ExitFinder> {
public:
  bool Found = false;
  unsigned Nest = 0;
  bool TraverseForStmt(ForStmt *S) { return nested(S); }
  bool TraverseWhileStmt(WhileStmt *S) { return nested(S); }
  bool TraverseDoStmt(DoStmt *S) { return nested(S); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return nested(S); }
  bool TraverseSwitchStmt(SwitchStmt *S) { return nested(S); }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitBreakStmt(BreakStmt *) {
    Found |= Nest == 0;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *) {
    Found = true;
    return true;
  }

private:
  bool nested(Stmt *S) {
    ++Nest;
    for (Stmt *C : S->children())
      if (C)
        TraverseStmt(C);
    --Nest;
    return true;
  }
};

/// The operands of a comma list, left to right.
inline void commaOperands(const clang::Expr *E,
                          std::vector<const clang::Expr *> &Out) {
  if (!E)
    return;
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Comma) {
    commaOperands(B->getLHS(), Out);
    commaOperands(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// The local variable an assignment or ++/-- expression writes (`i += s`,
/// `++i`, `i = i * 2`), or nullptr.
inline const ValueDecl *writtenBy(const clang::Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->isIncrementDecrementOp() ? WrittenVars::target(U->getSubExpr())
                                       : nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isAssignmentOp() ? WrittenVars::target(B->getLHS()) : nullptr;
  return nullptr;
}

inline bool alwaysExits(const Flow &F) {
  return F.Return.isTrue() || F.Break.isTrue() || F.Continue.isTrue();
}

inline Predicate orElse(const Predicate &A, const Predicate &B) {
  if (A.kind() == PredKind::False)
    return B;
  if (B.kind() == PredKind::False)
    return A;
  return Predicate::disj({A, B});
}

} // namespace walker

} // namespace warplint

#endif // WARPLINT_FRONTEND_LOOPHELPERS_H
