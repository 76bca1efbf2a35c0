//===- RequestWalk.cpp - One enumeration of a space's warp requests -------===//
//
// enumerateRequests for one set of free values: the lanes at the points
// all of them share, or each lane through its own iteration space, with
// nvcc's remainder-first unrolling regrouping those (RemainderFirst.h).
//
//===----------------------------------------------------------------------===//

#include "Solve/Enumerate/Enumerate.h"

#include "Solve/Enumerate/EnumerateSteps.h"
#include "Solve/Enumerate/RemainderFirst.h"
#include "Solve/Space/SourceTerms.h"

#include <algorithm>
#include <map>
#include <optional>

namespace warplint {

using namespace enumeration;

namespace {

/// One enumeration of a space's requests for one set of free values,
/// step by step: the address and guard compiled once, then either every
/// lane at the points all lanes share, or each lane through its own
/// iteration space.
class RequestWalk {
public:
  using Visitor = std::function<void(const RequestView &)>;

  RequestWalk(const SolveSpace &S, const EnumerationPrep &Prep,
              const FreeValues &Values, uint64_t &Budget, const Visitor &Visit)
      : S(S), Prep(Prep), Values(Values), Budget(Budget), Visit(Visit),
        E(makeEnv(S, Values)) {
    if (S.SureGuard)
      Sure.emplace(*S.SureGuard, E);
    // A warp's lanes at most: one allocation each, not one per doubling
    // (a walk runs once per case, and there may be 10^5 cases).
    Reused.Lanes.reserve(WarpLanes);
    Reused.Threads.reserve(WarpLanes);
    if (Sure)
      Reused.Sure.reserve(WarpLanes);
  }

  EnumerationStatus run() {
    if (!S.CountedPerPoint) {
      auto St = countRepeats(S, E, Budget, UniformRepeat);
      if (St.State != EnumerationStatus::Ok)
        return St;
      if (UniformRepeat == 0)
        return {}; // the access never executes
    }
    return S.ThreadDependentDomain ? laneSpaces() : sharedSpace();
  }

private:
  EnumerationStatus repeat(uint64_t &Out) {
    if (!S.CountedPerPoint) {
      Out = UniformRepeat;
      return {};
    }
    return countRepeats(S, E, Budget, Out);
  }

  /// For a lane just found active, with E.Thread and the loop values set.
  void noteSure(RequestView &R) {
    if (Sure) {
      std::optional<bool> V = Sure->run(E);
      R.Sure.push_back(V && *V);
    }
  }

  /// The whole address, compiled on first use (the shared space mostly
  /// adds its lane and point parts instead).
  const CompiledExpr &address() {
    if (!Address)
      Address.emplace(S.Offset, E);
    return *Address;
  }

  EnumerationStatus guardError() const {
    return error("cannot evaluate the guard '" + sourceTerms(S.Guard, S) + "'");
  }
  EnumerationStatus addressError() const {
    return error("cannot evaluate the address '" + sourceTerms(S.Offset, S) +
                 "' (division by zero or overflow)");
  }

  /// Adds lane (with E.Thread set) to R when the guard holds.
  EnumerationStatus addLane(RequestView &R, unsigned Lane) {
    if (Budget == 0)
      return overBudget();
    --Budget;
    if (!Guard)
      Guard.emplace(S.Guard, E);
    auto Active = Guard->run(E);
    if (!Active)
      return guardError();
    if (!*Active)
      return {};
    auto Addr = address().run(E);
    if (!Addr)
      return addressError();
    R.Lanes.push_back({Lane, *Addr});
    R.Threads.push_back({E.Thread[0], E.Thread[1], E.Thread[2]});
    noteSure(R);
    return {};
  }

