//===- Enumerate.cpp - Exact enumeration of warp requests -----------------===//

#include "Solve/Enumerate/Enumerate.h"

#include "Solve/Enumerate/CompiledExpr.h"
#include "Solve/Enumerate/EnumerateSteps.h"
#include "Solve/Space/SourceTerms.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace warplint {

namespace enumeration {

constexpr uint64_t MaxTripCount = uint64_t(1) << 24;

EnumerationStatus error(std::string Reason) {
  return {EnumerationStatus::Error, std::move(Reason)};
}

EnumerationStatus overBudget() {
  return {EnumerationStatus::OverBudget, "enumeration budget exhausted"};
}

std::optional<int64_t> nextValue(const Loop &Lp, int64_t V) {
  int64_t Out;
  switch (Lp.Step) {
  case Loop::StepKind::Add:
    if (__builtin_add_overflow(V, Lp.StepValue, &Out))
      return std::nullopt;
    return Out;
  case Loop::StepKind::Multiply:
    if (__builtin_mul_overflow(V, Lp.StepValue, &Out))
      return std::nullopt;
    return Out;
  case Loop::StepKind::Divide:
    if (Lp.StepValue == 0)
      return std::nullopt;
    return V / Lp.StepValue;
  }
  return std::nullopt;
}

/// Calls Body at every point of the nest Ids[Depth..] with E's loop values
/// set. Body returns a status; anything but Ok stops the walk.
EnumerationStatus forEachPoint(const SolveSpace &S,
                               const std::vector<unsigned> &Ids, size_t Depth,
                               Env &E, uint64_t &Budget,
                               const std::function<EnumerationStatus()> &Body) {
  if (Depth == Ids.size())
    return Body();
  const Loop &Lp = S.Loops[Ids[Depth]];
  auto Init = E.eval(Lp.Init);
  if (!Init)
    return error("cannot evaluate the start of loop '" + Lp.VarName + "'");
  int64_t V = *Init;
  E.LoopSet[Lp.Id] = 1;
  for (uint64_t Trip = 0;; ++Trip) {
    E.LoopValue[Lp.Id] = V;
    E.LoopTrip[Lp.Id] = int64_t(Trip);
    auto Cond = E.eval(Lp.Condition);
    if (!Cond)
      return error("cannot evaluate the condition of loop '" + Lp.VarName +
                   "'");
    if (!*Cond)
      break;
    if (Trip >= MaxTripCount)
      return overBudget();
    if (Budget == 0)
      return overBudget();
    --Budget;
    auto St = forEachPoint(S, Ids, Depth + 1, E, Budget, Body);
    if (St.State != EnumerationStatus::Ok)
      return St;
    auto Next = nextValue(Lp, V);
    if (!Next)
      return error("loop '" + Lp.VarName + "' overflows");
    V = *Next;
  }
  E.LoopSet[Lp.Id] = 0;
  return {};
}

Env makeEnv(const SolveSpace &S, const FreeValues &Values) {
  Env E;
  E.Assumed = S.Assumed;
  E.LoopValue.assign(S.Loops.size(), 0);
  E.LoopSet.assign(S.Loops.size(), 0);
  E.LoopTrip.assign(S.Loops.size(), 0);
  E.FreeValue = Values;
  return E;
}

/// Times the counted loops repeat the request at the current point. When
/// no counted loop's bounds read another counted loop's variable, that is
/// the product of their trip counts, each walked alone: a nest of 50 loops
/// of 2 iterations costs 100 steps, not 2^50.
EnumerationStatus countRepeats(const SolveSpace &S, Env &E, uint64_t &Budget,
                               uint64_t &Count) {
  Count = 0;
  bool Independent = true;
  for (unsigned Id : S.Counted)
    for (Symbol Sym : boundSymbols(S.Loops[Id]))
      Independent &=
          !(Sym.Kind == SymbolKind::LoopVar && Sym.Index != Id &&
            std::count(S.Counted.begin(), S.Counted.end(), Sym.Index));
  if (!Independent || S.Counted.size() < 2)
    return forEachPoint(S, S.Counted, 0, E, Budget, [&] {
      ++Count;
      return EnumerationStatus();
    });
  uint64_t Product = 1;
  for (unsigned Id : S.Counted) {
    uint64_t Trips = 0;
    std::vector<unsigned> One = {Id};
    auto St = forEachPoint(S, One, 0, E, Budget, [&] {
      ++Trips;
      return EnumerationStatus();
    });
    if (St.State != EnumerationStatus::Ok)
      return St;
    if (__builtin_mul_overflow(Product, Trips, &Product))
      return overBudget();
  }
  Count = Product;
  return {};
}

/// The byte offset as LanePart + PointPart: the terms of its top-level sum
/// that use no loop variable (threadIdx, free values, constants) and those
/// that use no threadIdx. Across the requests of one warp the lane part of
/// a lane never changes, and the point part is the same for every lane, so
/// each is evaluated once (per lane, per point) instead of per lane and
/// point. Valid only when no term uses both.
struct SplitOffset {
  bool Valid = false;
  std::vector<Expr> LaneTerms, PointTerms;
};

/// The terms of E read as a sum, constant factors distributed:
/// 4 * (33 * (ty + j) + tx) gives 132 * ty, 132 * j, 4 * tx.
void flattenSum(const Expr &E, std::vector<Expr> &Out) {
  if (E.kind() == ExprKind::Add) {
    flattenSum(E.lhs(), Out);
    flattenSum(E.rhs(), Out);
    return;
  }
  if (E.kind() == ExprKind::Mul && (E.lhs().isConst() || E.rhs().isConst())) {
    const Expr &C = E.lhs().isConst() ? E.lhs() : E.rhs();
    const Expr &Other = E.lhs().isConst() ? E.rhs() : E.lhs();
    std::vector<Expr> Inner;
    flattenSum(Other, Inner);
    if (Inner.size() > 1) {
      for (Expr &T : Inner)
        Out.push_back(C * std::move(T));
      return;
    }
  }
  Out.push_back(E);
}

/// A term whose magnitude stays below this, in a sum of at most MaxTerms
/// terms, cannot make any partial sum overflow, whatever the order (nor can
/// a distributed factor: |c * x| small means x small): the split sum then
/// equals what evaluating the whole tree gives.
constexpr int64_t SmallTerm = int64_t(1) << 50;
constexpr size_t MaxTerms = 4096;

SplitOffset splitOffset(const Expr &Offset) {
  SplitOffset Out;
  std::vector<Expr> Terms;
  flattenSum(Offset, Terms);
  if (Terms.size() > MaxTerms)
    return Out;
  for (const Expr &T : Terms) {
    bool Thread = false, LoopVar = false;
    for (Symbol Sym : T.symbols()) {
      Thread |= Sym.Kind == SymbolKind::ThreadIdx;
      LoopVar |= Sym.Kind == SymbolKind::LoopVar;
    }
    if (Thread && LoopVar)
      return Out;
    (LoopVar ? Out.PointTerms : Out.LaneTerms).push_back(T);
  }
  Out.Valid = true;
  return Out;
}

/// The sum of Terms, when every term evaluates to a small value (see
/// SmallTerm); nullopt otherwise, and the caller evaluates the whole offset
/// (which then reports any error exactly as before).
std::optional<int64_t> smallSum(const std::vector<CompiledExpr> &Terms,
                                const Env &E) {
  int64_t Sum = 0;
  for (const CompiledExpr &T : Terms) {
    auto V = T.run(E);
    if (!V || *V >= SmallTerm || *V <= -SmallTerm)
      return std::nullopt;
    Sum += *V;
  }
  return Sum;
}

bool mentions(const Predicate &P, SymbolKind K) {
  for (Symbol Sym : P.symbols())
    if (Sym.Kind == K)
      return true;
  return false;
}

} // namespace enumeration

