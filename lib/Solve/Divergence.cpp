//===- Divergence.cpp - Which lanes of each warp run a branch's region ----===//
//
// See Divergence.h. The region and the decision it hangs on are enumerated
// as two address-less accesses with the same machinery as memory requests
// (Enumerate.h): a request of the region is one warp running it at one
// point of its loops, joined to the request of the decision at the same
// warp and the same values of the decision's loops.
//
//===----------------------------------------------------------------------===//

#include "Solve/Divergence.h"

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Cases/FreeSymbols.h"
#include "Solve/Space/SourceTerms.h"
#include "Solve/Space/Space.h"

#include <cmath>
#include <filesystem>
#include <map>

namespace warplint {

const char *emissionName(RegionEmission::Kind K) {
  switch (K) {
  case RegionEmission::Branched:
    return "branched";
  case RegionEmission::Predicated:
    return "predicated";
  case RegionEmission::Selected:
    return "selected";
  }
  return "branched";
}

namespace {

/// The source rule (docs/checks/warp-divergence.md, "Predicated or
/// branched"), measured on the H100 (test/gpu/divergence_validate.cu).
RegionEmission sourceRule(const Branch &B) {
  RegionEmission E;
  if (B.K == Branch::Kind::Loop) {
    E.Why = "each iteration of a loop ends in a branch";
    return E;
  }
  if (B.AtKernelEnd) {
    E.Why = "the lanes that do not take this last branch of the kernel end "
            "there: warps with no lane in it skip it";
    return E;
  }
  if (B.HasLoop || B.HasCall || B.HasBarrier || B.HasExit) {
    E.Why = std::string("nvcc keeps a branch around a region with ") +
            (B.HasLoop      ? "a loop"
             : B.HasCall    ? "a call"
             : B.HasBarrier ? "a barrier"
                            : "an exit");
    return E;
  }
  if (B.Work > PredicationWorkLimit) {
    E.Why = "nvcc keeps a branch around a region of " + std::to_string(B.Work) +
            " operations";
    return E;
  }
  if (!B.HasMemory && B.Work <= SelectWorkLimit) {
    E.K = RegionEmission::Selected;
    E.Why = "nvcc computes this short region on every lane and selects its "
            "result";
    return E;
  }
  E.K = RegionEmission::Predicated;
  E.Why = "nvcc if-converts this short region: every warp that reaches it "
          "issues its instructions with the other lanes switched off";
  return E;
}

/// One name per file: the line facts and the model may spell a file
/// differently (`dir/../a.cu`, a link).
bool sameFile(const std::string &A, const std::string &B) {
  if (A == B)
    return true;
  // Names seen on this thread, resolved once each.
  thread_local std::map<std::string, std::string> Seen;
  auto Canonical = [](const std::string &P) -> const std::string & {
    auto [It, New] = Seen.emplace(P, std::string());
    if (New) {
      std::error_code Error;
      std::filesystem::path Out = std::filesystem::weakly_canonical(P, Error);
      It->second = Error ? P : Out.lexically_normal().string();
    }
    return It->second;
  };
  return Canonical(A) == Canonical(B);
}

/// Whether a line of the SASS facts belongs to B's region, in B's context.
bool inRegion(const LineFacts &F, const Branch &B) {
  return sameFile(F.Loc.File, B.Range.Begin.File) &&
         F.Loc.Line >= B.Range.Begin.Line && F.Loc.Line <= B.Range.End.Line &&
         F.InlinedAt.empty() == B.CallChain.empty();
}

Access addressless(const Predicate &Guard, const std::vector<unsigned> &Loops) {
  Access A;
  A.ByteOffset = Expr(int64_t(0));
  A.Guard = Guard;
  A.Loops = Loops;
  return A;
}

const char *const UnknownRepeats =
    "a loop around it repeats it a number of times that is not known";

/// Whether stride loop Id's bounds read the thread (or another loop):
/// lanes then leave it at different iterations, which the stride symbol
/// does not enumerate (a grid-stride loop's last sweep).
bool laneDependentStride(const SolveSpace &S, unsigned Id) {
  for (Symbol Sym : boundSymbols(S.Loops[Id]))
    if (Sym.Kind == SymbolKind::ThreadIdx ||
        (Sym.Kind == SymbolKind::LoopVar && Sym.Index != Id))
      return true;
  return false;
}

/// Why S cannot be enumerated at all, or "": no block shape, a stride loop
/// that lanes leave at different iterations. Other loops that repeat it an
/// unknown number of times are judged with the decision (prepare).
std::string notEnumerable(const SolveSpace &S) {
  if (S.Assumed)
    return "the launch's block shape is not known";
  for (unsigned Id : S.StrideLoops)
    if (laneDependentStride(S, Id) ||
        std::find(S.Free.begin(), S.Free.end(), strideLoopSymbol(Id)) !=
            S.Free.end()) // the region reads the iteration
      return UnknownRepeats;
  return "";
}

/// A free symbol of S that the launch does not enumerate block by block
/// (anything but blockIdx of a known grid), if there is one.
std::optional<Symbol> openSymbol(const SolveSpace &S) {
  for (Symbol Sym : S.Free)
    if (Sym.Kind != SymbolKind::BlockIdx || !S.Grid)
      return Sym;
  return std::nullopt;
}

/// The loops of Loops that repeat S's requests a number of times not known:
/// neither enumerated nor counted.
std::vector<unsigned> unknownRepeats(const std::vector<unsigned> &Loops,
                                     const SolveSpace &S) {
  std::vector<unsigned> Out;
  for (unsigned Id : Loops)
    if (std::find(S.Relevant.begin(), S.Relevant.end(), Id) ==
            S.Relevant.end() &&
        std::find(S.Counted.begin(), S.Counted.end(), Id) == S.Counted.end())
      Out.push_back(Id);
  return Out;
}

/// Every combination of the blockIdx values S reads, over the grid.
std::vector<FreeValues> blockValues(const SolveSpace &S, uint64_t Cap) {
  std::vector<FreeValues> Out(1);
  for (Symbol Sym : S.Free) {
    int64_t N = (*S.Grid)[Sym.Index];
    std::vector<FreeValues> Next;
    for (const FreeValues &V : Out)
      for (int64_t B = 0; B < N && Next.size() <= Cap; ++B) {
        Next.push_back(V);
        Next.back().push_back({Sym, B});
      }
    Out = std::move(Next);
    if (Out.size() > Cap)
      return {};
  }
  return Out;
}

/// The blocks each enumerated combination stands for.
int64_t blocksPerCombination(const SolveSpace &S) {
  if (!S.Grid)
    return 1;
  int64_t Blocks = 1;
  for (unsigned D = 0; D < 3; ++D) {
    bool Read = false;
    for (Symbol Sym : S.Free)
      Read |= Sym.Kind == SymbolKind::BlockIdx && Sym.Index == D;
    if (!Read)
      Blocks *= (*S.Grid)[D];
  }
  return Blocks;
}

struct ReachEntry {
  unsigned Lanes = 0;
  uint64_t Weight = 0;
};
using ReachKey = std::vector<int64_t>; // combination, warp, loop values

} // namespace

RegionEmission regionEmission(const KernelModel &K, const Branch &B) {
  bool Any = false, Branched = false;
  unsigned Instr = 0, Pred = 0;
  for (const LineFacts &F : K.Lines) {
    if (!inRegion(F, B))
      continue;
    Any = true;
    Branched |= F.BranchedAround;
    Instr += F.Instructions;
    Pred += F.PredicatedInstructions;
  }
  if (!Any || B.K == Branch::Kind::Loop || (!Branched && Pred == 0))
    return sourceRule(B);
  RegionEmission E;
  E.FromSass = true;
  if (Branched) {
    E.Why = "nvcc branches around this region (SASS)";
  } else if (Pred < Instr && !B.HasMemory) {
    E.K = RegionEmission::Selected;
    E.Why = "nvcc computes this region on every lane and selects its result "
            "(SASS: " +
            std::to_string(Pred) + " of its " + std::to_string(Instr) +
            " instructions predicated)";
  } else {
    E.K = RegionEmission::Predicated;
    E.Why = "nvcc if-converts this region (SASS: " + std::to_string(Pred) +
            " of its " + std::to_string(Instr) + " instructions predicated)";
  }
  return E;
}

namespace {

/// The lane counts of one region under one launch, added up as the
/// requests are visited, per combination of values (a block of the grid,
/// or one case of the values the launch leaves open).
struct Totals {
  double Warps = 0, ReachLanes = 0;
  double Lanes = 0, Running = 0, Diverging = 0, Ideal = 0;

