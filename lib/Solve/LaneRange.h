//===- LaneRange.h - A value's range over every executed lane ---*- C++ -*-===//
//
// Before an edit rewrites a subscript, the fix has to know that a value the
// subscript computes (its column, its index) stays in a range on every lane
// that executes the access, under every launch of the kernel: the question
// is the solver's, asked about a value instead of an address.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_LANERANGE_H
#define WARPLINT_SOLVE_LANERANGE_H

#include "Model/AccessModel.h"
#include "Solve/Solver.h"

#include <cstdint>
#include <string>

namespace warplint {

/// Whether Value, computed where the access At is (under its guards and in
/// its loops), lies in [Lo, Hi) on every executed lane of every launch of
/// K. Empty when it does; otherwise why not: a lane outside the range, or
/// what keeps it from being known (no block shape, block-uniform values, a
/// space too large to enumerate).
std::string checkLaneRange(const KernelModel &K, const Access &At,
                           const Expr &Value, int64_t Lo, int64_t Hi,
                           const SolveOptions &Opts);

} // namespace warplint

#endif // WARPLINT_SOLVE_LANERANGE_H