using namespace enumeration;

bool laneThread(const SolveSpace &S, const FreeValues &Values, unsigned Warp,
                unsigned Lane, int64_t Out[3]) {
  if (S.Assumed) {
    Out[0] = Lane; // the warp base is the free symbol in the bound offset
    Out[1] = Out[2] = 0;
    for (const auto &FV : Values)
      if (FV.first.Kind == SymbolKind::ThreadIdx && FV.first.Index < 3)
        Out[FV.first.Index] = FV.second;
    return true;
  }
  int64_t Lin = int64_t(Warp) * WarpLanes + Lane;
  if (Lin >= S.Threads)
    return false;
  Out[0] = Lin % S.Dim[0];
  Out[1] = (Lin / S.Dim[0]) % S.Dim[1];
  Out[2] = Lin / (S.Dim[0] * S.Dim[1]);
  return true;
}

uint64_t perCaseWorkLowerBound(const SolveSpace &S, uint64_t Cap) {
  uint64_t Slots = uint64_t(S.Warps) * WarpLanes;
  if (S.ThreadDependentDomain || S.CountedPerPoint || S.Relevant.empty() ||
      Slots == 0 || Cap < Slots)
    return Slots;
  // No free value and no thread is set: a loop whose start, condition or
  // step needs one cannot be evaluated, and the points count as 1.
  Env E = makeEnv(S, {});
  uint64_t Scratch = Cap;
  uint64_t Repeat = 0;
  if (countRepeats(S, E, Scratch, Repeat).State != EnumerationStatus::Ok ||
      Repeat == 0)
    return Slots; // a case may cost nothing when the access never runs
  // Each point costs a lane evaluation per lane slot (the walk below checks
  // Points * Slots against the budget before any lane is evaluated).
  uint64_t Points = 0;
  uint64_t MaxPoints = std::max<uint64_t>(Cap / Slots, 1);
  uint64_t Walk = Cap;
  auto St = forEachPoint(S, S.Relevant, 0, E, Walk, [&] {
    if (++Points > MaxPoints)
      return overBudget();
    return EnumerationStatus();
  });
  if (St.State == EnumerationStatus::Error)
    return Slots;
  if (St.State == EnumerationStatus::OverBudget)
    return Cap; // more than any budget up to Cap
  return Points == 0 ? Slots : std::min(Cap, Points * Slots);
}

