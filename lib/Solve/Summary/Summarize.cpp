//===- Summarize.cpp - What the cases of an access add up to --------------===//
//
// See Summarize.h. The pieces of a summary that solve (SolveCases.cpp)
// assembles: strides, lane witnesses, totals over the launch, and whether
// the worst case is a condition on the parameters.
//
//===----------------------------------------------------------------------===//

#include "Solve/Summary/Summarize.h"

#include "Solve/Cases/FreeSymbols.h"
#include "Solve/Space/GeometricLoops.h"
#include "Solve/Cases/GuardSymbols.h"
#include "Solve/HardwareRules.h"
#include "Solve/Summary/SummarizeSteps.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace warplint {

StrideInfo strides(const SolveSpace &S, const Expr &Bound) {
  StrideInfo SI;
  // A warp over rows has lane terms (l % X, l / X) in the bound offset: the
  // strides are the source's, along threadIdx.x.
  const Expr &Offset = S.RowLanes && S.ThreadOffset ? *S.ThreadOffset : Bound;
  for (unsigned D = 0; D < 3; ++D) {
    Symbol T{SymbolKind::ThreadIdx, D};
    auto Split = splitAdditive(
        Offset, [&](Symbol X) { return X == T; }, S);
    if (Split)
      SI.BytesPerThread[D] = Split->Coef.count(T) ? Split->Coef[T] : 0;
    else // no stride along D: the notes leave it out
      llvm::consumeError(Split.takeError());
  }
  if (!S.Assumed)
    SI.LaneDim = S.Dim[0] > 1 ? 0 : S.Dim[1] > 1 ? 1 : S.Dim[2] > 1 ? 2 : 0;
  return SI;
}

LaneWitness laneWitness(const SolveSpace &S, const RequestView &R, int Lane,
                        const FreeValues &Values, int64_t BaseShift) {
  LaneWitness W;
  W.Warp = R.Warp;
  for (size_t I = 0; I < R.Lanes.size(); ++I) {
    if (int(R.Lanes[I].Lane) != Lane)
      continue;
    W.Lane = R.Lanes[I].Lane;
    W.ByteOffset = R.Lanes[I].Addr - BaseShift;
    for (unsigned D = 0; D < 3; ++D)
      W.Thread[D] = R.Threads[I][D];
  }
  if (S.Assumed && S.RowLanes) {
    // A warp over rows (LaunchSpace.h): the lane names the thread.
    int64_t Rows = WarpLanes / S.RowLanes;
    W.Thread[0] = W.Lane % S.RowLanes;
    W.Thread[1] = W.Lane / S.RowLanes;
    for (const auto &FV : Values)
      if (FV.first == assumedWarpBaseY())
        W.Thread[1] += Rows * FV.second;
  } else if (S.Assumed) {
    for (const auto &FV : Values)
      if (FV.first == assumedWarpBaseX())
        W.Thread[0] += WarpLanes * FV.second;
  }
  return W;
}

std::string formatCount(uint64_t N) { return std::to_string(N); }

/// LaunchTotals: each case's per-block sums times the number of blocks whose
/// indices lie in its classes. Only when every free symbol of the plan is a
/// block index of a known grid (parameters, loaded values and set-aside
/// guards leave the blocks of a case uncountable) and the requests of a
/// block are counted (no loop repeats them a symbolic number of times).
std::optional<LaunchTotals>
launchTotals(const FreePlan &Plan, const SolveSpace &S,
             const std::vector<CaseOutcome> &Outcomes) {
  if (!S.Grid || S.SymbolicRepeat || S.bounded() || S.MayNotRun ||
      S.GuardAssumedTrue || !S.Opaque.empty() || !Plan.Pairs.empty() ||
      !Plan.Compounds.empty() || !S.StrideLoops.empty())
    return std::nullopt;
  // Value sets but the blocks of a walked stride loop (each block its own
  // case) stand for no countable blocks.
  for (const SolveSpace::GeometricLoop &G : S.GeometricLoops)
    if (G.LoopId != ~0u || G.Sym.Kind != SymbolKind::BlockIdx)
      return std::nullopt;
  const std::array<int64_t, 3> &Grid = *S.Grid;
  std::array<bool, 3> InPlan{false, false, false};
  for (const SymbolClasses &SC : Plan.Symbols) {
    if (SC.Sym.Kind != SymbolKind::BlockIdx || SC.Sym.Index >= 3)
      return std::nullopt;
    InPlan[SC.Sym.Index] = true;
  }
  // Blocks that differ only in an index the answer does not read.
  uint64_t Others = 1;
  for (unsigned D = 0; D < 3; ++D) {
    if (Grid[D] < 1)
      return std::nullopt;
    if (!InPlan[D] && __builtin_mul_overflow(Others, uint64_t(Grid[D]),
                                             &Others))
      return std::nullopt;
  }
  LaunchTotals T;
  std::vector<unsigned> ClassOf;
  for (uint64_t C = 0; C < Outcomes.size(); ++C) {
    const CaseOutcome &O = Outcomes[C];
    if (!O.Executed)
      continue;
    Plan.classes(C, ClassOf);
    uint64_t Blocks = Others;
    for (size_t I = 0; I < Plan.Symbols.size(); ++I) {
      const SymbolClasses &SC = Plan.Symbols[I];
      uint64_t N = SC.countIn(ClassOf[I], 0, Grid[SC.Sym.Index] - 1);
      if (__builtin_mul_overflow(Blocks, N, &Blocks))
        return std::nullopt;
    }
    // The sums are whole numbers (costs times request weights).
    uint64_t Add[3] = {O.Weight, uint64_t(std::llround(O.Sum)),
                       uint64_t(std::llround(O.IdealSum))};
    uint64_t *Into[3] = {&T.Requests, &T.Cost, &T.Ideal};
    for (unsigned I = 0; I < 3; ++I)
      if (__builtin_mul_overflow(Add[I], Blocks, &Add[I]) ||
          __builtin_add_overflow(*Into[I], Add[I], Into[I]))
        return std::nullopt;
  }
  return T;
}

