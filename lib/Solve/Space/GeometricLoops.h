//===- GeometricLoops.h - Multiplying loops, bounds unknown -----*- C++ -*-===//
//
// `for (s = 1; s < blockDim.x; s *= 2)` and `for (d = n >> 1; d > 0; d >>= 1)`
// are everywhere in reductions, scans and sorting networks. When the launch
// does not fix their bounds, how many iterations run is not known, but what
// ONE iteration costs still is, as a function of the variable's value:
//  - from a constant start, the variable only takes the values
//    start * k^t that its type holds (at most 64): each of them, up to the
//    first the condition rejects for every launch, is a case of its own;
//  - from a start that is not known, every value the condition admits is
//    possible: the variable becomes a free block-uniform symbol with the
//    loop's condition as a guard, reduced to cases like any parameter.
// Either way the numbers are per request of the iterations in which the
// variable has the case's value (its condition names the value), and the
// request count is not known. The loop's condition must be the same for
// every thread (it may use free symbols, not lanes or other loops).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_GEOMETRICLOOPS_H
#define WARPLINT_SOLVE_GEOMETRICLOOPS_H

#include "Solve/Space/Space.h"

#include <optional>
#include <string>

namespace warplint {

/// The free symbol that stands for the value of loop LoopId's variable in
/// one iteration.
Symbol geometricLoopSymbol(unsigned LoopId);

/// Rewrites the multiplying loops of A whose start or condition uses free
/// symbols (see the file comment) and records them in S.GeometricLoops.
/// Loops that do not qualify are left as they are.
void replaceGeometricLoops(const KernelModel &K, const Access &A,
                           SolveSpace &S);

/// With no launch (SolveSpace::Assumed): S with the warp's index
/// (threadIdx.x / 32, 0 to 31) and the block's size in warps
/// (blockDim.x / 32, 1 to 32) as value-set symbols, and the warp inside the
/// block; the fallback when their residues and windows do not suffice
/// (`tid % (2 * s)` for every s). nullopt when S uses neither.
std::optional<SolveSpace> withAssumedWarpsEnumerated(const SolveSpace &S);

/// Whether P can be true for some values of the free symbols in the ranges
/// the CUDA programming model and the parameters' types allow (blockDim.x
/// at most 1024, an `int` parameter at most 2^31 - 1, ...); false only when
/// it is false for all of them.
bool possiblyTrue(const KernelModel &K, const Predicate &P, bool Assumed);

} // namespace warplint

#endif // WARPLINT_SOLVE_GEOMETRICLOOPS_H
