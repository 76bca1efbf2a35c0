//===- FreeSymbols.cpp - Finitely many cases for block-uniform unknowns ---===//

#include "Solve/FreeSymbols.h"

#include "Solve/HardwareRules.h"
#include "Solve/Polynomial.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace warplint {

namespace {

bool uses(const Expr &E, const std::function<bool(Symbol)> &InSet) {
  for (Symbol S : E.symbols())
    if (InSet(S))
      return true;
  return false;
}

/// Names a symbol of the set inside E and one lane-varying symbol, for the
/// "product of" message.
std::string productReason(const Expr &A, const Expr &B,
                          const std::function<bool(Symbol)> &InSet,
                          const std::function<std::string(Symbol)> &Name) {
  std::string Free, Other;
  for (const Expr *E : {&A, &B})
    for (Symbol S : E->symbols()) {
      if (InSet(S) && Free.empty())
        Free = Name(S);
      else if (!InSet(S) && Other.empty())
        Other = Name(S);
    }
  if (Other.empty())
    return "address depends on a product of '" + Free +
           "' with itself or "
           "another unknown value";
  return "address depends on the product of " + Other + " and '" + Free + "'";
}

} // namespace

std::optional<AdditiveSplit>
splitAdditive(const Expr &E, const std::function<bool(Symbol)> &InSet,
              const std::function<std::string(Symbol)> &Name,
              std::string &Why) {
  if (!uses(E, InSet))
    return AdditiveSplit{{}, E};
  switch (E.kind()) {
  case ExprKind::Sym:
    return AdditiveSplit{{{E.symbolValue(), 1}}, Expr(0)};
  case ExprKind::Add: {
    auto L = splitAdditive(E.lhs(), InSet, Name, Why);
    if (!L)
      return std::nullopt;
    auto R = splitAdditive(E.rhs(), InSet, Name, Why);
    if (!R)
      return std::nullopt;
    for (auto &[S, C] : R->Coef)
      if (__builtin_add_overflow(L->Coef[S], C, &L->Coef[S])) {
        Why = "coefficient overflow";
        return std::nullopt;
      }
    L->Rest = L->Rest + R->Rest;
    return L;
  }
  case ExprKind::Mul:
  case ExprKind::Shl: {
    std::optional<int64_t> C;
    const Expr *Other = nullptr;
    if (E.kind() == ExprKind::Shl) {
      auto Sh = E.rhs().asConst();
      if (Sh && *Sh >= 0 && *Sh < 62)
        C = int64_t(1) << *Sh;
      Other = &E.lhs();
    } else if (auto R = E.rhs().asConst()) {
      C = R;
      Other = &E.lhs();
    } else if (auto L = E.lhs().asConst()) {
      C = L;
      Other = &E.rhs();
    }
    if (!C) {
      Why = productReason(E.lhs(), E.rhs(), InSet, Name);
      return std::nullopt;
    }
    auto In = splitAdditive(*Other, InSet, Name, Why);
    if (!In)
      return std::nullopt;
    for (auto &[S, K] : In->Coef)
      if (__builtin_mul_overflow(K, *C, &K)) {
        Why = "coefficient overflow";
        return std::nullopt;
      }
    In->Rest = In->Rest * Expr(*C);
    return In;
  }
  default: {
    std::string Free;
    for (Symbol S : E.symbols())
      if (InSet(S)) {
        Free = Name(S);
        break;
      }
    Why = "address depends on '" + Free + "' inside '" + E.str(Name) +
          "', not only added";
    return std::nullopt;
  }
  }
}

uint64_t FreePlan::caseCount() const {
  uint64_t N = 1;
  for (const SymbolClasses &SC : Symbols)
    if (__builtin_mul_overflow(N, uint64_t(SC.Classes.size()), &N))
      return UINT64_MAX;
  return N;
}

void FreePlan::classes(uint64_t Index, std::vector<unsigned> &ClassOf) const {
  ClassOf.clear();
  for (const SymbolClasses &SC : Symbols) {
    ClassOf.push_back(unsigned(Index % SC.Classes.size()));
    Index /= SC.Classes.size();
  }
}

