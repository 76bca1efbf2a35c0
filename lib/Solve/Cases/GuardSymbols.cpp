//===- GuardSymbols.cpp - A parameter that only bounds a guard ------------===//

#include "Solve/Cases/GuardSymbols.h"

#include "Solve/Cases/FreeSymbols.h"
#include "Solve/Space/InventedSymbols.h"
#include "Solve/Space/SourceTerms.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace warplint {

Symbol guardFreshSymbol(unsigned I) {
  return inventedSymbol(Invented::GuardPair, I);
}

namespace {

using Coefs = std::map<Symbol, int64_t>;

/// D as its free part (the coefficient of each free symbol it adds, zeros
/// dropped) and the rest; nullopt when a free symbol enters D other than
/// added.
std::optional<std::pair<Coefs, Expr>> freeSplit(const Expr &D,
                                                const SolveSpace &S) {
  auto Split = splitAdditive(
      D, [&](Symbol Sym) { return S.reduced(Sym); }, S);
  if (!Split) {
    llvm::consumeError(Split.takeError()); // the caller says "not additive"
    return std::nullopt;
  }
  Coefs Out;
  for (const auto &[Sym, C] : Split->Coef)
    if (C != 0)
      Out[Sym] = C;
  return std::make_pair(std::move(Out), std::move(Split->Rest));
}

/// The free part of D (freeSplit).
std::optional<Coefs> freeCoefs(const Expr &D, const SolveSpace &S) {
  if (auto Split = freeSplit(D, S))
    return std::move(Split->first);
  return std::nullopt;
}

/// C scaled by -1 (nullopt on overflow).
std::optional<Coefs> negated(const Coefs &C) {
  Coefs Out;
  for (const auto &[Sym, V] : C) {
    if (V == INT64_MIN)
      return std::nullopt;
    Out[Sym] = -V;
  }
  return Out;
}

std::string termsName(const GuardPair &P, const SolveSpace &S) {
  std::string Out = S.Name(P.Param);
  for (const auto &[Sym, Coef] : P.Others) {
    int64_t C = Coef;
    std::string Name = S.Name(Sym);
    // A symbol that reads in the user's terms scaled (the assumed shape's
    // warp index times 32 is threadIdx.x - threadIdx.x % 32).
    if (auto It = S.Display.find(Sym);
        It != S.Display.end() && C % It->second.Scale == 0) {
      C /= It->second.Scale;
      Name = It->second.Name;
      if (It->second.Sum)
        Name = "(" + Name + ")";
    }
    Out += C < 0 ? " - " : " + ";
    Out += Name;
    if (C != 1 && C != -1)
      Out += " * " + std::to_string(C < 0 ? -uint64_t(C) : uint64_t(C));
  }
  return Out;
}

/// Symbols that may absorb others: parameters, and the value of a
/// multiplying loop's variable from an unknown start (GeometricLoops.h),
/// which is just as free.
bool pairable(const SolveSpace &S, Symbol P) {
  if (P.Kind == SymbolKind::Param)
    return true;
  for (const SolveSpace::GeometricLoop &G : S.GeometricLoops)
    if (G.Sym == P && G.Values.empty())
      return true;
  return false;
}

} // namespace

std::vector<GuardPair> findGuardPairs(const KernelModel &K,
                                      const SolveSpace &S) {
  std::vector<Expr> Ds = comparisonTerms(S.Guard);
  // A parameter used anywhere but in the guard's comparisons is not free to
  // absorb the other symbols.
  std::set<Symbol> Elsewhere;
  for (Symbol Sym : S.Offset.symbols())
    Elsewhere.insert(Sym);
  for (unsigned Id : S.Relevant)
    for (const auto &Syms :
         {S.Loops[Id].Init.symbols(), S.Loops[Id].Condition.symbols()})
      Elsewhere.insert(Syms.begin(), Syms.end());

  std::vector<std::optional<Coefs>> Split;
  for (const Expr &D : Ds)
    Split.push_back(freeCoefs(D, S));

  std::vector<GuardPair> Pairs;
  std::set<Symbol> Taken;
  for (size_t I = 0; I < Ds.size(); ++I) {
    if (!Split[I] || Split[I]->size() < 2)
      continue;
    for (const auto &[P, C] : *Split[I]) {
      if (!pairable(S, P) || (C != 1 && C != -1) ||
          Elsewhere.count(P) || Taken.count(P))
        continue;
      // Every comparison that mentions P must combine the same free
      // symbols in the same proportions (up to sign): then all of them
      // only see V.
      Coefs Norm = *Split[I];
      if (C == -1) {
        auto Neg = negated(Norm);
        if (!Neg)
          continue;
        Norm = *Neg;
      }
      bool Alone = true;
      for (size_t J = 0; J < Ds.size() && Alone; ++J) {
        std::vector<Symbol> Syms = Ds[J].symbols();
        if (std::find(Syms.begin(), Syms.end(), P) == Syms.end())
          continue;
        if (!Split[J]) {
          Alone = false;
          break;
        }
        auto Neg = negated(*Split[J]);
        Alone = *Split[J] == Norm || (Neg && *Neg == Norm);
      }
      if (!Alone)
        continue;
      GuardPair G;
      G.Param = P;
      G.Fresh = guardFreshSymbol(unsigned(Pairs.size()));
      G.Others = Norm;
      G.Others.erase(P);
      G.Lower = lowerBoundIn(K, S, P);
      G.Name = termsName(G, S);
      Taken.insert(P);
      Pairs.push_back(std::move(G));
      break; // one parameter per combination is enough
    }
  }
  return Pairs;
}

