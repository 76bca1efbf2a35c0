//===- Bounded.cpp - Best and worst case over the data --------------------===//
//
// See Bounded.h. The placements: a request's cost under the hardware rules
// (HardwareRules.h) depends on which lanes are active and on their
// addresses modulo the bank cycle (shared) or the sector (global). Over all
// placements in an object:
// - the least is reached by every lane on one address (a broadcast, one
//   sector) or, for atomics that serialize on an address, by consecutive
//   elements (distinct banks);
// - the most by every lane on its own word of one bank (shared: one
//   wavefront per lane and phase) or its own sector (global), wrapping when
//   the object has fewer such places than lanes; for atomics, whose
//   warp-uniform address is aggregated, every lane but one on one word.
// Both candidates of each side are costed and the extreme kept, so a rule
// that favours the other candidate (an ideal that grows with distinct
// bytes) is still bounded correctly.
//
//===----------------------------------------------------------------------===//

#include "Solve/Summary/Bounded.h"

#include <algorithm>
#include <climits>

namespace warplint {

namespace {

/// The lanes on consecutive elements (the k-th active lane on element k,
/// wrapping inside the object).
std::vector<LaneAddress> consecutive(const std::vector<unsigned> &Lanes,
                                     unsigned Bytes, uint64_t ObjectBytes) {
  uint64_t Elements = ObjectBytes ? std::max<uint64_t>(1, ObjectBytes / Bytes)
                                  : UINT64_MAX;
  std::vector<LaneAddress> Out;
  for (size_t K = 0; K < Lanes.size(); ++K)
    Out.push_back({Lanes[K], int64_t((K % Elements) * Bytes)});
  return Out;
}

/// The lanes Stride bytes apart (the k-th active lane at k * Stride,
/// wrapping inside the object).
std::vector<LaneAddress> spread(const std::vector<unsigned> &Lanes,
                                unsigned Bytes, uint64_t Stride,
                                uint64_t ObjectBytes) {
  uint64_t Places = UINT64_MAX;
  if (ObjectBytes)
    Places = ObjectBytes < Bytes ? 1 : (ObjectBytes - Bytes) / Stride + 1;
  std::vector<LaneAddress> Out;
  for (size_t K = 0; K < Lanes.size(); ++K)
    Out.push_back({Lanes[K], int64_t((K % Places) * Stride)});
  return Out;
}

std::vector<LaneAddress> together(const std::vector<unsigned> &Lanes) {
  std::vector<LaneAddress> Out;
  for (unsigned L : Lanes)
    Out.push_back({L, 0});
  return Out;
}

/// Every lane on one address but the last, on the next element: the worst
/// for atomics in an object with one word per bank (a warp-uniform atomic
/// is aggregated into one lane's; one lane apart, the others serialize).
std::vector<LaneAddress> allButOne(const std::vector<unsigned> &Lanes,
                                   unsigned Bytes, uint64_t ObjectBytes) {
  std::vector<LaneAddress> Out = together(Lanes);
  if (Out.size() > 1 && (!ObjectBytes || ObjectBytes >= 2 * uint64_t(Bytes)))
    Out.back().Addr = Bytes;
  return Out;
}

/// Both extremes over the candidate placements.
template <class CostOf>
PlacementCost extremes(const std::vector<std::vector<LaneAddress>> &Best,
                       const std::vector<std::vector<LaneAddress>> &Worst,
                       CostOf Cost) {
  PlacementCost P;
  P.Low = P.LowIdeal = UINT_MAX;
  for (const auto &Lanes : Best) {
    auto [Value, Ideal] = Cost(Lanes);
    P.Low = std::min(P.Low, Value);
    P.LowIdeal = std::min(P.LowIdeal, Ideal);
  }
  for (const auto &Lanes : Worst) {
    auto [Value, Ideal] = Cost(Lanes);
    P.High = std::max(P.High, Value);
    P.HighIdeal = std::max(P.HighIdeal, Ideal);
  }
  return P;
}

} // namespace

/// The lanes of each phase (half or quarter warp for wide accesses) on one
/// element, each phase on another: the worst for wide atomics, whose
/// phases each serialize their lanes of a bank.
std::vector<LaneAddress> phaseTogether(const std::vector<unsigned> &Lanes,
                                       unsigned Bytes, unsigned Phases,
                                       uint64_t ObjectBytes) {
  uint64_t Elements = ObjectBytes ? std::max<uint64_t>(1, ObjectBytes / Bytes)
                                  : UINT64_MAX;
  unsigned PerPhase = WarpLanes / std::max(1u, Phases);
  std::vector<LaneAddress> Out;
  for (unsigned L : Lanes)
    Out.push_back({L, int64_t(((L / PerPhase) % Elements) * Bytes)});
  return Out;
}

PlacementCost sharedPlacementCost(const std::vector<unsigned> &Lanes,
                                  unsigned Bytes, const ArchInfo &Arch,
                                  SharedOpKind Op, uint64_t ObjectBytes) {
  if (Lanes.empty())
    return {};
  uint64_t Cycle = uint64_t(Arch.Banks) * Arch.BankBytes;
  uint64_t Stride = std::max<uint64_t>(Cycle, Bytes);
  auto Cost = [&](const std::vector<LaneAddress> &L) {
    SharedRequestCost C = sharedRequestCost(L, Bytes, Arch, Op);
    return std::pair<unsigned, unsigned>(C.Wavefronts, C.Ideal);
  };
  return extremes({together(Lanes), consecutive(Lanes, Bytes, ObjectBytes)},
                  {spread(Lanes, Bytes, Stride, ObjectBytes),
                   consecutive(Lanes, Bytes, ObjectBytes),
                   allButOne(Lanes, Bytes, ObjectBytes),
                   phaseTogether(Lanes, Bytes, sharedPhaseCount(Bytes, Arch),
                                 ObjectBytes)},
                  Cost);
}

PlacementCost globalPlacementCost(const std::vector<unsigned> &Lanes,
                                  unsigned Bytes, const ArchInfo &Arch,
                                  uint64_t ObjectBytes) {
  if (Lanes.empty())
    return {};
  uint64_t Stride = std::max<uint64_t>(Arch.SectorBytes, Bytes);
  auto Cost = [&](const std::vector<LaneAddress> &L) {
    GlobalRequestCost C = globalRequestCost(L, Bytes, Arch);
    return std::pair<unsigned, unsigned>(C.Sectors, C.Ideal);
  };
  return extremes({together(Lanes), consecutive(Lanes, Bytes, ObjectBytes)},
                  {spread(Lanes, Bytes, Stride, ObjectBytes),
                   consecutive(Lanes, Bytes, ObjectBytes)},
                  Cost);
}

uint64_t knownObjectBytes(const MemoryObject &O, const LaunchConfig &L) {
  if (O.IsExtern)
    return L.DynamicSharedBytes && *L.DynamicSharedBytes > 0
               ? uint64_t(*L.DynamicSharedBytes)
               : 0;
  if (O.Extents.empty() || O.IsParameter || !O.ElementBytes)
    return 0;
  uint64_t Bytes = O.ElementBytes;
  for (int64_t E : O.Extents) {
    if (E <= 0 || __builtin_mul_overflow(Bytes, uint64_t(E), &Bytes))
      return 0;
  }
  return Bytes;
}

CostFn boundedCost(const SolveSpace &S, LaneCostFn Real, PlacementFn Place) {
  // Buffers reused from one request to the next: requests come by the
  // million, one at a time.
  struct Buffers {
    std::vector<unsigned> Ids, SureIds, OneId = {0};
    std::vector<LaneAddress> SureLanes, One = {LaneAddress()};
  };
  return [&S, Real = std::move(Real), Place = std::move(Place),
          B = std::make_shared<Buffers>()](const RequestView &R) {
    std::vector<unsigned> &Ids = B->Ids, &SureIds = B->SureIds;
    std::vector<LaneAddress> &SureLanes = B->SureLanes;
    Ids.clear();
    SureIds.clear();
    SureLanes.clear();
    for (size_t I = 0; I < R.Lanes.size(); ++I) {
      Ids.push_back(R.Lanes[I].Lane);
      if (!S.SureGuard || (I < R.Sure.size() && R.Sure[I])) {
        SureLanes.push_back(R.Lanes[I]);
        SureIds.push_back(R.Lanes[I].Lane);
      }
    }
    // What one set of lanes costs at most (High) or at least (Low).
    auto Bounds = [&](const std::vector<LaneAddress> &Lanes,
                      const std::vector<unsigned> &LaneIds) {
      if (S.DataAddress)
        return Place(LaneIds);
      auto [Value, Ideal] = Real(Lanes);
      return PlacementCost{Value, Ideal, Value, Ideal};
    };
    Cost X;
    PlacementCost All = Bounds(R.Lanes, Ids);
    X.Value = All.High;
    X.Ideal = All.HighIdeal;
    if (S.DataAddress && !S.SureGuard)
      X.Expected = All.Expected;
    if (!SureLanes.empty()) {
      PlacementCost Sure = Bounds(SureLanes, SureIds);
      X.Low = Sure.Low;
      X.LowIdeal = Sure.LowIdeal;
      X.LowIfExecuted = Sure.Low;
      return X;
    }
    // No lane is sure: the request may not execute at all (0), or with any
    // single one of its lanes, the cheapest of which is the least. A lane
    // costs at least one wavefront or sector: the first that costs one is
    // the cheapest.
    X.LowIfExecuted = UINT_MAX;
    for (size_t I = 0; I < R.Lanes.size() && X.LowIfExecuted > 1; ++I) {
      B->One[0] = R.Lanes[I];
      B->OneId[0] = Ids[I];
      X.LowIfExecuted =
          std::min(X.LowIfExecuted, Bounds(B->One, B->OneId).Low);
    }
    return X;
  };
}

} // namespace warplint
