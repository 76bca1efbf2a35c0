//===- Linear.h - Byte offsets as sums of terms -----------------*- C++ -*-===//
//
// nvcc merges two accesses when their addresses differ by a constant and the
// lower one is provably aligned. Both questions are answered on a linear
// view of an Expr: a constant plus integer multiples of opaque atoms (a
// symbol, or any subexpression that is not a sum or a product by a
// constant, e.g. tid / 16), atoms compared structurally.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_LINEAR_H
#define WARPLINT_FACTS_LINEAR_H

#include "Model/Expr.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace warplint {

struct LinearForm {
  int64_t Const = 0;
  std::vector<std::pair<Expr, int64_t>> Terms; ///< atom, coefficient (non-0)

  /// Coefficient of Atom (0 when absent).
  int64_t coefficient(const Expr &Atom) const;
  /// A number every value is a multiple of, for every value of the atoms
  /// (the gcd of the constant and of each coefficient times what its atom
  /// is a multiple of); 0 when always 0.
  int64_t knownMultiple() const;
};

/// The linear view of E; nullopt on overflow.
std::optional<LinearForm> linearize(const Expr &E);

/// B - A when it is the same constant for every value of the symbols.
std::optional<int64_t> constantDifference(const Expr &A, const Expr &B);
std::optional<int64_t> constantDifference(const LinearForm &A,
                                          const LinearForm &B);

} // namespace warplint

#endif // WARPLINT_FACTS_LINEAR_H
