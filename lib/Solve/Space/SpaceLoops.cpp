//===- SpaceLoops.cpp - The loops of an access's space --------------------===//
//
// Loops whose variable moves the address or the guard, or whose bounds
// differ between lanes, are enumerated (relevant); the others repeat the
// request, a counted or a symbolic number of times; stride loops become a
// free symbol first (docs/solver.md).
//
//===----------------------------------------------------------------------===//

#include "Solve/Space/SpaceSteps.h"

#include "Solve/Space/SourceTerms.h"

#include <algorithm>
#include <map>

namespace warplint {

namespace {

/// Blocks at most whose cases a walked block-stride loop may ask for, and
/// lane iterations at most its walk may take: each lane walks its own
/// iterations (about 0.2 us each), and a longer walk would cost more than
/// the tails it makes exact are worth (a launch that covers the size in
/// one sweep has none; the stride symbol answers it as well).
constexpr uint64_t MaxWalkedBlocks = 4096;
constexpr uint64_t MaxWalkedWork = uint64_t(1) << 17;

/// The iterations thread T of block B runs of Lp (bounds bound to the
/// launch, a constant step), or nullopt past Cap or when a bound cannot be
/// evaluated.
std::optional<uint64_t> tripsOf(const Loop &Lp, const std::array<int64_t, 3> &T,
                                const std::array<int64_t, 3> &B, uint64_t Cap) {
  std::optional<int64_t> V;
  auto Value = [&](Symbol Sym) -> std::optional<int64_t> {
    switch (Sym.Kind) {
    case SymbolKind::ThreadIdx:
      return Sym.Index < 3 ? std::optional(T[Sym.Index]) : std::nullopt;
    case SymbolKind::BlockIdx:
      return Sym.Index < 3 ? std::optional(B[Sym.Index]) : std::nullopt;
    case SymbolKind::LoopVar:
      return Sym.Index == Lp.Id ? V : std::nullopt;
    default:
      return std::nullopt;
    }
  };
  V = Lp.Init.evaluate(Value);
  for (uint64_t N = 0; N <= Cap; ++N) {
    if (!V)
      return std::nullopt;
    std::optional<bool> In = Lp.Condition.evaluate(Value);
    if (!In)
      return std::nullopt;
    if (!*In)
      return N;
    int64_t Next;
    if (__builtin_add_overflow(*V, Lp.StepValue, &Next))
      return std::nullopt;
    V = Next;
  }
  return std::nullopt;
}

/// Whether the stride loop Lp can be walked block by block instead: its
/// step a constant, its bounds reading only the thread, its own variable
/// and block indices of a known grid, and the walk small (estimated from
/// the first and last thread of the first and last block). Dims gets the
/// block dimensions the bounds read.
bool walkableByBlock(const Loop &Lp, const SolveSpace &S,
                     std::array<bool, 3> &Dims) {
  if (Lp.StepExpr || !S.Grid || Lp.StepValue == 0)
    return false;
  Dims = {false, false, false};
  for (Symbol Sym : boundSymbols(Lp)) {
    if (Sym.Kind == SymbolKind::BlockIdx && Sym.Index < 3)
      Dims[Sym.Index] = true;
    else if (!(Sym.Kind == SymbolKind::ThreadIdx ||
               (Sym.Kind == SymbolKind::LoopVar && Sym.Index == Lp.Id)))
      return false;
  }
  uint64_t Blocks = 1;
  std::array<int64_t, 3> Last = {0, 0, 0};
  for (unsigned D = 0; D < 3; ++D)
    if (Dims[D]) {
      int64_t G = (*S.Grid)[D];
      if (G < 1)
        return false;
      Blocks *= uint64_t(G);
      Last[D] = G - 1;
    }
  if (Blocks > MaxWalkedBlocks)
    return false;
  uint64_t PerLane = MaxWalkedWork / (Blocks * uint64_t(S.Warps) * WarpLanes);
  std::array<int64_t, 3> LastThread = {S.Threads - 1, 0, 0};
  uint64_t Most = 0;
  for (const auto &B : {std::array<int64_t, 3>{0, 0, 0}, Last})
    for (const auto &T : {std::array<int64_t, 3>{0, 0, 0}, LastThread}) {
      std::optional<uint64_t> N = tripsOf(Lp, T, B, PerLane);
      if (!N)
        return false;
      Most = std::max(Most, *N);
    }
  return Most <= PerLane;
}

} // namespace

/// Finds the stride loops of A (see SolveSpace::StrideLoops) and replaces
/// their variables in the offset, the guard and the other loops' bounds.
std::optional<std::string> replaceStrideLoops(const Access &A, SolveSpace &S) {
  auto HasFree = [&](const std::vector<Symbol> &Syms) {
    for (Symbol Sym : Syms)
      if (isFreeSymbol(Sym, S.Assumed))
        return true;
    return false;
  };
  std::map<unsigned, Expr> Value;
  std::map<Symbol, std::string> Names;
  std::array<bool, 3> WalkedDims = {false, false, false};
  auto Replace = [&](Symbol Sym) -> std::optional<Expr> {
    if (Sym.Kind != SymbolKind::LoopVar)
      return std::nullopt;
    auto It = Value.find(Sym.Index);
    if (It == Value.end())
      return std::nullopt;
    return It->second;
  };
  for (unsigned Id : A.Loops) {
    if (Id >= S.Loops.size())
      return std::string("loop id out of range");
    Loop &Lp = S.Loops[Id];
    if (!Lp.UnknownReason.empty() || Lp.Condition.hasUnknown() ||
        Lp.Step != Loop::StepKind::Add)
      continue;
    // Loops the enumeration can walk stay exact (and counted).
    if (!Lp.StepExpr && !HasFree(Lp.Init.symbols()) &&
        !HasFree(Lp.Condition.symbols()))
      continue;
    // So do those whose bounds read block indices of a known grid (a
    // grid-stride loop of a launch that fixes the grid and the size): each
    // block becomes a case, and each lane's trip count is exact.
    if (std::array<bool, 3> Dims; walkableByBlock(Lp, S, Dims)) {
      for (unsigned D = 0; D < 3; ++D)
        if (Dims[D])
          WalkedDims[D] = true;
      continue;
    }
    // t * step is a multiple of M for every iteration t: the variable is
    // Init + M * W for some block-uniform W.
    int64_t M = Lp.StepExpr ? multipleOf(*Lp.StepExpr) : Lp.StepValue;
    if (M == 0)
      return "the step of loop '" + Lp.VarName + "' is zero";
    Symbol W = strideLoopSymbol(Id);
    Value[Id] = Lp.Init.substitute(Replace) + Expr::symbol(W) * Expr(M);
    // Named by what it counts from, in the loop's own terms: `(i - tid)`
    // for a grid-stride loop `for (i = tid; ...; i += gridDim.x * ...)`.
    std::string From = sourceTerms(Lp.Init, S);
    if (Lp.Init.kind() == ExprKind::Add) // i - (a + b), not i - a + b
      From = "(" + From + ")";
    std::string Start = "(" + Lp.VarName + " - " + From + ")";
    Names[W] = Lp.StepExpr
                   ? (M == 1 ? Start : Start + " / " + std::to_string(M))
                   : "the iteration of '" + Lp.VarName + "'";
    S.StrideLoops.push_back(Id);
  }
  for (unsigned D = 0; D < 3; ++D)
    if (WalkedDims[D]) {
      std::vector<int64_t> Blocks((*S.Grid)[D]);
      for (int64_t B = 0; B < (*S.Grid)[D]; ++B)
        Blocks[B] = B;
      S.GeometricLoops.push_back(
          {~0u, Symbol{SymbolKind::BlockIdx, D}, std::move(Blocks)});
    }
  if (Value.empty())
    return std::nullopt;
  S.Offset = S.Offset.substitute(Replace);
  S.Guard = S.Guard.substitute(Replace);
  for (Loop &Lp : S.Loops) {
    Lp.Init = Lp.Init.substitute(Replace);
    Lp.Condition = Lp.Condition.substitute(Replace);
  }
  auto Inner = S.Name;
  S.Name = [Inner, Names](Symbol X) {
    auto It = Names.find(X);
    return It != Names.end() ? It->second : Inner(X);
  };
  return std::nullopt;
}

namespace {

/// One access's loops being sorted (sortLoops), step by step.
class LoopSorter {
public:
  LoopSorter(const Access &A, SolveSpace &S, bool Bounded)
      : A(A), S(S), Bounded(Bounded) {}

