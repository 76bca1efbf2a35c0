//===- Footprint.h - Bytes an access touches in a launch --------*- C++ -*-===//
//
// The cost model's DRAM estimate needs how much memory a launch touches,
// not how many sectors it requests: a column read of a matrix requests a
// sector per lane, but the other warps use the rest of each sector and the
// L2 keeps it, so DRAM moves the matrix once. The span of an access's byte
// offsets over the launch (lowest to highest, every block, thread and loop
// iteration) bounds what it can touch; guards only shrink the set, so the
// span stays an upper bound.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_COST_FOOTPRINT_H
#define WARPLINT_COST_FOOTPRINT_H

#include "Model/AccessModel.h"

#include <cstdint>
#include <optional>

namespace warplint {

/// A closed interval of values.
struct ValueSpan {
  int64_t Lo = 0, Hi = 0;
};

/// The byte offsets of A's lanes over every block, thread and iteration of
/// launch L, as [lowest, highest + A.Bytes - 1]; nullopt when a symbol of
/// the offset has no known range there (a run-time parameter, data, a loop
/// whose bounds are not known) or the arithmetic overflows.
std::optional<ValueSpan> byteSpan(const KernelModel &K, const Access &A,
                                  const LaunchConfig &L);

} // namespace warplint

#endif // WARPLINT_COST_FOOTPRINT_H
