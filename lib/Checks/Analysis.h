//===- Analysis.h - The solver's answers the checks read --------*- C++ -*-===//
//
// What the checks consume: one access's answer, and one branch region's,
// under one launch configuration. The pipeline (lib/Driver, Analyze.h)
// computes them.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_ANALYSIS_H
#define WARPLINT_CHECKS_ANALYSIS_H

#include "Model/AccessModel.h"
#include "Report/Diagnostic.h"
#include "Solve/Divergence.h"
#include "Solve/Solver.h"

#include <optional>
#include <vector>

namespace warplint {

/// The solver's answer for one access under one launch configuration.
struct AccessAnalysis {
  const KernelModel *Kernel = nullptr;
  unsigned KernelIndex = 0; ///< Kernel's place in the translation unit
  const Access *Acc = nullptr;
  const LaunchConfig *Launch = nullptr;
  std::optional<SharedResult> Shared; ///< set for shared-memory accesses
  std::optional<GlobalResult> Global; ///< set for global-memory accesses
  /// For a shared access that carries a merged instruction: the result of
  /// the access as the source spells it (one scalar load), for the notes.
  std::optional<SharedResult> SharedAsWritten;

  const MemoryObject &object() const { return Kernel->Objects[Acc->Object]; }
  SolveStatus status() const; ///< Unknown when nothing was solved
  bool exact() const { return status() == SolveStatus::Exact; }
  /// The answer is a bound over the data (SolveStatus::Bounded).
  bool bounded() const { return status() == SolveStatus::Bounded; }
  /// Where a finding about this analysis points in the model.
  FindingSource source() const {
    return {KernelIndex, Acc->Id, unsigned(Launch - Kernel->Launches.data())};
  }
};

/// The warp-divergence analysis of one branch region under one launch
/// configuration.
struct BranchAnalysis {
  const KernelModel *Kernel = nullptr;
  const Branch *Br = nullptr;
  const LaunchConfig *Launch = nullptr;
  BranchResult Result;
};

} // namespace warplint

#endif // WARPLINT_CHECKS_ANALYSIS_H
