//===- Occupancy.h - What shared memory allows per SM -----------*- C++ -*-===//
//
// A padded array costs shared memory, and shared memory per block decides
// how many blocks an SM can hold (the fix search weighs it, the cost model
// counts waves with it). This is the shared-memory part of the
// occupancy calculation, from the architecture table (Model/Arch.h); it
// ignores registers, which warplint cannot see without compiling.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_MODEL_OCCUPANCY_H
#define WARPLINT_MODEL_OCCUPANCY_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"

#include <cstdint>
#include <optional>
#include <string>

namespace warplint {

struct Occupancy {
  int64_t SharedBytes = 0;      ///< per block, static plus known dynamic
  unsigned BlocksBySmem = 0;    ///< blocks per SM shared memory allows
  unsigned BlocksByThreads = 0; ///< blocks per SM the block size allows
  unsigned Blocks = 0;          ///< the smaller of the two and the SM limit
  bool FitsStatic = true;       ///< static shared within the 48 KiB limit
};

/// Static shared memory of K's block: every non-extern __shared__ object,
/// with Override (object index, bytes) replacing one object's size.
int64_t staticSharedBytes(const KernelModel &K,
                          std::optional<std::pair<unsigned, int64_t>> Override);

/// Occupancy of a block that uses SharedBytes of static shared memory (plus
/// L's dynamic shared memory when known) and L's block size.
Occupancy occupancy(const ArchInfo &Arch, const LaunchConfig &L,
                    int64_t StaticBytes);

} // namespace warplint

#endif // WARPLINT_MODEL_OCCUPANCY_H