/// True when the worst request happens, for every class of values of the
/// launch's free values (parameters, loaded values, ...), in a case where each
/// bounds-guard symbol (GuardSymbols.h: e.g. n - blockIdx.x * 256) lies
/// beyond the lanes' range, i.e. in a warp the bound does not cut. Then the
/// worst case is no condition on the parameters: it happens in every launch
/// whose bound leaves one full warp, and in whichever blocks reach the other
/// free values (blockIdx residues). What differs between cases is which
/// blocks and warps see it, not whether a launch does.
bool worstInUncutWarps(const FreePlan &Plan,
                       const std::vector<uint64_t> &WorstCases,
                       const std::vector<uint64_t> &Executed,
                       bool SkipProductWindow) {
  auto IsFresh = [&](Symbol Sym) {
    for (const GuardPair &P : Plan.Pairs)
      if (P.Fresh == Sym)
        return true;
    return false;
  };
  // Everything but "which block" and "which warp" is a property of the
  // launch: parameters, loaded values, loop offsets that stand for a
  // parameter step, an unknown base alignment.
  auto IsParameter = [&](Symbol Sym) {
    return Sym.Kind != SymbolKind::BlockIdx && !(Sym == assumedWarpBaseX()) &&
           !Plan.positional(Sym);
  };
  // The classes of the parameters of a case, as one mixed-radix number
  // (their product is at most the case count): no allocation per case.
  std::vector<uint64_t> Place(Plan.Symbols.size(), 0);
  uint64_t Keys = 1;
  for (size_t I = 0; I < Plan.Symbols.size(); ++I)
    if (!IsFresh(Plan.Symbols[I].Sym) && IsParameter(Plan.Symbols[I].Sym)) {
      Place[I] = Keys;
      Keys *= Plan.Symbols[I].Classes.size();
    }
  std::vector<unsigned> ClassOf;
  auto ParamKey = [&](uint64_t C) {
    Plan.classes(C, ClassOf);
    uint64_t Key = 0;
    for (size_t I = 0; I < Plan.Symbols.size(); ++I)
      Key += Place[I] * ClassOf[I];
    return Key;
  };
  std::vector<char> Covered(Keys, 0);
  for (uint64_t C : WorstCases) {
    Plan.classes(C, ClassOf);
    bool Uncut = true;
    for (size_t I = 0; I < Plan.Symbols.size(); ++I) {
      const SymbolClasses &SC = Plan.Symbols[I];
      if (!IsFresh(SC.Sym))
        continue;
      ValueClass::Region R = SC.Classes[ClassOf[I]].Where;
      Uncut &= R == ValueClass::Above || R == ValueClass::Below;
    }
    if (Uncut)
      Covered[ParamKey(C)] = 1;
  }
  // With SkipProductWindow, the values of the product symbol inside its
  // window are allowed as finitely many exceptions (tx * K is uncoalesced
  // for every K but -7..7).
  int Product = -1;
  for (size_t I = 0; I < Plan.Symbols.size() && SkipProductWindow; ++I)
    if (Plan.ProductSym && Plan.Symbols[I].Sym == *Plan.ProductSym)
      Product = int(I);
  for (uint64_t C : Executed) {
    if (Product >= 0) {
      Plan.classes(C, ClassOf);
      const SymbolClasses &SC = Plan.Symbols[size_t(Product)];
      if (SC.Classes[ClassOf[size_t(Product)]].Where == ValueClass::Exact)
        continue;
    }
    if (!Covered[ParamKey(C)])
      return false;
  }
  return true;
}

} // namespace warplint
