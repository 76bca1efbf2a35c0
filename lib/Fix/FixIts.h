//===- FixIts.h - Verified layout fixes for bank conflicts ------*- C++ -*-===//
//
// Turns the layout search into what users see: for every __shared__ array
// with a bank-conflict diagnostic, the best row padding and the best XOR
// swizzle as notes carrying their edits (one preferred), their effect on
// every access of the array, their shared-memory and occupancy cost, or a
// note saying why no edit is offered. See docs/fixes.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_FIXITS_H
#define WARPLINT_FIX_FIXITS_H

#include "Checks/Analysis.h"
#include "Report/Diagnostic.h"
#include "Solve/Solver.h"

#include <map>
#include <string>
#include <vector>

namespace warplint {

/// Adds fixes and notes to the findings among Diags whose check offers
/// layout fixes (FindingTraits::LayoutFixes); their accesses belong to TU
/// (each finding's Source names its access). An array that one of
/// Suppressed (findings silenced by NOLINT) is about gets a note and no
/// edit. Edits are written against the files' texts on disk, except for the files named
/// in Overlay (unsaved editor buffers: the text that was parsed). Solved,
/// the analyses the checks read (of TU's kernels), gives each array's
/// current cost without solving it again.
void attachLayoutFixes(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags, const SolveOptions &Opts,
                       const std::vector<Diagnostic> &Suppressed = {},
                       const std::map<std::string, std::string> &Overlay = {},
                       const std::vector<AccessAnalysis> *Solved = nullptr);

} // namespace warplint

#endif // WARPLINT_FIX_FIXITS_H
