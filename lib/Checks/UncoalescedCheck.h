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
  bool matches(const AccessAnalysis &A) const override;
  void check(const std::vector<const AccessAnalysis *> &PerLaunch,
             const CheckOptions &Opts,
             std::vector<Diagnostic> &Out) const override;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_UNCOALESCEDCHECK_H
