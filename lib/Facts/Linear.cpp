//===- Linear.cpp - Byte offsets as sums of terms, for merge rules --------===//

#include "Facts/Linear.h"

#include <numeric>

namespace warplint {

int64_t LinearForm::coefficient(const Expr &Atom) const {
  for (const auto &[A, C] : Terms)
    if (A == Atom)
      return C;
  return 0;
}

int64_t LinearForm::knownMultiple() const {
  int64_t G = Const < 0 ? -Const : Const;
  for (const auto &[Atom, Coef] : Terms) {
    // An atom is itself a multiple of something (a swizzled column `col ^
    // ((row & 3) << 3)` with col even is even), as far as nvcc proves it.
    int64_t M = multipleOf(Atom, /*ThroughRemainders=*/false), Term;
    if (__builtin_mul_overflow(Coef < 0 ? -Coef : Coef, M == 0 ? 1 : M, &Term))
      Term = Coef < 0 ? -Coef : Coef;
    G = std::gcd(G, Term);
  }
  return G;
}

namespace {

bool addTerm(LinearForm &F, const Expr &Atom, int64_t Coef) {
  for (auto It = F.Terms.begin(); It != F.Terms.end(); ++It)
    if (It->first == Atom) {
      if (__builtin_add_overflow(It->second, Coef, &It->second))
        return false;
      if (It->second == 0)
        F.Terms.erase(It);
      return true;
    }
  if (Coef != 0)
    F.Terms.push_back({Atom, Coef});
  return true;
}

/// Adds Scale * E to F.
bool accumulate(LinearForm &F, const Expr &E, int64_t Scale, unsigned Depth) {
  if (Depth > 64)
    return addTerm(F, E, Scale);
  int64_t Product;
  switch (E.kind()) {
  case ExprKind::Const:
    return !__builtin_mul_overflow(E.constValue(), Scale, &Product) &&
           !__builtin_add_overflow(F.Const, Product, &F.Const);
  case ExprKind::Add:
    return accumulate(F, E.lhs(), Scale, Depth + 1) &&
           accumulate(F, E.rhs(), Scale, Depth + 1);
  case ExprKind::Mul:
    if (auto C = E.rhs().asConst())
      return !__builtin_mul_overflow(*C, Scale, &Product) &&
             accumulate(F, E.lhs(), Product, Depth + 1);
    if (auto C = E.lhs().asConst())
      return !__builtin_mul_overflow(*C, Scale, &Product) &&
             accumulate(F, E.rhs(), Product, Depth + 1);
    return addTerm(F, E, Scale);
  case ExprKind::Shl:
    if (auto C = E.rhs().asConst(); C && *C >= 0 && *C < 62)
      return !__builtin_mul_overflow(int64_t(1) << *C, Scale, &Product) &&
             accumulate(F, E.lhs(), Product, Depth + 1);
    return addTerm(F, E, Scale);
  default:
    return addTerm(F, E, Scale);
  }
}

} // namespace

std::optional<LinearForm> linearize(const Expr &E) {
  LinearForm F;
  if (!accumulate(F, E, 1, 0))
    return std::nullopt;
  return F;
}

std::optional<int64_t> constantDifference(const LinearForm &A,
                                          const LinearForm &B) {
  if (A.Terms.size() != B.Terms.size())
    return std::nullopt;
  for (const auto &[Atom, Coef] : B.Terms)
    if (A.coefficient(Atom) != Coef)
      return std::nullopt;
  int64_t D;
  if (__builtin_sub_overflow(B.Const, A.Const, &D))
    return std::nullopt;
  return D;
}

std::optional<int64_t> constantDifference(const Expr &A, const Expr &B) {
  LinearForm F;
  if (!accumulate(F, B, 1, 0) || !accumulate(F, A, -1, 0) || !F.Terms.empty())
    return std::nullopt;
  return F.Const;
}

} // namespace warplint
