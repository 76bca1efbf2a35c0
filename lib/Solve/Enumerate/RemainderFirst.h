//===- RemainderFirst.h - Iterations of a runtime unroll --------*- C++ -*-===//
//
// nvcc unrolls a loop whose trip count is a run-time value by U (4 unless
// a pragma says otherwise) and runs the remainder, trip count mod U, first
// in a loop of its own (Loop::RemainderFirstUnroll). A lane that runs the
// loop T times runs iteration k in the remainder loop's pass k when
// k < T mod U, else in pass (k - T mod U) / U of the unrolled loop, as
// copy (k - T mod U) % U: lanes of one warp whose trip counts differ meet
// other lanes' iterations in one instruction (docs/hardware-model.md
// S9 (h): a fill loop of 40 threads stores iteration k of lanes 0-15 and
// k - 1 of lanes 16-31 in one STS, a 2-way conflict the source order
// does not have). A loop nvcc unrolls with the remainder last
// (Loop::RemainderLast) runs iteration k of a lane with T = R * U + rest
// iterations as copy k % U of round k / U when k < R * U; the rest, in a
// block of 2 copies when rest >= 2 and a block of one for an odd rest,
// which every lane reaches after its own rounds.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_REMAINDERFIRST_H
#define WARPLINT_SOLVE_REMAINDERFIRST_H

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Space/Space.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// One point of one lane's iteration space: its trips (one per relevant
/// loop, as forEachPoint counts them), rewritten into the key of the
/// instruction that runs it; the lane's part of the request there.
struct LanePiece {
  std::vector<int64_t> Trips; ///< as forEachPoint counts them
  std::vector<int64_t> Key;   ///< Trips rewritten
  RequestView Part;           ///< at most this lane
};

/// What the lanes of one warp seen so far run of each regrouped loop, per
/// loop position and instruction key of the enclosing loops: their trip
/// counts (loops whose unrolling is not known) and the unrolled rounds of
/// those that reach the unrolled loop.
struct LaneRounds {
  std::map<std::pair<size_t, std::vector<int64_t>>, std::set<int64_t>> Trips,
      Rounds;
};

/// Rewrites the keys of one lane's points (in enumeration order) from
/// iterations to the instructions nvcc runs them in, for every relevant
/// loop of S it unrolls with its remainder first; Seen collects the warp's
/// lanes. Why the instructions cannot be known, when they cannot: lanes of
/// the warp run a loop whose unrolling is not known a different number of
/// times, or reach different numbers of its unrolled rounds (ptxas may
/// unroll those further, 16/8/4 copies measured, and how depends on the
/// body).
std::optional<std::string> remainderFirstKeys(const SolveSpace &S,
                                              unsigned Warp,
                                              std::vector<LanePiece> &Pieces,
                                              LaneRounds &Seen);

} // namespace warplint

#endif // WARPLINT_SOLVE_REMAINDERFIRST_H
