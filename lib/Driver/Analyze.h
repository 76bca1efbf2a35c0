//===- Analyze.h - Solve every access and branch of a unit ------*- C++ -*-===//
//
// Step three of the pipeline (Pipeline.cpp): the solver's answer for every
// access and every branch region of a translation unit under each launch
// configuration of its kernel, and the records the outputs show of them.
// The checks read the answers (Checks/Analysis.h).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_ANALYZE_H
#define WARPLINT_DRIVER_ANALYZE_H

#include "Checks/Analysis.h"
#include "Report/AccessRecord.h"
#include "Report/BranchRecord.h"

#include <functional>

#include <optional>
#include <vector>

namespace warplint {

/// Solves every access of every kernel of TU under each of its kernel's
/// launch configurations. The results point into TU, which must outlive them.
/// Solves every access of TU under each launch of its kernel, or only those
/// Wanted accepts; an access equal in its solver inputs to one solved
/// before reads that answer.
std::vector<AccessAnalysis> analyzeAccesses(
    const TranslationUnitModel &TU, const SolveOptions &Opts,
    const std::function<bool(const KernelModel &, const Access &)> &Wanted =
        {});

/// The record that --all-accesses and the JSON "accesses" array show.
AccessRecord toRecord(const AccessAnalysis &A);

/// Solves every branch region of every kernel of TU under each of its
/// kernel's launch configurations; Probability for data-dependent
/// conditions without a comment (--branch-probability).
std::vector<BranchAnalysis> analyzeBranches(const TranslationUnitModel &TU,
                                            const SolveOptions &Opts,
                                            std::optional<double> Probability);

/// The record the JSON "branches" array shows.
BranchRecord toRecord(const BranchAnalysis &A);

} // namespace warplint

#endif // WARPLINT_DRIVER_ANALYZE_H