Symbol decoupledSymbol(unsigned I) {
  return inventedSymbol(Invented::Decoupled, I);
}

std::optional<SolveSpace> decoupledGuards(const SolveSpace &S) {
  std::map<Coefs, Symbol> Fresh;
  std::map<Symbol, std::string> Names;
  std::string First;
  auto Decouple = [&](const Predicate &Leaf) -> Predicate {
    if (Leaf.kind() != PredKind::Cmp)
      return Leaf;
    auto Split = freeSplit(Leaf.lhs() - Leaf.rhs(), S);
    if (!Split || Split->first.size() < 2)
      return Leaf;
    const Coefs &C = Split->first;
    auto [It, New] =
        Fresh.insert({C, decoupledSymbol(unsigned(Fresh.size()))});
    if (New) {
      Expr Sum(0);
      for (const auto &[Sym, V] : C)
        Sum = Sum + Expr(V) * Expr::symbol(Sym);
      Names[It->second] = sourceTerms(Sum, S);
      if (First.empty())
        First = "active lanes depend on '" + sourceTerms(Leaf, S) +
                "', bounded over every value of '" + Names[It->second] + "'";
    }
    return Predicate::cmp(Leaf.cmpKind(),
                          Expr::symbol(It->second) + Split->second, Expr(0));
  };
  SolveSpace Out = S;
  Out.Guard = mapLeaves(S.Guard, Decouple);
  if (Fresh.empty())
    return std::nullopt;
  if (S.SureGuard)
    Out.SureGuard = mapLeaves(*S.SureGuard, Decouple);
  for (const auto &[Coef, Sym] : Fresh)
    Out.Free.push_back(Sym);
  Out.Decoupled = true;
  Out.BoundReason =
      S.BoundReason.empty() ? First : S.BoundReason + "; " + First;
  auto Inner = S.Name;
  Out.Name = [Inner, Names](Symbol X) {
    auto It = Names.find(X);
    return It != Names.end() ? It->second : Inner(X);
  };
  return Out;
}

