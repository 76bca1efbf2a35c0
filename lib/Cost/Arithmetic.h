//===- Arithmetic.h - The floating-point work of a launch -------*- C++ -*-===//
//
// The arithmetic pipe of the cost model: the floating-point instructions a
// kernel surely executes (KernelModel::Arithmetic, per statement and per
// thread) times their loops' trip counts, over the warps of a launch.
// Loops whose trip count is not a constant for the launch (it depends on
// the thread, on data, on a parameter the launch does not bind) leave their
// work out: the pipe's time is a lower bound, and a finding's estimated
// speed-up never shrinks for arithmetic the kernel might not do.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_COST_ARITHMETIC_H
#define WARPLINT_COST_ARITHMETIC_H

#include "Model/AccessModel.h"

#include <cstdint>
#include <optional>

namespace warplint {

/// The iterations of loop L of K under launch Launch, when they are the
/// same for every thread and every iteration of the enclosing loops and
/// come to at most Cap; nullopt otherwise.
std::optional<uint64_t> constantTripCount(const KernelModel &K, unsigned L,
                                          const LaunchConfig &Launch,
                                          uint64_t Cap = uint64_t(1) << 20);

/// Warp instructions of FP32 and FP64 arithmetic one block runs.
struct BlockArithmetic {
  double Fp32 = 0, Fp64 = 0;
};

/// Every thread's surely executed floating-point instructions, over the
/// warps of one block of Launch (none when its block shape is not known).
BlockArithmetic blockArithmetic(const KernelModel &K,
                                const LaunchConfig &Launch);

} // namespace warplint

#endif // WARPLINT_COST_ARITHMETIC_H
