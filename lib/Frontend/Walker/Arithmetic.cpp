//===- Arithmetic.cpp - Floating-point instructions of a statement --------===//

#include "Frontend/Walker/Arithmetic.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warplint {

namespace {

using namespace clang;

/// Which counter an operation of type T goes to; null for other types
/// (integers, half precision, long double).
unsigned *counterFor(QualType T, FpInstructions &C) {
  if (T.isNull())
    return nullptr;
  T = T.getCanonicalType();
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return &C.Fp32;
  if (T->isSpecificBuiltinType(BuiltinType::Double))
    return &C.Fp64;
  return nullptr;
}

bool isFloatingMultiply(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && B->getOpcode() == BO_Mul && B->getType()->isRealFloatingType();
}

class FpCounter : public RecursiveASTVisitor<FpCounter> {
public:
  FpInstructions Count;

  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  // Only one branch runs, and perhaps no right operand: neither is certain.
  bool TraverseConditionalOperator(ConditionalOperator *C) {
    return TraverseStmt(C->getCond());
  }
  bool TraverseBinaryConditionalOperator(BinaryConditionalOperator *C) {
    return TraverseStmt(C->getCommon());
  }
  bool TraverseBinLAnd(BinaryOperator *B) { return TraverseStmt(B->getLHS()); }
  bool TraverseBinLOr(BinaryOperator *B) { return TraverseStmt(B->getLHS()); }

  bool VisitBinaryOperator(BinaryOperator *B) {
    BinaryOperatorKind Op = B->getOpcode();
    bool Additive = Op == BO_Add || Op == BO_Sub || Op == BO_AddAssign ||
                    Op == BO_SubAssign;
    bool Arith = Additive || Op == BO_Mul || Op == BO_Div ||
                 Op == BO_MulAssign || Op == BO_DivAssign;
    if (!Arith)
      return true;
    QualType T = B->getType();
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(B))
      T = CA->getComputationResultType();
    unsigned *C = counterFor(T, Count);
    if (!C)
      return true;
    ++*C;
    // a * b + c is one FFMA: the multiply was counted already.
    if (Additive &&
        (isFloatingMultiply(B->getRHS()) ||
         (!B->isCompoundAssignmentOp() && isFloatingMultiply(B->getLHS()))))
      --*C;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || !F->getIdentifier())
      return true;
    llvm::StringRef N = F->getName();
    bool Intrinsic = N == "fmaf" || N == "fma" || N.starts_with("__fmaf_") ||
                     N.starts_with("__fma_") || N.starts_with("__fadd_") ||
                     N.starts_with("__fsub_") || N.starts_with("__fmul_") ||
                     N.starts_with("__dadd_") || N.starts_with("__dsub_") ||
                     N.starts_with("__dmul_");
    if (Intrinsic)
      if (unsigned *C = counterFor(Call->getType(), Count))
        ++*C;
    return true;
  }
};

} // namespace

FpInstructions countFpInstructions(const Stmt *S) {
  FpCounter C;
  if (S)
    C.TraverseStmt(const_cast<Stmt *>(S));
  return C.Count;
}

} // namespace warplint
