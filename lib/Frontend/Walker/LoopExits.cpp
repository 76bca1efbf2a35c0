//===- LoopExits.cpp - Threads that leave a loop early --------------------===//
//
// A `break` or `return` under a condition makes the threads of a warp leave
// a loop at different iterations; in later iterations only the threads that
// stayed execute the body. In general that is an opaque guard ("whether the
// thread left the loop in an earlier iteration"). When the exit condition
// depends on the iteration only through the loop variable, linearly and in
// the direction the loop steps (`if (idx + 64 * i >= n) break;` in a loop
// counting i up), a thread that left in some earlier iteration would leave
// in the previous one too, so the guard is exactly "first iteration, or the
// exit condition did not hold in the previous iteration".
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/LoopHelpers.h"

namespace warplint {

using namespace clang;
using namespace walker;

namespace {

/// c when E is c * I + (terms without I), nullopt when I appears otherwise
/// (inside a product of two variables, a division, a select, ...).
std::optional<int64_t> linearCoefficient(const Expr &E, Symbol I) {
  auto Mentions = [&](const Expr &X) {
    return llvm::is_contained(X.symbols(), I);
  };
  switch (E.kind()) {
  case ExprKind::Const:
    return 0;
  case ExprKind::Sym:
    return E.symbolValue() == I ? 1 : 0;
  case ExprKind::Add: {
    auto A = linearCoefficient(E.lhs(), I), B = linearCoefficient(E.rhs(), I);
    if (!A || !B)
      return std::nullopt;
    return *A + *B;
  }
  case ExprKind::Mul: {
    std::optional<int64_t> C = E.lhs().asConst();
    const Expr *Other = &E.rhs();
    if (!C) {
      C = E.rhs().asConst();
      Other = &E.lhs();
    }
    if (C) {
      auto A = linearCoefficient(*Other, I);
      int64_t Out;
      if (!A || __builtin_mul_overflow(*A, *C, &Out))
        return std::nullopt;
      return Out;
    }
    break;
  }
  default:
    break;
  }
  if (!Mentions(E))
    return 0;
  return std::nullopt;
}

/// Whether P (negated when Negated), once true in an iteration, stays true
/// in every later one of a loop whose variable I advances by Step.
bool staysTrue(const Predicate &P, Symbol I, int64_t Step, bool Negated) {
  switch (P.kind()) {
  case PredKind::True:
  case PredKind::False:
    return true;
  case PredKind::And:
  case PredKind::Or:
    // Unions and intersections of sets of iterations closed upwards are
    // closed upwards; negation swaps the two.
    return llvm::all_of(P.operands(), [&](const Predicate &Op) {
      return staysTrue(Op, I, Step, Negated);
    });
  case PredKind::Not:
    return staysTrue(P.operands().front(), I, Step, !Negated);
  case PredKind::Unknown:
    return false;
  case PredKind::Cmp:
    break;
  }
  std::optional<int64_t> C = linearCoefficient(P.lhs() - P.rhs(), I);
  if (!C)
    return false;
  // How LHS - RHS changes from one iteration to the next.
  int64_t Delta;
  if (__builtin_mul_overflow(*C, Step, &Delta))
    return false;
  CmpKind K = P.cmpKind();
  if (Negated)
    K = K == CmpKind::LT   ? CmpKind::GE
        : K == CmpKind::LE ? CmpKind::GT
        : K == CmpKind::GT ? CmpKind::LE
        : K == CmpKind::GE ? CmpKind::LT
        : K == CmpKind::EQ ? CmpKind::NE
                           : CmpKind::EQ;
  switch (K) {
  case CmpKind::GT:
  case CmpKind::GE:
    return Delta >= 0;
  case CmpKind::LT:
  case CmpKind::LE:
    return Delta <= 0;
  case CmpKind::EQ:
  case CmpKind::NE:
    return Delta == 0;
  }
  return false;
}

} // namespace

std::optional<Predicate>
KernelWalker::stayedInLoop(const Predicate &Exit, unsigned LoopId,
                           size_t UniformsBefore) const {
  const Loop &L = K.Loops[LoopId];
  if (!L.UnknownReason.empty() || L.Step != Loop::StepKind::Add ||
      L.StepExpr || Exit.hasUnknown())
    return std::nullopt;
  // The exit condition must be the same function of the loop variable in
  // every iteration: no values loaded in the loop (one symbol stands for
  // all iterations' loads), no variables of loops inside it.
  Symbol I{SymbolKind::LoopVar, LoopId};
  for (Symbol Sym : Exit.symbols()) {
    if (Sym.Kind == SymbolKind::Uniform && Sym.Index >= UniformsBefore)
      return std::nullopt;
    if (Sym.Kind == SymbolKind::LoopVar && Sym.Index != LoopId &&
        !llvm::is_contained(L.Parents, Sym.Index))
      return std::nullopt;
  }
  if (!staysTrue(Exit, I, L.StepValue, /*Negated=*/false))
    return std::nullopt;
  Expr Var = Expr::symbol(I);
  Predicate Previous = Exit.substitute([&](Symbol Sym) -> std::optional<Expr> {
    if (Sym == I)
      return Var - Expr(L.StepValue);
    return std::nullopt;
  });
  return Predicate::disj({Predicate::cmp(CmpKind::EQ, Var, L.Init),
                          Predicate::negate(Previous)});
}

Flow KernelWalker::walkLoopIteration(const Stmt *Body, JumpTarget &Jumps) {
  State.JumpTargets.push_back({});
  Flow F = walkStmt(Body);
  Jumps = std::move(State.JumpTargets.back());
  State.JumpTargets.pop_back();
  return F;
}

void KernelWalker::rereadHeadCondition(const clang::Expr *HeadCond,
                                       unsigned LoopId, bool CondIsGuard) {
  // Undone like a trial walk, except for the uniform symbols the reading
  // makes: the condition refers to them.
  Trial Saved = saveTrial();
  Predicate C = toPred(eval(HeadCond), HeadCond);
  Saved.Mark.Uniforms = K.Uniforms.size();
  restoreTrial(Saved);
  K.Loops[LoopId].Condition = C;
  if (CondIsGuard && !State.Guards.empty())
    State.Guards.back() = C;
}

KernelWalker::LoopWalk
KernelWalker::walkLoopBody(const Stmt *Body, unsigned LoopId,
                           size_t UniformsBefore, const clang::Expr *Next,
                           bool NextIsStep, const clang::Expr *HeadCond,
                           bool CondIsGuard) {
  LoopWalk W;
  bool Leaves = Scans.mayLeaveLoop(Body);
  W.Vars = State.Carried[LoopId];
  std::vector<CarriedVar> &Vars = W.Vars;
  SourceLocation At = W.At = Body->getBeginLoc();
  // What the carried locals are at the head of an iteration: first what
  // they were before the loop (LoopCarried.cpp).
  std::vector<CarriedClass> &Classes = W.Classes;
  Classes.assign(Vars.size(), CarriedClass::Uniform);
  for (size_t I = 0; I < Vars.size(); ++I)
    if (!Vars[I].Before.Indeterminate)
      Classes[I] = classOf(Vars[I].Before);
  bool AllGaps = llvm::all_of(
      Classes, [](CarriedClass C) { return C == CarriedClass::Gap; });
  bool Trials =
      State.LoopStack.size() <= MaxTrialNest && TrialWalks < MaxTrialWalks;
  if (!Trials)
    Classes.assign(Vars.size(), CarriedClass::Gap);
  // Every local that can be is first taken to move by uniform amounts; the
  // trial walks find the multiple, or that it does not.
  bool AnyShift = Trials && seedShifts(Vars);

  // Trial walks: raise the classes to their fixpoint, and find how a
  // thread may leave the loop (with the final classes). A thread that left
  // in an earlier iteration does not execute the body again.
  Predicate Exit = Predicate::unknown("an exit not analyzed", true);
  if (Trials && (Leaves || !AllGaps || AnyShift)) {
    for (unsigned Round = 0;; ++Round) {
      bindCarried(Vars, Classes, At);
      Trial Saved = saveTrial();
      ++TrialWalks;
      JumpTarget Jumps;
      Flow F = walkLoopIteration(Body, Jumps);
      Exit = orElse(F.Break, F.Return);
      // The values the next iteration starts with: at the end of the body
      // and at each continue, after the step (or a do loop's test); a
      // shift also counts what a break moved.
      std::vector<CarriedClass> Raised = Classes;
      bool Moved = false;
      // A continue some threads take and others do not moves them by
      // different amounts in one iteration: no move is the same for all,
      // nor is what they carry.
      if (threadDependent(F.Continue))
        for (size_t I = 0; I < Vars.size(); ++I)
          if (Vars[I].Shift) {
            Vars[I].Shift.reset();
            Raised[I] = CarriedClass::Gap;
            Moved = true;
          }
      if (!alwaysExits(F))
        Jumps.Continues.push_back(State.Frames.back().Env);
      for (const Env &E : Jumps.Continues) {
        State.Frames.back().Env = E;
        if (Next)
          eval(Next);
        joinCarried(Vars, State.Frames.back().Env, Raised, Moved);
      }
      // (Only the shifts: a break's value is no iteration's start.)
      std::vector<bool> Shifted;
      for (const CarriedVar &V : Vars)
        Shifted.push_back(V.Shift.has_value());
      std::vector<CarriedClass> AtBreaks = Raised;
      for (const Env &E : Jumps.Breaks)
        joinCarried(Vars, E, AtBreaks, Moved);
      for (size_t I = 0; I < Vars.size(); ++I)
        if (Shifted[I] && !Vars[I].Shift)
          Raised[I] = AtBreaks[I];
      restoreTrial(Saved);
      if (Raised == Classes && !Moved)
        break;
      // Three rounds raise every class that can rise in practice (a shift
      // takes one more to settle its multiple); past them, give up on the
      // classes (one more walk for the exits).
      bool Shifts = llvm::any_of(
          Vars, [](const CarriedVar &V) { return V.Shift.has_value(); });
      if (Round < (Shifts ? 3u : 2u)) {
        Classes = Raised;
        continue;
      }
      Classes.assign(Vars.size(), CarriedClass::Gap);
      for (CarriedVar &V : Vars)
        V.Shift.reset();
    }
  }
  std::optional<Predicate> Stayed;
  if (Leaves && Trials)
    Stayed = stayedInLoop(Exit, LoopId, UniformsBefore);
  bool Dep = !Trials || threadDependent(Exit);
  // An exit taken on data (a converged float, a found key) makes leaving
  // data too: any thread may have left, or none.
  bool ExitOnData = Trials && Exit.hasUnknown() && Exit.unknownsFromData();

  bindCarried(Vars, Classes, At);
  // A condition on a carried local (`while (r1 > tol)`, r1 reloaded in the
  // body) is what the local's class makes it, not a forgotten value.
  if (HeadCond && !Vars.empty())
    rereadHeadCondition(HeadCond, LoopId, CondIsGuard);
  if (Leaves)
    State.Guards.push_back(
        Stayed ? *Stayed
               : Predicate::unknown("whether the thread left the loop '" +
                                        K.Loops[LoopId].VarName +
                                        "' in an earlier iteration",
                                    Dep, ExitOnData));
  if (!State.LoopReach.empty())
    recordBranch(Branch::Kind::Loop, Body, HeadCond, true,
                 State.LoopReach.back().first, State.LoopReach.back().second);
  W.F = walkLoopIteration(Body, W.Jumps);
  // A for loop's step runs after every iteration that did not leave: its
  // accesses count under that guard.
  if (Next && NextIsStep &&
      (!alwaysExits(W.F) || !W.Jumps.Continues.empty())) {
    if (alwaysExits(W.F))
      State.Frames.back().Env = W.Jumps.Continues.front();
    State.Guards.push_back(Predicate::negate(orElse(W.F.Break, W.F.Return)));
    eval(Next);
    State.Guards.pop_back();
  }
  if (Leaves)
    State.Guards.pop_back();
  return W;
}

void KernelWalker::finishLoop(const LoopWalk &W, unsigned LoopId,
                              bool Walked) {
  if (!Walked) {
    // The body never runs: what it writes keeps its value.
    for (const CarriedVar &V : State.Carried[LoopId])
      State.Frames.back().Env[V.Var] = V.Before;
    return;
  }
  afterLoop(W.Vars, W.Classes, W.Jumps,
            tripClass(LoopId, orElse(W.F.Break, W.F.Return)), W.At);
}

} // namespace warplint