  /// All lanes share one iteration space: its points are listed once, and
  /// each lane's thread and the parts of the guard and address that do not
  /// change between points are evaluated once.
  EnumerationStatus sharedSpace() {
    // The points' loop values, one after the other (S.Relevant.size() each).
    std::vector<int64_t> Points;
    uint64_t NPoints = 0;
    auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
      for (unsigned Id : S.Relevant)
        Points.push_back(E.LoopValue[Id]);
      ++NPoints;
      // Every point costs a lane evaluation per thread: stop early.
      if (NPoints * S.Warps * WarpLanes > Budget)
        return overBudget();
      return EnumerationStatus();
    });
    if (St.State != EnumerationStatus::Ok)
      return St;
    if (NPoints * S.Warps * WarpLanes > Budget)
      return overBudget();
    // Each term compiled once per enumeration (its free values folded).
    if (Prep.SplitValid)
      for (const Expr &T : Prep.PointTerms)
        PointTerms.emplace_back(T, E);
    laneParts();
    CompiledPredicate PointGuard(Prep.PointGuard, E),
        MixedGuard(Prep.MixedGuard, E);
    const size_t Dims = S.Relevant.size();
    for (uint64_t PI = 0; PI < NPoints; ++PI) {
      const int64_t *P = Points.data() + PI * Dims;
      for (size_t I = 0; I < Dims; ++I) {
        E.LoopValue[S.Relevant[I]] = P[I];
        E.LoopSet[S.Relevant[I]] = 1;
      }
      std::optional<bool> PointActive = PointGuard.run(E);
      if (!PointActive)
        return guardError();
      if (!*PointActive)
        continue; // no lane of any warp is active here
      uint64_t Rep;
      if (auto St = repeat(Rep); St.State != EnumerationStatus::Ok)
        return St;
      if (Rep == 0)
        continue;
      std::optional<int64_t> PointPart;
      if (Prep.SplitValid)
        PointPart = smallSum(PointTerms, E);
      for (unsigned W = 0; W < S.Warps; ++W)
        if (auto St = warpAtPoint(W, P, Rep, PointPart, MixedGuard);
            St.State != EnumerationStatus::Ok)
          return St;
    }
    return {};
  }

  /// Each lane slot's thread, the guard's lane part and the address's lane
  /// part, from the cases before when they read the same free values
  /// (LaneCache.h).
  void laneParts() {
    size_t NSlots = size_t(S.Warps) * WarpLanes;
    LaneCache &Cache = *Prep.Lanes;
    // Key slots: 0 the threads, 1 the address part, 2 + J conjunct J.
    LaneCacheKey &ThreadKey = Cache.scratchKey(0);
    LaneCache::keyOf(Prep.ThreadSyms, Values, ThreadKey);
    Threads = &Cache.threads(
        ThreadKey,
        [&](std::vector<LaneThread> &Out) {
          Out.resize(NSlots);
          for (size_t I = 0; I < NSlots; ++I)
            Out[I].Exists =
                laneThread(S, Values, unsigned(I / WarpLanes),
                           unsigned(I % WarpLanes), Out[I].Thread.data());
        },
        ThreadScratch);
    Active = &laneGuard(Cache, NSlots);
    LanePart = nullptr;
    if (!Prep.SplitValid)
      return;
    LaneCacheKey &PartKey = Cache.scratchKey(1);
    LaneCache::keyOf(Prep.LaneTermSyms, Values, PartKey);
    LanePart = &Cache.lanePart(
        PartKey,
        [&](std::vector<std::optional<int64_t>> &Out) {
          std::vector<CompiledExpr> Terms;
          for (const Expr &T : Prep.LaneTerms)
            Terms.emplace_back(T, E);
          Out.resize(NSlots);
          for (size_t I = 0; I < NSlots; ++I)
            if ((*Threads)[I].Exists) {
              setThread(I);
              Out[I] = smallSum(Terms, E);
            }
        },
        PartScratch);
  }

  /// The guard's lane part in each lane slot: its conjuncts, each from the
  /// cache under the values it reads, combined as CompiledPredicate
  /// evaluates a conjunction (in order: no value at the first conjunct
  /// without one, false at the first false one).
  const std::vector<std::optional<bool>> &laneGuard(LaneCache &Cache,
                                                    size_t NSlots) {
    size_t N = Prep.LaneConjuncts.size();
    ConjunctScratch.resize(N);
    std::vector<const std::vector<std::optional<bool>> *> Parts;
    for (size_t J = 0; J < N; ++J) {
      LaneCacheKey &Key = Cache.scratchKey(2 + J);
      // One cache, keys per conjunct.
      LaneCache::keyOf(Prep.LaneConjunctSyms[J], Values, Key, int64_t(J));
      Parts.push_back(&Cache.active(
          Key,
          [&](std::vector<std::optional<bool>> &Out) {
            CompiledPredicate Conjunct(Prep.LaneConjuncts[J], E);
            Out.resize(NSlots);
            for (size_t I = 0; I < NSlots; ++I)
              if ((*Threads)[I].Exists) {
                setThread(I);
                Out[I] = Conjunct.run(E);
              }
          },
          ConjunctScratch[J]));
    }
    if (N == 1)
      return *Parts.front();
    ActiveScratch.assign(NSlots, true);
    for (size_t I = 0; I < NSlots; ++I)
      for (const auto *Part : Parts) {
        std::optional<bool> V = (*Part)[I];
        if (!V || !*V) {
          ActiveScratch[I] = V;
          break;
        }
      }
    return ActiveScratch;
  }

