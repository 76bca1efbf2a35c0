//===- IslText.h - Expr and Predicate trees in ISL's textual syntax -*- C++
//-*-//
//
// The solver hands ISL its sets as text ("[n] -> { [x] : exists (e0 : ...) }")
// rather than building them with the C API: the text stays readable, and C's
// truncating division is easy to spell out. This is the one translator from
// the access model to that text. Its callers decide the spaces:
//
//   IslProof (bank conflicts):
//     [params] -> { Conflict[w, l1, l2, t...] : exists (x1, y1, i01, e0, ...
//       : ...) }
//     one copy per lane (threadIdx "x1", loop variable "i0" + "1"), free
//     block-uniform symbols as parameters "p0", "p1", ...
//   Uniformity (barrier divergence):
//     [p...] -> { [t1x, t1y, t1z, t2x, t2y, t2z] : exists (bx, l0, q0, ...
//       : P(t1) and not P(t2)) }
//     two thread copies, shared symbols (blockIdx, loop variables of uniform
//     loops) existential, kernel parameters as parameters.
//
// Symbols are named by the caller; operators the text cannot express (a
// product of two variables, bitwise operators, division by a variable) make
// the translation fail with a reason, never approximate.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_ISLTEXT_H
#define WARPLINT_SOLVE_ISLTEXT_H

#include "Model/Expr.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What a translation needs besides the text it returns: `/`, `%`, min, max
/// and selects become existential variables ("e0", "e1": FreshPrefix and a
/// counter) defined by constraints; the caller puts both into the set, e.g.
/// `exists (Exists... : Constraints and ...)`.
struct IslTextScope {
  std::string FreshPrefix = "e";
  unsigned NextFresh = 0;
  std::vector<std::string> Exists;
  std::vector<std::string> Constraints;
  /// The first reason a translation failed, as a noun phrase
  /// ("a product of two variables"): callers write "the ... uses " + it.
  std::string Failure;

  /// A new existential variable, already recorded in Exists.
  std::string fresh();
};

/// Names a symbol in the text, or nullopt when it cannot appear.
using IslNameFn = std::function<std::optional<std::string>(Symbol)>;

/// E as an ISL affine expression, e.g. `threadIdx.x * 4 + i` with
/// {tx -> "x1", i -> "i01"} gives "((4 * x1) + i01)". C semantics: `/` and
/// `%` truncate toward zero for either sign, `>>` is a floor division.
std::optional<std::string> islText(const Expr &E, const IslNameFn &Name,
                                   IslTextScope &Scope);

/// P as an ISL constraint formula, written in negation normal form (no
/// "not": a negated comparison is the inverse comparison, and so on).
std::optional<std::string> islText(const Predicate &P, const IslNameFn &Name,
                                   IslTextScope &Scope);

} // namespace warplint

#endif // WARPLINT_SOLVE_ISLTEXT_H
