//===- LoopScans.cpp - A loop body's syntactic facts, scanned once --------===//
//---------===//

#include "Frontend/Walker/LoopScans.h"
#include "Frontend/Walker/LoopHelpers.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace warplint {

using namespace clang;
using namespace walker;

namespace {

/// Every write of a local variable in a statement, with the expression
/// that writes it.
class WriteSites : public RecursiveASTVisitor<WriteSites> {
public:
  std::map<const ValueDecl *, std::vector<const clang::Expr *>> Writes;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS(), B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      add(U->getSubExpr(), U);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // A non-const reference argument may write the variable: not regular.
    const FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (!F || I >= F->getNumParams() ||
          (F->getParamDecl(I)->getType()->isReferenceType() &&
           !F->getParamDecl(I)
                ->getType()
                .getNonReferenceType()
                .isConstQualified()))
        add(C->getArg(I), C);
    return true;
  }

private:
  void add(const clang::Expr *E, const clang::Expr *Write) {
    if (const ValueDecl *D = WrittenVars::target(E))
      Writes[D].push_back(Write);
  }
};

/// The answer of Visitor's scan of S (its member Field), from Cache or
/// scanned now and kept there.
template <class Visitor, class Result, class Field>
const Result &
scanOnce(llvm::DenseMap<const Stmt *, std::unique_ptr<Result>> &Cache,
         const Stmt *S, Field Visitor::*Answer) {
  std::unique_ptr<Result> &Slot = Cache[S];
  if (!Slot) {
    Visitor V;
    if (S)
      V.TraverseStmt(const_cast<Stmt *>(S));
    Slot = std::make_unique<Result>(std::move(V.*Answer));
  }
  return *Slot;
}

} // namespace

const LoopScans::Written &LoopScans::writtenVars(const Stmt *S) {
  return scanOnce<WrittenVars>(WrittenOf, S, &WrittenVars::Vars);
}

const LoopScans::Sites &LoopScans::writeSites(const Stmt *S) {
  return scanOnce<WriteSites>(SitesOf, S, &WriteSites::Writes);
}

bool LoopScans::mayLeaveLoop(const Stmt *Body) {
  auto [It, New] = LeavesOf.try_emplace(Body, false);
  if (New && Body) {
    ExitFinder EF;
    EF.TraverseStmt(const_cast<Stmt *>(Body));
    It->second = EF.Found;
  }
  return It->second;
}

UnrollBodyFacts LoopScans::unrollFacts(const Stmt *Body) {
  auto [It, New] = UnrollOf.try_emplace(Body);
  if (New)
    It->second = scanUnrollFacts(Body);
  return It->second;
}

} // namespace warplint
