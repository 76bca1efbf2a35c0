//===- Enumerate.cpp - Exact enumeration of warp requests -----------------===//

#include "Solve/Enumerate.h"

#include <map>

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

/// threadIdx of a lane; false for the inactive tail of a partial warp.
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

/// Times the counted loops repeat the request at the current point.
EnumerationStatus countRepeats(const SolveSpace &S, Env &E, uint64_t &Budget,
                               uint64_t &Count) {
  Count = 0;
  return forEachPoint(S, S.Counted, 0, E, Budget, [&] {
    ++Count;
    return EnumerationStatus();
  });
}

} // namespace

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

EnumerationStatus
enumerateRequests(const SolveSpace &S, const FreeValues &Values,
                  uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit) {
  Env E = makeEnv(S, Values);

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
    auto Active = E.eval(S.Guard);
    if (!Active)
      return error("cannot evaluate the guard '" + S.Guard.str(S.Name) + "'");
    if (!*Active)
      return {};
    auto Addr = E.eval(S.Offset);
    if (!Addr)
      return error("cannot evaluate the address '" + S.Offset.str(S.Name) +
                   "' (division by zero or overflow)");
    R.Lanes.push_back({Lane, *Addr});
    R.Threads.push_back({E.Thread[0], E.Thread[1], E.Thread[2]});
    return {};
  };

  if (!S.ThreadDependentDomain) {
    // All lanes share one iteration space: list its points once.
    std::vector<std::vector<int64_t>> Points;
    auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
      std::vector<int64_t> P;
      for (unsigned Id : S.Relevant)
        P.push_back(E.LoopValue[Id]);
      Points.push_back(std::move(P));
      // Every point costs a lane evaluation per thread: stop early.
      if (uint64_t(Points.size()) * S.Warps * 32 > Budget)
        return overBudget();
      return EnumerationStatus();
    });
    if (St.State != EnumerationStatus::Ok)
      return St;
    if (uint64_t(Points.size()) * S.Warps * 32 > Budget)
      return overBudget();
    for (const auto &P : Points) {
      for (size_t I = 0; I < S.Relevant.size(); ++I) {
        E.LoopValue[S.Relevant[I]] = P[I];
        E.LoopSet[S.Relevant[I]] = 1;
      }
      uint64_t Rep;
      if (auto St = Repeat(Rep); St.State != EnumerationStatus::Ok)
        return St;
      if (Rep == 0)
        continue;
      for (unsigned W = 0; W < S.Warps; ++W) {
        RequestView R;
        R.Warp = W;
        R.Point = P;
        R.Weight = Rep;
        for (unsigned Lane = 0; Lane < 32; ++Lane) {
          if (!laneThread(S, Values, W, Lane, E.Thread))
            continue;
          if (auto St = AddLane(R, Lane); St.State != EnumerationStatus::Ok)
            return St;
        }
        if (!R.Lanes.empty())
          Visit(R);
      }
    }
    return {};
  }

  // Lanes have their own iteration spaces: the warp executes iteration
  // (t1, t2, ...) of the nest together, each lane with its own loop values;
  // a request happens when some lane is there and active.
  for (unsigned W = 0; W < S.Warps; ++W) {
    std::map<std::vector<int64_t>, RequestView> Requests;
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      if (!laneThread(S, Values, W, Lane, E.Thread))
        continue;
      auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
        std::vector<int64_t> Trips;
        for (unsigned Id : S.Relevant)
          Trips.push_back(E.LoopTrip[Id]);
        RequestView &R = Requests[Trips];
        size_t Before = R.Lanes.size();
        auto St = AddLane(R, Lane);
        if (R.Lanes.size() > Before && R.Point.empty())
          for (unsigned Id : S.Relevant)
            R.Point.push_back(E.LoopValue[Id]); // the first active lane's
        return St;
      });
      if (St.State != EnumerationStatus::Ok)
        return St;
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