  /// Relevant loops: their variable is used, or their bounds depend on
  /// the lane; closed under "a relevant loop's bounds use that variable".
  std::optional<std::string> findRelevant() {
    addSymbols(S.Offset, Used);
    addSymbols(S.Guard, Used);
    if (auto Err = markUses(Used))
      return Err;
    // Loops whose bounds differ between lanes (through threadIdx or an
    // outer loop that does) decide which lanes take part: always relevant.
    for (unsigned Id : A.Loops) {
      if (Id >= S.Loops.size())
        return std::string("loop id out of range");
      if (isStride(Id))
        continue;
      for (Symbol Sym : loopSymbols(Id))
        if (laneVarying(Sym) ||
            (Sym.Kind == SymbolKind::LoopVar && LaneLoops.count(Sym.Index)))
          LaneLoops.insert(Id);
      if (LaneLoops.count(Id) && Relevant.insert(Id).second)
        Work.push_back(Id);
    }
    while (!Work.empty()) {
      unsigned Id = Work.back();
      Work.pop_back();
      const Loop &Lp = S.Loops[Id];
      if (!Lp.UnknownReason.empty())
        return "loop '" + Lp.VarName + "' is not modelled: " + Lp.UnknownReason;
      if (Lp.Condition.hasUnknown())
        return "the condition of loop '" + Lp.VarName +
               "' is not modelled: " + Lp.Condition.unknownReasons().front();
      if (auto Err = markUses(loopSymbols(Id)))
        return Err;
    }
    return std::nullopt;
  }

