//===- EnumerateSteps.h - The enumeration's shared steps --------*- C++ -*-===//
//
// Internal to lib/Solve: the pieces of Enumerate.cpp that the request walk
// (RequestWalk.cpp) uses too.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_ENUMERATESTEPS_H
#define WARPLINT_SOLVE_ENUMERATESTEPS_H

#include "Solve/Enumerate/CompiledExpr.h"
#include "Solve/Enumerate/Enumerate.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace enumeration {

EnumerationStatus error(std::string Reason);
EnumerationStatus overBudget();

/// Calls Body at every point of the nest Ids[Depth..] with E's loop values
/// set. Body returns a status; anything but Ok stops the walk.
EnumerationStatus forEachPoint(const SolveSpace &S,
                               const std::vector<unsigned> &Ids, size_t Depth,
                               Env &E, uint64_t &Budget,
                               const std::function<EnumerationStatus()> &Body);

Env makeEnv(const SolveSpace &S, const FreeValues &Values);

/// Times the counted loops repeat the request at the current point.
EnumerationStatus countRepeats(const SolveSpace &S, Env &E, uint64_t &Budget,
                               uint64_t &Count);

/// The sum of Terms, when every term evaluates to a small value; nullopt
/// otherwise, and the caller evaluates the whole offset.
std::optional<int64_t> smallSum(const std::vector<CompiledExpr> &Terms,
                                const Env &E);

} // namespace enumeration
} // namespace warplint

#endif // WARPLINT_SOLVE_ENUMERATESTEPS_H
