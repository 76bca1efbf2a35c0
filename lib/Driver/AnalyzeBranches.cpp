//===- AnalyzeBranches.cpp - Solve every branch region of a unit ----------===//
//
// The warp-divergence counterpart of analyzeAccesses: each region a branch
// decides, under each launch configuration of its kernel (Solve/Divergence.h),
// and its record for the JSON `branches` array.
//
//===----------------------------------------------------------------------===//

#include "Driver/Analyze.h"

namespace warplint {

std::vector<BranchAnalysis> analyzeBranches(const TranslationUnitModel &TU,
                                            const SolveOptions &Opts,
                                            std::optional<double> Probability) {
  std::vector<BranchAnalysis> Out;
  for (const KernelModel &K : TU.Kernels)
    for (const Branch &B : K.Branches)
      for (const LaunchConfig &L : K.Launches) {
        BranchAnalysis A;
        A.Kernel = &K;
        A.Br = &B;
        A.Launch = &L;
        std::optional<std::string> Spent =
            Opts.File ? Opts.File->exhausted() : std::nullopt;
        if (Spent) {
          A.Result.Emission = regionEmission(K, B);
          A.Result.Reason = *Spent;
        } else {
          A.Result = solveBranch(K, B, L, Opts, Probability);
        }
        Out.push_back(std::move(A));
      }
  return Out;
}

static const char *kindName(Branch::Kind K) {
  switch (K) {
  case Branch::Kind::If:
    return "if";
  case Branch::Kind::Else:
    return "else";
  case Branch::Kind::Loop:
    return "loop";
  case Branch::Kind::AfterExit:
    return "after-exit";
  case Branch::Kind::Case:
    return "case";
  }
  return "if";
}

BranchRecord toRecord(const BranchAnalysis &A) {
  BranchRecord R;
  const Branch &B = *A.Br;
  const BranchResult &Res = A.Result;
  R.Begin = B.Range.Begin;
  R.End = B.Range.End;
  R.Kernel = A.Kernel->Name;
  R.Function = B.Function;
  for (const CallFrame &F : B.CallChain)
    R.CalledFrom.push_back(F.CallLoc);
  R.Kind = kindName(B.K);
  R.Condition = B.Condition;
  R.ConditionLine = B.CondRange.Begin.Line;
  if (A.Launch->Block)
    R.Block = std::array<int64_t, 3>{A.Launch->Block->X, A.Launch->Block->Y,
                                     A.Launch->Block->Z};
  R.LaunchDescription = A.Launch->describe();
  R.Status = Res.State == BranchResult::Exact      ? "exact"
             : Res.State == BranchResult::Expected ? "expected"
             : Res.State == BranchResult::Bounded  ? "bounded"
                                                   : "unknown";
  R.Emission = emissionName(Res.Emission.K);
  R.EmissionFromSass = Res.Emission.FromSass;
  R.Warps = Res.Warps;
  R.WarpsRunning = Res.WarpsRunning;
  R.WarpsDiverging = Res.WarpsDiverging;
  R.WarpsIdeal = Res.WarpsIdeal;
  R.PerLaunch = Res.PerLaunch;
  R.CountsPerIteration = Res.PerRepeat;
  R.LanesMean = Res.LanesMean;
  R.ReachLanesMean = Res.ReachLanesMean;
  R.Paths = Res.Paths;
  if (Res.State == BranchResult::Expected)
    R.Probability = Res.Probability;
  R.Reason = Res.Reason;
  if (Res.Bounds) {
    auto Copy = [](const BranchBounds::Range &X) {
      return BranchRecord::Range{X.Min, X.Max};
    };
    R.Bounds = BranchRecord::BoundRanges{
        Copy(Res.Bounds->Warps), Copy(Res.Bounds->WarpsRunning),
        Copy(Res.Bounds->WarpsDiverging), Copy(Res.Bounds->WarpsIdeal),
        Copy(Res.Bounds->LanesMean)};
  }
  return R;
}

} // namespace warplint
