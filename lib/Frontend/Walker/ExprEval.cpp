//===- ExprEval.cpp - clang expressions to Exprs, Predicates, pointers ----===//
//
// The expression half of the abstract interpreter. Integral expressions
// become Exprs over the model's symbols; comparisons and logical operators
// become Predicates; pointer expressions become (object, byte offset). Loads
// and stores met on the way are recorded as accesses. Integral casts keep the
// value: unsigned wraparound and narrowing are ignored, which is exact for
// the small non-negative indices kernels compute.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/RealFold.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

namespace warplint {

using namespace clang;

std::string KernelWalker::text(const clang::Expr *E) const {
  return text(static_cast<const Stmt *>(E));
}

static bool predThreadDep(const Predicate &P,
                          const std::function<bool(const Expr &)> &ExprDep) {
  switch (P.kind()) {
  case PredKind::True:
  case PredKind::False:
    return false;
  case PredKind::Unknown:
    return P.unknownDependsOnThread();
  case PredKind::Cmp:
    return ExprDep(P.lhs()) || ExprDep(P.rhs());
  default:
    for (const Predicate &Op : P.operands())
      if (predThreadDep(Op, ExprDep))
        return true;
    return false;
  }
}

bool KernelWalker::threadDependent(const Expr &E) const {
  if (E.kind() == ExprKind::Select &&
      threadDependent(E.cond()))
    return true;
  for (Symbol S : E.symbols()) {
    if (S.Kind == SymbolKind::ThreadIdx)
      return true;
    if (S.Kind == SymbolKind::LoopVar &&
        (S.Index >= State.LoopThreadDep.size() || State.LoopThreadDep[S.Index]))
      return true;
  }
  return false;
}

bool KernelWalker::threadDependent(const Predicate &P) const {
  return predThreadDep(P, [this](const Expr &E) { return threadDependent(E); });
}

bool KernelWalker::fromDataOnly(const std::vector<AbsValue> &Parts) {
  // A floating-point value is data when what it is computed from is: some
  // part is data and no part is a gap of the model. Known integers (a
  // thread index converted to float) give a value warplint could know.
  std::vector<const AbsValue *> Ps;
  for (const AbsValue &V : Parts)
    Ps.push_back(&V);
  return AbsValue::dataAmong(Ps);
}

bool KernelWalker::threadDependent(const AbsValue &V) const {
  switch (V.K) {
  case AbsValue::Kind::Unknown:
    return V.ThreadDep;
  case AbsValue::Kind::Int:
    return threadDependent(V.Int);
  case AbsValue::Kind::Bool:
    return threadDependent(V.Bool);
  case AbsValue::Kind::Real:
    return false;
  case AbsValue::Kind::Pointer:
    return V.Offset ? threadDependent(*V.Offset) : V.ThreadDep;
  }
  return true;
}

Predicate KernelWalker::toPred(const AbsValue &V, const clang::Expr *E) {
  switch (V.K) {
  case AbsValue::Kind::Bool:
    return V.Bool;
  case AbsValue::Kind::Int:
    if (auto C = V.Int.asConst())
      return *C != 0;
    return Predicate::cmp(CmpKind::NE, V.Int, 0);
  case AbsValue::Kind::Pointer:
    if (std::optional<Predicate> P = nullTest(V, E, /*IsNull=*/false))
      return *P;
    return Predicate::unknown("pointer test '" + text(E) + "'",
                              threadDependent(V));
  case AbsValue::Kind::Real:
    return Predicate(V.Real != 0);
  case AbsValue::Kind::Unknown:
    break;
  }
  return Predicate::unknown("condition '" + text(E) + "' depends on " +
                                V.Reason,
                            V.ThreadDep, V.Data);
}

std::optional<Predicate>
KernelWalker::nullTest(const AbsValue &P, const clang::Expr *E, bool IsNull) {
  // A pointer the same in every thread of the block (a kernel argument,
  // `mean != nullptr`) is null for all of them or for none: the test is a
  // block-uniform value, like a flag loaded from one address, which the
  // solver treats as deciding which requests run. An address held in an
  // integer (a shared window address) is left alone.
  if (P.K != AbsValue::Kind::Pointer || P.Integer || threadDependent(P) ||
      !P.AlsoObjects.empty() || P.Object >= K.Objects.size())
    return std::nullopt;
  const MemoryObject &O = K.Objects[P.Object];
  // An address in a __shared__ array or a __device__ array is never null.
  if (!O.IsParameter)
    return Predicate(!IsNull);
  // One symbol per parameter, whatever the test's spelling and however
  // often it is tested: the argument is the same throughout the kernel. (A
  // trial walk may have cut the symbol off K.Uniforms: then a new one.)
  std::string Description = "the address '" + O.Name + "'";
  auto It = NullTestSymbols.find(P.Object);
  if (It == NullTestSymbols.end() || It->second >= K.Uniforms.size() ||
      K.Uniforms[It->second].Description != Description) {
    AbsValue U = newUniform(Description, E->getBeginLoc());
    It = NullTestSymbols.insert_or_assign(P.Object, U.Int.symbolValue().Index)
             .first;
  }
  Expr U = Expr::symbol(SymbolKind::Uniform, It->second);
  return Predicate::cmp(IsNull ? CmpKind::EQ : CmpKind::NE, U, 0);
}

AbsValue KernelWalker::toInt(const AbsValue &V, const clang::Expr *E) {
  if (V.K == AbsValue::Kind::Bool) {
    if (V.Bool.kind() == PredKind::True)
      return AbsValue::integer(1);
    if (V.Bool.kind() == PredKind::False)
      return AbsValue::integer(0);
    if (V.Bool.hasUnknown()) {
      AbsValue U = AbsValue::unknown("the condition '" + text(E) + "'",
                                     threadDependent(V.Bool));
      U.Data = V.Bool.unknownsFromData();
      return U;
    }
    return AbsValue::integer(Expr::select(V.Bool, 1, 0));
  }
  if (V.K == AbsValue::Kind::Pointer)
    return AbsValue::unknown("the address '" + text(E) + "' used as a number",
                             threadDependent(V));
  if (V.K == AbsValue::Kind::Real)
    return AbsValue::unknown("the floating-point value '" + text(E) + "'",
                             false);
  return V;
}

AbsValue KernelWalker::toIntOrAddress(const AbsValue &V, const clang::Expr *E) {
  if (V.K == AbsValue::Kind::Pointer && V.Integer)
    return V; // still the address, in an integer of another width
  return toInt(V, E);
}

std::optional<double> realValue(const AbsValue &V) {
  if (V.K == AbsValue::Kind::Real)
    return V.Real;
  if (V.K == AbsValue::Kind::Int)
    if (auto C = V.Int.asConst())
      return static_cast<double>(*C);
  return std::nullopt;
}

AbsValue KernelWalker::eval(const clang::Expr *E) {
  if (!E)
    return AbsValue::unknown("a missing expression", true);
  if (WalkDepth >= MaxWalkDepth) {
    skipTooDeep(E);
    return AbsValue::unknown(tooDeepReason(), true);
  }
  NestingScope Nest(WalkDepth);
  // Anything clang can fold is a constant: literals, constexpr and const
  // variables, enumerators, template arguments, sizeof, warpSize.
  QualType T = E->getType();
  if (!E->isValueDependent() && !E->isTypeDependent() && E->isPRValue() &&
      T->isIntegralOrEnumerationType()) {
    if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParens()))
      if (!U->isArgumentType())
        if (const auto *D = dyn_cast<DeclRefExpr>(
                U->getArgumentExpr()->IgnoreParenImpCasts()))
          if (auto Obj = objectFor(D->getDecl()))
            noteOutsideUse(*Obj, U->getBeginLoc(), "sizeof");
    clang::Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      if (std::optional<int64_t> V = R.Val.getInt().tryExtValue())
        return AbsValue::integer(*V);
  }
  if (!E->isValueDependent() && !E->isTypeDependent() && E->isPRValue() &&
      T->isRealFloatingType()) {
    llvm::APFloat F(0.0);
    if (E->EvaluateAsFloat(F, Ctx)) {
      bool LosesInfo = false;
      F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &LosesInfo);
      if (std::optional<double> R = roundReal(T, F.convertToDouble()))
        return AbsValue::real(*R);
    }
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return AbsValue::unknown("dependent code '" + text(E) + "'", true);
  return boundDepth(evalImpl(E));
}

