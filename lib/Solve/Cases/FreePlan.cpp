//===- FreePlan.cpp - The cases of a plan: indices, classes, values -------===//
//
// A FreePlan (FreeSymbols.h) numbers its cases in mixed radix over its
// symbols' classes; these read a case index back as classes and values,
// count the blocks a class stands for, and say which symbol decides an
// outcome. planFreeSymbols (FreeSymbols.cpp) makes the plan.
//
//===----------------------------------------------------------------------===//

#include "Solve/Cases/FreeSymbols.h"

#include "Solve/HardwareRules.h"

#include <functional>
#include <map>

namespace warplint {

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
  ClassOf.clear();
  if (Pairs.empty() && Compounds.empty()) {
    // Every symbol stands for itself: its class's value (the common case,
    // asked once per case of up to 10^5).
    FreeValues V;
    V.reserve(Symbols.size());
    for (const SymbolClasses &SC : Symbols) {
      unsigned C = unsigned(Index % SC.Classes.size());
      Index /= SC.Classes.size();
      ClassOf.push_back(C);
      V.push_back({SC.Sym, SC.Classes[C].Value});
    }
    return V;
  }
  std::map<Symbol, int64_t> Value;
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

uint64_t SymbolClasses::countIn(unsigned Class, int64_t First,
                                int64_t Last) const {
  const ValueClass &C = Classes[Class];
  if (C.Where == ValueClass::Exact)
    return First <= C.Value && C.Value <= Last ? 1 : 0;
  if (C.Where == ValueClass::Below)
    Last = std::min(Last, Lo - 1);
  if (C.Where == ValueClass::Above)
    First = std::max(First, Hi + 1);
  if (First > Last)
    return 0;
  // Members of [First, Last] congruent to C.Value modulo Modulus.
  return uint64_t(floorDiv(Last - C.Value, Modulus) -
                  floorDiv(First - 1 - C.Value, Modulus));
}

std::optional<int64_t> FreePlan::lowerBound(const KernelModel &K,
                                            Symbol Sym) const {
  for (const CompoundSymbol &C : Compounds)
    if (C.Fresh == Sym)
      return C.Lower;
  if (auto It = KnownLower.find(Sym); It != KnownLower.end())
    return It->second;
  return freeSymbolLowerBound(K, Sym);
}

bool FreePlan::positional(Symbol Sym) const {
  for (const CompoundSymbol &C : Compounds)
    if (C.Fresh == Sym)
      return C.Positional;
  return false;
}

std::optional<FreePlan::Digit> FreePlan::digitOf(Symbol Sym) const {
  Digit D;
  for (const SymbolClasses &SC : Symbols) {
    D.Size = SC.Classes.size();
    if (SC.Sym == Sym)
      return D;
    D.Stride *= D.Size;
  }
  return std::nullopt;
}

bool FreePlan::outcomeDependsOn(Symbol Sym,
                                const std::vector<std::array<int64_t, 4>> &Keys,
                                bool ExecutedOnly) const {
  std::optional<Digit> D = digitOf(Sym);
  if (!D)
    return false;
  // Per group of cases that differ in Sym's class only: the first case's
  // outcome (the first executed one), which every other must equal.
  std::map<uint64_t, uint64_t> First;
  for (uint64_t C = 0; C < Keys.size(); ++C) {
    if (ExecutedOnly && !Keys[C][0])
      continue;
    auto [It, New] = First.emplace(D->group(C), C);
    if (!New && Keys[It->second] != Keys[C])
      return true;
  }
  return false;
}

} // namespace warplint
