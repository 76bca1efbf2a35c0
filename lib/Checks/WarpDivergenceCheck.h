//===- WarpDivergenceCheck.h - warplint-warp-divergence ---------*- C++ -*-===//
//
// Warns where the lanes of warps disagree on a branch whose region nvcc
// keeps behind a real branch and that holds substantial work, so that the
// diverging warps run it with a fraction of their lanes. See
// docs/checks/warp-divergence.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_WARPDIVERGENCECHECK_H
#define WARPLINT_CHECKS_WARPDIVERGENCECHECK_H

#include "Checks/Check.h"

namespace warplint {

class WarpDivergenceCheck : public Check {
public:
  WarpDivergenceCheck() : Check("warplint-warp-divergence") {}
  AnalysisNeeds needs() const override {
    AnalysisNeeds N;
    N.Branches = true;
    return N;
  }
  std::string summary() const override {
    return "branches on which the lanes of a warp disagree, around "
           "substantial work";
  }
  std::string description() const override {
    return "When the lanes of a warp take different sides of a branch, the "
           "warp runs each side with the other lanes masked. warplint "
           "computes, per branch region, which warps diverge and how many "
           "lanes are active per issued instruction (Nsight Compute's "
           "\"Avg. Predicated-On Threads Executed\"), and warns where a "
           "region nvcc keeps behind a real branch holds substantial work "
           "and many warps run it with few lanes.";
  }
  std::vector<CheckOptionSpec> optionSpecs() const override;
  bool matches(const AccessAnalysis &) const override { return false; }
  void check(const std::vector<const AccessAnalysis *> &, const CheckOptions &,
             std::vector<Diagnostic> &) const override {}
  void checkBranch(const std::vector<const BranchAnalysis *> &PerLaunch,
                   const CheckOptions &Opts,
                   std::vector<Diagnostic> &Out) const override;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_WARPDIVERGENCECHECK_H