  /// S.Relevant in the access's loop order and S.Free.
  void collectFree(const std::vector<int64_t> &WarpValues) {
    for (Symbol Sym : Used)
      if (isFreeSymbol(Sym, S.Assumed))
        FreeSet.insert(Sym);
    for (unsigned Id : A.Loops) {
      if (!Relevant.count(Id))
        continue;
      S.Relevant.push_back(Id);
      S.ThreadDependentDomain |= LaneLoops.count(Id) != 0;
      for (Symbol Sym : loopSymbols(Id))
        if (isFreeSymbol(Sym, S.Assumed))
          FreeSet.insert(Sym);
    }
    S.Free.assign(FreeSet.begin(), FreeSet.end());
    // The warps of a row of a partly constant block: W has these values.
    if (!WarpValues.empty() && FreeSet.count(assumedWarpBaseX()))
      S.GeometricLoops.push_back({~0u, assumedWarpBaseX(), WarpValues});
  }

  /// The remaining loops only repeat the request.
  std::optional<std::string> sortRepeats() {
    for (unsigned Id : A.Loops)
      if (!Relevant.count(Id))
        if (auto Err = sortRepeat(Id))
          return Err;
    // A counted loop whose bounds use a symbolic-repeat loop's variable
    // cannot be counted.
    for (unsigned Id : S.Counted)
      for (Symbol Sym : loopSymbols(Id))
        if (Sym.Kind == SymbolKind::LoopVar && Sym.Index != Id &&
            !Relevant.count(Sym.Index) &&
            std::find(S.Counted.begin(), S.Counted.end(), Sym.Index) ==
                S.Counted.end())
          return "the trip count of loop '" + S.Loops[Id].VarName +
                 "' depends on a loop that is not modelled";
    return std::nullopt;
  }

private:
  std::optional<std::string> sortRepeat(unsigned Id) {
    if (isStride(Id)) {
      S.SymbolicRepeat = true; // how many iterations run is not known
      return std::nullopt;
    }
    const Loop &Lp = S.Loops[Id];
    if (hasThreadDependentUnknown(Lp.Condition)) {
      // Lanes leave such a loop at different iterations: which lanes run
      // an iteration is not the same for all of them.
      std::string Why = "active lanes depend on the condition of loop '" +
                        Lp.VarName +
                        "': " + threadDependentReason(Lp.Condition);
      if (!(Bounded && threadDependentUnknownsFromData(Lp.Condition)))
        return Why;
      S.SureGuard = Predicate(false); // none is sure to run an iteration
      S.BoundReason = S.BoundReason.empty() ? Why : S.BoundReason + "; " + Why;
    }
    if (!Lp.UnknownReason.empty() || Lp.Condition.hasUnknown()) {
      S.SymbolicRepeat = true;
      return std::nullopt;
    }
    bool HasFree = false, HasLoopVar = false;
    for (Symbol Sym : loopSymbols(Id)) {
      if (isFreeSymbol(Sym, S.Assumed)) {
        HasFree = true;
        if (FreeSet.count(Sym))
          return "the trip count of loop '" + Lp.VarName +
                 "' and the access both depend on '" + S.Name(Sym) + "'";
      }
      if (Sym.Kind == SymbolKind::LoopVar && Sym.Index != Id) {
        HasLoopVar = true;
        S.CountedPerPoint |= Relevant.count(Sym.Index) != 0;
      }
    }
    if (HasFree && HasLoopVar)
      return "the trip count of loop '" + Lp.VarName +
             "' depends on both free values and other loops";
    if (HasFree)
      S.SymbolicRepeat = true;
    else
      S.Counted.push_back(Id);
    return std::nullopt;
  }

