//===- Impact.cpp - What each finding costs its launch --------------------===//

#include "Cost/Impact.h"
#include "Report/Decimal.h"

#include "Cost/CostModel.h"

#include <cmath>
#include <cstdio>
#include <map>

namespace warplint {

std::string groupedCount(double V) {
  std::string Digits = std::to_string(int64_t(std::llround(std::max(0.0, V))));
  std::string Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

std::string describeImpact(const FindingImpact &I, const std::string &Subject) {
  std::string What = Subject + " adds ";
  // "1 wavefront", "2,048 wavefronts".
  std::string Unit = I.Unit;
  if (groupedCount(I.Excess) == "1" && !Unit.empty() && Unit.back() == 's')
    Unit.pop_back();
  std::string S = What + groupedCount(I.Excess) + " " + Unit +
                  (I.PerBlock ? " per block" : " per launch") + "; ";
  if (I.PerBlock)
    S += "in a grid of " + groupedCount(AssumedWaves) +
         " full waves (the grid is not known), ";
  S += I.Bottleneck +
       (I.Bottleneck == "launch overhead" ? " dominates" : " limits") +
       " the kernel: est. " + formatMicroseconds(I.TimeUs) + ", " +
       (I.Speedup < 1.005 ? std::string("under 1% faster")
                          : formatFixed(I.Speedup, 2) + "x faster") +
       " without them";
  if (I.L2Resident)
    S += " (its data fits in the L2, where repeated launches find it)";
  if (I.LeftOut)
    S += " (" + std::to_string(I.LeftOut) + " access" +
         (I.LeftOut == 1 ? " whose cost is" : "es whose costs are") +
         " not known left out)";
  return S;
}

namespace {

/// The estimate for access A in launch Load; nullopt when A's cost there
/// is not known or it has no excess.
std::optional<FindingImpact> impactIn(const LaunchLoad &Load,
                                      const AccessAnalysis &A,
                                      const ArchInfo &Arch) {
  std::optional<double> Excess = excessOf(A, Load.Blocks);
  if (!Excess || *Excess <= 0)
    return std::nullopt;
  LaunchTime Before = launchTime(Load, Arch);
  LaunchTime After = launchTime(withoutExcess(Load, A), Arch);
  if (Before.Total <= 0 || After.Total <= 0)
    return std::nullopt;
  FindingImpact I;
  I.Unit = A.Shared ? "wavefronts" : "sectors";
  I.Excess = *Excess;
  I.PerBlock = Load.Blocks == 0;
  I.TimeUs = Before.Total;
  I.TimeAfterUs = After.Total;
  I.Speedup = Before.Total / After.Total;
  I.Bottleneck = Before.Bottleneck;
  I.BottleneckAfter = After.Bottleneck;
  I.LeftOut = Load.LeftOut;
  I.L2Resident = Before.L2Resident;
  const LaunchConfig &L = *A.Launch;
  if (L.Site.isValid())
    I.Site = L.Site.File + ":" + std::to_string(L.Site.Line) + ":" +
             std::to_string(L.Site.Column);
  if (L.Grid)
    I.Grid = std::to_string((*L.Grid)[0]) + "x" + std::to_string((*L.Grid)[1]) +
             "x" + std::to_string((*L.Grid)[2]);
  return I;
}

} // namespace

void attachImpact(std::vector<Diagnostic> &Diags,
                  const std::vector<AccessAnalysis> &All,
                  const ArchInfo &Arch) {
  if (Arch.SMCount == 0 || Arch.SMClockGHz <= 0)
    return;
  std::vector<LaunchLoad> Loads = launchLoads(All, Arch);
  std::map<std::pair<unsigned, unsigned>, const LaunchLoad *> LoadOf;
  for (const LaunchLoad &L : Loads)
    LoadOf[{L.KernelIndex, L.LaunchIndex}] = &L;
  // The analyses of each access, by kernel and access, in launch order.
  std::map<std::pair<unsigned, unsigned>, std::vector<const AccessAnalysis *>>
      AnalysesOf;
  for (const AccessAnalysis &A : All) {
    FindingSource S = A.source();
    AnalysesOf[{S.Kernel, S.Access}].push_back(&A);
  }
  for (Diagnostic &D : Diags) {
    if (!D.Source)
      continue;
    auto It = AnalysesOf.find({D.Source->Kernel, D.Source->Access});
    if (It == AnalysesOf.end())
      continue;
    std::optional<FindingImpact> Headline;
    std::vector<FindingImpact> Each;
    for (const AccessAnalysis *A : It->second) {
      auto L = LoadOf.find({A->KernelIndex, A->source().Launch});
      if (L == LoadOf.end())
        continue;
      std::optional<FindingImpact> I = impactIn(*L->second, *A, Arch);
      if (!I)
        continue;
      if (A->source().Launch == D.Source->Launch)
        Headline = I;
      Each.push_back(*I);
    }
    if (!Headline)
      continue;
    if (Each.size() > 1)
      Headline->Launches = std::move(Each);
    D.Notes.push_back({{}, describeImpact(*Headline, D.Traits.ImpactSubject), {}});
    D.Impact = std::move(Headline);
  }
}

} // namespace warplint
