//===- LValueEval.cpp - Variables and memory places -----------------------===//
//
// lvalues: local variables (read from the environment), places in memory
// objects (object + byte offset, plus the subscript ranges and field path the
// fix component needs), and the loads and stores through them.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

namespace warplint {

using namespace clang;

std::optional<unsigned> KernelWalker::paramIndex(const ValueDecl *D) const {
  const auto *P = dyn_cast<ParmVarDecl>(D);
  if (!P)
    return std::nullopt;
  auto It = ParamIds.find(P);
  if (It == ParamIds.end())
    return std::nullopt;
  return It->second;
}

AbsValue KernelWalker::lookupVar(const ValueDecl *D, const clang::Expr *E) {
  auto &Env = State.Frames.back().Env;
  auto It = Env.find(D);
  if (It != Env.end())
    return It->second;
  QualType T = D->getType().getNonReferenceType();
  if (auto Idx = paramIndex(D)) {
    if (T->isPointerType() || T->isArrayType()) {
      if (auto Obj = objectFor(D))
        return AbsValue::pointer(*Obj, Expr(0));
      return AbsValue::unknown("the pointer '" + D->getName().str() + "'",
                               false);
    }
    if (T->isIntegralOrEnumerationType())
      return AbsValue::integer(Expr::symbol(SymbolKind::Param, *Idx));
    return AbsValue::unknown("the parameter '" + D->getName().str() + "'",
                             false);
  }
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (VD->getInit() && T.isConstQualified() &&
        T->isIntegralOrEnumerationType()) {
      clang::Expr::EvalResult R;
      if (!VD->getInit()->isValueDependent() &&
          VD->getInit()->EvaluateAsInt(R, Ctx))
        if (std::optional<int64_t> V = R.Val.getInt().tryExtValue())
          return AbsValue::integer(*V);
    }
    if (VD->hasGlobalStorage() && T->isIntegralOrEnumerationType() &&
        (VD->hasAttr<CUDAConstantAttr>() || T.isConstQualified())) {
      // A __constant__ (or const global) scalar: the same for every thread.
      return newUniform("the value of '" + VD->getName().str() + "'",
                        E->getBeginLoc(), /*PerIteration=*/false);
    }
  }
  return AbsValue::unknown("'" + D->getName().str() + "'", true);
}

/// A named variable: a reference bound in this frame, a memory object (a
/// shared array, a global), or a local.
LValue KernelWalker::declLValue(const DeclRefExpr *D) {
  LValue LV;
  const ValueDecl *VD = D->getDecl();
  auto &Refs = State.Frames.back().Refs;
  if (auto It = Refs.find(VD); It != Refs.end())
    return It->second;
  if (auto Obj = objectFor(VD)) {
    if (!paramIndex(VD)) {
      LV.K = LValue::Kind::Memory;
      LV.Ptr = AbsValue::pointer(*Obj, Expr(0));
      LV.Chain = true;
      return LV;
    }
  }
  if (const auto *Var = dyn_cast<VarDecl>(VD)) {
    if (Var->hasGlobalStorage() && !Var->isStaticLocal() &&
        !Var->getType().isConstQualified() &&
        !Var->hasAttr<CUDAConstantAttr>()) {
      LV.Reason = "the global '" + Var->getName().str() + "'";
      return LV;
    }
  }
  LV.K = LValue::Kind::Var;
  LV.Var = VD;
  return LV;
}

