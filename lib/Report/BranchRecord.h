//===- BranchRecord.h - One branch region as reported -----------*- C++ -*-===//
//
// The JSON `branches` array (docs/json-output.md): the warp-divergence
// analysis of one region under one launch configuration, in plain values.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_BRANCHRECORD_H
#define WARPLINT_REPORT_BRANCHRECORD_H

#include "Model/AccessModel.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct BranchRecord {
  SourceLoc Begin, End; ///< the region
  std::string Kernel, Function;
  std::vector<SourceLoc> CalledFrom;
  std::string Kind;           ///< "if", "else", "loop", "after-exit"
  std::string Condition;      ///< as written; empty for after-exit
  unsigned ConditionLine = 0; ///< where it is written; 0: none
  std::optional<std::array<int64_t, 3>> Block; ///< nullopt when assumed
  std::string LaunchDescription;
  std::string Status;   ///< "exact", "expected", "bounded", "unknown"
  std::string Emission; ///< "branched", "predicated", "selected"
  bool EmissionFromSass = false;
  double Warps = 0, WarpsRunning = 0, WarpsDiverging = 0, WarpsIdeal = 0;
  bool PerLaunch = false;
  /// The counts are per iteration of loops around the region whose trip
  /// count is not known (the means hold for the launch).
  bool CountsPerIteration = false;
  double LanesMean = 0, ReachLanesMean = 0;
  unsigned Paths = 1;
  std::optional<double> Probability; ///< expected only
  std::string Reason;                ///< unknown and bounded only
  /// Bounded only: each count's least and greatest over the values the
  /// launch leaves open (the counts above are the case with the most
  /// diverging warps).
  struct Range {
    double Min = 0, Max = 0;
  };
  struct BoundRanges {
    Range Warps, WarpsRunning, WarpsDiverging, WarpsIdeal, LanesMean;
  };
  std::optional<BoundRanges> Bounds;
};

} // namespace warplint

#endif // WARPLINT_REPORT_BRANCHRECORD_H