std::optional<SolveSpace> blockGuardsAside(const SolveSpace &S) {
  std::vector<Predicate> Conj = S.Guard.kind() == PredKind::And
                                    ? S.Guard.operands()
                                    : std::vector<Predicate>{S.Guard};
  // The same for every thread of a block, and a value of the program: not a
  // thread or warp index, not a loop variable, not a symbol the solver made
  // (an opaque subterm, a compound, a stride count: they stand for values
  // whose parts may be used elsewhere).
  auto Blockwide = [&](Symbol Sym) {
    return Sym.Kind != SymbolKind::ThreadIdx &&
           Sym.Kind != SymbolKind::LoopVar && !isInvented(Sym) &&
           S.reduced(Sym);
  };
  // Where each symbol is used besides the conjunct that may go.
  std::map<Symbol, unsigned> Conjuncts;
  for (const Predicate &C : Conj)
    for (Symbol Sym : C.symbols())
      ++Conjuncts[Sym];
  std::set<Symbol> Elsewhere;
  auto Note = [&](const std::vector<Symbol> &Syms) {
    Elsewhere.insert(Syms.begin(), Syms.end());
  };
  Note(S.Offset.symbols());
  for (unsigned Id : S.Relevant) {
    Note(S.Loops[Id].Init.symbols());
    Note(S.Loops[Id].Condition.symbols());
  }
  for (const auto &[Sym, Term] : S.Opaque)
    Note(Term.symbols());
  for (const SolveSpace::GeometricLoop &G : S.GeometricLoops)
    Note({G.Sym});
  std::vector<Predicate> Kept, Aside;
  for (const Predicate &C : Conj) {
    std::vector<Symbol> Syms = C.symbols();
    bool Separable = !Syms.empty() && !C.hasUnknown();
    for (Symbol Sym : Syms)
      Separable &= Blockwide(Sym) && !Elsewhere.count(Sym) &&
                   Conjuncts[Sym] == 1;
    (Separable ? Aside : Kept).push_back(C);
  }
  if (Aside.empty())
    return std::nullopt;
  SolveSpace Out = S;
  Out.Guard = Predicate::conj(Kept);
  if (S.SureGuard && S.SureGuard->kind() == PredKind::And) {
    std::vector<Predicate> Sure;
    for (const Predicate &C : S.SureGuard->operands())
      if (std::find(Aside.begin(), Aside.end(), C) == Aside.end())
        Sure.push_back(C);
    Out.SureGuard = Predicate::conj(Sure);
  }
  if (Out.SureGuard)
    for (const Predicate &C : Aside)
      for (Symbol Sym : C.symbols())
        for (Symbol Used : Out.SureGuard->symbols())
          if (Used == Sym)
            return std::nullopt; // read otherwise by the narrowest guard
  std::string Said;
  std::set<Symbol> Gone;
  for (const Predicate &C : Aside) {
    Said += (Said.empty() ? "" : " && ") + sourceTerms(C, S);
    for (Symbol Sym : C.symbols())
      Gone.insert(Sym);
  }
  Out.GuardNote = S.GuardNote.empty() ? Said : Said + ", and " + S.GuardNote;
  // No case is made of them any more (nor an example value).
  Out.Free.erase(std::remove_if(Out.Free.begin(), Out.Free.end(),
                                [&](Symbol Sym) { return Gone.count(Sym); }),
                 Out.Free.end());
  Out.MayNotRun = true;
  return Out;
}

namespace {

/// S with the conjuncts Aside taken out of its guard (Kept stays) and said
/// in GuardNote: some blocks, launches or iterations may not run the
/// access.
SolveSpace withConjunctsAside(const SolveSpace &S,
                              const std::vector<Predicate> &Kept,
                              const std::vector<Predicate> &Aside) {
  SolveSpace Out = S;
  Out.Guard = Predicate::conj(Kept);
  std::string Said;
  for (const Predicate &C : Aside)
    Said += (Said.empty() ? "" : " && ") + sourceTerms(C, S);
  Out.GuardNote = S.GuardNote.empty() ? Said : Said + ", and " + S.GuardNote;
  Out.MayNotRun = true;
  return Out;
}

} // namespace

std::optional<SolveSpace> warpGuardsAside(const SolveSpace &S) {
  std::vector<Predicate> Conj = S.Guard.kind() == PredKind::And
                                    ? S.Guard.operands()
                                    : std::vector<Predicate>{S.Guard};
  // A grid-stride or unbounded loop's iteration count is one value for the
  // warp's lanes still in the loop, and so is an opaque subterm of such
  // values (`K / 32`); the other symbols the solver made may stand for
  // thread-dependent terms.
  std::function<bool(Symbol)> WarpUniform = [&](Symbol Sym) {
    if (Sym.Kind == SymbolKind::ThreadIdx)
      return false;
    if (!isInvented(Sym) || isInvented(Sym, Invented::StrideLoop))
      return true;
    auto It = std::find_if(S.Opaque.begin(), S.Opaque.end(),
                           [&](const auto &O) { return O.first == Sym; });
    if (It == S.Opaque.end())
      return false;
    for (Symbol Part : It->second.symbols())
      if (Part == Sym || !WarpUniform(Part))
        return false;
    return true;
  };
  // Only conjuncts that change between iterations: a block-level one keeps
  // its way to an answer (blockGuardsAside, or a bound whose least mean
  // counts the blocks that do not run the access).
  auto Iteration = [&](Symbol Sym) {
    return Sym.Kind == SymbolKind::LoopVar ||
           isInvented(Sym, Invented::StrideLoop);
  };
  std::vector<Predicate> Kept, Aside;
  for (const Predicate &C : Conj) {
    std::vector<Symbol> Syms = C.symbols();
    bool Uniform = !Syms.empty() && !C.hasUnknown();
    bool Changes = false;
    for (Symbol Sym : Syms) {
      Uniform &= WarpUniform(Sym);
      Changes |= Iteration(Sym);
    }
    (Uniform && Changes ? Aside : Kept).push_back(C);
  }
  // A sure guard (bounded spaces) that reads what goes would lose its
  // meaning: not set aside then.
  if (Aside.empty() || S.SureGuard)
    return std::nullopt;
  SolveSpace Out = withConjunctsAside(S, Kept, Aside);
  Out.UniformAside = true;
  // Which iterations run is no longer known: no request count.
  Out.SymbolicRepeat = true;
  return Out;
}

