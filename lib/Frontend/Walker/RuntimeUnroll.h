//===- RuntimeUnroll.h - nvcc's unroll of a run-time count ------*- C++ -*-===//
//
// nvcc unrolls a loop whose trip count it cannot know by 4 and runs the
// remainder (trip count mod 4) first, in a loop of its own; lanes of one
// warp whose trip counts differ then meet other lanes' iterations in one
// instruction (docs/hardware-model.md S9 (h)). This decides, from the
// source, whether and by how much (Loop::RemainderFirstUnroll).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_RUNTIMEUNROLL_H
#define WARPLINT_FRONTEND_RUNTIMEUNROLL_H

#include "Model/AccessModel.h"

#include "clang/AST/Stmt.h"

#include <optional>

namespace warplint {

/// What in a loop body decides nvcc's unrolling.
struct UnrollBodyFacts {
  /// A barrier, vote, shuffle or wait, also in the user functions it calls.
  bool Convergent = false;
  /// A call whose body is not shown.
  bool OpaqueCall = false;
};

/// Scans Body for UnrollBodyFacts (LoopScans keeps the answer per body).
UnrollBodyFacts scanUnrollFacts(const clang::Stmt *Body);

/// Sets L.RemainderFirstUnroll, the factor nvcc unrolls loop L (Body: its
/// body's facts) by when its trip count is a run-time value: 1 when it
/// keeps the loop (a run-time step added in an unsigned type, `i +=
/// blockDim.x` or `blockDim.x * gridDim.x`; `#pragma unroll 1`; a barrier,
/// warp vote or shuffle in the body), N for `#pragma unroll N`, 4
/// otherwise; nullopt when it cannot be told (a call to a function the body
/// does not show, a bare `#pragma unroll`, an unsigned variable stepped by
/// a constant other than 1, which nvcc unrolls another way, a loop that
/// does not step by addition). And L.RemainderLast: whether those 4 copies
/// run the remainder last, as for a constant step added in unsigned to a
/// signed variable; first otherwise.
void setRuntimeUnroll(Loop &L, const UnrollBodyFacts &Body);

} // namespace warplint

#endif // WARPLINT_FRONTEND_RUNTIMEUNROLL_H
