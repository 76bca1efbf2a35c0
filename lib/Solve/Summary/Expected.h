//===- Expected.h - Wavefronts expected under random data -------*- C++ -*-===//
//
// A bounded answer whose address is data (`s_Hist[bin]`, `S[key]`) says
// what the best and the worst placement cost; for a user tuning a histogram
// the typical cost matters too. Under the stated assumption that each active
// lane's element is uniform over the object and independent of the other
// lanes', the expected wavefronts of a request follow exactly from the
// shared-memory rule (docs/hardware-model.md S1, S8): the busiest bank
// decides, and its work is the distinct words it is asked for (loads,
// stores, atomic increments) or the lanes (other atomics, which a
// warp-uniform address aggregates into one). Internal to lib/Solve.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_EXPECTED_H
#define WARPLINT_SOLVE_EXPECTED_H

#include "Model/Arch.h"
#include "Solve/HardwareRules.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace warplint {

/// E[wavefronts] of one shared request with K active lanes, for K = 0 ..
/// WarpSize, each lane on an element (Bytes wide, naturally aligned) drawn
/// uniformly and independently from an object of ObjectBytes bytes.
/// nullopt where the rule is not one phase of the bank width (8- and
/// 16-byte accesses split into phases and merge lane pairs; a float
/// atomicAdd is a CAS loop) or the object's size is not known or not whole
/// words.
std::optional<std::vector<double>>
expectedSharedWavefronts(unsigned Bytes, SharedOpKind Op, uint64_t ObjectBytes,
                         const ArchInfo &Arch);

} // namespace warplint

#endif // WARPLINT_SOLVE_EXPECTED_H
