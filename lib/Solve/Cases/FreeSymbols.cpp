//===- FreeSymbols.cpp - Finitely many cases for block-uniform unknowns ---===//

#include "Solve/Cases/FreeSymbols.h"

#include "Solve/HardwareRules.h"
#include "Solve/Cases/MaskAtoms.h"
#include "Solve/Space/Polynomial.h"
#include "Solve/Space/SourceTerms.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace warplint {

namespace {

struct GuardAtom {
  Symbol Sym;
  int64_t Coef = 0;
  Expr Rest;
};

/// Collects the comparison atoms of P that use free symbols; a comparison
/// of a guard pair's symbols becomes an atom of its fresh symbol.
std::optional<std::string> collectAtoms(const Predicate &P, const SolveSpace &S,
                                        const std::vector<GuardPair> &Pairs,
                                        std::vector<GuardAtom> &Atoms) {
  auto IsFree = [&](Symbol Sym) { return S.reduced(Sym); };
  if (P.kind() == PredKind::Cmp) {
    Expr D = P.lhs() - P.rhs();
    std::set<Symbol> Free;
    for (Symbol Sym : D.symbols())
      if (IsFree(Sym))
        Free.insert(Sym);
    if (Free.empty())
      return std::nullopt;
    std::string Cond = sourceTerms(P, S);
    if (auto Pair = matchGuardPair(Pairs, D, S)) {
      Atoms.push_back({Pair->Fresh, Pair->Coef, Pair->Rest});
      return std::nullopt;
    }
    if (Free.size() > 1)
      return "active lanes depend on '" + Cond + "', which uses '" +
             sourceName(*Free.begin(), S) + "' and '" +
             sourceName(*++Free.begin(), S) + "' together";
    Symbol U = *Free.begin();
    auto Split = splitAdditive(
        D, [&](Symbol Sym) { return Sym == U; }, S);
    if (!Split) {
      // The reason names the address; the guard's own words say more.
      llvm::consumeError(Split.takeError());
      return "active lanes depend on '" + Cond + "' non-linearly in '" +
             sourceName(U, S) + "'";
    }
    Atoms.push_back({U, Split->Coef[U], Split->Rest});
    return std::nullopt;
  }
  for (const Predicate &Op : P.operands())
    if (auto Err = collectAtoms(Op, S, Pairs, Atoms))
      return Err;
  return std::nullopt;
}

} // namespace

std::optional<std::string>
freeSymbolGrain(const SolveSpace &S, int64_t Modulus,
                std::map<Symbol, int64_t> &Grain,
                std::map<Symbol, int64_t> &Residues,
                std::optional<LaneProduct> &Product) {
  PolyAtoms P;
  Monomials Terms;
  auto IsMask = [&](const Expr &X) { return maskAtomShape(X, S); };
  if (auto Err = expandPolynomial(S.Offset, S, P, Terms, IsMask))
    return Err;
  auto Abs = [](int64_t C) {
    return C == INT64_MIN ? int64_t(1) << 62 : (C < 0 ? -C : C);
  };
  Expr Rest(0);
  bool Masks = false;
  for (const auto &[Key, C] : Terms) {
    if (C == 0)
      continue;
    // A runtime mask of a lane index (MaskAtoms.h): exact by residues when
    // it stands alone in its term.
    const Expr *Mask = nullptr;
    for (unsigned Id : Key)
      if (!isFreeAtom(P, Id, S) && maskAtomShape(P.Atoms[Id], S))
        Mask = &P.Atoms[Id];
    if (Mask) {
      if (Key.size() != 1 || !exactMaskAtom(*Mask, S, C, Modulus, Residues))
        return notOnlyAdded(*Mask, S);
      Masks = true;
      continue;
    }
    std::vector<Symbol> Free;
    const Expr *Varying = nullptr;
    for (unsigned Id : Key) {
      if (isFreeAtom(P, Id, S)) {
        Free.push_back(P.Atoms[Id].symbolValue());
        continue;
      }
      for (Symbol Sym : P.Atoms[Id].symbols())
        if (!S.warpUniform(Sym))
          Varying = &P.Atoms[Id];
    }
    if (Free.empty()) {
      if (Varying)
        Rest = Rest + monomialExpr(P, Key, C);
      continue;
    }
    if (Varying) {
      // u times a lane-varying value: one such u, of degree one, is
      // reduced by its window (LaneProduct); anything more is not.
      if (Free.size() != 1 || (Product && !(Product->Sym == Free.front())))
        return "address depends on the product of " + sourceTerms(*Varying, S) +
               " and '" + sourceName(Free.front(), S) + "'";
      if (!Product)
        Product = LaneProduct{Free.front(), 0, Expr(0)};
      Product->Step = std::gcd(Product->Step, Abs(C));
    }
    // u -> u + d changes the term by a multiple of C * d: the whole request
    // when the term is uniform over the warp, each lane by its own multiple
    // of C * d when it is not.
    for (Symbol Sym : Free) {
      int64_t &G = Grain[Sym];
      G = std::gcd(G, Abs(C));
    }
  }
  if (Product && Masks)
    // The product's window is measured on the lane terms without free
    // values; a mask term has free values in every lane.
    return "address depends on the product of a lane index and '" +
           S.Name(Product->Sym) + "' beside a runtime mask";
  if (Product)
    Product->Rest = Rest;
  return std::nullopt;
}