FreeValues FreePlan::values(uint64_t Index,
                            std::vector<unsigned> &ClassOf) const {
  std::map<Symbol, int64_t> Value;
  ClassOf.clear();
  for (const SymbolClasses &SC : Symbols) {
    unsigned C = unsigned(Index % SC.Classes.size());
    Index /= SC.Classes.size();
    ClassOf.push_back(C);
    Value[SC.Sym] = SC.Classes[C].Value;
  }
  // A parameter below its least value: move the chosen symbol by whole
  // periods of its class (same residue, outside any window, so the same
  // case) until the parameter is back in range.
  for (size_t I = 0; I < Pairs.size(); ++I) {
    const GuardPair &P = Pairs[I];
    int64_t Param = guardParamValue(P, Value);
    if (!P.Lower || Param >= *P.Lower || ShiftOf[I] < 0)
      continue;
    const SymbolClasses &SC = Symbols[size_t(ShiftOf[I])];
    int64_t C = P.Others.at(SC.Sym);
    int64_t Step = (C < 0 ? -C : C) * SC.Modulus;
    int64_t Periods = (*P.Lower - Param + Step - 1) / Step;
    Value[SC.Sym] += (C < 0 ? 1 : -1) * Periods * SC.Modulus;
  }
  FreeValues V;
  // A compound gives its source symbols' values, in turn perhaps another
  // compound's (a later compound may contain an earlier one).
  std::function<void(Symbol, int64_t)> Push = [&](Symbol Sym, int64_t X) {
    for (const CompoundSymbol &C : Compounds)
      if (C.Fresh == Sym) {
        for (const auto &[Src, SrcValue] : C.decode(X))
          Push(Src, SrcValue);
        return;
      }
    V.push_back({Sym, X});
  };
  for (const SymbolClasses &SC : Symbols) {
    bool Fresh = false;
    for (const GuardPair &P : Pairs)
      Fresh |= P.Fresh == SC.Sym;
    if (!Fresh)
      Push(SC.Sym, Value[SC.Sym]);
  }
  for (const GuardPair &P : Pairs)
    V.push_back({P.Param, guardParamValue(P, Value)});
  return V;
}

std::optional<int64_t> FreePlan::lowerBound(const KernelModel &K,
                                            Symbol Sym) const {
  for (const CompoundSymbol &C : Compounds)
    if (C.Fresh == Sym)
      return C.Lower;
  return freeSymbolLowerBound(K, Sym);
}

bool FreePlan::positional(Symbol Sym) const {
  for (const CompoundSymbol &C : Compounds)
    if (C.Fresh == Sym)
      return C.Positional;
  return false;
}