EnumerationStatus
forEachLanePoint(const SolveSpace &S, const FreeValues &Values,
                 uint64_t &Budget,
                 const std::function<bool(const Env &)> &Visit) {
  Env E = makeEnv(S, Values);
  for (unsigned W = 0; W < S.Warps; ++W)
    for (unsigned Lane = 0; Lane < WarpLanes; ++Lane) {
      if (!laneThread(S, Values, W, Lane, E.Thread))
        continue;
      auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
        if (Budget == 0)
          return overBudget();
        --Budget;
        if (!Visit(E))
          return error("stopped");
        return EnumerationStatus();
      });
      if (St.State != EnumerationStatus::Ok)
        return St;
    }
  return {};
}

EnumerationPrep prepareEnumeration(const SolveSpace &S) {
  EnumerationPrep P;
  SplitOffset Split = splitOffset(S.Offset);
  P.SplitValid = Split.Valid;
  P.LaneTerms = std::move(Split.LaneTerms);
  P.PointTerms = std::move(Split.PointTerms);
  std::vector<Predicate> Lane, Point, Mixed;
  auto Sort = [&](const Predicate &C) {
    if (!mentions(C, SymbolKind::LoopVar))
      Lane.push_back(C);
    else if (!mentions(C, SymbolKind::ThreadIdx))
      Point.push_back(C);
    else
      Mixed.push_back(C);
  };
  if (S.Guard.kind() == PredKind::And)
    for (const Predicate &C : S.Guard.operands())
      Sort(C);
  else
    Sort(S.Guard);
  Predicate LaneGuard = Predicate::conj(Lane);
  P.PointGuard = Predicate::conj(Point);
  P.MixedGuard = Predicate::conj(Mixed);
  // With an assumed launch, laneThread reads threadIdx from the free values.
  if (S.Assumed)
    for (unsigned D = 0; D < 3; ++D)
      P.ThreadSyms.push_back({SymbolKind::ThreadIdx, D});
  auto Reads = [&](std::vector<Symbol> Syms) {
    Syms.insert(Syms.end(), P.ThreadSyms.begin(), P.ThreadSyms.end());
    return Syms;
  };
  P.LaneConjuncts = LaneGuard.kind() == PredKind::And
                        ? LaneGuard.operands()
                        : std::vector<Predicate>{LaneGuard};
  for (const Predicate &C : P.LaneConjuncts)
    P.LaneConjunctSyms.push_back(Reads(C.symbols()));
  std::set<Symbol> TermSyms;
  for (const Expr &T : P.LaneTerms)
    for (Symbol Sym : T.symbols())
      TermSyms.insert(Sym);
  P.LaneTermSyms = Reads({TermSyms.begin(), TermSyms.end()});
  P.Lanes = std::make_shared<LaneCache>();
  return P;
}

EnumerationStatus
enumerateRequests(const SolveSpace &S, const FreeValues &Values,
                  uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit) {
  return enumerateRequests(S, prepareEnumeration(S), Values, Budget, Visit);
}

} // namespace warplint
