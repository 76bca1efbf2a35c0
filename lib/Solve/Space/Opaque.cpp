//===- Opaque.cpp - Block-uniform subterms the solver cannot split --------===//

#include "Solve/Space/Opaque.h"

#include "Solve/Space/Additive.h"
#include "Solve/Space/InventedSymbols.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

namespace warplint {

namespace {

Symbol opaqueSymbol(unsigned I) { return inventedSymbol(Invented::Opaque, I); }

/// Kinds the polynomial reading of the offset splits (Polynomial.h).
bool splits(const Expr &E) {
  switch (E.kind()) {
  case ExprKind::Const:
  case ExprKind::Sym:
  case ExprKind::Add:
  case ExprKind::Mul:
    return true;
  case ExprKind::Shl:
    return E.rhs().isConst();
  default:
    return false;
  }
}

class Replacer {
public:
  explicit Replacer(SolveSpace &S) : S(S) {}

  Expr expr(const Expr &E) {
    if (splits(E)) {
      if (E.kind() == ExprKind::Const || E.kind() == ExprKind::Sym)
        return E;
      return Expr::binary(E.kind(), expr(E.lhs()), expr(E.rhs()));
    }
    std::vector<Symbol> Syms = E.symbols();
    bool AllFree = !Syms.empty();
    for (Symbol Sym : Syms)
      AllFree &= S.reduced(Sym);
    if (AllFree)
      return Expr::symbol(symbolFor(E));
    if (E.kind() == ExprKind::Select)
      return E;
    std::optional<int64_t> D = E.rhs().asConst();
    if ((E.kind() == ExprKind::Div || E.kind() == ExprKind::Rem) && D &&
        *D > 0) {
      Expr N = expr(E.lhs());
      if (auto Out = splitDivision(E.kind(), N, *D))
        return *Out;
      return Expr::binary(E.kind(), N, E.rhs());
    }
    return Expr::binary(E.kind(), expr(E.lhs()), expr(E.rhs()));
  }

  Predicate pred(const Predicate &P) {
    return mapLeaves(P, [&](const Predicate &L) {
      return L.kind() == PredKind::Cmp
                 ? Predicate::cmp(L.cmpKind(), expr(L.lhs()), expr(L.rhs()))
                 : L;
    });
  }

private:
  Symbol symbolFor(const Expr &E) {
    for (const auto &[Sym, Term] : S.Opaque)
      if (Term == E)
        return Sym;
    Symbol Sym = opaqueSymbol(unsigned(S.Opaque.size()));
    S.Opaque.push_back({Sym, E});
    return Sym;
  }

  /// A flattened index divided by a size, (F + R) / D or (F + R) % D, with
  /// F = sum c * u over free symbols u (c > 0, u >= 0: blockIdx * blockDim)
  /// and R >= 0 the lanes' part (threadIdx.x). With g = gcd(D, every c):
  ///  - g == D: (F + R) / D = F / D + R / D (a sum of free symbols) and
  ///    (F + R) % D = R % D, exactly;
  ///  - R < g on every lane: F % D is a multiple of g, at most D - g, so
  ///    no lane crosses a multiple of D: (F + R) / D = F / D, one value for
  ///    the block, and (F + R) % D = g * ((F % D) / g) + R; those values
  ///    become opaque symbols (an answer must not depend on them).
  /// nullopt when neither holds.
  std::optional<Expr> splitDivision(ExprKind Kind, const Expr &N, int64_t D) {
    llvm::Expected<AdditiveSplit> Split = splitAdditive(
        N, [&](Symbol Sym) { return S.reduced(Sym); }, S);
    if (!Split) {
      llvm::consumeError(Split.takeError());
      return std::nullopt;
    }
    if (Split->Coef.empty())
      return std::nullopt;
    std::optional<std::pair<int64_t, int64_t>> Range = laneRange(Split->Rest);
    if (!Range || Range->first < 0)
      return std::nullopt;
    int64_t G = D;
    Expr F(int64_t(0));
    for (const auto &[Sym, C] : Split->Coef) {
      if (C <= 0 || !nonNegative(Sym))
        return std::nullopt;
      G = std::gcd(G, C);
      F = F + Expr::symbol(Sym) * Expr(C);
    }
    bool Div = Kind == ExprKind::Div;
    if (G == D) {
      if (!Div)
        return Expr::binary(ExprKind::Rem, Split->Rest, Expr(D));
      Expr Q(int64_t(0));
      for (const auto &[Sym, C] : Split->Coef)
        Q = Q + Expr::symbol(Sym) * Expr(C / D);
      return Q + Expr::binary(ExprKind::Div, Split->Rest, Expr(D));
    }
    if (Range->second >= G)
      return std::nullopt;
    if (Div) {
      Symbol Q = symbolFor(Expr::binary(ExprKind::Div, F, Expr(D)));
      NonNegative.push_back(Q);
      return Expr::symbol(Q);
    }
    Symbol K = symbolFor(Expr::binary(
        ExprKind::Div, Expr::binary(ExprKind::Rem, F, Expr(D)), Expr(G)));
    NonNegative.push_back(K);
    return Expr::symbol(K) * Expr(G) + Split->Rest;
  }