  /// E.Thread set to lane slot I's thread.
  void setThread(size_t I) {
    const std::array<int64_t, 3> &T = (*Threads)[I].Thread;
    std::copy(T.begin(), T.end(), E.Thread);
  }

  /// One warp's request at one point of the shared iteration space.
  EnumerationStatus warpAtPoint(unsigned W, const int64_t *P, uint64_t Rep,
                                std::optional<int64_t> PointPart,
                                const CompiledPredicate &MixedGuard) {
    bool HasMixed = !Prep.MixedGuard.isTrue();
    RequestView &R = Reused; // its vectors keep their capacity
    R.Warp = W;
    R.Point.assign(P, P + S.Relevant.size());
    R.Weight = Rep;
    R.Lanes.clear();
    R.Threads.clear();
    R.Sure.clear();
    for (unsigned Lane = 0; Lane < WarpLanes; ++Lane) {
      size_t I = size_t(W) * WarpLanes + Lane;
      const LaneThread &L = (*Threads)[I];
      if (!L.Exists)
        continue;
      if (Budget == 0)
        return overBudget();
      --Budget;
      std::optional<bool> On = (*Active)[I];
      if (On && *On && HasMixed) {
        setThread(I);
        On = MixedGuard.run(E);
      }
      if (!On)
        return guardError();
      if (!*On)
        continue;
      int64_t Addr;
      std::optional<int64_t> Part = LanePart ? (*LanePart)[I] : std::nullopt;
      if (Part && PointPart) {
        Addr = *Part + *PointPart;
      } else {
        setThread(I);
        auto Full = address().run(E);
        if (!Full)
          return addressError();
        Addr = *Full;
      }
      R.Lanes.push_back({Lane, Addr});
      R.Threads.push_back({L.Thread[0], L.Thread[1], L.Thread[2]});
      if (Sure) {
        setThread(I);
        noteSure(R);
      }
    }
    if (!R.Lanes.empty())
      Visit(R);
    return {};
  }

