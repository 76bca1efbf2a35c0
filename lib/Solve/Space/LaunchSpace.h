//===- LaunchSpace.h - One launch's threads for the solver ------*- C++ -*-===//
//
// How a launch's block becomes the lanes of the analyzed warps
// (docs/solver.md, "Launch shapes"):
//  - a known block: every warp of it is enumerated (SolveSpace::Dim);
//  - no block known (the assumed shape): one warp of threadIdx.x =
//    lane + 32 * W (W = assumedWarpBaseX(), free, >= 0), blockDim.x =
//    32 * assumedBlockDimX32(), threadIdx.y and .z free and uniform over the
//    warp;
//  - a partly constant block (LaunchConfig::partial()) with blockDim.x = X:
//    when X is a multiple of 32, the assumed shape with blockDim.x = X and W
//    one of 0 .. X / 32 - 1; when X divides 32 and blockDim.z is 1, a warp
//    spans 32 / X rows: threadIdx.x = lane % X, threadIdx.y = lane / X +
//    (32 / X) * V (V = assumedWarpBaseY(), free, >= 0), and blockDim.y is
//    taken to be a multiple of 32 / X (whole warps, as the assumed shape
//    takes them; the launch's note says so). Any other partly constant
//    block is not modelled.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_LAUNCHSPACE_H
#define WARPLINT_SOLVE_LAUNCHSPACE_H

#include "Solve/Space/Space.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct LaunchBinding {
  /// The launch's symbols (blockDim, gridDim, constant arguments, and
  /// threadIdx where the lanes stand for it) in the space's terms.
  std::function<std::optional<Expr>(Symbol)> Bind;
  /// Only what the launch fixes (no threadIdx rewritten): an offset in the
  /// source's thread terms, for the strides of a warp over rows.
  std::function<std::optional<Expr>(Symbol)> Constants;
  /// The values the warp's index W takes in a partly constant block whose
  /// x extent is a multiple of 32 (empty otherwise: W is not bounded).
  std::vector<int64_t> WarpValues;
};

/// Sets the launch fields of S (Assumed, Dim, Threads, Warps, Grid,
/// Display, RowLanes; Name wraps the caller's) for L and fills Out; the
/// reason when the launch's threads cannot be modelled.
std::optional<std::string> bindLaunchShape(const LaunchConfig &L, SolveSpace &S,
                                           LaunchBinding &Out);

} // namespace warplint

#endif // WARPLINT_SOLVE_LAUNCHSPACE_H