  /// The least and greatest value E takes over the threads of a block of
  /// the launch's shape: E may use threadIdx and constants only.
  std::optional<std::pair<int64_t, int64_t>> laneRange(const Expr &E) const {
    switch (E.kind()) {
    case ExprKind::Const:
      return std::make_pair(*E.asConst(), *E.asConst());
    case ExprKind::Sym: {
      Symbol Sym = E.symbolValue();
      if (Sym.Kind != SymbolKind::ThreadIdx || Sym.Index > 2 || S.Assumed ||
          S.RowLanes)
        return std::nullopt;
      return std::make_pair(int64_t(0), S.Dim[Sym.Index] - 1);
    }
    case ExprKind::Add: {
      auto L = laneRange(E.lhs()), R = laneRange(E.rhs());
      if (!L || !R)
        return std::nullopt;
      return std::make_pair(L->first + R->first, L->second + R->second);
    }
    case ExprKind::Mul: {
      std::optional<int64_t> C = E.rhs().asConst();
      auto In = laneRange(E.lhs());
      if (!C) {
        C = E.lhs().asConst();
        In = laneRange(E.rhs());
      }
      if (!C || !In || *C < 0 || *C > (int64_t(1) << 30) ||
          In->second > (int64_t(1) << 30) || In->first < -(int64_t(1) << 30))
        return std::nullopt;
      return std::make_pair(In->first * *C, In->second * *C);
    }
    case ExprKind::Div:
    case ExprKind::Rem: {
      std::optional<int64_t> D = E.rhs().asConst();
      auto In = laneRange(E.lhs());
      if (!D || *D <= 0 || !In || In->first < 0)
        return std::nullopt;
      if (E.kind() == ExprKind::Div)
        return std::make_pair(In->first / *D, In->second / *D);
      return std::make_pair(int64_t(0), std::min(In->second, *D - 1));
    }
    default:
      return std::nullopt;
    }
  }

  bool nonNegative(Symbol Sym) const {
    if (Sym.Kind == SymbolKind::BlockIdx || Sym.Kind == SymbolKind::BlockDim ||
        Sym.Kind == SymbolKind::GridDim)
      return true;
    return std::find(NonNegative.begin(), NonNegative.end(), Sym) !=
           NonNegative.end();
  }

  SolveSpace &S;
  /// Opaque symbols made from non-negative values (a quotient or remainder
  /// of a sum of non-negative free values).
  std::vector<Symbol> NonNegative;
};

} // namespace

void substituteOpaque(SolveSpace &S) {
  Replacer R(S);
  S.Offset = R.expr(S.Offset);
  S.Guard = R.pred(S.Guard);
  if (S.Opaque.empty())
    return;
  auto Inner = S.Name;
  std::map<Symbol, std::string> Names;
  for (const auto &[Sym, Term] : S.Opaque)
    Names[Sym] = Term.str(Inner);
  S.Name = [Inner, Names](Symbol X) {
    auto It = Names.find(X);
    return It != Names.end() ? It->second : Inner(X);
  };
}

} // namespace warplint