bool FreePlan::outcomeDependsOn(
    Symbol Sym, const std::vector<std::array<int64_t, 4>> &Keys) const {
  uint64_t Stride = 1;
  for (const SymbolClasses &SC : Symbols) {
    uint64_t Size = SC.Classes.size();
    if (SC.Sym == Sym) {
      for (uint64_t C = 0; C < Keys.size(); ++C)
        if (Keys[C] != Keys[C - C / Stride % Size * Stride])
          return true;
      return false;
    }
    Stride *= Size;
  }
  return false;
}

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
  auto IsFree = [&](Symbol Sym) { return isFreeSymbol(Sym, S.Assumed); };
  if (P.kind() == PredKind::Cmp) {
    Expr D = P.lhs() - P.rhs();
    std::set<Symbol> Free;
    for (Symbol Sym : D.symbols())
      if (IsFree(Sym))
        Free.insert(Sym);
    if (Free.empty())
      return std::nullopt;
    std::string Cond = P.str(S.Name);
    if (auto Pair = matchGuardPair(Pairs, D, S)) {
      Atoms.push_back({Pair->Fresh, Pair->Coef, Pair->Rest});
      return std::nullopt;
    }
    if (Free.size() > 1)
      return "active lanes depend on '" + Cond + "', which uses '" +
             S.Name(*Free.begin()) + "' and '" + S.Name(*++Free.begin()) +
             "' together";
    Symbol U = *Free.begin();
    std::string Why;
    auto Split = splitAdditive(
        D, [&](Symbol Sym) { return Sym == U; }, S.Name, Why);
    if (!Split)
      return "active lanes depend on '" + Cond + "' non-linearly in '" +
             S.Name(U) + "'";
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
freeSymbolGrain(const SolveSpace &S, std::map<Symbol, int64_t> &Grain,
                std::optional<LaneProduct> &Product) {
  PolyAtoms P;
  Monomials Terms;
  if (auto Err = expandPolynomial(S.Offset, S, P, Terms))
    return Err;
  auto Abs = [](int64_t C) {
    return C == INT64_MIN ? int64_t(1) << 62 : (C < 0 ? -C : C);
  };
  Expr Rest(0);
  for (const auto &[Key, C] : Terms) {
    if (C == 0)
      continue;
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
        return "address depends on the product of " + Varying->str(S.Name) +
               " and '" + S.Name(Free.front()) + "'";
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

std::optional<std::string> planFreeSymbols(const KernelModel &K,
                                           const SolveSpace &Source,
                                           int64_t Modulus, uint64_t &Budget,
                                           FreePlan &Plan) {
  // Planned on a copy in which compounds are single symbols; the cases'
  // values are given back in source symbols (FreePlan::values).
  SolveSpace S = Source;
  Plan.Compounds = substituteCompounds(K, S);
  auto IsFree = [&](Symbol Sym) { return isFreeSymbol(Sym, S.Assumed); };
  for (unsigned Id : S.Relevant)
    for (const auto &Syms :
         {S.Loops[Id].Init.symbols(), S.Loops[Id].Condition.symbols()})
      for (Symbol Sym : Syms)
        if (IsFree(Sym))
          return "the iterations of loop '" + S.Loops[Id].VarName +
                 "' depend on '" + S.Name(Sym) + "'";

  std::map<Symbol, int64_t> Grain;
  std::optional<LaneProduct> Product;
  if (auto Err = freeSymbolGrain(S, Grain, Product))
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
  if (!Atoms.empty()) {
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
  }
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

  std::vector<Symbol> Syms;
  for (Symbol Sym : S.Free) {
    bool Replaced = false;
    for (const GuardPair &P : Plan.Pairs)
      Replaced |= P.Param == Sym;
    if (!Replaced)
      Syms.push_back(Sym);
  }
  for (const GuardPair &P : Plan.Pairs)
    Syms.push_back(P.Fresh);
  for (Symbol Sym : Syms) {
    SymbolClasses SC;
    SC.Sym = Sym;
    int64_t C = floorMod(Grain.count(Sym) ? Grain[Sym] : 0, Modulus);
    SC.Modulus = Modulus / std::gcd(C, Modulus);
    for (size_t I = 0; I < Atoms.size(); ++I) {
      if (!(Atoms[I].Sym == Sym) || Min[I] > Max[I])
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
        return "the guard on '" + S.Name(Sym) + "' has too many cases";
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
    auto Lower = Plan.lowerBound(K, Sym);
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
          return "the guard on '" + S.Name(Sym) + "' has too many cases";
        for (int64_t V = SC.Lo; V <= SC.Hi; ++V)
          SC.Classes.push_back({ValueClass::Exact, V});
        for (int64_t R = 1; R <= SC.Modulus; ++R)
          SC.Classes.push_back({ValueClass::Above, SC.Hi + R});
      }
    }
    Plan.Symbols.push_back(std::move(SC));
  }
  return planShifts(K, S, Plan);
}

namespace {

/// Smallest divisor D of M such that Set (residues mod M) is a union of
/// classes mod D; returns D and the residues mod D.
std::pair<int64_t, std::vector<int64_t>> coarsen(int64_t M,
                                                 const std::set<int64_t> &Set) {
  for (int64_t D = 1; D <= M; ++D) {
    if (M % D != 0)
      continue;
    bool Union = true;
    for (int64_t R : Set)
      for (int64_t X = floorMod(R, D); X < M && Union; X += D)
        Union = Set.count(X) != 0;
    if (Union) {
      std::set<int64_t> Small;
      for (int64_t R : Set)
        Small.insert(floorMod(R, D));
      return {D, {Small.begin(), Small.end()}};
    }
  }
  return {M, {Set.begin(), Set.end()}};
}

std::string residueCondition(const std::string &N, int64_t M,
                             const std::set<int64_t> &Set) {
  auto [D, Rs] = coarsen(M, Set);
  if (D == 1)
    return "";
  std::string Mod = N + " % " + std::to_string(D);
  if (Rs.size() + 1 == size_t(D) && D > 2) {
    for (int64_t R = 0; R < D; ++R)
      if (!std::binary_search(Rs.begin(), Rs.end(), R))
        return Mod + " != " + std::to_string(R);
  }
  std::string Out;
  for (int64_t R : Rs)
    Out += (Out.empty() ? "" : " || ") + Mod + " == " + std::to_string(R);
  return Rs.size() > 1 ? "(" + Out + ")" : Out;
}

/// The chosen classes of a symbol with a window, when they are residue
/// classes (the same on both sides of the window) except between two values
/// a and b, where a few values are listed: "n % 32 == 0 && n != 0",
/// "pitch % 4 != 0 && (pitch < -18 || pitch > 18)".
std::optional<std::string> describeByResidue(const SymbolClasses &SC,
                                             const std::set<unsigned> &Chosen,
                                             const std::string &N) {
  std::set<int64_t> Below, Above, Exact;
  bool HasBelow = false;
  for (unsigned I = 0; I < SC.Classes.size(); ++I) {
    const ValueClass &C = SC.Classes[I];
    HasBelow |= C.Where == ValueClass::Below;
    if (!Chosen.count(I))
      continue;
    if (C.Where == ValueClass::Exact)
      Exact.insert(C.Value);
    else
      (C.Where == ValueClass::Below ? Below : Above)
          .insert(floorMod(C.Value, SC.Modulus));
  }
  if (Above.empty() || (HasBelow && Below != Above))
    return std::nullopt;
  // Values of the window the residue rule leaves out (Except, within
  // [A, B]) or takes in wrongly (Extra).
  std::vector<int64_t> Except;
  std::set<int64_t> Listed;
  for (int64_t V = SC.Lo; V <= SC.Hi; ++V) {
    bool Expected = Above.count(floorMod(V, SC.Modulus)) != 0;
    if (Expected && !Exact.count(V))
      Except.push_back(V);
  }
  std::string Out = residueCondition(N, SC.Modulus, Above);
  if (!Except.empty()) {
    int64_t A = Except.front(), B = Except.back();
    std::string Range;
    bool Lower = HasBelow || A > SC.Lo;
    if (A == B && Lower)
      Range = N + " != " + std::to_string(A);
    else if (Lower)
      Range = N + " < " + std::to_string(A) + " || " + N + " > " +
              std::to_string(B);
    else
      Range = N + " > " + std::to_string(B);
    if (!Out.empty() && Range.find(" || ") != std::string::npos)
      Range = "(" + Range + ")";
    Out = Out.empty() ? Range : Out + " && " + Range;
    for (int64_t V : Exact)
      if (V >= A && V <= B)
        Listed.insert(V);
  } else if (Out.empty()) {
    return Out; // every value
  }
  for (int64_t V : Exact)
    if (!Above.count(floorMod(V, SC.Modulus)))
      Listed.insert(V);
  if (Listed.size() > 4)
    return std::nullopt;
  if (!Listed.empty() && Out.find(" && ") != std::string::npos)
    Out = "(" + Out + ")";
  for (int64_t V : Listed)
    Out += " || " + N + " == " + std::to_string(V);
  return Out;
}

/// Describes the chosen classes of one symbol.
std::string describeSymbol(const SymbolClasses &SC,
                           const std::set<unsigned> &Chosen,
                           const std::string &N) {
  if (SC.HasWindow)
    if (auto Short = describeByResidue(SC, Chosen, N))
      return *Short;
  auto Res = [&](ValueClass::Region R) {
    std::set<int64_t> Set;
    size_t Total = 0;
    for (unsigned I = 0; I < SC.Classes.size(); ++I)
      if (SC.Classes[I].Where == R) {
        ++Total;
        if (Chosen.count(I))
          Set.insert(floorMod(SC.Classes[I].Value, SC.Modulus));
      }
    return std::make_pair(Set, Set.size() == Total && Total > 0);
  };
  if (!SC.HasWindow)
    return residueCondition(N, SC.Modulus, Res(ValueClass::Residue).first);

  std::vector<std::string> Parts;
  auto [BelowSet, AllBelow] = Res(ValueClass::Below);
  auto [AboveSet, AllAbove] = Res(ValueClass::Above);
  std::vector<int64_t> Exact;
  for (unsigned I : Chosen)
    if (SC.Classes[I].Where == ValueClass::Exact)
      Exact.push_back(SC.Classes[I].Value);
  std::sort(Exact.begin(), Exact.end());
  bool MergedBelow = false;
  for (size_t I = 0; I < Exact.size();) {
    size_t J = I;
    while (J + 1 < Exact.size() && Exact[J + 1] == Exact[J] + 1)
      ++J;
    int64_t A = Exact[I], B = Exact[J];
    bool OpenLow = AllBelow && A == SC.Lo;
    bool OpenHigh = AllAbove && B == SC.Hi;
    MergedBelow |= OpenLow;
    if (OpenLow && OpenHigh)
      Parts.push_back("");
    else if (OpenHigh)
      Parts.push_back(N + " >= " + std::to_string(A));
    else if (OpenLow)
      Parts.push_back(N + " <= " + std::to_string(B));
    else if (A == B)
      Parts.push_back(N + " == " + std::to_string(A));
    else
      Parts.push_back(std::to_string(A) + " <= " + N + " && " + N +
                      " <= " + std::to_string(B));
    if (OpenHigh)
      AboveSet.clear(), AllAbove = false;
    I = J + 1;
  }
  if (!BelowSet.empty() && !MergedBelow) {
    std::string R = residueCondition(N, SC.Modulus, BelowSet);
    Parts.push_back(N + " < " + std::to_string(SC.Lo) +
                    (R.empty() || AllBelow ? "" : " && " + R));
  }
  if (!AboveSet.empty()) {
    std::string R = residueCondition(N, SC.Modulus, AboveSet);
    Parts.push_back(N + " > " + std::to_string(SC.Hi) +
                    (R.empty() || AllAbove ? "" : " && " + R));
  }
  std::string Out;
  for (const std::string &P : Parts) {
    if (P.empty())
      return "";
    Out += (Out.empty() ? "" : " || ") + P;
  }
  return Out;
}

} // namespace

std::string
describeCases(const FreePlan &Plan, const std::vector<uint64_t> &Chosen,
              const std::vector<uint64_t> &Executed,
              const std::function<std::string(Symbol)> &SourceName) {
  if (Plan.Symbols.empty())
    return "";
  auto Name = [&](Symbol Sym) {
    for (const GuardPair &P : Plan.Pairs)
      if (P.Fresh == Sym)
        return P.Name;
    for (const CompoundSymbol &C : Plan.Compounds)
      if (C.Fresh == Sym)
        return C.Name;
    return SourceName(Sym);
  };
  size_t NS = Plan.Symbols.size();
  // A tuple gives each symbol a class, or -1 for any class. Tuples are
  // encoded as numbers whose order is the lexicographic order of the
  // tuples: digit S is T[S] + 1, symbol 0 most significant. (Sets of
  // vectors cost an allocation per tuple, and there may be 10^5 of them.)
  std::vector<uint64_t> Radix(NS), W(NS, 1);
  for (size_t S = 0; S < NS; ++S)
    Radix[S] = Plan.Symbols[S].Classes.size();
  for (size_t S = NS - 1; S-- > 0;)
    if (__builtin_mul_overflow(W[S + 1], Radix[S + 1] + 1, &W[S]))
      return "";
  uint64_t Span;
  if (__builtin_mul_overflow(W[0], Radix[0] + 1, &Span))
    return "";
  auto Digit = [&](uint64_t Code, size_t S) {
    return int(Code / W[S] % (Radix[S] + 1)) - 1;
  };
  auto With = [&](uint64_t Code, size_t S, int C) {
    return Code - uint64_t(Digit(Code, S) + 1) * W[S] + uint64_t(C + 1) * W[S];
  };
  auto Unique = [](std::vector<uint64_t> &V) {
    std::sort(V.begin(), V.end());
    V.erase(std::unique(V.begin(), V.end()), V.end());
  };
  // Case index (FreePlan::classes: mixed radix, symbol 0 least
  // significant) to code.
  std::vector<unsigned> ClassOf;
  std::vector<uint64_t> Set;
  for (uint64_t C : Chosen) {
    Plan.classes(C, ClassOf);
    uint64_t Code = 0;
    for (size_t S = 0; S < NS; ++S)
      Code += uint64_t(ClassOf[S] + 1) * W[S];
    Set.push_back(Code);
  }
  Unique(Set);
  // The cases where the access does not run (any outcome will do there),
  // when there are few enough cases to list them, by case index.
  uint64_t NCases = Plan.caseCount();
  std::vector<char> DontCareCase;
  if (NCases < 100000) {
    DontCareCase.assign(NCases, 1);
    for (uint64_t C : Executed)
      if (C < NCases)
        DontCareCase[C] = 0;
  }
  // Place value of each symbol's class in a case index.
  std::vector<uint64_t> Stride(NS, 1);
  for (size_t S = 1; S < NS; ++S)
    Stride[S] = Stride[S - 1] * Radix[S - 1];

  // Drop a symbol from a group of tuples when all its classes are there.
  std::vector<std::pair<uint64_t, int>> Groups; // (key, class of S)
  std::vector<char> Present;                     // classes of one group
  for (size_t S = 0; S < NS; ++S) {
    Groups.clear();
    for (uint64_t T : Set)
      Groups.push_back({With(T, S, -1), Digit(T, S)});
    std::sort(Groups.begin(), Groups.end());
    std::vector<uint64_t> Next;
    for (size_t I = 0; I < Groups.size();) {
      size_t J = I;
      while (J < Groups.size() && Groups[J].first == Groups[I].first)
        ++J;
      uint64_t Key = Groups[I].first;
      Present.assign(Radix[S], 0);
      for (size_t K = I; K < J; ++K)
        Present[size_t(Groups[K].second)] = 1;
      size_t Covered = J - I; // distinct: Set has no duplicates
      // The other classes of S count as covered where the access does not
      // run: only single cases (no symbol dropped yet) can be looked up.
      bool Single = !DontCareCase.empty();
      uint64_t Base = 0;
      for (size_t O = 0; O < NS && Single; ++O)
        if (O != S) {
          int D = Digit(Key, O);
          Single = D >= 0;
          Base += Single ? uint64_t(D) * Stride[O] : 0;
        }
      for (int C = 0; Single && C < int(Radix[S]); ++C)
        if (DontCareCase[Base + uint64_t(C) * Stride[S]] && !Present[C])
          ++Covered;
      if (Covered == Radix[S]) {
        Next.push_back(Key);
      } else {
        for (size_t K = I; K < J; ++K)
          Next.push_back(With(Key, S, Groups[K].second));
      }
      I = J;
    }
    Unique(Next);
    Set = std::move(Next);
  }

  // Group by all symbols but the last one that is still constrained.
  std::vector<std::string> Disjuncts;
  int Last = -1;
  for (uint64_t T : Set)
    for (size_t S = 0; S < NS; ++S)
      if (Digit(T, S) >= 0)
        Last = std::max(Last, int(S));
  if (Last < 0)
    return "";
  std::map<uint64_t, std::set<unsigned>> ByRest;
  for (uint64_t T : Set) {
    uint64_t Key = With(T, size_t(Last), -1);
    if (Digit(T, size_t(Last)) >= 0)
      ByRest[Key].insert(unsigned(Digit(T, size_t(Last))));
    else
      ByRest[Key];
  }
  for (auto &[Key, Classes] : ByRest) {
    std::vector<std::string> Conj;
    for (size_t S = 0; S < NS; ++S) {
      const SymbolClasses &SC = Plan.Symbols[S];
      std::string N = Name(SC.Sym);
      std::string D;
      if (int(S) == Last && !Classes.empty())
        D = describeSymbol(SC, Classes, N);
      else if (Digit(Key, S) >= 0)
        D = describeSymbol(SC, {unsigned(Digit(Key, S))}, N);
      if (!D.empty())
        Conj.push_back(D);
    }
    std::string C;
    for (const std::string &P : Conj)
      C += (C.empty() ? "" : " && ") + P;
    if (C.empty())
      return "";
    Disjuncts.push_back(C);
  }
  std::string Out;
  for (size_t I = 0; I < Disjuncts.size(); ++I) {
    if (I == 6) {
      Out += " || ...";
      break;
    }
    bool Wrap =
        Disjuncts.size() > 1 && Disjuncts[I].find("||") != std::string::npos;
    Out += (Out.empty() ? "" : " || ") +
           (Wrap ? "(" + Disjuncts[I] + ")" : Disjuncts[I]);
  }
  return Out;
}

} // namespace warplint
