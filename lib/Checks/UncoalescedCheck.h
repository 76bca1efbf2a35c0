//===- UncoalescedCheck.h - warplint-uncoalesced ----------------*- C++ -*-===//
//
// Warns where a global-memory access touches more 32-byte sectors per warp
// request than its ideal. See docs/checks/uncoalesced.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_UNCOALESCEDCHECK_H
#define WARPLINT_CHECKS_UNCOALESCEDCHECK_H

#include "Checks/Check.h"

namespace warplint {

class UncoalescedCheck : public Check {
public:
  UncoalescedCheck() : Check("warplint-uncoalesced") {}
  AnalysisNeeds needs() const override {
    AnalysisNeeds N;
    N.GlobalAccesses = true;
    return N;
  }
  std::string summary() const override {
    return "global-memory requests that touch more 32-byte sectors than ideal";
  }
  std::string description() const override {
    return "A warp's global-memory request that touches more 32-byte sectors "
           "than "
           "the bytes it uses need (Nsight Compute's L2 Theoretical Sectors "
           "Global per request, against its ideal) wastes memory bandwidth: "
           "strided, scattered or misaligned accesses. warplint computes the "
           "sectors from the index expression and the block shape.";
  }
  std::vector<CheckOptionSpec> optionSpecs() const override;
  bool matches(const AccessAnalysis &A) const override;
  void check(const std::vector<const AccessAnalysis *> &PerLaunch,
             const CheckOptions &Opts,
             std::vector<Diagnostic> &Out) const override;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_UNCOALESCEDCHECK_H