  bool laneVarying(Symbol Sym) const {
    return Sym.Kind == SymbolKind::ThreadIdx && !isFreeSymbol(Sym, S.Assumed);
  }
  bool inAccessLoops(unsigned Id) const {
    return std::find(A.Loops.begin(), A.Loops.end(), Id) != A.Loops.end();
  }
  bool isStride(unsigned Id) const {
    return std::find(S.StrideLoops.begin(), S.StrideLoops.end(), Id) !=
           S.StrideLoops.end();
  }
  std::set<Symbol> loopSymbols(unsigned Id) const {
    return boundSymbols(S.Loops[Id]);
  }
  std::optional<std::string> markUses(const std::set<Symbol> &Syms) {
    for (Symbol Sym : Syms) {
      if (Sym.Kind != SymbolKind::LoopVar)
        continue;
      if (Sym.Index >= S.Loops.size() || !inAccessLoops(Sym.Index))
        return "uses loop variable '" + S.Name(Sym) + "' outside its loop";
      if (Relevant.insert(Sym.Index).second)
        Work.push_back(Sym.Index);
    }
    return std::nullopt;
  }

  const Access &A;
  SolveSpace &S;
  bool Bounded;
  std::set<Symbol> Used, FreeSet;
  std::set<unsigned> Relevant, LaneLoops;
  std::vector<unsigned> Work;
};

} // namespace

std::optional<std::string> sortLoops(const Access &A, SolveSpace &S,
                                     bool Bounded,
                                     const std::vector<int64_t> &WarpValues) {
  LoopSorter Sorter(A, S, Bounded);
  if (auto Err = Sorter.findRelevant())
    return Err;
  Sorter.collectFree(WarpValues);
  return Sorter.sortRepeats();
}

} // namespace warplint
