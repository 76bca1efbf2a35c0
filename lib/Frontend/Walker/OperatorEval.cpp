//===- OperatorEval.cpp - Arithmetic, comparison and assignment operators -===//
//
// The operator part of the expression evaluator (ExprEval.cpp): binary and
// unary operators on integral, real and pointer values, increments and
// assignments, each turned into Exprs and Predicates over the model's
// symbols as the file comment of ExprEval.cpp describes.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/RealFold.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/ExprCXX.h"

namespace warplint {

using namespace clang;

/// A & X, A | X or A ^ X with the terms of A that are the same in every
/// thread and multiples of a power of two above every bit of X taken out
/// of the bit operation: they leave the bits it reads alone, so (A' + B) ^
/// X = (A' ^ X) + B (and & drops B). A pointer moved by a tile in a loop,
/// then swizzled, stays a thread's exact offset plus the move.
std::optional<Expr> KernelWalker::bitOpAside(ExprKind Kind, const Expr &A,
                                             const Expr &X) {
  std::optional<unsigned> Bits = bitWidth(X);
  if (!Bits || *Bits > 62)
    return std::nullopt;
  UnitSplit Split =
      splitWholeUnits(A, int64_t(1) << *Bits, {SymbolKind::ThreadIdx});
  if (Split.Aside.asConst() == 0)
    return std::nullopt;
  Expr Inner = Expr::binary(Kind, Split.Kept, X);
  return Kind == ExprKind::BitAnd ? Inner : Inner + Split.Aside;
}

Expr KernelWalker::bitOp(ExprKind Kind, const Expr &A, const Expr &B) {
  if (std::optional<Expr> Out = bitOpAside(Kind, A, B))
    return *Out;
  if (std::optional<Expr> Out = bitOpAside(Kind, B, A))
    return *Out;
  return Expr::binary(Kind, A, B);
}

AbsValue KernelWalker::arith(BinaryOperatorKind Op, const AbsValue &L,
                             const AbsValue &R, const clang::Expr *E) {
  if (L.isUnknown() || R.isUnknown()) {
    const AbsValue &U = L.isUnknown() ? L : R;
    AbsValue Out =
        AbsValue::unknown(U.Reason, threadDependent(L) || threadDependent(R));
    Out.Data = AbsValue::allUnknownsData({&L, &R});
    return Out;
  }
  if (E->getType()->isFloatingType()) {
    std::optional<double> A = realValue(L), B = realValue(R);
    if (A && B)
      if (auto V = foldRealArith(Op, *A, *B, E->getType()))
        return AbsValue::real(*V);
    AbsValue Out =
        AbsValue::unknown("the floating-point value '" + text(E) + "'",
                          threadDependent(L) || threadDependent(R));
    Out.Data = fromDataOnly({L, R});
    return Out;
  }
  if (L.Integer || R.Integer)
    return addressArith(Op, L, R, E);
  AbsValue A = toInt(L, E), B = toInt(R, E);
  if (A.isUnknown() || B.isUnknown())
    return A.isUnknown() ? A : B;
  const Expr &X = A.Int, &Y = B.Int;
  switch (Op) {
  case BO_Add:
  case BO_AddAssign:
    return AbsValue::integer(X + Y);
  case BO_Sub:
  case BO_SubAssign:
    return AbsValue::integer(X - Y);
  case BO_Mul:
  case BO_MulAssign:
    return AbsValue::integer(X * Y);
  case BO_Div:
  case BO_DivAssign:
    return AbsValue::integer(Expr::binary(ExprKind::Div, X, Y));
  case BO_Rem:
  case BO_RemAssign:
    return AbsValue::integer(Expr::binary(ExprKind::Rem, X, Y));
  case BO_Shl:
  case BO_ShlAssign:
    return AbsValue::integer(Expr::binary(ExprKind::Shl, X, Y));
  case BO_Shr:
  case BO_ShrAssign:
    return AbsValue::integer(Expr::binary(ExprKind::Shr, X, Y));
  case BO_And:
  case BO_AndAssign:
    return AbsValue::integer(bitOp(ExprKind::BitAnd, X, Y));
  case BO_Or:
  case BO_OrAssign:
    return AbsValue::integer(bitOp(ExprKind::BitOr, X, Y));
  case BO_Xor:
  case BO_XorAssign:
    return AbsValue::integer(bitOp(ExprKind::BitXor, X, Y));
  default:
    break;
  }
  return AbsValue::unknown("the operator in '" + text(E) + "'",
                           threadDependent(A) || threadDependent(B));
}

AbsValue KernelWalker::addressArith(BinaryOperatorKind Op, const AbsValue &L,
                                    const AbsValue &R, const clang::Expr *E) {
  bool Add = Op == BO_Add || Op == BO_AddAssign;
  bool Sub = Op == BO_Sub || Op == BO_SubAssign;
  if (L.Integer && R.Integer && Sub && L.Object == R.Object && L.Offset &&
      R.Offset) {
    // A distance inside the object: it changes with the object's layout,
    // and nothing follows where it goes.
    noteOutsideUse(L.Object, E->getBeginLoc(),
                   "the distance between two of its addresses is taken");
    return AbsValue::integer(*L.Offset - *R.Offset);
  }
  if (L.Integer != R.Integer && (Add || (Sub && L.Integer))) {
    const AbsValue &P = L.Integer ? L : R;
    AbsValue Out = pointerAdd(P, L.Integer ? R : L, QualType(), Sub, E);
    Out.Integer = true;
    return Out;
  }
  const AbsValue &P = L.Integer ? L : R;
  // Bits of the address computed by the program itself (a swizzle of the
  // integer): what it reads depends on the layout in ways no subscript
  // shows.
  noteOutsideUse(P.Object, E->getBeginLoc(),
                 "its address is used in integer arithmetic other than adding "
                 "offsets");
  // A shift, division or remainder by the address is no address arithmetic.
  bool AddressLeft = L.Integer && !R.Integer;
  bool Commutes = Op == BO_And || Op == BO_AndAssign || Op == BO_Or ||
                  Op == BO_OrAssign || Op == BO_Xor || Op == BO_XorAssign;
  if (L.Integer != R.Integer && (AddressLeft || Commutes))
    if (auto B = windowBitOp(Op, P, L.Integer ? R : L, E))
      return *B;
  std::string Name = K.Objects[P.Object].Name;
  return AbsValue::unknown("'" + text(E) + "', arithmetic on the address of '" +
                               Name +
                               "' other than adding offsets (its "
                               "result depends on where '" +
                               Name + "' lies in memory)",
                           threadDependent(L) || threadDependent(R));
}

std::optional<AbsValue> KernelWalker::windowBitOp(BinaryOperatorKind Op,
                                                  const AbsValue &P,
                                                  const AbsValue &V,
                                                  const clang::Expr *E) {
  bool And = Op == BO_And || Op == BO_AndAssign;
  bool Or = Op == BO_Or || Op == BO_OrAssign;
  bool Xor = Op == BO_Xor || Op == BO_XorAssign;
  bool Shr = Op == BO_Shr || Op == BO_ShrAssign;
  bool Div = Op == BO_Div || Op == BO_DivAssign;
  bool Rem = Op == BO_Rem || Op == BO_RemAssign;
  if ((!And && !Or && !Xor && !Shr && !Div && !Rem) || V.Integer ||
      !P.Offset || !P.AlsoObjects.empty())
    return std::nullopt;
  AbsValue X = toInt(V, E);
  if (X.isUnknown())
    return std::nullopt;
  ExprKind Kind = And   ? ExprKind::BitAnd
                  : Or  ? ExprKind::BitOr
                  : Xor ? ExprKind::BitXor
                  : Shr ? ExprKind::Shr
                  : Div ? ExprKind::Div
                        : ExprKind::Rem;
  if (std::optional<int64_t> Base = windowBase(P.Object)) {
    Expr Address = Expr(*Base) + *P.Offset;
    Expr Result =
        Kind == ExprKind::Shr || Kind == ExprKind::Div || Kind == ExprKind::Rem
            ? Expr::binary(Kind, Address, X.Int)
            : bitOpAside(Kind, Address, X.Int)
                  .value_or(Expr::binary(Kind, Address, X.Int));
    if (!Or && !Xor)
      return AbsValue::integer(Result);
    AbsValue Out = P;
    Out.Offset = Result - Expr(*Base);
    Out.Derived = true;
    return Out;
  }
  if (Shr || Div || Rem)
    return std::nullopt;
  // The bits the operation reads or writes all lie below the alignment of
  // the array's window address: on the address they act as on the offset.
  int64_t Align = windowAlignment(P.Object);
  std::optional<unsigned> Bits = bitWidth(X.Int);
  if (Align <= 1 || (Align & (Align - 1)) || !Bits || *Bits > 62 ||
      (int64_t(1) << *Bits) > Align)
    return std::nullopt;
  if (And)
    return AbsValue::integer(
        bitOpAside(ExprKind::BitAnd, *P.Offset, X.Int)
            .value_or(Expr::binary(ExprKind::BitAnd, *P.Offset, X.Int)));
  AbsValue Out = P;
  Out.Offset = bitOpAside(Kind, *P.Offset, X.Int)
                   .value_or(Expr::binary(Kind, *P.Offset, X.Int));
  Out.Derived = true;
  return Out;
}

AbsValue KernelWalker::pointerAdd(const AbsValue &P, const AbsValue &I,
                                  QualType Pointee, bool Negate,
                                  const clang::Expr *E) {
  if (P.K != AbsValue::Kind::Pointer)
    return P.isUnknown()
               ? P
               : AbsValue::unknown("the pointer '" + text(E) + "'", true);
  AbsValue Out = P;
  if (!P.Offset)
    return Out;
  AbsValue Idx = toInt(I, E);
  if (Idx.isUnknown()) {
    Out.Offset.reset();
    Out.Reason = Idx.Reason;
    Out.ThreadDep = Idx.ThreadDep;
    Out.Data = Idx.Data;
    return Out;
  }
  int64_t Size = 1;
  if (!Pointee.isNull() && !Pointee->isIncompleteType() &&
      !Pointee->isVoidType())
    Size = Ctx.getTypeSizeInChars(Pointee).getQuantity();
  Expr Delta = Idx.Int * Expr(Size);
  Out.Offset = Negate ? *P.Offset - Delta : *P.Offset + Delta;
  return Out;
}

AbsValue KernelWalker::evalBinary(const BinaryOperator *B) {
  BinaryOperatorKind Op = B->getOpcode();
  if (B->isAssignmentOp())
    return evalAssign(B);
  if (Op == BO_Comma) {
    eval(B->getLHS());
    return eval(B->getRHS());
  }
  if (Op == BO_LAnd || Op == BO_LOr) {
    // The right operand only runs where the left one allows it.
    Predicate L = toPred(eval(B->getLHS()), B->getLHS());
    State.Guards.push_back(Op == BO_LAnd ? L : Predicate::negate(L));
    Predicate R = toPred(eval(B->getRHS()), B->getRHS());
    State.Guards.pop_back();
    return AbsValue::boolean(Op == BO_LAnd ? Predicate::conj({L, R})
                                           : Predicate::disj({L, R}));
  }
  AbsValue L = eval(B->getLHS());
  AbsValue R = eval(B->getRHS());
  if (B->isComparisonOp()) {
    if (Op == BO_EQ || Op == BO_NE) {
      // `p != nullptr`, `p == NULL`, `0 == p`.
      auto IsNullConstant = [&](const clang::Expr *X) {
        return X->isNullPointerConstant(
                   Ctx, clang::Expr::NPC_ValueDependentIsNotNull) !=
               clang::Expr::NPCK_NotNull;
      };
      const clang::Expr *PtrE = nullptr;
      const AbsValue *Ptr = nullptr;
      if (IsNullConstant(B->getRHS())) {
        PtrE = B->getLHS();
        Ptr = &L;
      } else if (IsNullConstant(B->getLHS())) {
        PtrE = B->getRHS();
        Ptr = &R;
      }
      if (Ptr && PtrE->getType()->isPointerType())
        if (std::optional<Predicate> P = nullTest(*Ptr, PtrE, Op == BO_EQ))
          return AbsValue::boolean(*P);
    }
    if (L.K == AbsValue::Kind::Pointer && R.K == AbsValue::Kind::Pointer &&
        L.Object == R.Object && L.Offset && R.Offset) {
      L = AbsValue::integer(*L.Offset);
      R = AbsValue::integer(*R.Offset);
    }
    if (B->getLHS()->getType()->isFloatingType() ||
        B->getRHS()->getType()->isFloatingType()) {
      std::optional<double> X = realValue(L), Y = realValue(R);
      if (X && Y)
        if (auto Truth = foldRealCompare(Op, *X, *Y))
          return AbsValue::boolean(Predicate(*Truth));
      AbsValue Out =
          AbsValue::unknown("the floating-point comparison '" + text(B) + "'",
                            threadDependent(L) || threadDependent(R));
      Out.Data = fromDataOnly({L, R});
      return Out;
    }
    AbsValue A = toInt(L, B->getLHS()), C = toInt(R, B->getRHS());
    if (A.isUnknown() || C.isUnknown()) {
      const AbsValue &U = A.isUnknown() ? A : C;
      AbsValue Out =
          AbsValue::unknown(U.Reason, threadDependent(A) || threadDependent(C));
      Out.Data = AbsValue::allUnknownsData({&A, &C});
      return Out;
    }
    CmpKind K;
    switch (Op) {
    case BO_LT:
      K = CmpKind::LT;
      break;
    case BO_LE:
      K = CmpKind::LE;
      break;
    case BO_GT:
      K = CmpKind::GT;
      break;
    case BO_GE:
      K = CmpKind::GE;
      break;
    case BO_EQ:
      K = CmpKind::EQ;
      break;
    case BO_NE:
      K = CmpKind::NE;
      break;
    default:
      return AbsValue::unknown("the comparison '" + text(B) + "'",
                               threadDependent(A) || threadDependent(C));
    }
    return AbsValue::boolean(Predicate::cmp(K, A.Int, C.Int));
  }
  // Pointer arithmetic: p + i, i + p, p - i, p - q.
  bool LP = B->getLHS()->getType()->isPointerType();
  bool RP = B->getRHS()->getType()->isPointerType();
  if (LP && RP && Op == BO_Sub) {
    if (L.K == AbsValue::Kind::Pointer && R.K == AbsValue::Kind::Pointer &&
        L.Object == R.Object && L.Offset && R.Offset) {
      QualType Pointee = B->getLHS()->getType()->getPointeeType();
      int64_t Size = Pointee->isIncompleteType() || Pointee->isVoidType()
                         ? 1
                         : Ctx.getTypeSizeInChars(Pointee).getQuantity();
      return AbsValue::integer(
          Expr::binary(ExprKind::Div, *L.Offset - *R.Offset, Size));
    }
    return AbsValue::unknown("the pointer difference '" + text(B) + "'", true);
  }
  if ((LP || RP) && (Op == BO_Add || Op == BO_Sub)) {
    const clang::Expr *PE = LP ? B->getLHS() : B->getRHS();
    AbsValue Out = pointerAdd(LP ? L : R, LP ? R : L,
                              PE->getType()->getPointeeType(), Op == BO_Sub, B);
    Out.Derived = true;
    return Out;
  }
  return arith(Op, L, R, B);
}

AbsValue KernelWalker::evalUnary(const UnaryOperator *U) {
  const clang::Expr *Sub = U->getSubExpr();
  switch (U->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    return evalIncDec(U);
  case UO_AddrOf: {
    LValue LV = evalLValue(Sub);
    if (LV.K == LValue::Kind::Memory) {
      AbsValue P = LV.Ptr;
      P.Site = addressSite(LV);
      P.Derived = true;
      return P;
    }
    if (LV.K == LValue::Kind::Var) {
      // The callee may write through the address: forget the variable.
      State.Frames.back().Env[LV.Var] = AbsValue::unknown(
          "'" + LV.Var->getName().str() + "', whose address is taken", true);
    }
    return AbsValue::unknown("the address '" + text(U) + "'", true);
  }
  case UO_Plus:
  case UO_Extension:
    return eval(Sub);
  case UO_Minus:
    return arith(BO_Mul, AbsValue::integer(-1), eval(Sub), U);
  case UO_Not: {
    // ~x == -x - 1 in two's complement.
    AbsValue V = eval(Sub);
    AbsValue N = arith(BO_Mul, AbsValue::integer(-1), V, U);
    return arith(BO_Sub, N, AbsValue::integer(1), U);
  }
  case UO_LNot:
    return AbsValue::boolean(Predicate::negate(toPred(eval(Sub), Sub)));
  default:
    break;
  }
  eval(Sub);
  return AbsValue::unknown("the expression '" + text(U) + "'", true);
}

AbsValue KernelWalker::evalIncDec(const UnaryOperator *U) {
  const clang::Expr *Sub = U->getSubExpr();
  LValue LV = evalLValue(Sub);
  AbsValue Old = readLValue(LV, Sub);
  AbsValue One = AbsValue::integer(1);
  AbsValue New;
  if (Sub->getType()->isPointerType()) {
    New = pointerAdd(Old, One, Sub->getType()->getPointeeType(),
                     U->isDecrementOp(), U);
    New.Derived = true;
  } else {
    New = arith(U->isIncrementOp() ? BO_Add : BO_Sub, Old, One, U);
  }
  writeLValue(LV, Sub, New);
  return U->isPrefix() ? New : Old;
}

AbsValue KernelWalker::evalAssign(const BinaryOperator *B) {
  // The right operand is evaluated first (C++17 sequencing), so for
  // `s[i] += s[j]` the accesses come out as: load s[j], load s[i], store s[i].
  AbsValue R = eval(B->getRHS());
  LValue LV = evalLValue(B->getLHS());
  AbsValue New = R;
  if (B->getOpcode() != BO_Assign) {
    AbsValue Old = readLValue(LV, B->getLHS());
    const clang::Expr *LHS = B->getLHS();
    if (LHS->getType()->isPointerType() &&
        (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign)) {
      New = pointerAdd(Old, R, LHS->getType()->getPointeeType(),
                       B->getOpcode() == BO_SubAssign, B);
      New.Derived = true;
    } else {
      New = arith(B->getOpcode(), Old, R, B);
    }
  }
  writeLValue(LV, B->getLHS(), New);
  return New;
}

} // namespace warplint
