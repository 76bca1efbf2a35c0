//===- Conditions.cpp - Readable conditions for cases of free symbols -----===//
//
// describeCases (FreeSymbols.h): the cases that reach an outcome, written in
// source terms ("n % 8 != 0", "pitch % 4 != 0 && (pitch < -18 || pitch >
// 18)", "n - blockIdx.x * 256 >= 25").
//
//===----------------------------------------------------------------------===//

#include "Solve/Cases/FreeSymbols.h"

#include "Solve/HardwareRules.h"

#include <algorithm>
#include <set>

namespace warplint {

namespace {

/// A symbol's name in a condition, and the scale of its values there: a
/// symbol u shown as Scale * u (SolveSpace::Display) has each of its values
/// and moduli printed times Scale.
struct Named {
  std::string N;
  int64_t Scale = 1;
  std::string num(int64_t V) const { return std::to_string(V * Scale); }
};

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

/// Whether D is one parenthesized whole ("(a || b)", not "(a) || (b)").
bool enclosed(const std::string &D) {
  if (D.size() < 2 || D.front() != '(' || D.back() != ')')
    return false;
  int Depth = 0;
  for (size_t I = 0; I < D.size(); ++I) {
    Depth += D[I] == '(' ? 1 : D[I] == ')' ? -1 : 0;
    if (Depth == 0 && I + 1 < D.size())
      return false;
  }
  return true;
}

/// Runs of consecutive values in sorted Values, as (first, last) pairs.
std::vector<std::pair<int64_t, int64_t>>
runsOf(const std::vector<int64_t> &Values) {
  std::vector<std::pair<int64_t, int64_t>> Runs;
  for (int64_t V : Values)
    if (!Runs.empty() && Runs.back().second + 1 == V)
      Runs.back().second = V;
    else
      Runs.push_back({V, V});
  return Runs;
}

/// "n % 8 != 0", "1 <= s % 32 && s % 32 <= 10", "(p % 8 < 3 || p % 8 > 5)",
/// "p % 8 in {1, 2, 5..7}": the shortest of the forms that say exactly
/// which residues modulo M (after coarsening) Set holds; empty for all.
std::string residueCondition(const Named &N, int64_t M,
                             const std::set<int64_t> &Set) {
  auto [D, Rs] = coarsen(M, Set);
  if (D == 1)
    return "";
  std::string Mod = N.N + " % " + N.num(D);
  auto Str = [&](int64_t V) { return N.num(V); };
  std::vector<int64_t> Others;
  for (int64_t R = 0; R < D; ++R)
    if (!std::binary_search(Rs.begin(), Rs.end(), R))
      Others.push_back(R);
  if (Rs.size() == 1)
    return Mod + " == " + Str(Rs.front());
  if (Others.size() == 1)
    return Mod + " != " + Str(Others.front());
  auto Runs = runsOf(Rs);
  if (Runs.size() == 1) {
    auto [A, B] = Runs.front();
    if (A == 0)
      return Mod + " <= " + Str(B);
    if (B == D - 1)
      return Mod + " >= " + Str(A);
    return Str(A) + " <= " + Mod + " && " + Mod + " <= " + Str(B);
  }
  auto Gaps = runsOf(Others);
  if (Gaps.size() == 1)
    return "(" + Mod + " < " + Str(Gaps.front().first) + " || " + Mod + " > " +
           Str(Gaps.front().second) + ")";
  if (Rs.size() == 2)
    return "(" + Mod + " == " + Str(Rs[0]) + " || " + Mod +
           " == " + Str(Rs[1]) + ")";
  // A set: its runs of three or more as ranges.
  std::string List;
  for (auto [A, B] : Runs) {
    std::string Part = A == B       ? Str(A)
                       : B == A + 1 ? Str(A) + ", " + Str(B)
                                    : Str(A) + ".." + Str(B);
    List += (List.empty() ? "" : ", ") + Part;
  }
  return Mod + " in {" + List + "}";
}

/// The chosen classes of a symbol with a window, when they are residue
/// classes (the same on both sides of the window) except between two values
/// a and b, where a few values are listed: "n % 32 == 0 && n != 0",
/// "pitch % 4 != 0 && (pitch < -18 || pitch > 18)".
std::optional<std::string> describeByResidue(const SymbolClasses &SC,
                                             const std::set<unsigned> &Chosen,
                                             const Named &N) {
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
      Range = N.N + " != " + N.num(A);
    else if (Lower)
      Range = N.N + " < " + N.num(A) + " || " + N.N + " > " + N.num(B);
    else
      Range = N.N + " > " + N.num(B);
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
    Out += " || " + N.N + " == " + N.num(V);
  return Out;
}

/// The chosen values of a value-set symbol (its classes are its values,
/// ascending): runs of consecutive members as ranges, since no value
/// between two members occurs ("s >= 32", "2 <= s && s <= 8").
std::string describeValueSet(const SymbolClasses &SC,
                             const std::set<unsigned> &Chosen, const Named &N) {
  std::vector<std::string> Parts;
  unsigned Last = unsigned(SC.Classes.size()) - 1;
  for (auto It = Chosen.begin(); It != Chosen.end();) {
    unsigned First = *It, End = *It;
    for (++It; It != Chosen.end() && *It == End + 1; ++It)
      End = *It;
    std::string A = N.num(SC.Classes[First].Value);
    std::string B = N.num(SC.Classes[End].Value);
    if (First == 0 && End == Last)
      return "";
    if (First == End)
      Parts.push_back(N.N + " == " + A);
    else if (End == Last)
      Parts.push_back(N.N + " >= " + A);
    else if (First == 0)
      Parts.push_back(N.N + " <= " + B);
    else
      Parts.push_back(A + " <= " + N.N + " && " + N.N + " <= " + B);
  }
  std::string Out;
  for (const std::string &P : Parts)
    Out += (Out.empty() ? "" : " || ") + P;
  return Out;
}

/// Describes the chosen classes of one symbol.
std::string describeSymbol(const SymbolClasses &SC,
                           const std::set<unsigned> &Chosen, const Named &N) {
  if (SC.ValueSet)
    return describeValueSet(SC, Chosen, N);
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
      Parts.push_back(N.N + " >= " + N.num(A));
    else if (OpenLow)
      Parts.push_back(N.N + " <= " + N.num(B));
    else if (A == B)
      Parts.push_back(N.N + " == " + N.num(A));
    else
      Parts.push_back(N.num(A) + " <= " + N.N + " && " + N.N +
                      " <= " + N.num(B));
    if (OpenHigh)
      AboveSet.clear(), AllAbove = false;
    I = J + 1;
  }
  if (!BelowSet.empty() && !MergedBelow) {
    std::string R = residueCondition(N, SC.Modulus, BelowSet);
    Parts.push_back(N.N + " < " + N.num(SC.Lo) +
                    (R.empty() || AllBelow ? "" : " && " + R));
  }
  if (!AboveSet.empty()) {
    std::string R = residueCondition(N, SC.Modulus, AboveSet);
    Parts.push_back(N.N + " > " + N.num(SC.Hi) +
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

/// V sorted and without repeats: a set of tuple codes, in code order.
void sortUnique(std::vector<uint64_t> &V) {
  std::sort(V.begin(), V.end());
  V.erase(std::unique(V.begin(), V.end()), V.end());
}

/// Disjuncts joined by " || ", at most six: the condition as it is shown.
std::string joinDisjuncts(const std::vector<std::string> &Disjuncts) {
  // A long disjunction says how much it leaves out rather than trailing
  // off.
  const size_t Shown = 6;
  std::string Out;
  for (size_t I = 0; I < Disjuncts.size(); ++I) {
    if (I == Shown) {
      size_t Rest = Disjuncts.size() - Shown;
      Out += " (and " + std::to_string(Rest) + " more case" +
             (Rest == 1 ? "" : "s") + ")";
      break;
    }
    bool Wrap = Disjuncts.size() > 1 &&
                Disjuncts[I].find("||") != std::string::npos &&
                !enclosed(Disjuncts[I]);
    Out += (Out.empty() ? "" : " || ") +
           (Wrap ? "(" + Disjuncts[I] + ")" : Disjuncts[I]);
  }
  return Out;
}

/// One disjunct: the classes of Key's symbols, of the symbol kept apart
/// (Classes) and of one other symbol the merged keys differ in (Other).
struct Disjunct {
  uint64_t Key;
  std::set<unsigned> Classes;
  int Other = -1;
  std::set<unsigned> OtherClasses;
};

/// describeCases step by step: the chosen cases as tuple codes, symbols
/// dropped where a group covers all their classes, the tuples grouped into
/// disjuncts, each described in source terms.
///
/// A tuple gives each symbol a class, or -1 for any class. Tuples are
/// encoded as numbers whose order is the lexicographic order of the
/// tuples: digit S is T[S] + 1, symbol 0 most significant. (Sets of
/// vectors cost an allocation per tuple, and there may be 10^5 of them.)
class CaseDescriber {
public:
  CaseDescriber(const FreePlan &Plan,
                const std::function<std::string(Symbol)> &SourceName)
      : Plan(Plan), SourceName(SourceName), NS(Plan.Symbols.size()), Radix(NS),
        W(NS, 1), Stride(NS, 1) {}

  /// The cases Chosen as a condition; "" when they cannot be told.
  std::string run(const std::vector<uint64_t> &Chosen,
                  const std::vector<uint64_t> &Executed) {
    if (!encode())
      return "";
    std::vector<uint64_t> Set = codesOf(Chosen);
    std::vector<char> DontCareCase = dontCareCases(Executed);
    // Drop a symbol from a group of tuples when all its classes are there.
    for (size_t S = 0; S < NS; ++S)
      Set = dropSymbol(S, Set, DontCareCase);

    int Last = -1;
    std::map<uint64_t, std::set<unsigned>> ByRest = groupByRest(Set, Last);
    if (Last < 0)
      return "";
    std::vector<std::string> Disjuncts;
    for (const Disjunct &P : disjuncts(ByRest)) {
      std::string C = describe(P, Last);
      if (C.empty())
        return "";
      Disjuncts.push_back(C);
    }
    return joinDisjuncts(Disjuncts);
  }

private:
  /// Place values in a code (W), in a case index (Stride); false: overflow.
  bool encode() {
    for (size_t S = 0; S < NS; ++S)
      Radix[S] = Plan.Symbols[S].Classes.size();
    for (size_t S = NS - 1; S-- > 0;)
      if (__builtin_mul_overflow(W[S + 1], Radix[S + 1] + 1, &W[S]))
        return false;
    uint64_t Span;
    if (__builtin_mul_overflow(W[0], Radix[0] + 1, &Span))
      return false;
    // Place value of each symbol's class in a case index.
    for (size_t S = 1; S < NS; ++S)
      Stride[S] = Stride[S - 1] * Radix[S - 1];
    return true;
  }

  /// Symbol S's class in Code, or -1 for any class.
  int digit(uint64_t Code, size_t S) const {
    return int(Code / W[S] % (Radix[S] + 1)) - 1;
  }
  /// Code with symbol S's class set to C (-1: any class).
  uint64_t with(uint64_t Code, size_t S, int C) const {
    return Code - uint64_t(digit(Code, S) + 1) * W[S] + uint64_t(C + 1) * W[S];
  }

  /// The chosen cases' codes, sorted and distinct: the tuples to describe.
  std::vector<uint64_t> codesOf(const std::vector<uint64_t> &Chosen) const {
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
    sortUnique(Set);
    return Set;
  }

  /// Per case index, whether the access does not run there (empty: many).
  std::vector<char> dontCareCases(const std::vector<uint64_t> &Executed) const {
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
    return DontCareCase;
  }

  /// Set with S as any class where a group holds all of S's: fewer tuples.
  std::vector<uint64_t> dropSymbol(size_t S, const std::vector<uint64_t> &Set,
                                   const std::vector<char> &DontCareCase) {
    std::vector<std::pair<uint64_t, int>> Groups; // (key, class of S)
    std::vector<char> Present;                    // classes of one group
    for (uint64_t T : Set)
      Groups.push_back({with(T, S, -1), digit(T, S)});
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
          int D = digit(Key, O);
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
          Next.push_back(with(Key, S, Groups[K].second));
      }
      I = J;
    }
    sortUnique(Next);
    return Next;
  }

  /// Set grouped by all symbols but Last, whose classes are told together.
  std::map<uint64_t, std::set<unsigned>>
  groupByRest(const std::vector<uint64_t> &Set, int &Last) const {
    // Group by all symbols but one that is still constrained, the one that
    // leaves the fewest groups (the last of equals): its classes in a group
    // are described together ("offset >= 16 && ...").
    std::map<uint64_t, std::set<unsigned>> ByRest;
    for (size_t S = 0; S < NS; ++S) {
      bool Constrained = false;
      for (uint64_t T : Set)
        Constrained |= digit(T, S) >= 0;
      if (!Constrained)
        continue;
      std::map<uint64_t, std::set<unsigned>> Groups;
      for (uint64_t T : Set) {
        std::set<unsigned> &G = Groups[with(T, S, -1)];
        if (digit(T, S) >= 0)
          G.insert(unsigned(digit(T, S)));
      }
      if (Last < 0 || Groups.size() <= ByRest.size()) {
        Last = int(S);
        ByRest = std::move(Groups);
      }
    }
    return ByRest;
  }

  /// ByRest's groups, merged where keys differ in one other symbol only.
  std::vector<Disjunct>
  disjuncts(const std::map<uint64_t, std::set<unsigned>> &ByRest) const {
    // Groups with the same classes of that symbol whose keys differ in one
    // other symbol only are one disjunct: that symbol's classes together
    // ("Offset >= 16 && D > 31", not one disjunct per value of Offset).
    std::map<std::set<unsigned>, std::vector<uint64_t>> BySet;
    for (auto &[Key, Classes] : ByRest)
      BySet[Classes].push_back(Key);
    std::vector<Disjunct> Parts;
    for (auto &[Classes, Keys] : BySet) {
      int Other = -1;
      bool One = Keys.size() > 1;
      for (size_t S = 0; S < NS && One; ++S) {
        bool Same = true;
        for (uint64_t K : Keys)
          Same &= digit(K, S) == digit(Keys.front(), S);
        if (Same)
          continue;
        bool AllSet = true;
        for (uint64_t K : Keys)
          AllSet &= digit(K, S) >= 0;
        One = Other < 0 && AllSet;
        Other = int(S);
      }
      if (!One) {
        for (uint64_t K : Keys)
          Parts.push_back({K, Classes, -1, {}});
        continue;
      }
      Disjunct D{Keys.front(), Classes, Other, {}};
      for (uint64_t K : Keys)
        D.OtherClasses.insert(unsigned(digit(K, size_t(Other))));
      Parts.push_back(std::move(D));
    }
    return Parts;
  }

  /// P as a conjunction in source terms; empty when it holds for any value.
  std::string describe(const Disjunct &P, int Last) const {
    const uint64_t Key = P.Key;
    const std::set<unsigned> &Classes = P.Classes;
    std::vector<std::string> Conj;
    for (size_t S = 0; S < NS; ++S) {
      const SymbolClasses &SC = Plan.Symbols[S];
      // In the user's terms (SolveSpace::Display): u % 8 == 1 for u =
      // blockDim.x / 32 reads blockDim.x % 256 == 32.
      Named N{nameOf(SC.Sym), 1};
      if (auto It = Plan.Display.find(SC.Sym); It != Plan.Display.end())
        N = {It->second.Sum ? "(" + It->second.Name + ")" : It->second.Name,
             It->second.Scale};
      std::string D;
      if (int(S) == Last && !Classes.empty())
        D = describeSymbol(SC, Classes, N);
      else if (int(S) == P.Other)
        D = describeSymbol(SC, P.OtherClasses, N);
      else if (digit(Key, S) >= 0)
        D = describeSymbol(SC, {unsigned(digit(Key, S))}, N);
      if (!D.empty())
        Conj.push_back(D);
    }
    // A disjunction inside a conjunction keeps its own parentheses.
    for (std::string &D : Conj)
      if (Conj.size() > 1 && D.find(" || ") != std::string::npos &&
          !enclosed(D))
        D = "(" + D + ")";
    std::string C;
    for (const std::string &P : Conj)
      C += (C.empty() ? "" : " && ") + P;
    return C;
  }

  /// Sym's name: its guard pair's or compound's name, else the source's.
  std::string nameOf(Symbol Sym) const {
    for (const GuardPair &P : Plan.Pairs)
      if (P.Fresh == Sym)
        return P.Name;
    for (const CompoundSymbol &C : Plan.Compounds)
      if (C.Fresh == Sym)
        return C.Name;
    return SourceName(Sym);
  }

  const FreePlan &Plan;
  const std::function<std::string(Symbol)> &SourceName;
  const size_t NS;
  std::vector<uint64_t> Radix, W; ///< classes and place value per digit
  std::vector<uint64_t> Stride;   ///< place value in a case index
};

} // namespace

std::string
describeCases(const FreePlan &Plan, const std::vector<uint64_t> &Chosen,
              const std::vector<uint64_t> &Executed,
              const std::function<std::string(Symbol)> &SourceName) {
  if (Plan.Symbols.empty())
    return "";
  return CaseDescriber(Plan, SourceName).run(Chosen, Executed);
}

} // namespace warplint
