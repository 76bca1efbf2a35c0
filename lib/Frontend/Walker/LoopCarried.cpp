//===- LoopCarried.cpp - What locals a loop writes can be -----------------===//
//
// A local a loop writes, other than its induction variables, has at the
// head of an iteration one of the values it had before the loop or at the
// end of an earlier iteration. warplint does not follow those values one by
// one; it decides what kind of unknown they are: the same in every thread
// of the block (a step size halved on a uniform test), data (a flag set
// when a loaded value exceeds a tolerance), or a gap of the model (an index
// moved differently per thread). The kind is the least fixpoint over the
// iterations, found by walking the body on trial: assume the kinds, walk,
// join the kinds of the values at the end of the body and at each continue,
// and walk again until nothing rises (three kinds: at most a few walks).
//
// One kind keeps more than a class: a local every way round the loop moves
// by an amount the same in every thread (a pointer advanced by a tile in
// the body and by a row after an inner loop, `p += BUF * dir` that swaps
// two buffers, `off += 64` under a uniform test). At the head of an
// iteration it is its value before the loop plus a warp-uniform multiple
// of the greatest common divisor of those amounts, found by the same trial
// walks: a thread's own part of an address stays exact, and a move by a
// multiple of 128 bytes leaves every bank and sector count as it is.
//
// Before this, every such local was a per-thread gap inside the loop, and
// after the loop kept whatever the last walk of the body left, which is
// wrong when the loop runs zero times or leaves by a break.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

