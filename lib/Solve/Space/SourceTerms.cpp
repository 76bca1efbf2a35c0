//===- SourceTerms.cpp - Solver expressions in the source's terms ---------===//

#include "Solve/Space/SourceTerms.h"

#include "Solve/Space/Polynomial.h"

#include <algorithm>

namespace warplint {

namespace {

/// Symbols that exist only to be printed, far above the solver's own.
constexpr unsigned DisplayBase = 0x7f000000u;
Symbol sourceThreadX() { return {SymbolKind::Uniform, DisplayBase}; }

class Undo {
public:
  explicit Undo(const SolveSpace &S) : S(S) {
    // Under the assumed shape the space's threadIdx.x is the lane: its
    // warp base W stands beside it.
    Lane = S.Display.count(assumedWarpBaseX()) != 0;
    unsigned Next = DisplayBase + 1;
    for (const auto &[Sym, D] : S.Display) {
      Symbol Shown{SymbolKind::Uniform, Next++};
      Scaled[Sym] = {Shown, D.Scale};
      Names[Shown] = D.Sum ? "(" + D.Name + ")" : D.Name;
    }
    Names[sourceThreadX()] = "threadIdx.x";
  }

  std::string name(Symbol Sym) const {
    if (auto It = Names.find(Sym); It != Names.end())
      return It->second;
    if (Lane && Sym == Symbol{SymbolKind::ThreadIdx, 0})
      return "(threadIdx.x % 32)";
    return S.Name(Sym);
  }

  Expr expr(const Expr &E) const {
    switch (E.kind()) {
    case ExprKind::Const:
      return E;
    case ExprKind::Sym:
    case ExprKind::Add:
    case ExprKind::Mul:
    case ExprKind::Shl:
      return polynomial(E);
    case ExprKind::Select:
      return Expr::select(pred(E.cond()), expr(E.lhs()), expr(E.rhs()));
    default:
      return Expr::binary(E.kind(), expr(E.lhs()), expr(E.rhs()));
    }
  }

  Predicate pred(const Predicate &P) const {
    return mapLeaves(P, [&](const Predicate &L) {
      if (L.kind() != PredKind::Cmp)
        return L;
      return Predicate::cmp(L.cmpKind(), expr(L.lhs()), expr(L.rhs()));
    });
  }

private:
  /// E's monomials with the rewrites undone: c * lane + 32c * W is c *
  /// threadIdx.x, Scale * c * u (u with a display) is c * what u shows.
  Expr polynomial(const Expr &E) const {
    PolyAtoms P;
    Monomials M;
    if (expandPolynomial(E, S, P, M, [](const Expr &) { return true; }))
      return E; // too large: as it is
    bool Changed = false;
    for (Expr &A : P.Atoms)
      if (A.kind() != ExprKind::Sym) {
        // An expression the expansion keeps whole (`x << 64`, whose shift
        // has no value) is its own atom: undo inside its operands, not in
        // it again.
        Expr U = A == E ? Expr::binary(E.kind(), expr(E.lhs()), expr(E.rhs()))
                        : expr(A);
        Changed |= !(U == A);
        A = U;
      }
    auto Without = [](std::vector<unsigned> K, unsigned Id) {
      K.erase(std::find(K.begin(), K.end(), Id));
      return K;
    };
    auto With = [](std::vector<unsigned> K, unsigned Id) {
      K.push_back(Id);
      std::sort(K.begin(), K.end());
      return K;
    };
    auto Has = [](const std::vector<unsigned> &K, unsigned Id) {
      return std::count(K.begin(), K.end(), Id) == 1;
    };
    Monomials Out;
    if (Lane) {
      unsigned L = P.id(Expr::threadIdx(0)),
               W = P.id(Expr::symbol(assumedWarpBaseX())),
               T = P.id(Expr::symbol(sourceThreadX()));
      for (auto &[Key, C] : M) {
        if (C == 0 || !Has(Key, L))
          continue;
        auto Partner = M.find(With(Without(Key, L), W));
        int64_t C32;
        if (Partner == M.end() || __builtin_mul_overflow(C, 32, &C32) ||
            Partner->second != C32)
          continue;
        Out[With(Without(Key, L), T)] += C;
        Partner->second = 0;
        C = 0;
        Changed = true;
      }
    }
    for (const auto &[Key, C] : M) {
      if (C == 0)
        continue;
      std::vector<unsigned> K = Key;
      int64_t Coef = C;
      for (unsigned Id : Key) {
        const Expr &A = P.Atoms[Id];
        if (A.kind() != ExprKind::Sym || !Has(Key, Id))
          continue;
        auto It = Scaled.find(A.symbolValue());
        if (It == Scaled.end() || C % It->second.second != 0)
          continue;
        K = With(Without(Key, Id), P.id(Expr::symbol(It->second.first)));
        Coef = C / It->second.second;
        Changed = true;
        break;
      }
      Out[K] += Coef;
    }
    if (!Changed)
      return E;
    // Positive terms first, the constant last: "a + b - c - 4".
    std::optional<Expr> Sum;
    auto Add = [&](const std::vector<unsigned> &K, int64_t C) {
      if (!Sum)
        Sum = monomialExpr(P, K, C);
      else if (C < 0)
        Sum = *Sum - monomialExpr(P, K, -C);
      else
        Sum = *Sum + monomialExpr(P, K, C);
    };
    for (bool Positive : {true, false})
      for (const auto &[K, C] : Out)
        if (!K.empty() && C != 0 && (C > 0) == Positive)
          Add(K, C);
    if (auto It = Out.find({}); It != Out.end() && It->second != 0)
      Add({}, It->second);
    return Sum ? *Sum : Expr(0);
  }

  const SolveSpace &S;
  bool Lane = false;
  std::map<Symbol, std::pair<Symbol, int64_t>> Scaled;
  std::map<Symbol, std::string> Names;
};

} // namespace

std::string sourceTerms(const Expr &E, const SolveSpace &S) {
  Undo U(S);
  return U.expr(E).str([&](Symbol Sym) { return U.name(Sym); });
}

std::string sourceTerms(const Predicate &P, const SolveSpace &S) {
  Undo U(S);
  return U.pred(P).str([&](Symbol Sym) { return U.name(Sym); });
}

std::string sourceName(Symbol Sym, const SolveSpace &S) {
  if (auto It = S.Display.find(Sym); It != S.Display.end())
    return It->second.Name;
  return S.Name(Sym);
}

} // namespace warplint