  Totals &operator+=(const Totals &O) {
    Warps += O.Warps, ReachLanes += O.ReachLanes, Lanes += O.Lanes;
    Running += O.Running, Diverging += O.Diverging, Ideal += O.Ideal;
    return *this;
  }
};

/// solveBranch in steps: the two spaces, the reaching requests, the
/// region's requests (or the probability model), the emission's count.
class BranchSolver {
public:
  BranchSolver(const KernelModel &K, const Branch &B, const LaunchConfig &L,
               const SolveOptions &Opts)
      : K(K), B(B), L(L), WarpSize(Opts.Arch.WarpSize),
        Budget(Opts.EnumerationBudget) {}

  /// Builds the spaces and the combinations of values to enumerate (the
  /// blocks a known grid has, or the cases of the values the launch leaves
  /// open: Parametric); the reason when the region cannot be enumerated.
  std::optional<std::string> prepare(bool OnData);
  std::optional<std::string> enumerateReach();
  std::optional<std::string> countRegion();
  void countExpected(double P);
  /// Fills R's numbers from the totals of every combination (blocks of one
  /// launch), or, Parametric, from the range over the cases.
  void finish(BranchResult &R) const;

  /// The combinations are cases of open values, not blocks of the grid.
  bool Parametric = false;

private:
  FreeValues restrict(const FreeValues &V, const SolveSpace &S) const {
    FreeValues Out;
    for (const auto &P : V)
      if (std::find(S.Free.begin(), S.Free.end(), P.first) != S.Free.end())
        Out.push_back(P);
    return Out;
  }
  std::string exhausted(const EnumerationStatus &St) const {
    return St.Reason.empty() ? "too much to enumerate" : St.Reason;
  }

