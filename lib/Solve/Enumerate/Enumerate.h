//===- Enumerate.h - Exact enumeration of warp requests ---------*- C++ -*-===//
//
// Walks every warp of the block, every point of the loops that matter and
// every lane, with the free block-uniform symbols fixed to given values, and
// hands each executed warp request (its active lanes and their addresses) to
// a visitor. Everything is evaluated with Expr::evaluate, so XOR, shifts and
// selects are exact.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_ENUMERATE_H
#define WARPLINT_SOLVE_ENUMERATE_H

#include "Solve/HardwareRules.h"
#include "Solve/Enumerate/LaneCache.h"
#include "Solve/Space/Space.h"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace warplint {

struct RequestView {
  unsigned Warp = 0;
  std::vector<int64_t> Point;     ///< values of SolveSpace::Relevant
  std::vector<LaneAddress> Lanes; ///< active lanes, in lane order
  std::vector<std::array<int64_t, 3>> Threads; ///< threadIdx of each entry
  /// Bounded spaces with a SureGuard: for each entry of Lanes, whether the
  /// lane executes the access whatever the data (SolveSpace::SureGuard); a
  /// lane whose sure guard cannot be evaluated counts as not sure.
  std::vector<char> Sure;
  uint64_t Weight = 1; ///< how often the request repeats (counted loops)
  /// A loop nvcc unrolls with its remainder first whose different
  /// iterations this one instruction runs for different lanes
  /// (RemainderFirst.h); -1 when every lane is at one iteration.
  int MixedLoop = -1;
  /// Two lanes at different iterations of MixedLoop, when there is one.
  unsigned MixedLaneA = 0, MixedLaneB = 0;
};

using FreeValues = std::vector<std::pair<Symbol, int64_t>>;

struct EnumerationStatus {
  enum Kind { Ok, OverBudget, Error } State = Ok;
  std::string Reason;
};

/// What enumerateRequests derives from the space alone, whatever the free
/// values: the offset split into the terms that use no loop variable and
/// those that use no threadIdx (valid when no term uses both), and which
/// variables the guard reads. Made once per access, used by every case.
struct EnumerationPrep {
  bool SplitValid = false;
  std::vector<Expr> LaneTerms, PointTerms;
  /// The guard's top-level conjuncts by what they read, each group in the
  /// guard's order: no loop variable (once per lane), no threadIdx (once
  /// per point: a point where it fails costs no lane evaluation), both.
  /// The first group is kept as the operands of its conjunction (one
  /// predicate when it is no conjunction): each is looked up in Lanes
  /// apart, since each reads fewer free values than all of them
  /// (`tid < n && flag != 1`).
  std::vector<Predicate> LaneConjuncts;
  Predicate PointGuard = true, MixedGuard = true;
  /// The free symbols the threads, each lane conjunct and the lane terms
  /// read: the keys of Lanes.
  std::vector<Symbol> ThreadSyms, LaneTermSyms;
  std::vector<std::vector<Symbol>> LaneConjunctSyms;
  /// The lane parts of the cases run so far (LaneCache.h); shared by the
  /// cases of one solve, which run one after the other. Never null in a
  /// prepareEnumeration result.
  std::shared_ptr<LaneCache> Lanes;
};
EnumerationPrep prepareEnumeration(const SolveSpace &S);

/// Visits every executed request for the given free values. Budget is the
/// number of lane evaluations left; it is decremented as work is done.
EnumerationStatus
enumerateRequests(const SolveSpace &S, const FreeValues &Values,
                  uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit);
/// The same with the space's preparation made beforehand (many cases).
EnumerationStatus
enumerateRequests(const SolveSpace &S, const EnumerationPrep &Prep,
                  const FreeValues &Values, uint64_t &Budget,
                  const std::function<void(const RequestView &)> &Visit);

/// threadIdx of lane Lane of warp Warp (with no launch, threadIdx.y and .z
/// from Values); false for the inactive tail of a partial warp.
bool laneThread(const SolveSpace &S, const FreeValues &Values, unsigned Warp,
                unsigned Lane, int64_t Out[3]);

/// Visits every (lane, point) of the domain, active or not, with the
/// environment set, before any guard is applied; used to find the range of
/// guard terms. Return false from Visit to stop.
EnumerationStatus
forEachLanePoint(const SolveSpace &S, const FreeValues &Values,
                 uint64_t &Budget,
                 const std::function<bool(const Env &)> &Visit);

/// A lower bound of the lane evaluations enumerateRequests spends on every
/// case of the free values, whatever their values: every lane slot of the
/// block (S.Warps * 32) times the points of the enumerated loops when those
/// points and the repeat count do not depend on the free values or the
/// thread (else the points count as 1). At most Cap (the count stops there).
/// With the case count it tells, before any case is run, that enumeration
/// would exceed its budget.
uint64_t perCaseWorkLowerBound(const SolveSpace &S, uint64_t Cap);

} // namespace warplint

#endif // WARPLINT_SOLVE_ENUMERATE_H
