//===- Compound.cpp - Free symbols that the access only uses together -----===//

#include "Solve/Cases/Compound.h"

#include "Solve/Space/InventedSymbols.h"
#include "Solve/Space/Polynomial.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace warplint {

namespace {

Symbol compoundFreshSymbol(unsigned I) {
  return inventedSymbol(Invented::Compound, I);
}

/// The offset or one comparison (lhs - rhs) of the guard, as a polynomial.
struct Site {
  bool IsOffset = false;
  bool Failed = false; ///< not a polynomial in the free symbols
  Monomials Terms;
  std::set<Symbol> Free; ///< its free symbols
};

std::vector<Site> collectSites(const SolveSpace &S, PolyAtoms &P) {
  std::vector<Expr> Exprs{S.Offset};
  for (const Expr &D : comparisonTerms(S.Guard))
    Exprs.push_back(D);
  std::vector<Site> Sites;
  for (size_t I = 0; I < Exprs.size(); ++I) {
    Site X;
    X.IsOffset = I == 0;
    X.Failed = expandPolynomial(Exprs[I], S, P, X.Terms).has_value();
    for (Symbol Sym : Exprs[I].symbols())
      if (S.reduced(Sym))
        X.Free.insert(Sym);
    Sites.push_back(std::move(X));
  }
  return Sites;
}

std::set<Symbol> symbolsOf(const PolyAtoms &P, const std::vector<unsigned> &K) {
  std::set<Symbol> Out;
  for (unsigned Id : K)
    for (Symbol Sym : P.Atoms[Id].symbols())
      Out.insert(Sym);
  return Out;
}

bool freeOnly(const PolyAtoms &P, const std::vector<unsigned> &Key,
              const SolveSpace &S) {
  for (unsigned Id : Key)
    if (!isFreeAtom(P, Id, S))
      return false;
  return true;
}

/// Divided by the gcd of its coefficients, the first one made positive.
Monomials primitive(const Monomials &M) {
  int64_t G = 0;
  for (const auto &[Key, C] : M)
    G = std::gcd(G, C == INT64_MIN ? int64_t(1) << 62 : (C < 0 ? -C : C));
  if (G == 0)
    return {};
  int64_t Sign = M.begin()->second < 0 ? -1 : 1;
  Monomials Out;
  for (const auto &[Key, C] : M)
    if (C != 0)
      Out[Key] = C / G * Sign;
  return Out;
}

/// Parameters a guard pair can take over: used in no offset or enumerated
/// loop, and added with coefficient +-1 wherever they appear.
std::set<Symbol> pairParameters(const SolveSpace &S, const PolyAtoms &P,
                                const std::vector<Site> &Sites) {
  std::set<Symbol> Out;
  for (const Site &X : Sites)
    for (Symbol Sym : X.Free)
      if (Sym.Kind == SymbolKind::Param)
        Out.insert(Sym);
  std::set<Symbol> Elsewhere(Sites[0].Free);
  for (unsigned Id : S.Relevant)
    for (const auto &Syms :
         {S.Loops[Id].Init.symbols(), S.Loops[Id].Condition.symbols()})
      Elsewhere.insert(Syms.begin(), Syms.end());
  for (const Site &X : Sites) {
    if (X.Failed) {
      for (Symbol Sym : X.Free)
        Elsewhere.insert(Sym);
      continue;
    }
    for (const auto &[Key, C] : X.Terms)
      for (Symbol Sym : symbolsOf(P, Key))
        if (Key.size() != 1 || (C != 1 && C != -1))
          Elsewhere.insert(Sym);
  }
  for (Symbol Sym : Elsewhere)
    Out.erase(Sym);
  return Out;
}

/// Candidates for Q: the free part of each comparison (less a pair's
/// parameter) when it combines several symbols, and the sub-polynomial of
/// each group of free symbols multiplied together.
std::vector<Monomials> candidates(const SolveSpace &S, const PolyAtoms &P,
                                  const std::vector<Site> &Sites) {
  std::set<Symbol> Params = pairParameters(S, P, Sites);
  std::vector<Monomials> Out;
  for (const Site &X : Sites) {
    if (X.IsOffset || X.Failed)
      continue;
    Monomials Free;
    bool Usable = true, Nonlinear = false;
    for (const auto &[Key, C] : X.Terms) {
      std::set<Symbol> Syms = symbolsOf(P, Key);
      bool AnyFree = false;
      for (Symbol Sym : Syms)
        AnyFree |= S.reduced(Sym);
      if (!AnyFree || (Key.size() == 1 && Params.count(*Syms.begin())))
        continue;
      Usable &= freeOnly(P, Key, S);
      Nonlinear |= Key.size() > 1;
      Free[Key] = C;
    }
    if (Usable && (Free.size() > 1 || Nonlinear))
      Out.push_back(primitive(Free));
  }
  // Groups of symbols that appear multiplied together.
  std::vector<std::set<Symbol>> Groups;
  for (const Site &X : Sites)
    for (const auto &[Key, C] : X.Terms) {
      if (Key.size() < 2 || !freeOnly(P, Key, S))
        continue;
      std::set<Symbol> G = symbolsOf(P, Key);
      for (auto It = Groups.begin(); It != Groups.end();) {
        bool Meets = false;
        for (Symbol Sym : *It)
          Meets |= G.count(Sym) != 0;
        if (Meets) {
          G.insert(It->begin(), It->end());
          It = Groups.erase(It);
        } else {
          ++It;
        }
      }
      Groups.push_back(G);
    }
  for (const std::set<Symbol> &G : Groups)
    for (const Site &X : Sites) {
      Monomials Part;
      for (const auto &[Key, C] : X.Terms)
        for (Symbol Sym : symbolsOf(P, Key))
          if (G.count(Sym))
            Part[Key] = C;
      if (!Part.empty()) {
        Out.push_back(primitive(Part));
        break;
      }
    }
  return Out;
}

/// The multiple of Q each site uses (0 when it does not use Q's symbols);
/// nullopt when a site uses them other than through Q.
std::optional<std::vector<int64_t>> multiples(const Monomials &Q,
                                              const std::set<Symbol> &Syms,
                                              const PolyAtoms &P,
                                              const std::vector<Site> &Sites) {
  std::vector<int64_t> K;
  for (const Site &X : Sites) {
    bool Meets = false;
    for (Symbol Sym : Syms)
      Meets |= X.Free.count(Sym) != 0;
    if (!Meets) {
      K.push_back(0);
      continue;
    }
    if (X.Failed)
      return std::nullopt;
    Monomials Part;
    for (const auto &[Key, C] : X.Terms) {
      std::set<Symbol> KS = symbolsOf(P, Key);
      bool In = false, Out = false;
      for (Symbol Sym : KS)
        (Syms.count(Sym) ? In : Out) = true;
      if (In && Out)
        return std::nullopt; // Q's symbols times something else
      if (In && C != 0)
        Part[Key] = C;
    }
    const auto &[Key0, Q0] = *Q.begin();
    auto It = Part.find(Key0);
    if (It == Part.end() || It->second % Q0 != 0 || Part.size() != Q.size())
      return std::nullopt;
    int64_t M = It->second / Q0;
    for (const auto &[Key, C] : Q) {
      int64_t Want;
      auto J = Part.find(Key);
      if (J == Part.end() || __builtin_mul_overflow(C, M, &Want) ||
          J->second != Want)
        return std::nullopt;
    }
    K.push_back(M);
  }
  return K;
}

/// Q = A * U + Base when the symbols other than U take the values Fixed;
/// false when U is not of degree one or a product overflows.
bool linearIn(const Monomials &Q, const PolyAtoms &P, Symbol U,
              const std::map<Symbol, int64_t> &Fixed, int64_t &A,
              int64_t &Base) {
  A = Base = 0;
  for (const auto &[Key, Coef] : Q) {
    int64_t V = Coef;
    unsigned Degree = 0;
    for (unsigned Id : Key) {
      Symbol Sym = P.Atoms[Id].symbolValue();
      if (Sym == U) {
        ++Degree;
        continue;
      }
      if (__builtin_mul_overflow(V, Fixed.at(Sym), &V))
        return false;
    }
    if (Degree > 1 || __builtin_add_overflow(Degree ? A : Base, V,
                                             Degree ? &A : &Base))
      return false;
  }
  return true;
}

/// The least value of a free symbol, an earlier compound's included.
std::optional<int64_t> lowerOf(const KernelModel &K,
                               const std::vector<CompoundSymbol> &Prev,
                               Symbol Sym) {
  for (const CompoundSymbol &C : Prev)
    if (C.Fresh == Sym)
      return C.Lower;
  return freeSymbolLowerBound(K, Sym);
}

bool positional(const std::vector<CompoundSymbol> &Prev, Symbol Sym) {
  for (const CompoundSymbol &C : Prev)
    if (C.Fresh == Sym)
      return C.Positional;
  return Sym.Kind == SymbolKind::BlockIdx || Sym.Kind == SymbolKind::ThreadIdx ||
         Sym == assumedWarpBaseX();
}

/// Q's range and handle (the file comment's forms A and B).
std::optional<CompoundSymbol> rangeOf(const KernelModel &K,
                                      const std::vector<CompoundSymbol> &Prev,
                                      const Monomials &Q, const PolyAtoms &P) {
  auto LowerOf = [&](Symbol Sym) { return lowerOf(K, Prev, Sym); };
  std::set<Symbol> Syms;
  for (const auto &[Key, C] : Q)
    for (Symbol Sym : symbolsOf(P, Key))
      Syms.insert(Sym);
  bool FormA = true;
  for (const auto &[Key, C] : Q)
    FormA &= C > 0;
  for (Symbol Sym : Syms) {
    auto L = LowerOf(Sym);
    FormA &= L && *L >= 0;
  }
  // Q's least value in form A: every symbol at its least value.
  std::map<Symbol, int64_t> Least;
  for (Symbol Sym : Syms)
    Least[Sym] = LowerOf(Sym).value_or(1);
  std::optional<int64_t> QMin;
  if (FormA) {
    int64_t A, Base;
    Symbol First = *Syms.begin();
    if (!linearIn(Q, P, First, Least, A, Base) ||
        __builtin_mul_overflow(A, Least[First], &A) ||
        __builtin_add_overflow(A, Base, &QMin.emplace()))
      return std::nullopt;
  }
  for (Symbol U : Syms) {
    auto LU = LowerOf(U);
    if (!FormA && LU)
      continue;
    // The others at their least values, or at 1 (n * m: m = 1 lets n
    // reach every value).
    std::optional<CompoundSymbol> Found;
    for (int64_t Floor : {INT64_MIN, int64_t(1)}) {
      CompoundSymbol C;
      C.Handle = U;
      for (Symbol Sym : Syms)
        if (!(Sym == U))
          C.Fixed[Sym] = std::max(Least[Sym], Floor);
      int64_t A, Reach;
      if (!linearIn(Q, P, U, C.Fixed, A, C.Base) || A != 1)
        continue;
      // Form A: from U's least value on, every value from QMin up.
      if (FormA && (__builtin_add_overflow(C.Base, *LU, &Reach) ||
                    Reach != *QMin))
        continue;
      C.Lower = QMin;
      Found = std::move(C);
      break;
    }
    if (!Found)
      continue;
    CompoundSymbol C = std::move(*Found);
    // Positional when the handle picks a block or warp and the others are
    // such symbols or launch dimensions.
    C.Positional = positional(Prev, U);
    for (Symbol Sym : Syms)
      C.Positional &= positional(Prev, Sym) ||
                      Sym.Kind == SymbolKind::BlockDim ||
                      Sym.Kind == SymbolKind::GridDim ||
                      Sym == assumedBlockDimX32();
    Expr V(0);
    for (const auto &[Key, Coef] : Q)
      V = V + monomialExpr(P, Key, Coef);
    C.Value = V;
    return C;
  }
  return std::nullopt;
}

/// Sum of Terms with the monomials of Q's symbols replaced by M * Fresh.
Expr rewritten(const Monomials &Terms, const std::set<Symbol> &Syms,
               const PolyAtoms &P, int64_t M, Symbol Fresh) {
  Expr Out = Expr::symbol(Fresh) * Expr(M);
  for (const auto &[Key, C] : Terms) {
    bool In = false;
    for (Symbol Sym : symbolsOf(P, Key))
      In |= Syms.count(Sym) != 0;
    if (!In)
      Out = Out + monomialExpr(P, Key, C);
  }
  return Out;
}

/// The guard with comparison number I (in comparisonTerms order, from 0)
/// replaced by New[I] cmp 0 where New[I] is set.
Predicate replaceComparisons(const Predicate &G,
                             const std::vector<std::optional<Expr>> &New) {
  size_t I = 0;
  return mapLeaves(G, [&](const Predicate &L) {
    if (L.kind() != PredKind::Cmp)
      return L;
    const std::optional<Expr> &D = New[I++];
    return D ? Predicate::cmp(L.cmpKind(), *D, Expr(0)) : L;
  });
}

/// Scale times Q in the user's terms when some of its symbols have a
/// display (SolveSpace::Display) and one scale serves them all: each
/// monomial holds at most one such symbol, once, and the others' monomials
/// are multiplied by the scale. "blockIdx.x * blockDim.x + threadIdx.x -
/// threadIdx.x % 32" for 32 * (blockIdx.x * (blockDim.x / 32) + threadIdx.x
/// / 32).
std::optional<ScaledName> scaledDisplay(const Monomials &Q, const PolyAtoms &P,
                                        const SolveSpace &S) {
  std::optional<int64_t> Scale;
  for (const auto &[Key, C] : Q)
    for (unsigned Id : Key)
      if (P.Atoms[Id].kind() == ExprKind::Sym)
        if (auto It = S.Display.find(P.Atoms[Id].symbolValue());
            It != S.Display.end()) {
          if (Scale && *Scale != It->second.Scale)
            return std::nullopt;
          Scale = It->second.Scale;
        }
  if (!Scale)
    return std::nullopt;
  std::string Out;
  for (const auto &[Key, C] : Q) {
    std::string Factors;
    int64_t Coef = C;
    bool Shown = false;
    for (unsigned Id : Key) {
      const Expr &A = P.Atoms[Id];
      std::string F;
      auto It = A.kind() == ExprKind::Sym ? S.Display.find(A.symbolValue())
                                          : S.Display.end();
      if (It != S.Display.end()) {
        if (Shown)
          return std::nullopt;
        Shown = true;
        F = It->second.Name;
        if (It->second.Sum && (Key.size() > 1 || (C != 1 && C != -1)))
          F = "(" + F + ")";
      } else {
        F = A.str(S.Name);
      }
      Factors += (Factors.empty() ? "" : " * ") + F;
    }
    if (!Shown && __builtin_mul_overflow(Coef, *Scale, &Coef))
      return std::nullopt;
    uint64_t Mag = Coef < 0 ? -uint64_t(Coef) : uint64_t(Coef);
    std::string Term = Factors.empty() ? std::to_string(Mag)
                       : Mag == 1      ? Factors
                                       : Factors + " * " + std::to_string(Mag);
    if (Out.empty())
      Out = Coef < 0 ? "-" + Term : Term;
    else
      Out += (Coef < 0 ? " - " : " + ") + Term;
  }
  bool Sum = Out.find(" + ") != std::string::npos ||
             Out.find(" - ") != std::string::npos;
  return ScaledName{*Scale, Out, Sum};
}

/// Finds one compound and applies it to S; false when there is none.
bool substituteOne(const KernelModel &K, SolveSpace &S,
                   std::vector<CompoundSymbol> &Out) {
  PolyAtoms P;
  std::vector<Site> Sites = collectSites(S, P);
  for (const Monomials &Q : candidates(S, P, Sites)) {
    bool FreeOnly = !Q.empty();
    for (const auto &[Key, C] : Q)
      FreeOnly &= freeOnly(P, Key, S);
    if (!FreeOnly)
      continue; // a lane index times the symbols: not one uniform value
    std::set<Symbol> Syms;
    for (const auto &[Key, C] : Q)
      for (Symbol Sym : symbolsOf(P, Key))
        Syms.insert(Sym);
    bool Opaque = false; // its cases must stay visible (Opaque.h)
    for (const auto &[Sym, Term] : S.Opaque)
      Opaque |= Syms.count(Sym) != 0;
    if (Opaque)
      continue;
    auto M = multiples(Q, Syms, P, Sites);
    if (!M)
      continue;
    auto C = rangeOf(K, Out, Q, P);
    if (!C)
      continue;
    C->Fresh = compoundFreshSymbol(unsigned(Out.size()));
    if ((*M)[0] != 0)
      S.Offset = rewritten(Sites[0].Terms, Syms, P, (*M)[0], C->Fresh);
    std::vector<std::optional<Expr>> New;
    for (size_t I = 1; I < Sites.size(); ++I)
      if ((*M)[I] != 0)
        New.push_back(rewritten(Sites[I].Terms, Syms, P, (*M)[I], C->Fresh));
      else
        New.push_back(std::nullopt);
    S.Guard = replaceComparisons(S.Guard, New);
    std::vector<Symbol> Free{C->Fresh};
    for (Symbol Sym : S.Free)
      if (!Syms.count(Sym))
        Free.push_back(Sym);
    S.Free = Free;
    auto Inner = S.Name;
    std::string Name = "(" + C->Value.str(Inner) + ")";
    Symbol Fresh = C->Fresh;
    C->Name = Name;
    if (auto D = scaledDisplay(Q, P, S))
      S.Display[Fresh] = *D;
    S.Name = [Inner, Name, Fresh](Symbol X) {
      return X == Fresh ? Name : Inner(X);
    };
    Out.push_back(std::move(*C));
    return true;
  }
  return false;
}

} // namespace

std::vector<std::pair<Symbol, int64_t>>
CompoundSymbol::decode(int64_t Q) const {
  std::vector<std::pair<Symbol, int64_t>> Out(Fixed.begin(), Fixed.end());
  Out.push_back({Handle, Q - Base});
  return Out;
}

std::vector<CompoundSymbol> substituteCompounds(const KernelModel &K,
                                                SolveSpace &S) {
  std::vector<CompoundSymbol> Out;
  // Each round removes at least two free symbols or a product; a few
  // rounds cover every access seen in real code.
  for (int Round = 0; Round < 4 && S.Free.size() > 1; ++Round)
    if (!substituteOne(K, S, Out))
      break;
  return Out;
}

} // namespace warplint