  const KernelModel &K;
  const Branch &B;
  const LaunchConfig &L;
  const double WarpSize;
  uint64_t Budget;
  /// Cases of open values enumerated at most (like the blocks of a grid).
  static constexpr uint64_t MaxCases = 4096;
  SolveSpace Body, Reach;
  /// Positions in the region's points of the decision's relevant loops.
  std::vector<size_t> ReachPos;
  std::vector<FreeValues> Combos;
  double Blocks = 1;
  bool PerRepeat = false;
  std::map<ReachKey, ReachEntry> Reached;
  std::vector<Totals> T; ///< per combination
  /// Parametric: the open symbols, for the reason.
  std::string OpenNames;

  void fill(BranchResult &R, const Totals &Sum, double Scale) const;
  std::optional<std::string> planCases(const SolveSpace &S);
};

std::optional<std::string> BranchSolver::prepare(bool OnData) {
  if (auto Why = buildSpace(K, addressless(OnData ? B.Reach : B.Guard, B.Loops),
                            L, Body))
    return Why;
  if (auto Why = buildSpace(K, addressless(B.Reach, B.ReachLoops), L, Reach))
    return Why;
  std::string Why = notEnumerable(Body);
  if (Why.empty())
    Why = notEnumerable(Reach);
  if (!Why.empty())
    return Why;
  // The decision's loops that matter must be ones the region's requests
  // say the value of.
  for (unsigned Id : Reach.Relevant) {
    auto It = std::find(Body.Relevant.begin(), Body.Relevant.end(), Id);
    if (It == Body.Relevant.end())
      return "the loop '" + K.Loops[Id].VarName +
             "' decides which lanes reach it but not which run it";
    ReachPos.push_back(size_t(It - Body.Relevant.begin()));
  }
  // Blocks: those the region's and the decision's guards tell apart.
  SolveSpace &Widest = Body.Free.size() >= Reach.Free.size() ? Body : Reach;
  for (Symbol Sym : (&Widest == &Body ? Reach : Body).Free)
    if (std::find(Widest.Free.begin(), Widest.Free.end(), Sym) ==
        Widest.Free.end())
      return "which lanes reach it depends on " + sourceName(Sym, Reach);
  if (std::optional<Symbol> Open = openSymbol(Widest)) {
    // Values the launch leaves open (a parameter, blockIdx of a grid not
    // known): the cases the memory checks use for them.
    if (auto Why = planCases(Widest))
      return "which lanes run it depends on " + sourceName(*Open, Widest) +
             (Why->empty() ? "" : " (" + *Why + ")");
  } else {
    Combos = blockValues(Widest, 4096);
    if (Combos.empty())
      return std::string("too many blocks to enumerate");
    Blocks = double(blocksPerCombination(Widest));
  }
  // Loops whose trip count is not known (a bound on a parameter, a
  // uniform condition on data) repeat the region and the decision alike
  // when they are the same loops: every warp of a block runs them equally
  // often, so the means and ratios hold and the counts are per iteration.
  // Blocks the guards tell apart might repeat them differently (each case
  // of open values is a launch of its own).
  if (Body.SymbolicRepeat || Reach.SymbolicRepeat) {
    if (unknownRepeats(B.Loops, Body) != unknownRepeats(B.ReachLoops, Reach) ||
        (!Parametric && Combos.size() > 1))
      return std::string(UnknownRepeats);
    PerRepeat = true;
  }
  T.assign(Combos.size(), Totals());
  return std::nullopt;
}

/// The cases of S's open values (FreeSymbols.h: windows where a guard
/// atom changes, one class beyond either side), as combinations; why not
/// ("" for too many cases).
std::optional<std::string> BranchSolver::planCases(const SolveSpace &S) {
  FreePlan Plan;
  // An address-less access: no period in an address, only guard windows.
  if (auto Err = planFreeSymbols(K, S, /*Modulus=*/1, Budget, Plan))
    return Err;
  uint64_t N = Plan.caseCount();
  if (N == 0 || N > MaxCases)
    return std::string();
  std::vector<unsigned> ClassOf;
  for (uint64_t C = 0; C < N; ++C)
    Combos.push_back(Plan.values(C, ClassOf));
  for (Symbol Sym : S.Free)
    if (Sym.Kind != SymbolKind::BlockIdx || !S.Grid)
      OpenNames += (OpenNames.empty() ? "" : ", ") + sourceName(Sym, S);
  Parametric = true;
  return std::nullopt;
}

std::optional<std::string> BranchSolver::enumerateReach() {
  for (size_t C = 0; C < Combos.size(); ++C) {
    EnumerationStatus St = enumerateRequests(
        Reach, restrict(Combos[C], Reach), Budget, [&](const RequestView &V) {
          ReachKey Key{int64_t(C), int64_t(V.Warp)};
          Key.insert(Key.end(), V.Point.begin(), V.Point.end());
          ReachEntry &E = Reached[Key];
          E.Lanes = unsigned(V.Lanes.size());
          E.Weight += V.Weight;
          T[C].Warps += double(V.Weight);
          T[C].ReachLanes += double(V.Weight) * double(V.Lanes.size());
        });
    if (St.State != EnumerationStatus::Ok)
      return exhausted(St);
  }
  if (std::none_of(T.begin(), T.end(),
                   [](const Totals &X) { return X.Warps > 0; }))
    return std::string("no warp reaches it under this launch");
  return std::nullopt;
}

std::optional<std::string> BranchSolver::countRegion() {
  // Lanes per block combination and point of the loops, for the ideal.
  std::map<ReachKey, std::pair<double, double>> PerPoint;
  for (size_t C = 0; C < Combos.size(); ++C) {
    EnumerationStatus St = enumerateRequests(
        Body, restrict(Combos[C], Body), Budget, [&](const RequestView &V) {
          ReachKey Key{int64_t(C), int64_t(V.Warp)};
          for (size_t Pos : ReachPos)
            Key.push_back(V.Point[Pos]);
          auto It = Reached.find(Key);
          double Of = It == Reached.end() ? WarpSize : It->second.Lanes;
          double W = double(V.Weight), N = double(V.Lanes.size());
          T[C].Running += W;
          T[C].Lanes += W * N;
          if (N < Of)
            T[C].Diverging += W;
          ReachKey Point{int64_t(C)};
          Point.insert(Point.end(), V.Point.begin(), V.Point.end());
          PerPoint[Point].first += N;
          PerPoint[Point].second = W;
        });
    if (St.State != EnumerationStatus::Ok)
      return exhausted(St);
  }
  for (const auto &[Point, SumWeight] : PerPoint)
    T[size_t(Point[0])].Ideal +=
        SumWeight.second * std::ceil(SumWeight.first / WarpSize);
  return std::nullopt;
}

void BranchSolver::countExpected(double P) {
  std::map<ReachKey, std::pair<double, double>> PerPoint;
  for (const auto &[Key, E] : Reached) {
    double N = E.Lanes, W = double(E.Weight);
    double Run = 1 - std::pow(1 - P, N);
    Totals &X = T[size_t(Key[0])];
    X.Running += W * Run;
    X.Diverging += W * (Run - std::pow(P, N));
    X.Lanes += W * P * N;
    ReachKey Point(Key);
    Point.erase(Point.begin() + 1); // the warp
    PerPoint[Point].first += P * N;
    PerPoint[Point].second = W;
  }
  for (const auto &[Point, SumWeight] : PerPoint)
    T[size_t(Point[0])].Ideal +=
        SumWeight.second * std::ceil(SumWeight.first / WarpSize - 1e-9);
}

void BranchSolver::finish(BranchResult &R) const {
  R.PerRepeat = PerRepeat;
  if (!Parametric) {
    Totals Sum;
    for (const Totals &X : T)
      Sum += X;
    R.PerLaunch = Body.Grid.has_value();
    fill(R, Sum, R.PerLaunch ? Blocks : 1);
    return;
  }
  // One block's numbers for each case of the open values that reaches the
  // decision; one answer when they all agree, else their range.
  std::vector<BranchResult> Cases;
  for (const Totals &X : T)
    if (X.Warps > 0) {
      Cases.push_back(R);
      fill(Cases.back(), X, 1);
    }
  auto Same = [](const BranchResult &A, const BranchResult &B) {
    auto Eq = [](double X, double Y) { return std::abs(X - Y) < 1e-9; };
    return Eq(A.Warps, B.Warps) && Eq(A.WarpsRunning, B.WarpsRunning) &&
           Eq(A.WarpsDiverging, B.WarpsDiverging) &&
           Eq(A.WarpsIdeal, B.WarpsIdeal) && Eq(A.LanesMean, B.LanesMean) &&
           Eq(A.ReachLanesMean, B.ReachLanesMean) && A.Paths == B.Paths;
  };
  const BranchResult *Worst = &Cases.front();
  bool AllSame = true;
  for (const BranchResult &C : Cases) {
    AllSame = AllSame && Same(C, Cases.front());
    double Excess = C.WarpsRunning - C.WarpsIdeal,
           WorstExcess = Worst->WarpsRunning - Worst->WarpsIdeal;
    if (C.WarpsDiverging > Worst->WarpsDiverging + 1e-9 ||
        (std::abs(C.WarpsDiverging - Worst->WarpsDiverging) < 1e-9 &&
         Excess > WorstExcess + 1e-9))
      Worst = &C;
  }
  BranchResult::Status State = R.State;
  R = *Worst;
  R.State = State;
  if (AllSame)
    return;
  R.State = BranchResult::Bounded;
  R.Reason = "which lanes run it depends on " + OpenNames +
             ": the counts are per block, the least and the most over their "
             "values";
  BranchBounds &Bd = R.Bounds.emplace();
  auto Widen = [](BranchBounds::Range &Rg, double V, bool First) {
    Rg.Min = First ? V : std::min(Rg.Min, V);
    Rg.Max = First ? V : std::max(Rg.Max, V);
  };
  bool FirstRunning = true;
  for (size_t I = 0; I < Cases.size(); ++I) {
    const BranchResult &C = Cases[I];
    Widen(Bd.Warps, C.Warps, I == 0);
    Widen(Bd.WarpsRunning, C.WarpsRunning, I == 0);
    Widen(Bd.WarpsDiverging, C.WarpsDiverging, I == 0);
    Widen(Bd.WarpsIdeal, C.WarpsIdeal, I == 0);
    // Lanes per instruction exist only where some warp runs the region.
    if (C.WarpsRunning > 0 || R.Emission.K != RegionEmission::Branched) {
      Widen(Bd.LanesMean, C.LanesMean, FirstRunning);
      FirstRunning = false;
    }
  }
}

void BranchSolver::fill(BranchResult &R, const Totals &Sum,
                        double Scale) const {
  R.Warps = Sum.Warps * Scale;
  R.ReachLanesMean = Sum.Warps > 0 ? Sum.ReachLanes / Sum.Warps : 0;
  switch (R.Emission.K) {
  case RegionEmission::Branched:
    R.LanesMean = Sum.Running > 0 ? Sum.Lanes / Sum.Running : 0;
    break;
  case RegionEmission::Predicated:
    R.LanesMean = Sum.Lanes / Sum.Warps;
    break;
  case RegionEmission::Selected: {
    // Work operations on every reaching lane, one select per variable on
    // the lanes that take it.
    double Ops = std::max(1u, B.Work), Selects = std::max(1u, B.Assigned);
    R.LanesMean = (Ops * Sum.ReachLanes + Selects * Sum.Lanes) /
                  ((Ops + Selects) * Sum.Warps);
    break;
  }
  }
  R.WarpsRunning = Sum.Running * Scale;
  R.WarpsIdeal = Sum.Ideal * Scale;
  R.WarpsDiverging = Sum.Diverging * Scale;
  R.Paths = Sum.Diverging > 0 && B.TwoSided ? 2 : 1;
}

} // namespace

BranchResult solveBranch(const KernelModel &K, const Branch &B,
                         const LaunchConfig &L, const SolveOptions &Opts,
                         std::optional<double> Probability) {
  BranchResult R;
  R.Emission = regionEmission(K, B);
  auto Unknown = [&](std::string Why) {
    R.State = BranchResult::Unknown;
    R.Reason = std::move(Why);
    return R;
  };
  bool Sided = B.K == Branch::Kind::If || B.K == Branch::Kind::Else;
  // A condition on data: the lanes that reach are enumerated, the lanes
  // that take it follow the probability model.
  bool OnData = Sided && B.Own.hasUnknown();
  if (OnData && !B.Own.unknownsFromData())
    return Unknown("the condition '" + B.Condition + "' is not modelled (" +
                   B.Own.unknownReasons().front() + ")");
  if (B.Reach.hasUnknown() && B.Reach.unknownsFromData())
    return Unknown("which lanes reach it depends on data (" +
                   B.Reach.unknownReasons().front() + ")");
  BranchSolver S(K, B, L, Opts);
  if (auto Why = S.prepare(OnData))
    return Unknown(*Why);
  if (auto Why = S.enumerateReach())
    return Unknown(*Why);
  if (OnData) {
    double P = B.Probability.value_or(Probability.value_or(0.5));
    R.ProbabilityFromComment = B.Probability.has_value();
    R.ProbabilityGiven = B.Probability || Probability;
    R.Probability = B.K == Branch::Kind::Else ? 1 - P : P;
    R.State = BranchResult::Expected;
    S.countExpected(R.Probability);
  } else {
    R.State = BranchResult::Exact;
    if (auto Why = S.countRegion())
      return Unknown(*Why);
  }
  S.finish(R);
  return R;
}

} // namespace warplint
