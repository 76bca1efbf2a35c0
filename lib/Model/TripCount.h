//===- TripCount.h - How many times a loop runs, by running it --*- C++ -*-===//
//
// A loop whose start, step and condition leave only its own variable free
// runs a fixed number of times; counting it by stepping the variable is
// exact for any condition the model evaluates (a product bound, a
// multiplying step). Used where a constant trip count decides what nvcc
// emits (Facts) and how much work a launch does (Cost).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_MODEL_TRIPCOUNT_H
#define WARPLINT_MODEL_TRIPCOUNT_H

#include "Model/AccessModel.h"

#include <cstdint>
#include <optional>

namespace warplint {

/// The iterations of loop L started at Init, its variable stepped by Step
/// (added, multiplied or divided, as L.Step says) while Cond holds; at most
/// Cap. Nullopt when Cond reads anything but L's variable, the variable
/// stops changing or overflows, or Cap is passed.
std::optional<uint64_t> runTripCount(const Loop &L, int64_t Init,
                                     const Predicate &Cond, int64_t Step,
                                     uint64_t Cap);

} // namespace warplint

#endif // WARPLINT_MODEL_TRIPCOUNT_H
