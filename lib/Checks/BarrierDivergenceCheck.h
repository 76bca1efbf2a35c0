//===- BarrierDivergenceCheck.h - warplint-barrier-divergence ---*- C++ -*-===//
//
// Warns where a __syncthreads() (or another block barrier) is not reached by
// every thread of the block, or not equally often, and where a __syncwarp
// is not reached by every lane its mask names. See
// docs/checks/barrier-divergence.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_BARRIERDIVERGENCECHECK_H
#define WARPLINT_CHECKS_BARRIERDIVERGENCECHECK_H

#include "Checks/Check.h"

namespace warplint {

class BarrierDivergenceCheck : public Check {
public:
  BarrierDivergenceCheck() : Check("warplint-barrier-divergence") {}
  /// It asks its own uniformity questions of the kernel's model.
  AnalysisNeeds needs() const override { return {}; }
  std::string summary() const override {
    return "block or warp barriers not reached by every thread they wait for";
  }
  std::string description() const override {
    return "A __syncthreads() (or another block barrier) that not every thread "
           "of "
           "the block reaches, or not equally often, and a __syncwarp(mask) "
           "not "
           "reached by exactly the lanes its mask names, are undefined "
           "behaviour: a hang, or a barrier that does not order the "
           "shared-memory accesses around it.";
  }
  bool matches(const AccessAnalysis &) const override { return false; }
  void check(const std::vector<const AccessAnalysis *> &, const CheckOptions &,
             std::vector<Diagnostic> &) const override {}
  void checkKernel(const KernelModel &K, const CheckOptions &Opts,
                   std::vector<Diagnostic> &Out) const override;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_BARRIERDIVERGENCECHECK_H
