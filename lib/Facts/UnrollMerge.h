//===- UnrollMerge.h - Accesses of unrolled loops merged --------*- C++ -*-===//
//
// Rule (c) of SourceMerge.h: nvcc unrolls a loop with a constant trip count
// (fully when small, by 16 otherwise) unless `#pragma unroll 1` says not to,
// and ptxas merges the accesses of consecutive iterations at consecutive,
// aligned addresses into one instruction: four 4-byte or two 8-byte
// elements into 16 bytes, four 2-byte ones into 8. Loads merge along an
// outer loop too when the loops inside it are unrolled whole; stores only
// along the innermost loop.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_UNROLLMERGE_H
#define WARPLINT_FACTS_UNROLLMERGE_H

#include "Model/AccessModel.h"

#include <cstdint>
#include <optional>

namespace warplint {

/// The trip count of L when it is a compile-time constant for nvcc: a
/// constant start, a constant positive step and a `<`/`<=` bound that is a
/// constant (a parameter bound at a launch is not: nvcc does not see it).
std::optional<int64_t> constantTripCount(const Loop &L);

/// Fills Emitted for the accesses of K that the rule merges.
void mergeUnrolledLoops(KernelModel &K);

} // namespace warplint

#endif // WARPLINT_FACTS_UNROLLMERGE_H
