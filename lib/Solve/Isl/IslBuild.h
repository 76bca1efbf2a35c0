//===- IslBuild.h - Expr and Predicate trees as ISL objects -----*- C++ -*-===//
//
// The one translator from the access model to ISL, through its C++
// bindings: an Expr becomes a piecewise quasi-affine function
// (isl::pw_aff) and a Predicate a set over one named space chosen by the
// caller, e.g.
//
//   IslProof (bank conflicts):   [n, ...] -> { Conflict[w, l1, l2, t...] }
//   Uniformity (barriers):       [n, ...] -> { Pair[t1x, t1y, t1z, t2x, ...] }
//
// Symbols map to what the caller says: a dimension of the tuple, an
// expression over it (a loop variable as Init + Step * t), a parameter.
// Values that the set quantifies existentially (the word a lane reads, a
// block index shared by two threads, an earlier iteration) are parameters
// made by hidden(): projectHidden() turns them into existential variables.
// Parameters are identified by isl::id, so two symbols that print alike
// stay apart and ISL's own output names them as the source does.
//
// C semantics: `/` and `%` truncate toward zero for either sign, `>>` is a
// floor division. Operators ISL cannot express (a product of two
// variables, bitwise operators, division by a variable) make the
// translation fail with a reason, never approximate.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_ISLBUILD_H
#define WARPLINT_SOLVE_ISLBUILD_H

#include "Model/Expr.h"

#include <isl/cpp.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// How a translation names a symbol: a function over the builder's space,
/// or nullopt when the symbol cannot appear.
using IslSymbolFn = std::function<std::optional<isl::pw_aff>(Symbol)>;

class IslBuilder {
public:
  /// Sets over `{ Tuple[d0, ..., dN-1] }`, no parameters yet.
  IslBuilder(isl::ctx Ctx, const std::string &Tuple, unsigned Dims);

  /// The constant V on the space.
  isl::pw_aff constant(int64_t V) const;
  /// Dimension Pos of the tuple.
  isl::pw_aff dim(unsigned Pos) const;
  /// The parameter Id (added to the space where it is used).
  isl::pw_aff param(const isl::id &Id) const;
  /// A parameter only this builder knows, for an existentially quantified
  /// value; Name is for debugging output only.
  isl::pw_aff hidden(const std::string &Name);
  /// A fresh parameter id that no other call returns, whatever its name.
  isl::id freshId(const std::string &Name) const;

  isl::set universe() const { return Space.universe_set(); }
  isl::set empty() const { return isl::set::empty(Space); }
  /// `{ Tuple[...] : Lo <= A < Hi }`.
  isl::set inRange(const isl::pw_aff &A, int64_t Lo, int64_t Hi) const;
  /// Quantifies every hidden() parameter of S existentially.
  isl::set projectHidden(isl::set S) const;

  /// E as a function on the space, or nullopt with Failure set.
  std::optional<isl::pw_aff> expr(const Expr &E, const IslSymbolFn &Sym);
  /// P (its negation when Negate) as a set, or nullopt with Failure set.
  std::optional<isl::set> pred(const Predicate &P, const IslSymbolFn &Sym,
                               bool Negate = false);

  /// The first reason a translation failed, as a noun phrase ("a product of
  /// two variables"): callers write "the ... uses " + it.
  std::string Failure;

private:
  std::nullopt_t fail(const char *Why);
  std::optional<isl::pw_aff> truncating(const Expr &E, const IslSymbolFn &Sym);

  isl::space Space;
  std::vector<isl::id> Hidden;
};

} // namespace warplint

#endif // WARPLINT_SOLVE_ISLBUILD_H
