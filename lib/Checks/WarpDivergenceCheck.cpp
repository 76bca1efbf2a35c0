//===- WarpDivergenceCheck.cpp - warplint-warp-divergence -----------------===//

#include "Checks/WarpDivergenceCheck.h"

#include "Checks/Explain.h"

#include "llvm/ADT/StringRef.h"

#include <cmath>

namespace warplint {

std::vector<CheckOptionSpec> WarpDivergenceCheck::optionSpecs() const {
  return {{"MinWork", "16",
           "operations a region must hold to be worth a warning (Branch::Work: "
           "arithmetic, memory accesses, calls)"},
          {"MinExcessPercent", "25",
           "how many more warp executions than the same lanes packed into "
           "whole warps the region must take, in percent (a bounds guard "
           "cutting one warp, one thread's serial work, stay quiet)"}};
}

namespace {

double optionNumber(const OptionsView &V, const std::string &Name,
                    double Default) {
  double D = Default;
  if (auto S = V.get(Name))
    if (llvm::StringRef(*S).trim().getAsDouble(D))
      D = Default;
  return D;
}

std::string count(double V) {
  return std::abs(V - std::round(V)) < 1e-9
             ? std::to_string(int64_t(std::llround(V)))
             : formatMean(V);
}

/// Whether the analysis proves costly divergence under the thresholds.
bool costly(const BranchAnalysis &A, double MinWork, double MinExcess) {
  const BranchResult &R = A.Result;
  // A bounded region's numbers hold for some of the values the launch
  // leaves open, not for the values it runs with: nothing is proved.
  if (R.State == BranchResult::Unknown || R.State == BranchResult::Bounded ||
      R.Emission.K != RegionEmission::Branched || R.Warps <= 0)
    return false;
  // A warning states what was proved: on data, only under a probability
  // the user gave.
  if (R.State == BranchResult::Expected && !R.ProbabilityGiven)
    return false;
  if (double(A.Br->Work) < MinWork)
    return false;
  if (R.WarpsDiverging <= 0 || R.WarpsIdeal <= 0 ||
      100.0 * (R.WarpsRunning / R.WarpsIdeal - 1) < MinExcess - 1e-9)
    return false;
  // Divergence wastes lanes only when the region runs with fewer lanes than
  // reach it.
  return R.LanesMean < R.ReachLanesMean - 1e-9;
}

std::string remedy(const BranchAnalysis &A) {
  const Branch &B = *A.Br;
  if (A.Result.State == BranchResult::Expected)
    return "the lanes of a warp take this branch on their data: sorting or "
           "binning the data so that neighbouring lanes agree keeps whole "
           "warps on one side";
  if (B.K == Branch::Kind::Loop)
    return "the lanes of a warp run different numbers of iterations: "
           "spreading the iterations evenly over the lanes (a loop strided "
           "by the block size) keeps every lane busy";
  return "re-index the work so that whole warps take one side: a test on a "
         "warp-aligned range ('threadIdx.x < n') instead of a lane pattern "
         "('threadIdx.x % 2 == 1') leaves no warp split";
}

} // namespace

void WarpDivergenceCheck::checkBranch(
    const std::vector<const BranchAnalysis *> &PerLaunch,
    const CheckOptions &Opts, std::vector<Diagnostic> &Out) const {
  OptionsView V = options(Opts);
  double MinWork = optionNumber(V, "MinWork", 16);
  double MinExcess = optionNumber(V, "MinExcessPercent", 25);
  // The launch where the region takes the most warp executions over whole
  // warps.
  auto Excess = [](const BranchAnalysis *A) {
    return A->Result.WarpsRunning / A->Result.WarpsIdeal;
  };
  const BranchAnalysis *Worst = nullptr;
  for (const BranchAnalysis *A : PerLaunch)
    if (costly(*A, MinWork, MinExcess) && (!Worst || Excess(A) > Excess(Worst)))
      Worst = A;
  if (!Worst) {
    if (!Opts.ShowUnknown)
      return;
    for (const BranchAnalysis *A : PerLaunch)
      if (A->Result.State == BranchResult::Unknown && A->Br->Work >= MinWork) {
        Diagnostic D;
        D.Check = id();
        D.Level = Severity::Remark;
        D.Range = A->Br->Range;
        D.Message = "warp divergence of this " +
                    std::string(A->Br->K == Branch::Kind::Loop ? "loop body"
                                                               : "region") +
                    " is unknown: " + A->Result.Reason;
        D.Notes.push_back(launchNote(*A->Launch));
        Out.push_back(std::move(D));
        return;
      }
    return;
  }
  const BranchAnalysis &A = *Worst;
  const BranchResult &R = A.Result;
  const Branch &B = *A.Br;
  bool Expected = R.State == BranchResult::Expected;
  Diagnostic D;
  D.Check = id();
  D.Range = B.CondRange.Begin.isValid() ? B.CondRange : B.Range;
  std::string On = B.Condition.empty() ? std::string("the exit before it")
                                       : "'" + B.Condition + "'";
  std::string What = B.K == Branch::Kind::Loop        ? "the loop's body"
                     : B.K == Branch::Kind::Else      ? "the else branch"
                     : B.K == Branch::Kind::AfterExit ? "the code after it"
                     : B.K == Branch::Kind::Case      ? "the case"
                                                      : "the branch";
  D.Message = std::string(Expected ? "an expected " : "") +
              count(R.WarpsDiverging) + " of " + count(R.WarpsRunning) +
              " warp executions of " + What + " diverge on " + On +
              (R.PerLaunch ? " per launch" : " per block") +
              (R.PerRepeat ? " and iteration of the loop around it" : "") +
              "; its " + std::to_string(B.Work) + " operations run with " +
              formatMean(R.LanesMean) + " of " + formatMean(R.ReachLanesMean) +
              " lanes active on average, in " + formatMean(Excess(&A)) +
              "x the warp executions the same lanes need as whole warps (" +
              count(R.WarpsIdeal) + ")";
  D.Waste = Excess(&A);
  D.Numbers = formatMean(R.LanesMean) + " lanes per instruction";
  D.Notes.push_back({B.Range.Begin, R.Emission.Why});
  if (R.Paths > 1)
    D.Notes.push_back({{},
                       "a diverging warp runs both sides of this if, one "
                       "after the other"});
  if (Expected)
    D.Notes.push_back(
        {{},
         "assuming each lane takes it with probability " +
             formatMean(R.Probability) +
             (R.ProbabilityFromComment
                  ? std::string(" (the '// warplint: p=' comment)")
                  : std::string(" (--branch-probability)"))});
  D.Notes.push_back({{}, remedy(A)});
  D.Notes.push_back(launchNote(*A.Launch));
  Out.push_back(std::move(D));
}

} // namespace warplint
