//===- Polynomial.h - Addresses and guards as polynomials -------*- C++ -*-===//
//
// The free-symbol planning reads an offset or a comparison as a sum of
// monomials over atoms: symbols, or subtrees that are not sums and products
// (tx % 4, a select). Free block-uniform symbols may only appear as atoms of
// their own; inside another atom (n / 2) the expression is not a polynomial
// in them and the reason says so.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_POLYNOMIAL_H
#define WARPLINT_SOLVE_POLYNOMIAL_H

#include "Solve/Space/Space.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The atoms of the polynomials of one space, numbered once.
struct PolyAtoms {
  std::vector<Expr> Atoms;
  unsigned id(const Expr &E);
};

/// Sorted atom ids (a monomial) -> coefficient.
using Monomials = std::map<std::vector<unsigned>, int64_t>;

/// Expands E into Out; the reason when a free symbol of S appears inside an
/// atom (unless Accept takes that atom: its caller answers for it), a
/// coefficient overflows, or the expansion grows too large.
std::optional<std::string>
expandPolynomial(const Expr &E, const SolveSpace &S, PolyAtoms &P,
                 Monomials &Out,
                 const std::function<bool(const Expr &)> &Accept = nullptr);

/// "address depends on 'u' inside 'Atom', not only added", u the first free
/// symbol of S in Atom: why an atom stops the reading as a polynomial.
std::string notOnlyAdded(const Expr &Atom, const SolveSpace &S);

/// C times the product of the atoms of Key.
Expr monomialExpr(const PolyAtoms &P, const std::vector<unsigned> &Key,
                  int64_t C);

/// Whether atom Id is a free symbol of S.
bool isFreeAtom(const PolyAtoms &P, unsigned Id, const SolveSpace &S);

} // namespace warplint

#endif // WARPLINT_SOLVE_POLYNOMIAL_H
