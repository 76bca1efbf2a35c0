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
  bool matches(const AccessAnalysis &A) const override;
  void check(const std::vector<const AccessAnalysis *> &PerLaunch,
             const CheckOptions &Opts,
             std::vector<Diagnostic> &Out) const override;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_BANKCONFLICTCHECK_H