/// a[i]: the base's place (or pointer) plus the index; a chain of
/// subscripts into one object keeps each subscript for the fixes.
LValue KernelWalker::subscriptLValue(const ArraySubscriptExpr *A) {
  LValue LV;
  const clang::Expr *Base = A->getBase()->IgnoreParens();
  LValue Inner;
  AbsValue P;
  if (const auto *C = dyn_cast<ImplicitCastExpr>(Base);
      C && C->getCastKind() == CK_ArrayToPointerDecay) {
    Inner = evalLValue(C->getSubExpr());
    P = Inner.K == LValue::Kind::Memory
            ? Inner.Ptr
            : AbsValue::unknown("the array '" + text(C) + "'", true);
  } else {
    P = eval(A->getBase());
  }
  AbsValue I = eval(A->getIdx());
  LV.Ptr = pointerAdd(P, I, A->getType(), false, A);
  if (LV.Ptr.K != AbsValue::Kind::Pointer) {
    LV.Reason =
        LV.Ptr.Reason.empty() ? "the base of '" + text(A) + "'" : LV.Ptr.Reason;
    LV.K = LValue::Kind::Unknown;
    return LV;
  }
  LV.K = LValue::Kind::Memory;
  LV.Chain = Inner.K == LValue::Kind::Memory && Inner.Chain;
  if (LV.Chain) {
    LV.Subscripts = Inner.Subscripts;
    LV.Subscripts.push_back(A->getIdx());
    LV.SubscriptValues = Inner.SubscriptValues;
    LV.SubscriptValues.push_back(
        I.K == AbsValue::Kind::Int ? std::optional<Expr>(I.Int) : std::nullopt);
  }
  return LV;
}

/// s.f and p->f: the base's place plus the field's offset.
LValue KernelWalker::memberLValue(const MemberExpr *M) {
  LValue LV;
  LValue Base;
  if (M->isArrow()) {
    AbsValue P = eval(M->getBase());
    if (P.K == AbsValue::Kind::Pointer) {
      Base.K = LValue::Kind::Memory;
      Base.Ptr = P;
    } else {
      Base.Reason = P.Reason;
    }
  } else {
    const clang::Expr *BE = M->getBase()->IgnoreParenImpCasts();
    if (const auto *D = dyn_cast<DeclRefExpr>(BE)) {
      // A field of a struct kernel parameter: block-uniform.
      if (paramIndex(D->getDecl()) && !objectFor(D->getDecl())) {
        LV.Uniform = true;
        LV.Reason = "'" + text(M) + "'";
        return LV;
      }
    }
    Base = evalLValue(M->getBase());
  }
  const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (Base.K != LValue::Kind::Memory || !FD) {
    LV.Reason = Base.Reason.empty() ? "'" + text(M) + "'" : Base.Reason;
    LV.Uniform = Base.Uniform;
    return LV;
  }
  LV = Base;
  LV.Chain = false;
  if (LV.Ptr.Offset)
    LV.Ptr.Offset =
        *LV.Ptr.Offset +
        Expr(int64_t(
            Ctx.toCharUnitsFromBits(Ctx.getFieldOffset(FD)).getQuantity()));
  LV.Field += "." + FD->getName().str();
  return LV;
}

/// v.x of a vector type: the base's place plus the element's offset.
LValue KernelWalker::vectorElementLValue(const ExtVectorElementExpr *V) {
  LValue LV;
  LValue Base = evalLValue(V->getBase());
  llvm::SmallVector<uint32_t, 4> Idx;
  V->getEncodedElementAccess(Idx);
  if (Base.K != LValue::Kind::Memory || Idx.size() != 1) {
    LV.Reason = "the vector element '" + text(V) + "'";
    return LV;
  }
  LV = Base;
  LV.Chain = false;
  int64_t Elt = Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  if (LV.Ptr.Offset)
    LV.Ptr.Offset = *LV.Ptr.Offset + Expr(int64_t(Idx[0]) * Elt);
  LV.Field += "." + V->getAccessor().getName().str();
  return LV;
}

