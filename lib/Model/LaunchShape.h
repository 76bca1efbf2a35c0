//===- LaunchShape.h - Can the target run a launch shape --------*- C++ -*-===//
//
// One validation for every source of a block or grid shape: launch sites,
// --block-dim, `// warplint: block-dim(...)` comments, __launch_bounds__ and
// .warplint.yaml. The limits come from the architecture table (Arch.h); a
// shape outside them is never analyzed. And the one binding of a launch's
// values to the kernel's symbols.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_MODEL_LAUNCHSHAPE_H
#define WARPLINT_MODEL_LAUNCHSHAPE_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"

#include <array>
#include <functional>
#include <optional>
#include <string>

namespace warplint {

/// "2048x1x1".
std::string shapeText(int64_t X, int64_t Y, int64_t Z);

/// Why Block cannot be launched on Arch ("block 2048x1x1 has 2048 threads,
/// more than the 1024 allowed on sm_90"), or nullopt when it can.
std::optional<std::string> blockShapeProblem(const ArchInfo &Arch,
                                             const BlockShape &Block);

/// The same for a grid (blocks per dimension).
std::optional<std::string>
gridShapeProblem(const ArchInfo &Arch, const std::array<int64_t, 3> &Grid);

/// The block's problem, else the grid's (when known).
std::optional<std::string> launchShapeProblem(const ArchInfo &Arch,
                                              const LaunchConfig &L);

/// How the warps of a partly constant block (LaunchConfig::partial) lie,
/// given its constant extents: in whole rows (x a multiple of 32), each
/// over 32 / x rows (x divides 32, y a run-time value, z = 1), or in a
/// way the solver does not model (Solve/LaunchSpace.h).
enum class PartialWarps { NotModelled, WholeRows, SeveralRows };
PartialWarps partialWarps(const std::array<std::optional<int64_t>, 3> &Known);

/// The values one launch gives the kernel's launch symbols: the blockDim
/// extents it fixes (LaunchConfig::blockExtent), gridDim when the grid is
/// known, parameters bound to constants; nullopt for every other symbol.
/// Every analysis of a launch (solver, uniformity, barriers) binds through
/// this one map. L must outlive the result.
std::function<std::optional<Expr>(Symbol)> bindLaunch(const LaunchConfig &L);

/// The same as integers, for evaluating under the launch.
std::optional<int64_t> launchValue(const LaunchConfig &L, Symbol S);

} // namespace warplint

#endif // WARPLINT_MODEL_LAUNCHSHAPE_H
