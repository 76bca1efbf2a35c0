//===- Impact.h - What each finding costs its launch ------------*- C++ -*-===//
//
// The step after the checks: each access finding (one with a Source) gets
// the cost model's estimate of its launch's time with and without the
// finding's excess, and a note that says it in words. Ranking and
// filtering by the estimate (--sort=impact, --min-speedup) read it.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_COST_IMPACT_H
#define WARPLINT_COST_IMPACT_H

#include "Checks/Analysis.h"
#include "Model/Arch.h"
#include "Report/Diagnostic.h"

#include <string>
#include <vector>

namespace warplint {

/// Sets Impact, and adds the note, on every diagnostic of Diags whose
/// Source is among All and whose cost is known.
void attachImpact(std::vector<Diagnostic> &Diags,
                  const std::vector<AccessAnalysis> &All, const ArchInfo &Arch);

/// The note's text: "this conflict adds 1,015,808 wavefronts per launch
/// (1,024 blocks); shared memory limits the kernel: est. 10.9 us, 1.44x
/// faster without them".
/// Subject names the finding (FindingTraits::ImpactSubject).
std::string describeImpact(const FindingImpact &I, const std::string &Subject);

/// 1015808 -> "1,015,808" (rounded to a whole number).
std::string groupedCount(double V);

} // namespace warplint

#endif // WARPLINT_COST_IMPACT_H
