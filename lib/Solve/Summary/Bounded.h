//===- Bounded.h - Best and worst case over the data ------------*- C++ -*-===//
//
// An access whose address or active lanes depend on data (a value read from
// memory with a per-thread address, a floating-point value) has no single
// answer: the data decides. It still has exact bounds (docs/solver.md,
// "Bounded answers"): every request costs at least what its best placement
// (or its surely active lanes) costs and at most what its worst placement
// (or every lane that may be active) costs. The hardware rules are monotone
// in the set of active lanes, which makes the lane bounds exact; the
// placements are chosen per rule and checked against random placements in
// the unit tests (BoundedTest). Internal to lib/Solve.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_BOUNDED_H
#define WARPLINT_SOLVE_BOUNDED_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"
#include "Solve/HardwareRules.h"
#include "Solve/Summary/Summarize.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace warplint {

/// The least and the most one request can cost, with the ideal of each.
struct PlacementCost {
  unsigned Low = 0, LowIdeal = 0;
  unsigned High = 0, HighIdeal = 0;
  /// The mean over uniformly random placements (Expected.h); negative when
  /// not known.
  double Expected = -1;
};

/// One shared request whose active lanes (Lanes, lane ids 0..31) may each be
/// at any Bytes-aligned offset of an object of ObjectBytes bytes (0: of
/// unknown size): the best placement (all lanes on one word, or on
/// consecutive elements, whichever the rule favours) and the worst (each
/// lane on its own word of one bank, as far as the object has words in a
/// bank).
PlacementCost sharedPlacementCost(const std::vector<unsigned> &Lanes,
                                  unsigned Bytes, const ArchInfo &Arch,
                                  SharedOpKind Op, uint64_t ObjectBytes);

/// The same for global memory: best, one address (or consecutive
/// elements); worst, each lane in its own sector.
PlacementCost globalPlacementCost(const std::vector<unsigned> &Lanes,
                                  unsigned Bytes, const ArchInfo &Arch,
                                  uint64_t ObjectBytes);

/// The size of the object in bytes when the model knows it (a declared
/// array; dynamic shared memory with the launch's size), else 0.
uint64_t knownObjectBytes(const MemoryObject &O, const LaunchConfig &L);

/// The cost of one request's lanes at their real addresses: value, ideal.
using LaneCostFn =
    std::function<std::pair<unsigned, unsigned>(const std::vector<LaneAddress> &)>;
/// The placement bounds of one request's lanes (DataAddress spaces).
using PlacementFn =
    std::function<PlacementCost(const std::vector<unsigned> &Lanes)>;

/// The cost of a request of a bounded space: Value/Ideal the most it can
/// cost (every lane that may execute, at the worst placement when the
/// address is data), Low/LowIdeal the least (the surely active lanes at the
/// best placement; 0 when none is sure), LowIfExecuted the least when it
/// executes at all; Expected the placement's expectation when the address
/// is data and the lanes are known. Witness fields stay unset: a bound
/// names no lanes.
CostFn boundedCost(const SolveSpace &S, LaneCostFn Real, PlacementFn Place);

} // namespace warplint

#endif // WARPLINT_SOLVE_BOUNDED_H
