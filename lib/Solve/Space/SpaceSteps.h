//===- SpaceSteps.h - The steps of buildSpace, shared inside Solve -*- C++ -*-//
//
// buildSpace (Space.cpp) binds the launch, the guard and the loops; the
// loop steps live in SpaceLoops.cpp: stride loops replaced by a free
// symbol, then the access's loops sorted into those to enumerate and those
// that only repeat the request. Not for use outside lib/Solve.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SPACESTEPS_H
#define WARPLINT_SOLVE_SPACESTEPS_H

#include "Solve/Space/Space.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {

/// The reason of the first unknown condition of P that differs between
/// threads ("" when there is none).
std::string threadDependentReason(const Predicate &P);
bool hasThreadDependentUnknown(const Predicate &P);
/// Whether every thread-dependent Unknown node of P tests data.
bool threadDependentUnknownsFromData(const Predicate &P);

template <typename T> void addSymbols(const T &X, std::set<Symbol> &Out) {
  for (Symbol S : X.symbols())
    Out.insert(S);
}

/// Finds the stride loops of A (see SolveSpace::StrideLoops) and replaces
/// their variables in the offset, the guard and the other loops' bounds.
std::optional<std::string> replaceStrideLoops(const Access &A, SolveSpace &S);

/// Sorts A's loops (S.Loops bound): the relevant ones to enumerate, the
/// others counted or repeating a symbolic number of times; S.Free from what
/// remains. WarpValues are the values of the warp's index in a partly
/// constant block (LaunchSpace.h). The reason when the access cannot be
/// analyzed.
std::optional<std::string> sortLoops(const Access &A, SolveSpace &S,
                                     bool Bounded,
                                     const std::vector<int64_t> &WarpValues);

} // namespace warplint

#endif // WARPLINT_SOLVE_SPACESTEPS_H
