//===- Enumerate.cpp - Exact enumeration of warp requests -----------------===//

#include "Solve/Enumerate.h"

#include "Solve/CompiledExpr.h"
#include "Solve/RemainderFirst.h"
#include "Solve/SourceTerms.h"

#include <algorithm>
#include <map>
#include <optional>

namespace warplint {

namespace {

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


/// Times the counted loops repeat the request at the current point.
EnumerationStatus countRepeats(const SolveSpace &S, Env &E, uint64_t &Budget,
                               uint64_t &Count) {
  Count = 0;
  return forEachPoint(S, S.Counted, 0, E, Budget, [&] {
    ++Count;
    return EnumerationStatus();
  });
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

/// One lane of the block as the shared-domain walk sees it.
struct LaneSlot {
  bool Exists = false; ///< false for the inactive tail of a partial warp
  int64_t Thread[3] = {0, 0, 0};
  /// The guard's lane part, EnumerationPrep::LaneGuard (nullopt: cannot
  /// evaluate).
  std::optional<bool> Active;
  std::optional<int64_t> LanePart; ///< see SplitOffset
};

} // namespace

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
  int64_t Lin = int64_t(Warp) * 32 + Lane;
  if (Lin >= S.Threads)
    return false;
  Out[0] = Lin % S.Dim[0];
  Out[1] = (Lin / S.Dim[0]) % S.Dim[1];
  Out[2] = Lin / (S.Dim[0] * S.Dim[1]);
  return true;
}

uint64_t perCaseWorkLowerBound(const SolveSpace &S, uint64_t Cap) {
  uint64_t Slots = uint64_t(S.Warps) * 32;
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
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
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
  P.LaneGuard = Predicate::conj(Lane);
  P.PointGuard = Predicate::conj(Point);
  P.MixedGuard = Predicate::conj(Mixed);
  return P;
}

EnumerationStatus
enumerateRequests(const SolveSpace &S, const FreeValues &Values,
                  uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit) {
  return enumerateRequests(S, prepareEnumeration(S), Values, Budget, Visit);
}

EnumerationStatus
enumerateRequests(const SolveSpace &S, const EnumerationPrep &Prep,
                  const FreeValues &Values, uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit) {
  Env E = makeEnv(S, Values);
  // The address and the guard of every lane at every point: compiled once.
  CompiledExpr Address(S.Offset, E);
  CompiledPredicate Guard(S.Guard, E);
  std::optional<CompiledPredicate> Sure;
  if (S.SureGuard)
    Sure.emplace(*S.SureGuard, E);
  // For a lane just found active, with E.Thread and the loop values set.
  auto NoteSure = [&](RequestView &R) {
    if (Sure) {
      std::optional<bool> V = Sure->run(E);
      R.Sure.push_back(V && *V);
    }
  };

  uint64_t UniformRepeat = 1;
  if (!S.CountedPerPoint) {
    auto St = countRepeats(S, E, Budget, UniformRepeat);
    if (St.State != EnumerationStatus::Ok)
      return St;
    if (UniformRepeat == 0)
      return {}; // the access never executes
  }
  auto Repeat = [&](uint64_t &Out) {
    if (!S.CountedPerPoint) {
      Out = UniformRepeat;
      return EnumerationStatus();
    }
    return countRepeats(S, E, Budget, Out);
  };

  // Adds lane (with E.Thread set) to R when the guard holds.
  auto AddLane = [&](RequestView &R, unsigned Lane) -> EnumerationStatus {
    if (Budget == 0)
      return overBudget();
    --Budget;
    auto Active = Guard.run(E);
    if (!Active)
      return error("cannot evaluate the guard '" + sourceTerms(S.Guard, S) +
                   "'");
    if (!*Active)
      return {};
    auto Addr = Address.run(E);
    if (!Addr)
      return error("cannot evaluate the address '" + sourceTerms(S.Offset, S) +
                   "' (division by zero or overflow)");
    R.Lanes.push_back({Lane, *Addr});
    R.Threads.push_back({E.Thread[0], E.Thread[1], E.Thread[2]});
    NoteSure(R);
    return {};
  };

  if (!S.ThreadDependentDomain) {
    // All lanes share one iteration space: list its points once.
    // The points' loop values, one after the other (S.Relevant.size() each).
    const size_t Dims = S.Relevant.size();
    std::vector<int64_t> Points;
    uint64_t NPoints = 0;
    auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
      for (unsigned Id : S.Relevant)
        Points.push_back(E.LoopValue[Id]);
      ++NPoints;
      // Every point costs a lane evaluation per thread: stop early.
      if (NPoints * S.Warps * 32 > Budget)
        return overBudget();
      return EnumerationStatus();
    });
    if (St.State != EnumerationStatus::Ok)
      return St;
    if (NPoints * S.Warps * 32 > Budget)
      return overBudget();
    // Per lane, once: its thread, and the parts of the guard and address
    // that do not change between points.
    // Each term compiled once per enumeration (its free values folded).
    std::vector<CompiledExpr> LaneTerms, PointTerms;
    if (Prep.SplitValid) {
      for (const Expr &T : Prep.LaneTerms)
        LaneTerms.emplace_back(T, E);
      for (const Expr &T : Prep.PointTerms)
        PointTerms.emplace_back(T, E);
    }
    CompiledPredicate LaneGuard(Prep.LaneGuard, E),
        PointGuard(Prep.PointGuard, E), MixedGuard(Prep.MixedGuard, E);
    bool HasMixed = !Prep.MixedGuard.isTrue();
    std::vector<LaneSlot> Slots(size_t(S.Warps) * 32);
    for (unsigned W = 0; W < S.Warps; ++W)
      for (unsigned Lane = 0; Lane < 32; ++Lane) {
        LaneSlot &L = Slots[size_t(W) * 32 + Lane];
        L.Exists = laneThread(S, Values, W, Lane, L.Thread);
        if (!L.Exists)
          continue;
        std::copy(L.Thread, L.Thread + 3, E.Thread);
        L.Active = LaneGuard.run(E);
        if (Prep.SplitValid)
          L.LanePart = smallSum(LaneTerms, E);
      }
    auto GuardError = [&] {
      return error("cannot evaluate the guard '" + sourceTerms(S.Guard, S) +
                   "'");
    };
    auto AddressError = [&] {
      return error("cannot evaluate the address '" + sourceTerms(S.Offset, S) +
                   "' (division by zero or overflow)");
    };

