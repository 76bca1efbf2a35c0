//===- Divergence.h - Which lanes run a branch's region ---------*- C++ -*-===//
//
// The warp-divergence analysis. A region a branch decides
// (Branch in the model) is enumerated like a memory access with no address:
// every warp of the block (of every block, when the launch's grid is known
// and the guard reads blockIdx), every point of the loops that matter, and
// the lanes its guard admits, beside the lanes that reach the decision. How
// many warp instructions that makes, and how many lanes each has, depends
// on how nvcc emits the region (docs/checks/warp-divergence.md):
//  - branched: a warp with no lane in the region jumps over it; the others
//    run it with their lanes masked;
//  - predicated: every warp that reaches the branch issues the region's
//    instructions, guarded by a predicate (@P): lanes outside run them
//    switched off;
//  - selected: a region with no memory access, call or loop is computed by
//    every reaching lane and ends in one predicated select per variable it
//    assigns.
// A data-dependent condition gives expected numbers under a probability
// (the model: each lane takes the branch with probability p,
// independently).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_DIVERGENCE_H
#define WARPLINT_SOLVE_DIVERGENCE_H

#include "Model/AccessModel.h"
#include "Solve/Solver.h"

#include <cstdint>
#include <optional>
#include <string>

namespace warplint {

/// How nvcc emits a region, and who said so.
struct RegionEmission {
  enum Kind { Branched, Predicated, Selected } K = Branched;
  bool FromSass = false; ///< the SASS of the file, else the source rule
  std::string Why;       ///< in the user's terms, for notes
};
const char *emissionName(RegionEmission::Kind K); ///< "branched", ...

/// The source rule's size limits, measured on the H100 with nvcc 13 -O3
/// (test/gpu/divergence_validate.cu, size* kernels): a region of at most
/// PredicationWorkLimit operations (Branch::Work) with no loop, call,
/// barrier or exit is if-converted (6 were, 8 were not); one of at most
/// SelectWorkLimit operations and no memory access is computed on every
/// lane and selected (1 and 2 were, 4 were predicated).
constexpr unsigned PredicationWorkLimit = 7;
constexpr unsigned SelectWorkLimit = 2;

/// Decides the emission of B: from K.Lines (the SASS) when they cover the
/// region's lines, else from the source rule.
RegionEmission regionEmission(const KernelModel &K, const Branch &B);

/// A bounded region's counts over the values its launch leaves open (per
/// block; values under which no warp reaches the decision left out).
struct BranchBounds {
  struct Range {
    double Min = 0, Max = 0;
  };
  Range Warps, WarpsRunning, WarpsDiverging, WarpsIdeal;
  /// Over the values under which some warp runs the region (branched), or
  /// reaches it.
  Range LanesMean;
};

struct BranchResult {
  /// Bounded: the lanes depend on values the launch leaves open (a kernel
  /// parameter, blockIdx of a grid not known); every case of them was
  /// enumerated, and they disagree: Bounds holds the range, the counts
  /// below the case with the most diverging warps. When every case agrees
  /// the answer is Exact (or Expected) for all of them.
  enum Status { Exact, Expected, Bounded, Unknown } State = Unknown;
  std::string Reason; ///< when Unknown or Bounded
  std::optional<BranchBounds> Bounds;
  RegionEmission Emission;
  /// Warp executions that reach the decision, and of them those with a
  /// lane in the region and those with some lanes in it and some not
  /// (weighted by the loops that repeat them). Over the launch's grid when
  /// PerLaunch, else per block. Expected: expectations.
  double Warps = 0, WarpsRunning = 0, WarpsDiverging = 0;
  /// The warp executions the same lanes would need packed into whole warps:
  /// per block and point of the region's loops, the lanes that run it over
  /// the warp size, rounded up. One lane's serial work (`if (tid == 0)`)
  /// needs one warp however it is indexed.
  double WarpsIdeal = 0;
  bool PerLaunch = false;
  /// Loops around the region and its decision repeat both a number of
  /// times that is not known: the counts are per iteration of those loops
  /// (each warp of a block runs them equally often); the means and the
  /// ratios of the counts hold for the whole launch.
  bool PerRepeat = false;
  /// Active lanes per warp instruction of the region as issued: what Nsight
  /// Compute shows as "Avg. Predicated-On Threads Executed" on its lines.
  double LanesMean = 0;
  /// Lanes that reach the decision, per reaching warp execution.
  double ReachLanesMean = 0;
  /// Paths a diverging warp runs one after the other: 2 for an if whose
  /// two sides both run in one warp, else 1.
  unsigned Paths = 1;
  /// Expected: the probability used, and where it came from.
  double Probability = 0;
  bool ProbabilityFromComment = false;
  /// The probability was given (the comment, --branch-probability), not
  /// the default 0.5: the check warns only on given ones.
  bool ProbabilityGiven = false;
};

/// Solves B under launch L. Probability (--branch-probability, else 0.5)
/// stands for data-dependent conditions without a `// warplint: p=`
/// comment.
BranchResult solveBranch(const KernelModel &K, const Branch &B,
                         const LaunchConfig &L, const SolveOptions &Opts,
                         std::optional<double> Probability = std::nullopt);

} // namespace warplint

#endif // WARPLINT_SOLVE_DIVERGENCE_H
