//===- BankConflictCheck.h - warplint-bank-conflict -------------*- C++ -*-===//
//
// Warns where a shared-memory access needs more wavefronts per warp request
// than its ideal. See docs/checks/bank-conflict.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_BANKCONFLICTCHECK_H
#define WARPLINT_CHECKS_BANKCONFLICTCHECK_H

#include "Checks/Check.h"

namespace warplint {

class BankConflictCheck : public Check {
public:
  BankConflictCheck() : Check("warplint-bank-conflict") {}
  AnalysisNeeds needs() const override {
    AnalysisNeeds N;
    N.SharedAccesses = true;
    return N;
  }
  /// A conflict is the array's layout: padding or a swizzle may mend it.
  FindingTraits traits() const override {
    FindingTraits T;
    T.LayoutFixes = true;
    T.ImpactSubject = "this conflict";
    return T;
  }
  std::string summary() const override {
    return "shared-memory requests that need more wavefronts than ideal";
  }
  std::string description() const override {
    return "A warp's shared-memory request whose lanes fall into the same bank "
           "at "
           "different words is split into several wavefronts (Nsight Compute's "
           "L1 Wavefronts Shared per request, against its ideal). warplint "
           "computes the number from the index expression and the block shape, "
           "and warns where it exceeds the ideal.";
  }
  bool matches(const AccessAnalysis &A) const override;
  void check(const std::vector<const AccessAnalysis *> &PerLaunch,
             const CheckOptions &Opts,
             std::vector<Diagnostic> &Out) const override;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_BANKCONFLICTCHECK_H