/// For each pair whose parameter has a least value L: Param = Fresh -
/// sum c_u * u >= L must be reachable in every case. A symbol u without a
/// window has only residue classes, which reach arbitrarily high values (and
/// low ones when u has no least value), so moving u by whole periods makes
/// room for any value of Fresh without changing the case. Without such a u
/// some cases might be unreachable: the pair is refused.
static std::optional<std::string>
planShifts(const KernelModel &K, const SolveSpace &S, FreePlan &Plan) {
  std::map<Symbol, unsigned> Uses;
  for (const GuardPair &P : Plan.Pairs)
    for (const auto &[Sym, C] : P.Others)
      ++Uses[Sym];
  for (const GuardPair &P : Plan.Pairs) {
    int Shift = -1;
    for (size_t I = 0; P.Lower && I < Plan.Symbols.size() && Shift < 0; ++I) {
      const SymbolClasses &SC = Plan.Symbols[I];
      auto It = P.Others.find(SC.Sym);
      if (It == P.Others.end() || SC.HasWindow || Uses[SC.Sym] > 1)
        continue;
      // u grows when its coefficient is negative, else it must shrink.
      if (It->second < 0 || !Plan.lowerBound(K, SC.Sym))
        Shift = int(I);
    }
    if (P.Lower && Shift < 0)
      return "active lanes depend on '" + P.Name + "', and '" +
             S.Name(P.Param) + "' cannot be less than " +
             std::to_string(*P.Lower);
    Plan.ShiftOf.push_back(Shift);
  }
  return std::nullopt;
}