namespace warplint {

using namespace clang;

namespace {

/// The unknowns an Expr or Predicate contains (in select conditions too).
struct UnknownParts {
  bool Gap = false;  ///< an unknown per-thread value that is not data
  bool Data = false; ///< an unknown that is data
};

void scan(const Predicate &P, UnknownParts &U);

void scan(const Expr &E, UnknownParts &U) {
  switch (E.kind()) {
  case ExprKind::Const:
  case ExprKind::Sym:
    return;
  case ExprKind::Select:
    scan(E.cond(), U);
    [[fallthrough]];
  default:
    scan(E.lhs(), U);
    scan(E.rhs(), U);
  }
}

void scan(const Predicate &P, UnknownParts &U) {
  switch (P.kind()) {
  case PredKind::True:
  case PredKind::False:
    return;
  case PredKind::Unknown:
    if (P.unknownFromData())
      U.Data = true;
    else if (P.unknownDependsOnThread())
      U.Gap = true;
    return;
  case PredKind::Cmp:
    scan(P.lhs(), U);
    scan(P.rhs(), U);
    return;
  default:
    for (const Predicate &Op : P.operands())
      scan(Op, U);
  }
}

CarriedClass fromParts(const UnknownParts &U, bool ThreadDep) {
  using C = CarriedClass;
  if (U.Gap)
    return C::Gap;
  if (U.Data)
    return ThreadDep ? C::Data : C::UniformData;
  return ThreadDep ? C::Gap : C::Uniform;
}

/// What End adds to Head when End is Head plus terms (in either operand of
/// a sum, in both arms of a select): nullopt when it is anything else.
std::optional<Expr> movedBy(const Expr &End, const Expr &Head) {
  if (End == Head)
    return Expr(0);
  switch (End.kind()) {
  case ExprKind::Add:
    if (std::optional<Expr> D = movedBy(End.lhs(), Head))
      return *D + End.rhs();
    if (std::optional<Expr> D = movedBy(End.rhs(), Head))
      return End.lhs() + *D;
    return std::nullopt;
  case ExprKind::Select: {
    std::optional<Expr> A = movedBy(End.lhs(), Head),
                        B = movedBy(End.rhs(), Head);
    if (A && B)
      return Expr::select(End.cond(), *A, *B);
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// Whether a local that held Before when a loop began may be tracked as a
/// shift of it: an integer, or a pointer into one object at a known offset.
bool shiftable(const AbsValue &Before) {
  if (Before.Indeterminate)
    return false;
  if (Before.K == AbsValue::Kind::Int)
    return true;
  return Before.K == AbsValue::Kind::Pointer && Before.Offset &&
         Before.AlsoObjects.empty();
}

} // namespace

KernelWalker::Trial KernelWalker::saveTrial() const {
  Trial T;
  T.Saved = State;
  T.Mark = {K.Accesses.size(),   K.Loops.size(),    K.Uniforms.size(),
            K.Remarks.size(),    K.Warnings.size(), K.Branches.size(),
            K.Arithmetic.size(), K.Barriers.size()};
  return T;
}

void KernelWalker::restoreTrial(const Trial &T) {
  State = T.Saved;
  const OutputMark &M = T.Mark;
  K.Accesses.resize(M.Accesses);
  K.Loops.resize(M.Loops);
  K.Uniforms.resize(M.Uniforms);
  K.Remarks.resize(M.Remarks);
  K.Warnings.resize(M.Warnings);
  K.Branches.resize(M.Branches);
  K.Arithmetic.resize(M.Arithmetic);
  K.Barriers.resize(M.Barriers);
}

CarriedClass KernelWalker::classOf(const AbsValue &V) const {
  UnknownParts U;
  switch (V.K) {
  case AbsValue::Kind::Int:
    scan(V.Int, U);
    return fromParts(U, threadDependent(V));
  case AbsValue::Kind::Bool:
    scan(V.Bool, U);
    return fromParts(U, threadDependent(V));
  case AbsValue::Kind::Real:
    return CarriedClass::Uniform;
  case AbsValue::Kind::Pointer:
    return CarriedClass::Gap;
  case AbsValue::Kind::Unknown:
    break;
  }
  if (V.Data)
    return V.ThreadDep ? CarriedClass::Data : CarriedClass::UniformData;
  return V.ThreadDep ? CarriedClass::Gap : CarriedClass::Uniform;
}

AbsValue KernelWalker::carriedValue(const CarriedVar &V, CarriedClass C,
                                    SourceLocation At, bool PerIteration) {
  QualType T = V.Var->getType().getNonReferenceType();
  switch (C) {
  case CarriedClass::Uniform:
  case CarriedClass::UniformData:
    if (T->isIntegralOrEnumerationType() && !T->isBooleanType()) {
      // One symbol per loop walk: the same in every thread, whatever value
      // the iteration gives it.
      return newUniform("the value '" + V.Var->getName().str() +
                            (PerIteration ? "' has in one iteration of the "
                                            "loop at "
                                          : "' has after the loop at ") +
                            locString(Ctx, At),
                        At, PerIteration,
                        PerIteration ? V.Sequence : std::nullopt);
    }
    return C == CarriedClass::Uniform ? AbsValue::unknown(V.Reason, false)
                                      : AbsValue::data(V.Reason, false);
  case CarriedClass::Data:
    return AbsValue::data(V.Reason, true);
  case CarriedClass::Gap:
    break;
  }
  if (V.Before.K == AbsValue::Kind::Pointer)
    return forgottenPointer(V.Before, V.Reason);
  return AbsValue::unknown(V.Reason, true);
}

AbsValue KernelWalker::shiftedValue(const CarriedVar &V, SourceLocation At,
                                    bool PerIteration, bool AfterLoop) {
  AbsValue Out = V.Before;
  // While the multiple is not known yet (0 on a trial walk), a symbol of
  // its own keeps the start apart from what an iteration adds.
  int64_t Step = *V.Shift ? *V.Shift : (AfterLoop ? 0 : 1);
  if (!Step)
    return Out;
  bool Pointer = Out.K == AbsValue::Kind::Pointer;
  std::string Unit = Pointer ? " bytes" : "";
  Expr Moved =
      newUniform("how far '" + V.Var->getName().str() + "' has moved " +
                     (AfterLoop ? "in the loop at "
                                : "when an iteration of "
                                  "the loop at ") +
                     locString(Ctx, At) + (AfterLoop ? "" : " begins") +
                     " (a multiple of " + std::to_string(Step) + Unit + ")",
                 At, PerIteration)
          .Int *
      Expr(Step);
  if (Pointer) {
    Out.Offset = *Out.Offset + Moved;
    Out.Derived = true;
    Out.Site = nullptr;
  } else {
    Out.Int = Out.Int + Moved;
  }
  return boundDepth(Out);
}

bool KernelWalker::seedShifts(std::vector<CarriedVar> &Vars) {
  bool Any = false;
  for (CarriedVar &V : Vars) {
    V.Shift.reset();
    if (shiftable(V.Before)) {
      V.Shift = 0;
      Any = true;
    }
  }
  return Any;
}

void KernelWalker::bindCarried(std::vector<CarriedVar> &Vars,
                               const std::vector<CarriedClass> &Classes,
                               SourceLocation At) {
  for (size_t I = 0; I < Vars.size(); ++I) {
    CarriedVar &V = Vars[I];
    V.Head = V.Shift ? shiftedValue(V, At, /*PerIteration=*/true,
                                    /*AfterLoop=*/false)
                     : carriedValue(V, Classes[I], At, /*PerIteration=*/true);
    State.Frames.back().Env[V.Var] = V.Head;
  }
}

void KernelWalker::joinCarried(std::vector<CarriedVar> &Vars, const Env &E,
                               std::vector<CarriedClass> &Classes,
                               bool &Changed) const {
  for (size_t I = 0; I < Vars.size(); ++I) {
    CarriedVar &V = Vars[I];
    auto It = E.find(V.Var);
    if (It == E.end() || It->second.Indeterminate)
      continue;
    const AbsValue &End = It->second;
    if (!V.Shift) {
      Classes[I] = std::max(Classes[I], classOf(End));
      continue;
    }
    // How far this way round the loop moved it: the same in every thread,
    // and not a function of where it was.
    const AbsValue &H = V.Head;
    std::optional<Expr> D;
    if (End.K == H.K && H.K == AbsValue::Kind::Int)
      D = movedBy(End.Int, H.Int);
    else if (End.K == H.K && H.K == AbsValue::Kind::Pointer &&
             End.Object == H.Object && End.AlsoObjects.empty() && End.Offset &&
             H.Offset && End.Integer == H.Integer)
      D = movedBy(*End.Offset, *H.Offset);
    bool Moves = D.has_value();
    if (Moves) {
      // The symbols the head has and the start has not: how far it had
      // moved. A move that reads them (`p += p - q`) is no fixed amount.
      auto Syms = [](const AbsValue &X) {
        return X.K == AbsValue::Kind::Int ? X.Int.symbols()
                                          : X.Offset->symbols();
      };
      std::vector<Symbol> Start = Syms(V.Before), Head = Syms(H);
      for (Symbol S : D->symbols())
        Moves &= !llvm::is_contained(Head, S) || llvm::is_contained(Start, S);
      CarriedClass C = classOf(AbsValue::integer(*D));
      Moves &= C == CarriedClass::Uniform || C == CarriedClass::UniformData;
    }
    if (!Moves) {
      V.Shift.reset();
      Classes[I] = std::max({Classes[I], classOf(V.Before), classOf(End)});
      Changed = true;
      continue;
    }
    int64_t G = std::gcd(*V.Shift, multipleOf(*D));
    Changed |= G != *V.Shift;
    V.Shift = G;
  }
}

void KernelWalker::joinCarried(const std::vector<CarriedVar> &Vars,
                               const Env &E,
                               std::vector<CarriedClass> &Classes) const {
  for (size_t I = 0; I < Vars.size(); ++I) {
    auto It = E.find(Vars[I].Var);
    if (It == E.end() || It->second.Indeterminate || Vars[I].Shift)
      continue;
    Classes[I] = std::max(Classes[I], classOf(It->second));
  }
}

CarriedClass
KernelWalker::tripClass(unsigned LoopId, const Predicate &Exit) const {
  const Loop &L = K.Loops[LoopId];
  bool Dep = State.LoopThreadDep[LoopId] || threadDependent(L.Condition) ||
             threadDependent(Exit);
  if (!Dep)
    return CarriedClass::Uniform;
  // Threads leave at different iterations only because of data: what they
  // carry out differs as data does.
  bool Data = !State.LoopThreadDep[LoopId];
  for (const Predicate *P : {&L.Condition, &Exit})
    if (threadDependent(*P)) {
      UnknownParts U;
      scan(*P, U);
      Data &= U.Data && !U.Gap;
    }
  return Data ? CarriedClass::Data : CarriedClass::Gap;
}

void KernelWalker::afterLoop(const std::vector<CarriedVar> &Vars,
                             std::vector<CarriedClass> Classes,
                             const JumpTarget &Jumps, CarriedClass Exit,
                             SourceLocation At) {
  // The value after the loop is the one at the head of the iteration whose
  // test fails (Classes covers those: before the loop, and at the end of
  // each iteration), or at a break.
  for (const Env &B : Jumps.Breaks)
    joinCarried(Vars, B, Classes);
  for (size_t I = 0; I < Vars.size(); ++I) {
    CarriedClass C = Classes[I];
    if (Vars[I].Shift && Exit == CarriedClass::Uniform) {
      // Every thread left at the same iteration: moved as far as the
      // others (the breaks were among the moves the shift was found on).
      State.Frames.back().Env[Vars[I].Var] =
          shiftedValue(Vars[I], At, !State.LoopStack.empty(),
                       /*AfterLoop=*/true);
      continue;
    }
    if (Vars[I].Shift)
      C = std::max(classOf(Vars[I].Before), Exit);
    // A value the same in every thread within an iteration differs after
    // the loop when threads leave it at different iterations.
    if (Exit != CarriedClass::Uniform &&
        (C == CarriedClass::Uniform || C == CarriedClass::UniformData))
      C = Exit;
    // Fixed after the loop, unless an enclosing loop runs it again.
    State.Frames.back().Env[Vars[I].Var] =
        carriedValue(Vars[I], C, At, !State.LoopStack.empty());
  }
}

} // namespace warplint