std::optional<Symbol> builtinVariable(const clang::Expr *E) {
  // threadIdx.x and friends: with clang's CUDA headers a property of a
  // __cuda_builtin_*_t object (MSPropertyRefExpr inside a PseudoObjectExpr)
  // whose getter is __fetch_builtin_x(); with plain declarations a field.
  const clang::Expr *Base = nullptr;
  llvm::StringRef Member;
  E = E->IgnoreParenImpCasts();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const auto *MP = dyn_cast<MSPropertyRefExpr>(
            PO->getSyntacticForm()->IgnoreParens())) {
      Base = MP->getBaseExpr();
      Member = MP->getPropertyDecl()->getName();
    }
  } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
    Base = M->getBase();
    if (M->getMemberDecl()->getIdentifier())
      Member = M->getMemberDecl()->getName();
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    Base = MC->getImplicitObjectArgument();
    if (const auto *MD = MC->getMethodDecl())
      if (MD->getIdentifier())
        Member = MD->getName();
  }
  if (!Base)
    return std::nullopt;
  Member.consume_front("__fetch_builtin_");
  unsigned Dim;
  if (Member == "x")
    Dim = 0;
  else if (Member == "y")
    Dim = 1;
  else if (Member == "z")
    Dim = 2;
  else
    return std::nullopt;
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
    if (OV->getSourceExpr())
      Base = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *D = dyn_cast<DeclRefExpr>(Base);
  if (!D || !D->getDecl()->getIdentifier())
    return std::nullopt;
  llvm::StringRef N = D->getDecl()->getName();
  SymbolKind Kd;
  if (N == "threadIdx")
    Kd = SymbolKind::ThreadIdx;
  else if (N == "blockIdx")
    Kd = SymbolKind::BlockIdx;
  else if (N == "blockDim")
    Kd = SymbolKind::BlockDim;
  else if (N == "gridDim")
    Kd = SymbolKind::GridDim;
  else
    return std::nullopt;
  return Symbol{Kd, Dim};
}

