//===- Compound.h - Free symbols only used together -------------*- C++ -*-===//
//
// With no known launch, cta.thread_rank() == 0 reads
//   lane + 32 * (W + ty * B + tz * B * bdy) == 0
// (W = threadIdx.x / 32, B = blockDim.x / 32): one comparison with five free
// symbols, and 'i < n' with i = blockIdx.x * blockDim.x + threadIdx.x reads
// 32 * (blockIdx.x * B + W) + lane - n < 0. Each free symbol alone has
// infinitely many values, but when a set of them appears in the access
// (offset and guard) only through integer multiples of one polynomial Q of
// them, the cost depends on them only through Q's value. Q then becomes one
// fresh free symbol, and the comparisons have one free symbol each (or a
// parameter and Q: a guard pair, GuardSymbols.h).
//
// Q's values must be known exactly, or the cases would include values no
// launch reaches. Two forms are accepted: (A) all coefficients positive and
// all symbols with a least value >= 0: Q's least value is Q at the least
// values, and every larger value is reached by moving one symbol (the
// handle) that enters Q with coefficient 1 when the others are at their
// least values; (B) a handle without a least value that enters Q with
// coefficient 1 when the others are fixed: every integer is reached.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_COMPOUND_H
#define WARPLINT_SOLVE_COMPOUND_H

#include "Solve/Space/Space.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One polynomial of free symbols replaced by a fresh free symbol.
struct CompoundSymbol {
  Symbol Fresh;
  Expr Value;                   ///< Q over the source symbols
  std::optional<int64_t> Lower; ///< Q's least value, when it has one
  Symbol Handle;                ///< moves Q by one when the others are fixed
  std::map<Symbol, int64_t> Fixed; ///< the others' values in a witness
  int64_t Base = 0;                ///< Q with Handle = 0, the others Fixed
  /// Q only says which block or warp (blockIdx, threadIdx, the assumed
  /// shape's symbols): every launch reaches each of its values.
  bool Positional = false;
  std::string Name; ///< the source terms, as conditions print it

  /// The source symbols' values for one value of Q.
  std::vector<std::pair<Symbol, int64_t>> decode(int64_t Q) const;
};

/// Finds the compounds of S and rewrites S.Offset, S.Guard and S.Free in
/// terms of their fresh symbols; S.Name names them by their source terms.
/// Loops are left alone (free symbols in enumerated loops are refused
/// later anyway).
std::vector<CompoundSymbol> substituteCompounds(const KernelModel &K,
                                                SolveSpace &S);

} // namespace warplint

#endif // WARPLINT_SOLVE_COMPOUND_H
