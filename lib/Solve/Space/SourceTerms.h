//===- SourceTerms.h - Solver expressions in the source's terms -*- C++ -*-===//
//
// The solver rewrites what it binds: under the assumed shape threadIdx.x is
// 32 * W + lane and blockDim.x is 32 * B (Space.h), compounds and opaque
// subterms become fresh symbols. A reason or condition quoting such an
// expression would print the rewrite ("threadIdx.x + threadIdx.x / 32 *
// 32"); these printers undo it first: the lane and its warp base merge back
// into threadIdx.x, a symbol with a scaled display (SolveSpace::Display)
// reads as what it scales to (blockDim.x), and what cannot merge is named
// for what it is ("(threadIdx.x % 32)").
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SOURCETERMS_H
#define WARPLINT_SOLVE_SOURCETERMS_H

#include "Solve/Space/Space.h"

#include <string>

namespace warplint {

/// E as the source would write it.
std::string sourceTerms(const Expr &E, const SolveSpace &S);
/// P likewise, comparison by comparison.
std::string sourceTerms(const Predicate &P, const SolveSpace &S);
/// A symbol's name for a reason that says what a term uses: a symbol with a
/// scaled display is named by what it scales to ("threadIdx.x -
/// threadIdx.x % 32" for the warp's base, "blockDim.x").
std::string sourceName(Symbol Sym, const SolveSpace &S);

} // namespace warplint

#endif // WARPLINT_SOLVE_SOURCETERMS_H