  /// Lanes have their own iteration spaces: the warp executes iteration
  /// (t1, t2, ...) of the nest together, each lane with its own loop
  /// values; a request happens when some lane is there and active. A loop
  /// nvcc unrolls with its remainder first regroups them
  /// (remainderFirstKeys).
  EnumerationStatus laneSpaces() {
    bool Regroup = false;
    for (unsigned Id : S.Relevant)
      Regroup |= S.Loops[Id].RemainderFirstUnroll != 1u;
    for (unsigned W = 0; W < S.Warps; ++W) {
      std::map<std::vector<int64_t>, RequestView> Requests;
      if (auto St = Regroup ? regroupedWarp(W, Requests) : warp(W, Requests);
          St.State != EnumerationStatus::Ok)
        return St;
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
        if (auto St = repeat(R.Weight); St.State != EnumerationStatus::Ok)
          return St;
        if (R.Weight == 0)
          continue;
        R.Warp = W;
        Visit(R);
      }
    }
    return {};
  }

  /// Adds lane's part at the current point to R (with the first active
  /// lane's loop values).
  EnumerationStatus addLaneAtPoint(RequestView &R, unsigned Lane) {
    size_t Before = R.Lanes.size();
    auto St = addLane(R, Lane);
    if (R.Lanes.size() > Before && R.Point.empty())
      for (unsigned Id : S.Relevant)
        R.Point.push_back(E.LoopValue[Id]);
    return St;
  }

  /// Warp W's requests by the lanes' iterations, in source order.
  EnumerationStatus warp(unsigned W,
                         std::map<std::vector<int64_t>, RequestView> &Out) {
    for (unsigned Lane = 0; Lane < WarpLanes; ++Lane) {
      if (!laneThread(S, Values, W, Lane, E.Thread))
        continue;
      auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
        std::vector<int64_t> Trips;
        for (unsigned Id : S.Relevant)
          Trips.push_back(E.LoopTrip[Id]);
        return addLaneAtPoint(Out[Trips], Lane);
      });
      if (St.State != EnumerationStatus::Ok)
        return St;
    }
    return {};
  }

  /// Warp W's requests by the instructions nvcc runs the lanes' iterations
  /// in (RemainderFirst.h).
  EnumerationStatus
  regroupedWarp(unsigned W, std::map<std::vector<int64_t>, RequestView> &Out) {
    LaneRounds Rounds;
    // The trips of each request's first lane.
    std::map<std::vector<int64_t>, std::vector<int64_t>> FirstTrips;
    for (unsigned Lane = 0; Lane < WarpLanes; ++Lane) {
      if (!laneThread(S, Values, W, Lane, E.Thread))
        continue;
      std::vector<LanePiece> Pieces; // this lane's points
      auto St = forEachPoint(S, S.Relevant, 0, E, Budget, [&] {
        std::vector<int64_t> Trips;
        for (unsigned Id : S.Relevant)
          Trips.push_back(E.LoopTrip[Id]);
        Pieces.push_back({Trips, Trips, {}});
        return addLaneAtPoint(Pieces.back().Part, Lane);
      });
      if (St.State != EnumerationStatus::Ok)
        return St;
      if (auto Err = remainderFirstKeys(S, W, Pieces, Rounds))
        return error(*Err);
      for (LanePiece &P : Pieces) {
        if (P.Part.Lanes.empty())
          continue;
        RequestView &R = Out[P.Key];
        std::vector<int64_t> &First = FirstTrips[P.Key];
        if (R.Point.empty()) {
          R.Point = P.Part.Point;
          First = P.Trips;
        }
        for (size_t I = 0; I < First.size() && R.MixedLoop < 0; ++I)
          if (First[I] != P.Trips[I] && !R.Lanes.empty()) {
            // R.Lanes begins with the first piece's lanes, at First.
            R.MixedLoop = int(S.Relevant[I]);
            R.MixedLaneA = R.Lanes.front().Lane;
            R.MixedLaneB = P.Part.Lanes.front().Lane;
          }
        R.Lanes.insert(R.Lanes.end(), P.Part.Lanes.begin(), P.Part.Lanes.end());
        R.Threads.insert(R.Threads.end(), P.Part.Threads.begin(),
                         P.Part.Threads.end());
        R.Sure.insert(R.Sure.end(), P.Part.Sure.begin(), P.Part.Sure.end());
      }
    }
    return {};
  }

  const SolveSpace &S;
  const EnumerationPrep &Prep;
  const FreeValues &Values;
  uint64_t &Budget;
  const Visitor &Visit;
  Env E;
  // The address and the guard of every lane at every point: compiled once,
  // when first needed.
  std::optional<CompiledExpr> Address;
  std::optional<CompiledPredicate> Guard;
  std::optional<CompiledPredicate> Sure;
  uint64_t UniformRepeat = 1;
  // The shared space's per-lane parts, by lane slot (laneParts): in Prep's
  // cache, or in the scratch vectors when it is full.
  std::vector<CompiledExpr> PointTerms;
  const std::vector<LaneThread> *Threads = nullptr;
  const std::vector<std::optional<bool>> *Active = nullptr;
  const std::vector<std::optional<int64_t>> *LanePart = nullptr;
  std::vector<LaneThread> ThreadScratch;
  std::vector<std::optional<bool>> ActiveScratch;
  std::vector<std::vector<std::optional<bool>>> ConjunctScratch;
  std::vector<std::optional<int64_t>> PartScratch;
  RequestView Reused;
};

} // namespace

EnumerationStatus
enumerateRequests(const SolveSpace &S, const EnumerationPrep &Prep,
                  const FreeValues &Values, uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit) {
  return RequestWalk(S, Prep, Values, Budget, Visit).run();
}

} // namespace warplint