std::optional<AbsValue> KernelWalker::builtinVar(const clang::Expr *E) {
  if (std::optional<Symbol> S = builtinVariable(E))
    return AbsValue::integer(Expr::symbol(S->Kind, S->Index));
  return std::nullopt;
}

AbsValue KernelWalker::evalImpl(const clang::Expr *E) {
  if (auto B = builtinVar(E))
    return *B;
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return eval(P->getSubExpr());
  if (const auto *F = dyn_cast<FullExpr>(E))
    return eval(F->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(M->getSubExpr());
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(B->getSubExpr());
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(S->getReplacement());
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(D->getExpr());
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return eval(PO->getResultExpr());
  // A scalar initialized with braces (`size_t const i{expr};`, `int{x}`,
  // `T x = {expr}`) is its one element, converted where clang says so.
  // (Empty braces on an integer or floating type are a constant clang
  // folds above; on a pointer they stay unknown.)
  if (const auto *L = dyn_cast<InitListExpr>(E))
    if (L->getType()->isScalarType() && L->getNumInits() == 1)
      return eval(L->getInit(0));
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return evalBinary(B);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return evalUnary(U);
  if (const auto *C = dyn_cast<CastExpr>(E))
    return evalCast(C);
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E))
    return evalConditional(C, [&](const clang::Expr *X) { return eval(X); });
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(E))
    return evalOperatorCall(C);
  if (const auto *C = dyn_cast<CallExpr>(E))
    return evalCall(C);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(C);
  if (isa<LambdaExpr>(E)) {
    remark(E->getBeginLoc(), "lambda skipped: accesses inside lambdas are "
                             "not analyzed");
    return AbsValue::unknown("a lambda", true);
  }
  if (E->isGLValue()) {
    // An lvalue evaluated for its effects only (a discarded `s[i];`, an
    // array or struct used whole).
    LValue LV = evalLValue(E);
    if (LV.K == LValue::Kind::Memory)
      return LV.Ptr;
    return AbsValue::unknown("'" + text(E) + "'", true);
  }
  if (E->getType()->isFloatingType()) {
    std::vector<AbsValue> Parts;
    bool Dep = false; // a literal, or made of block-uniform parts
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<clang::Expr>(C)) {
        Parts.push_back(eval(CE));
        Dep |= threadDependent(Parts.back());
      }
    AbsValue Out =
        AbsValue::unknown("the floating-point value '" + text(E) + "'", Dep);
    Out.Data = fromDataOnly(Parts);
    return Out;
  }
  // Unsupported expression kinds: still visit the operands for accesses.
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
      eval(CE);
  return AbsValue::unknown("the expression '" + text(E) + "'", true);
}

