//===- KernelPointers.cpp - Kernels a launch through a pointer may run ----===//

#include "Frontend/Launch/KernelPointers.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warplint {

using namespace clang;

const FunctionDecl *namedKernel(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *F = D ? dyn_cast<FunctionDecl>(D->getDecl()) : nullptr;
  return F && F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
}

namespace {

/// Every value stored in V in a body; Other is set when one is not a
/// kernel or V escapes (address taken).
class Stores : public RecursiveASTVisitor<Stores> {
public:
  explicit Stores(const VarDecl *V) : V(V) {}
  std::vector<const FunctionDecl *> Kernels;
  bool Other = false;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && refersToV(B->getLHS()))
      add(B->getOpcode() == BO_Assign ? B->getRHS() : nullptr);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf && refersToV(U->getSubExpr()))
      Other = true;
    return true;
  }

  void add(const clang::Expr *Value) {
    const FunctionDecl *F = Value ? namedKernel(Value) : nullptr;
    if (!F) {
      Other = true;
      return;
    }
    for (const FunctionDecl *K : Kernels)
      if (K->getCanonicalDecl() == F->getCanonicalDecl())
        return;
    Kernels.push_back(F);
  }

private:
  bool refersToV(const clang::Expr *E) const {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return D && D->getDecl() == V;
  }
  const VarDecl *V;
};

} // namespace

std::vector<const FunctionDecl *>
kernelPointerTargets(const clang::Expr *Callee, const FunctionDecl *Fn) {
  if (!Callee || !Fn || !Fn->getBody())
    return {};
  const auto *D = dyn_cast<DeclRefExpr>(Callee->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() ||
      !V->getType()->isFunctionPointerType())
    return {};
  Stores S(V);
  if (V->hasInit())
    S.add(V->getInit());
  S.TraverseStmt(Fn->getBody());
  if (S.Other)
    return {};
  return S.Kernels;
}

} // namespace warplint