    RequestView R; // reused: its vectors keep their capacity
    for (uint64_t PI = 0; PI < NPoints; ++PI) {
      const int64_t *P = Points.data() + PI * Dims;
      for (size_t I = 0; I < Dims; ++I) {
        E.LoopValue[S.Relevant[I]] = P[I];
        E.LoopSet[S.Relevant[I]] = 1;
      }
      std::optional<bool> PointActive = PointGuard.run(E);
      if (!PointActive)
        return GuardError();
      if (!*PointActive)
        continue; // no lane of any warp is active here
      uint64_t Rep;
      if (auto St = Repeat(Rep); St.State != EnumerationStatus::Ok)
        return St;
      if (Rep == 0)
        continue;
      std::optional<int64_t> PointPart;
      if (Prep.SplitValid)
        PointPart = smallSum(PointTerms, E);
      for (unsigned W = 0; W < S.Warps; ++W) {
        R.Warp = W;
        R.Point.assign(P, P + Dims);
        R.Weight = Rep;
        R.Lanes.clear();
        R.Threads.clear();
        R.Sure.clear();
        for (unsigned Lane = 0; Lane < 32; ++Lane) {
          const LaneSlot &L = Slots[size_t(W) * 32 + Lane];
          if (!L.Exists)
            continue;
          if (Budget == 0)
            return overBudget();
          --Budget;
          std::optional<bool> Active = L.Active;
          if (Active && *Active && HasMixed) {
            std::copy(L.Thread, L.Thread + 3, E.Thread);
            Active = MixedGuard.run(E);
          }
          if (!Active)
            return GuardError();
          if (!*Active)
            continue;
          int64_t Addr;
          if (L.LanePart && PointPart) {
            Addr = *L.LanePart + *PointPart;
          } else {
            std::copy(L.Thread, L.Thread + 3, E.Thread);
            auto Full = Address.run(E);
            if (!Full)
              return AddressError();
            Addr = *Full;
          }
          R.Lanes.push_back({Lane, Addr});
          R.Threads.push_back({L.Thread[0], L.Thread[1], L.Thread[2]});
          if (Sure) {
            std::copy(L.Thread, L.Thread + 3, E.Thread);
            NoteSure(R);
          }
        }
        if (!R.Lanes.empty())
          Visit(R);
      }
    }
    return {};
  }

  // Lanes have their own iteration spaces: the warp executes iteration
  // (t1, t2, ...) of the nest together, each lane with its own loop values;
  // a request happens when some lane is there and active. A loop nvcc
  // unrolls with its remainder first regroups them (remainderFirstKeys).
  bool Regroup = false;
  for (unsigned Id : S.Relevant)
    Regroup |= S.Loops[Id].RemainderFirstUnroll != 1u;
  for (unsigned W = 0; W < S.Warps; ++W) {
    std::map<std::vector<int64_t>, RequestView> Requests;
    LaneRounds Rounds;
    // Regrouped: the trips of each request's first lane.
    std::map<std::vector<int64_t>, std::vector<int64_t>> FirstTrips;
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      if (!laneThread(S, Values, W, Lane, E.Thread))
        continue;
      std::vector<LanePiece> Pieces; // this lane's points, when regrouped
      auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
        std::vector<int64_t> Trips;
        for (unsigned Id : S.Relevant)
          Trips.push_back(E.LoopTrip[Id]);
        RequestView *R;
        if (Regroup) {
          Pieces.push_back({Trips, Trips, {}});
          R = &Pieces.back().Part;
        } else {
          R = &Requests[Trips];
        }
        size_t Before = R->Lanes.size();
        auto St = AddLane(*R, Lane);
        if (R->Lanes.size() > Before && R->Point.empty())
          for (unsigned Id : S.Relevant)
            R->Point.push_back(E.LoopValue[Id]); // the first active lane's
        return St;
      });
      if (St.State != EnumerationStatus::Ok)
        return St;
      if (!Regroup)
        continue;
      if (auto Err = remainderFirstKeys(S, W, Pieces, Rounds))
        return error(*Err);
      for (LanePiece &P : Pieces) {
        if (P.Part.Lanes.empty())
          continue;
        RequestView &R = Requests[P.Key];
        std::vector<int64_t> &First = FirstTrips[P.Key];
        if (R.Point.empty()) {
          R.Point = P.Part.Point;
          First = P.Trips;
        }
        for (size_t I = 0; I < First.size() && R.MixedLoop < 0; ++I)
          if (First[I] != P.Trips[I])
            R.MixedLoop = int(S.Relevant[I]);
        R.Lanes.insert(R.Lanes.end(), P.Part.Lanes.begin(), P.Part.Lanes.end());
        R.Threads.insert(R.Threads.end(), P.Part.Threads.begin(),
                         P.Part.Threads.end());
        R.Sure.insert(R.Sure.end(), P.Part.Sure.begin(), P.Part.Sure.end());
      }
    }
    for (auto &[Trips, R] : Requests) {
      if (R.Lanes.empty())
        continue;
      // Counted loops may only use loop values that are the same for all
      // lanes (Space makes thread-dependent loops relevant), so the first
      // active lane's values are as good as any.
      for (size_t I = 0; I < S.Relevant.size(); ++I) {
        E.LoopValue[S.Relevant[I]] = R.Point[I];
        E.LoopSet[S.Relevant[I]] = 1;
      }
      if (auto St = Repeat(R.Weight); St.State != EnumerationStatus::Ok)
        return St;
      if (R.Weight == 0)
        continue;
      R.Warp = W;
      Visit(R);
    }
  }
  return {};
}

} // namespace warplint