AbsValue KernelWalker::decayArray(const clang::Expr *Array) {
  LValue LV = evalLValue(Array);
  if (LV.K == LValue::Kind::Memory)
    return LV.Ptr;
  return AbsValue::unknown("the array '" + text(Array) + "'", true);
}

std::optional<AbsValue> KernelWalker::foldRealCast(const CastExpr *C,
                                                   const AbsValue &V) {
  QualType To = C->getType();
  switch (C->getCastKind()) {
  case CK_IntegralToFloating:
  case CK_FloatingCast:
    if (std::optional<double> X = realValue(V))
      if (std::optional<double> R = roundReal(To, *X))
        return AbsValue::real(*R);
    return std::nullopt;
  case CK_FloatingToIntegral:
    if (V.K == AbsValue::Kind::Real)
      if (auto I = realToInteger(V.Real, To->isSignedIntegerType(),
                                 Ctx.getIntWidth(To)))
        return AbsValue::integer(*I);
    return std::nullopt;
  case CK_FloatingToBoolean:
    if (V.K == AbsValue::Kind::Real)
      return AbsValue::boolean(Predicate(V.Real != 0));
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

AbsValue KernelWalker::evalCast(const CastExpr *C) {
  const clang::Expr *Sub = C->getSubExpr();
  // `c ? A[i] : B[i]` and `c ? Buf0 : Buf1` are lvalues: each arm is read
  // (or decays) under its own condition.
  if (const auto *CO = dyn_cast<ConditionalOperator>(Sub->IgnoreParens());
      CO && (C->getCastKind() == CK_LValueToRValue ||
             C->getCastKind() == CK_ArrayToPointerDecay))
    return evalConditional(CO, [&](const clang::Expr *X) {
      return C->getCastKind() == CK_LValueToRValue
                 ? readLValue(evalLValue(X), X)
                 : decayArray(X);
    });
  switch (C->getCastKind()) {
  case CK_LValueToRValue:
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(Sub->IgnoreParens()))
      if (std::optional<AbsValue> V = readTable(A))
        return *V;
    return readLValue(evalLValue(Sub), C);
  case CK_ArrayToPointerDecay:
    return decayArray(Sub);
  case CK_IntegralToBoolean:
  case CK_PointerToBoolean:
    return AbsValue::boolean(toPred(eval(Sub), Sub));
  case CK_BitCast:
  case CK_AddressSpaceConversion:
  case CK_BaseToDerived:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase: {
    AbsValue V = eval(Sub);
    if (V.K == AbsValue::Kind::Pointer)
      V.Derived = true;
    return V;
  }
  case CK_PointerToIntegral: {
    AbsValue V = eval(Sub);
    notePointerConversion(V, C);
    // An address as a number (the shared-window address inline PTX takes):
    // still a place in the object, counted in bytes.
    if (V.K == AbsValue::Kind::Pointer && V.AlsoObjects.empty()) {
      V.Integer = true;
      V.Derived = true;
      return V;
    }
    return AbsValue::unknown("the address '" + text(Sub) + "'", true);
  }
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_FloatingToBoolean: {
    AbsValue V = eval(Sub);
    if (std::optional<AbsValue> Folded = foldRealCast(C, V))
      return *Folded;
    AbsValue Out = AbsValue::unknown(
        "the floating-point value '" +
            text(C->getCastKind() == CK_FloatingToBoolean && !V.isUnknown()
                     ? Sub
                     : C) +
            "'",
        threadDependent(V));
    Out.Data = fromDataOnly({V});
    return Out;
  }
  case CK_BooleanToSignedIntegral: {
    AbsValue V = toInt(eval(Sub), Sub);
    return arith(BO_Mul, AbsValue::integer(-1), V, C);
  }
  default:
    break;
  }
  // Integral casts, no-op casts, user conversions: the value is kept.
  AbsValue V = eval(Sub);
  if (C->getType()->isIntegralOrEnumerationType() &&
      !C->getType()->isBooleanType()) {
    return toIntOrAddress(V, Sub);
  }
  return V;
}

AbsValue KernelWalker::eitherPointer(const AbsValue &A, const AbsValue &B,
                                     std::string Why, bool ThreadDep) {
  // Accesses through it are listed for every object it may point into,
  // each unknown: which one a lane uses is not tracked.
  AbsValue Out = AbsValue::pointer(A.Object, std::nullopt);
  Out.Reason = std::move(Why);
  Out.ThreadDep = ThreadDep;
  Out.Derived = true;
  for (const AbsValue *V : {&A, &B}) {
    std::vector<unsigned> Objs = V->AlsoObjects;
    Objs.push_back(V->Object);
    for (unsigned O : Objs)
      if (O != Out.Object && !llvm::is_contained(Out.AlsoObjects, O))
        Out.AlsoObjects.push_back(O);
  }
  return Out;
}

AbsValue KernelWalker::evalConditional(
    const AbstractConditionalOperator *C,
    llvm::function_ref<AbsValue(const clang::Expr *)> Arm) {
  Predicate P = toPred(eval(C->getCond()), C->getCond());
  State.Guards.push_back(P);
  AbsValue A = Arm(C->getTrueExpr());
  State.Guards.pop_back();
  State.Guards.push_back(Predicate::negate(P));
  AbsValue B = Arm(C->getFalseExpr());
  State.Guards.pop_back();
  if (auto K = P.kind(); K == PredKind::True || K == PredKind::False)
    return K == PredKind::True ? A : B;
  if (A.K == AbsValue::Kind::Pointer && B.K == AbsValue::Kind::Pointer &&
      A.Object == B.Object && A.Offset && B.Offset) {
    AbsValue Out = A;
    Out.Offset = Expr::select(P, *A.Offset, *B.Offset);
    Out.Derived = true;
    Out.Site = AbsValue::mergeSites(A, B);
    return Out;
  }
  if (A.K == AbsValue::Kind::Pointer && B.K == AbsValue::Kind::Pointer)
    return eitherPointer(A, B,
                         "a pointer chosen by '" + text(C->getCond()) + "'",
                         threadDependent(P));
  if (A.K == AbsValue::Kind::Bool && B.K == AbsValue::Kind::Bool)
    return AbsValue::boolean(Predicate::disj(
        {Predicate::conj({P, A.Bool}),
         Predicate::conj({Predicate::negate(P), B.Bool})}));
  if (!P.hasUnknown() && !A.isUnknown() && !B.isUnknown() &&
      A.K != AbsValue::Kind::Pointer && B.K != AbsValue::Kind::Pointer) {
    AbsValue X = toInt(A, C->getTrueExpr()), Y = toInt(B, C->getFalseExpr());
    if (!X.isUnknown() && !Y.isUnknown())
      return AbsValue::integer(Expr::select(P, X.Int, Y.Int));
  }
  if (A.isUnknown() || B.isUnknown()) {
    const AbsValue &U = A.isUnknown() ? A : B;
    AbsValue Out = AbsValue::unknown(U.Reason, threadDependent(A) ||
                                                   threadDependent(B) ||
                                                   threadDependent(P));
    Out.Data = AbsValue::allUnknownsData({&A, &B}) &&
               (!P.hasUnknown() || P.unknownsFromData());
    return Out;
  }
  // Two known arms chosen on data: one of them, as data decides.
  AbsValue Out = AbsValue::unknown("the conditional '" + text(C) + "'",
                                   threadDependent(P) || threadDependent(A) ||
                                       threadDependent(B));
  Out.Data = P.hasUnknown() && P.unknownsFromData();
  return Out;
}

} // namespace warplint