namespace {

/// Each atom's remainder range [Min, Max] over the domain: its window.
std::optional<std::string> atomRanges(const SolveSpace &S,
                                      const std::vector<GuardAtom> &Atoms,
                                      uint64_t &Budget,
                                      std::vector<int64_t> &Min,
                                      std::vector<int64_t> &Max) {
  bool Failed = false;
  auto St = forEachLanePoint(S, {}, Budget, [&](const Env &E) {
    for (size_t I = 0; I < Atoms.size(); ++I) {
      auto V = E.eval(Atoms[I].Rest);
      if (!V) {
        Failed = true;
        return false;
      }
      Min[I] = std::min(Min[I], *V);
      Max[I] = std::max(Max[I], *V);
    }
    return true;
  });
  if (Failed)
    return std::string("cannot evaluate a guard term");
  if (St.State == EnumerationStatus::OverBudget)
    return "iteration space too large to bound the guard";
  if (St.State == EnumerationStatus::Error)
    return St.Reason;
  return std::nullopt;
}

/// The symbols the cases set: free ones, a guard pair's fresh for its own.
std::vector<Symbol> caseSymbols(const SolveSpace &S,
                                const std::vector<GuardPair> &Pairs) {
  std::vector<Symbol> Syms;
  for (Symbol Sym : S.Free) {
    bool Replaced = false;
    for (const GuardPair &P : Pairs)
      Replaced |= P.Param == Sym;
    if (!Replaced)
      Syms.push_back(Sym);
  }
  for (const GuardPair &P : Pairs)
    Syms.push_back(P.Fresh);
  return Syms;
}

/// SC's window [Lo, Hi]: where an atom of its symbol may change sign.
std::optional<std::string> windowOf(const SolveSpace &S,
                                    const std::vector<GuardAtom> &Atoms,
                                    const std::vector<int64_t> &Min,
                                    const std::vector<int64_t> &Max,
                                    SymbolClasses &SC) {
  for (size_t I = 0; I < Atoms.size(); ++I) {
    if (!(Atoms[I].Sym == SC.Sym) || Min[I] > Max[I])
      continue;
    // a*u + r changes sign only while a*u lies within [-max r, -min r].
    int64_t A = Atoms[I].Coef, Lo, Hi;
    // a = 0 (a term that cancels, as in gridDim.x - gridDim.x): the
    // sign never depends on u, and there is no window to find.
    if (A == 0)
      continue;
    // Far from the edges of int64, the negations and the +-1 below
    // cannot overflow.
    constexpr int64_t Far = int64_t(1) << 62;
    if (A <= -Far || A >= Far || Min[I] <= -Far || Max[I] >= Far)
      return "the guard on '" + S.Name(SC.Sym) + "' has too many cases";
    if (A > 0) {
      Lo = floorDiv(-Max[I], A) - 1;
      Hi = floorDiv(-Min[I], A) + 1;
    } else {
      Lo = floorDiv(Min[I], -A) - 1;
      Hi = floorDiv(Max[I], -A) + 1;
    }
    SC.Lo = SC.HasWindow ? std::min(SC.Lo, Lo) : Lo;
    SC.Hi = SC.HasWindow ? std::max(SC.Hi, Hi) : Hi;
    SC.HasWindow = true;
  }
  return std::nullopt;
}

/// SC's classes from Lower up: residues, or around and in its window.
std::optional<std::string> addClasses(const SolveSpace &S,
                                      std::optional<int64_t> Lower,
                                      SymbolClasses &SC) {
  if (!SC.HasWindow) {
    int64_t Start = Lower ? *Lower : 0;
    for (int64_t R = 0; R < SC.Modulus; ++R)
      SC.Classes.push_back({ValueClass::Residue, Start + R});
  } else {
    if (Lower && SC.Hi < *Lower) {
      // The whole window lies below the least value: only residues left.
      SC.HasWindow = false;
      for (int64_t R = 0; R < SC.Modulus; ++R)
        SC.Classes.push_back({ValueClass::Residue, *Lower + R});
    } else {
      if (Lower && SC.Lo <= *Lower)
        SC.Lo = *Lower; // nothing below: the window starts at the bound
      else
        for (int64_t R = SC.Modulus; R >= 1; --R)
          if (!Lower || SC.Lo - R >= *Lower) // an empty class otherwise
            SC.Classes.push_back({ValueClass::Below, SC.Lo - R});
      if (SC.Hi - SC.Lo > int64_t(1) << 20)
        return "the guard on '" + S.Name(SC.Sym) + "' has too many cases";
      for (int64_t V = SC.Lo; V <= SC.Hi; ++V)
        SC.Classes.push_back({ValueClass::Exact, V});
      for (int64_t R = 1; R <= SC.Modulus; ++R)
        SC.Classes.push_back({ValueClass::Above, SC.Hi + R});
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> planFreeSymbols(const KernelModel &K,
                                           const SolveSpace &Source,
                                           int64_t Modulus, uint64_t &Budget,
                                           FreePlan &Plan) {
  // Planned on a copy in which compounds are single symbols; the cases'
  // values are given back in source symbols (FreePlan::values).
  SolveSpace S = Source;
  Plan.Compounds = substituteCompounds(K, S);
  Plan.Display = S.Display;
  for (const SolveSpace::GeometricLoop &G : S.GeometricLoops)
    if (auto L = lowerBoundIn(K, S, G.Sym))
      Plan.KnownLower[G.Sym] = *L;
  auto IsFree = [&](Symbol Sym) { return S.reduced(Sym); };
  for (unsigned Id : S.Relevant)
    for (const auto &Syms :
         {S.Loops[Id].Init.symbols(), S.Loops[Id].Condition.symbols()})
      for (Symbol Sym : Syms)
        if (IsFree(Sym))
          return "the iterations of loop '" + S.Loops[Id].VarName +
                 "' depend on '" + S.Name(Sym) + "'";

  std::map<Symbol, int64_t> Grain, Residues;
  std::optional<LaneProduct> Product;
  if (auto Err = freeSymbolGrain(S, Modulus, Grain, Residues, Product))
    return Err;
  Plan.Pairs = findGuardPairs(K, S);
  std::vector<GuardAtom> Atoms;
  if (auto Err = collectAtoms(S.Guard, S, Plan.Pairs, Atoms))
    return Err;
  // The product's window is found like a guard's: its remainder's range is
  // measured over the domain with the others, then widened below.
  if (Product) {
    Atoms.push_back({Product->Sym, Product->Step, Product->Rest});
    Plan.ProductSym = Product->Sym;
  }

  // Range of each atom's remainder over the whole domain.
  std::vector<int64_t> Min(Atoms.size(), INT64_MAX),
      Max(Atoms.size(), INT64_MIN);
  if (!Atoms.empty())
    if (auto Err = atomRanges(S, Atoms, Budget, Min, Max))
      return Err;
  if (Product && Min.back() <= Max.back()) {
    // Lanes with different multipliers are at least Step * |u| - R apart;
    // beyond R + Near they share no word or sector (LaneProduct).
    int64_t Near = Modulus + int64_t(S.Bytes), Reach;
    if (__builtin_sub_overflow(Max.back(), Min.back(), &Reach) ||
        __builtin_add_overflow(Reach, Near, &Reach))
      return "the product of a lane index and '" + S.Name(Product->Sym) +
             "' has too many cases";
    Min.back() = -Reach;
    Max.back() = Reach;
  }

  std::vector<Symbol> Syms = caseSymbols(S, Plan.Pairs);
  // A mask's residues are kept only by symbols the cases set directly: a
  // guard pair's parameter or a compound's part gets its value otherwise.
  for (const auto &[Sym, M] : Residues)
    if (std::find(Syms.begin(), Syms.end(), Sym) == Syms.end())
      return "the address masks with '" + S.Name(Sym) +
             "', whose value the cases do not set directly";
  for (Symbol Sym : Syms) {
    SymbolClasses SC;
    SC.Sym = Sym;
    if (const std::vector<int64_t> *Values = S.valueSet(Sym)) {
      SC.HasWindow = SC.ValueSet = true;
      SC.Lo = Values->front();
      SC.Hi = Values->back();
      for (int64_t V : *Values)
        SC.Classes.push_back({ValueClass::Exact, V});
      Plan.Symbols.push_back(std::move(SC));
      continue;
    }
    int64_t C = floorMod(Grain.count(Sym) ? Grain[Sym] : 0, Modulus);
    SC.Modulus = Modulus / std::gcd(C, Modulus);
    if (auto It = Residues.find(Sym); It != Residues.end())
      SC.Modulus = std::lcm(SC.Modulus, It->second);
    if (auto Err = windowOf(S, Atoms, Min, Max, SC))
      return Err;
    if (auto Err = addClasses(S, Plan.lowerBound(K, Sym), SC))
      return Err;
    Plan.Symbols.push_back(std::move(SC));
  }
  return planShifts(K, S, Plan);
}

} // namespace warplint