LValue KernelWalker::evalLValue(const clang::Expr *E) {
  LValue LV;
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast)
      return evalLValue(C->getSubExpr());
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast) {
      LValue Inner = evalLValue(C->getSubExpr());
      Inner.Ptr.Derived |= C->getCastKind() == CK_LValueBitCast;
      Inner.Chain &= C->getCastKind() == CK_NoOp;
      return Inner;
    }
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalLValue(M->getSubExpr());
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return declLValue(D);
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    return subscriptLValue(A);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      AbsValue P = eval(U->getSubExpr());
      if (P.K == AbsValue::Kind::Pointer) {
        LV.K = LValue::Kind::Memory;
        LV.Ptr = P;
        return LV;
      }
      LV.Reason = P.Reason.empty() ? "the pointer '" + text(U->getSubExpr()) + "'"
                                   : P.Reason;
      return LV;
    }
    if (U->getOpcode() == UO_PreInc || U->getOpcode() == UO_PreDec) {
      evalIncDec(U);
      return evalLValue(U->getSubExpr());
    }
  }
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return memberLValue(M);
  if (const auto *V = dyn_cast<ExtVectorElementExpr>(E))
    return vectorElementLValue(V);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      evalAssign(B);
      return evalLValue(B->getLHS());
    }
    if (B->getOpcode() == BO_Comma) {
      eval(B->getLHS());
      return evalLValue(B->getRHS());
    }
  }
  // Other lvalues (calls returning references, conditional lvalues, ...):
  // evaluate the parts for their accesses; the place itself is unknown.
  if (isa<CallExpr>(E) || !E->isGLValue()) {
    eval(E);
  } else {
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
        eval(CE);
  }
  LV.Reason = "the lvalue '" + text(E) + "'";
  return LV;
}

AbsValue KernelWalker::newUniform(std::string Description, SourceLocation At,
                                  bool PerIteration,
                                  std::optional<GeometricSequence> Sequence) {
  unsigned Id = K.Uniforms.size();
  K.Uniforms.push_back(
      {Id, std::move(Description), loc(At), PerIteration, std::move(Sequence)});
  return AbsValue::integer(Expr::symbol(SymbolKind::Uniform, Id));
}

AbsValue KernelWalker::opaqueLoadValue(const AbsValue &Addr,
                                       const clang::Expr *E) {
  QualType T = E->getType();
  bool Uniform = Addr.K == AbsValue::Kind::Pointer && Addr.Offset &&
                 !threadDependent(*Addr.Offset);
  if (Uniform && T->isIntegralOrEnumerationType()) {
    // Every thread of the block reads the same address: the value is the
    // same for all of them, though unknown.
    return newUniform("the value loaded from '" + text(E) + "'",
                      E->getBeginLoc(), !State.LoopStack.empty());
  }
  return AbsValue::data("the value loaded from '" + text(E) + "'", !Uniform);
}

AbsValue KernelWalker::readLValue(const LValue &LV, const clang::Expr *E) {
  switch (LV.K) {
  case LValue::Kind::Var: {
    AbsValue V = lookupVar(LV.Var, E);
    if (V.K == AbsValue::Kind::Pointer && !LV.Var->getType()->isArrayType())
      V.Derived = true; // reached through a pointer variable
    return V;
  }
  case LValue::Kind::Memory: {
    QualType T = E->getType();
    if (T->isArrayType())
      return LV.Ptr;
    recordAccess(LV, E, AccessOp::Load, T);
    return opaqueLoadValue(LV.Ptr, E);
  }
  case LValue::Kind::Unknown:
    break;
  }
  if (LV.Uniform && E->getType()->isIntegralOrEnumerationType()) {
    return newUniform("the value of " + LV.Reason, E->getBeginLoc(),
                      !State.LoopStack.empty());
  }
  return AbsValue::unknown(LV.Reason, !LV.Uniform);
}

void KernelWalker::writeLValue(const LValue &LV, const clang::Expr *E,
                               AbsValue V) {
  switch (LV.K) {
  case LValue::Kind::Var: {
    QualType T = LV.Var->getType();
    if (T->isIntegralOrEnumerationType() && !T->isBooleanType())
      V = toIntOrAddress(V, E);
    if (T->isPointerType() && V.K == AbsValue::Kind::Pointer)
      V.Derived = true;
    State.Frames.back().Env[LV.Var] = boundDepth(std::move(V));
    return;
  }
  case LValue::Kind::Memory:
    notePointerEscape(V, E, "stored to memory");
    recordAccess(LV, E, AccessOp::Store, E->getType());
    return;
  case LValue::Kind::Unknown:
    return;
  }
}

} // namespace warplint
