//===- Opaque.cpp - Block-uniform subterms the solver cannot split --------===//

#include "Solve/Space/Opaque.h"

#include "Solve/Space/InventedSymbols.h"

#include <map>

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

  SolveSpace &S;
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