std::optional<SolveSpace> blockSelectorsAside(const SolveSpace &S) {
  if (S.SureGuard)
    return std::nullopt;
  std::vector<Predicate> Conj = S.Guard.kind() == PredKind::And
                                    ? S.Guard.operands()
                                    : std::vector<Predicate>{S.Guard};
  // The same for every thread of a block and every iteration: no thread
  // index, loop variable or value carried across iterations; an opaque
  // subterm only of such values.
  std::function<bool(Symbol)> Blockwide = [&](Symbol Sym) {
    if (!isInvented(Sym))
      return Sym.Kind != SymbolKind::ThreadIdx &&
             Sym.Kind != SymbolKind::LoopVar && Sym.Kind != SymbolKind::Uniform;
    auto It = std::find_if(S.Opaque.begin(), S.Opaque.end(),
                           [&](const auto &O) { return O.first == Sym; });
    if (It == S.Opaque.end())
      return false;
    for (Symbol Part : It->second.symbols())
      if (Part == Sym || !Blockwide(Part))
        return false;
    return true;
  };
  std::vector<Predicate> Kept, Aside;
  for (const Predicate &C : Conj) {
    std::vector<Symbol> Syms = C.symbols();
    bool Selector = !Syms.empty() && !C.hasUnknown();
    for (Symbol Sym : Syms)
      Selector &= Blockwide(Sym);
    (Selector ? Aside : Kept).push_back(C);
  }
  if (Aside.empty())
    return std::nullopt;
  SolveSpace Out = withConjunctsAside(S, Kept, Aside);
  Out.SelectorsAside = true;
  return Out;
}

std::optional<SolveSpace> boundOverValues(const SolveSpace &S,
                                          bool Unfollowed,
                                          const std::string &Why) {
  if (auto D = decoupledGuards(S))
    return D;
  if (!Unfollowed)
    return std::nullopt;
  SolveSpace Out = S;
  Out.Decoupled = true;
  std::string Bound = Why + ", bounded over all its values";
  Out.BoundReason =
      S.BoundReason.empty() ? Bound : S.BoundReason + "; " + Bound;
  return Out;
}

std::optional<GuardPairAtom> matchGuardPair(const std::vector<GuardPair> &Pairs,
                                            const Expr &D,
                                            const SolveSpace &S) {
  auto IsFree = [&](Symbol Sym) { return S.reduced(Sym); };
  auto C = freeCoefs(D, S);
  if (!C)
    return std::nullopt;
  for (const GuardPair &P : Pairs) {
    auto It = C->find(P.Param);
    if (It == C->end())
      continue;
    int64_t Sign = It->second;
    if (Sign != 1 && Sign != -1)
      return std::nullopt;
    Coefs Want = P.Others;
    Want[P.Param] = 1;
    if (Sign == -1) {
      auto Neg = negated(Want);
      if (!Neg)
        return std::nullopt;
      Want = *Neg;
    }
    if (*C != Want)
      return std::nullopt;
    auto Split = splitAdditive(D, IsFree, S);
    if (!Split) {
      llvm::consumeError(Split.takeError()); // not a guard pair, no reason
      return std::nullopt;
    }
    return GuardPairAtom{P.Fresh, Sign, Split->Rest};
  }
  return std::nullopt;
}

int64_t guardParamValue(const GuardPair &P,
                        const std::map<Symbol, int64_t> &Values) {
  int64_t V = Values.at(P.Fresh);
  for (const auto &[Sym, C] : P.Others)
    V -= C * Values.at(Sym);
  return V;
}

} // namespace warplint
