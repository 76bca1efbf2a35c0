//===- Polynomial.cpp - Addresses and guard terms read as polynomials -----===//

#include "Solve/Space/Polynomial.h"

#include "Solve/Space/SourceTerms.h"

#include <algorithm>

namespace warplint {

namespace {
constexpr size_t MaxTerms = 512;
} // namespace

unsigned PolyAtoms::id(const Expr &E) {
  for (unsigned I = 0; I < Atoms.size(); ++I)
    if (Atoms[I] == E)
      return I;
  Atoms.push_back(E);
  return unsigned(Atoms.size() - 1);
}

std::optional<std::string>
expandPolynomial(const Expr &E, const SolveSpace &S, PolyAtoms &P,
                 Monomials &Out,
                 const std::function<bool(const Expr &)> &Accept) {
  auto IsFree = [&](Symbol Sym) { return S.reduced(Sym); };
  auto Add = [&](Monomials &T, const std::vector<unsigned> &Key,
                 int64_t C) -> std::optional<std::string> {
    if (__builtin_add_overflow(T[Key], C, &T[Key]))
      return std::string("coefficient overflow");
    return std::nullopt;
  };
  switch (E.kind()) {
  case ExprKind::Const:
    Out[{}] = E.constValue();
    return std::nullopt;
  case ExprKind::Sym:
    Out[{P.id(E)}] = 1;
    return std::nullopt;
  case ExprKind::Add: {
    Monomials L, R;
    if (auto Err = expandPolynomial(E.lhs(), S, P, L, Accept))
      return Err;
    if (auto Err = expandPolynomial(E.rhs(), S, P, R, Accept))
      return Err;
    Out = std::move(L);
    for (auto &[Key, C] : R)
      if (auto Err = Add(Out, Key, C))
        return Err;
    return std::nullopt;
  }
  case ExprKind::Mul:
  case ExprKind::Shl: {
    Monomials L, R;
    if (auto Err = expandPolynomial(E.lhs(), S, P, L, Accept))
      return Err;
    if (E.kind() == ExprKind::Shl) {
      auto Sh = E.rhs().asConst();
      if (!Sh || *Sh < 0 || *Sh > 61)
        break;
      R[{}] = int64_t(1) << *Sh;
    } else if (auto Err = expandPolynomial(E.rhs(), S, P, R, Accept)) {
      return Err;
    }
    if (L.size() * R.size() > MaxTerms)
      return std::string("address too large to expand");
    for (auto &[KL, CL] : L)
      for (auto &[KR, CR] : R) {
        std::vector<unsigned> Key = KL;
        Key.insert(Key.end(), KR.begin(), KR.end());
        std::sort(Key.begin(), Key.end());
        int64_t C;
        if (__builtin_mul_overflow(CL, CR, &C))
          return std::string("coefficient overflow");
        if (auto Err = Add(Out, Key, C))
          return Err;
      }
    return std::nullopt;
  }
  default:
    break;
  }
  for (Symbol Sym : E.symbols())
    if (IsFree(Sym) && !(Accept && Accept(E)))
      return notOnlyAdded(E, S);
  Out[{P.id(E)}] = 1;
  return std::nullopt;
}

std::string notOnlyAdded(const Expr &Atom, const SolveSpace &S) {
  std::string Free;
  for (Symbol Sym : Atom.symbols())
    if (S.reduced(Sym)) {
      Free = sourceName(Sym, S);
      break;
    }
  return "address depends on '" + Free + "' inside '" + sourceTerms(Atom, S) +
         "', not only added";
}

Expr monomialExpr(const PolyAtoms &P, const std::vector<unsigned> &Key,
                  int64_t C) {
  Expr Out(C);
  for (unsigned Id : Key)
    Out = Out * P.Atoms[Id];
  return Out;
}

bool isFreeAtom(const PolyAtoms &P, unsigned Id, const SolveSpace &S) {
  const Expr &A = P.Atoms[Id];
  return A.kind() == ExprKind::Sym && S.reduced(A.symbolValue());
}

} // namespace warplint
