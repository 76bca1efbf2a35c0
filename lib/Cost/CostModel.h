//===- CostModel.h - Time per launch from wavefronts, sectors ---*- C++ -*-===//
//
// A roofline over the memory pipes (docs/performance-model.md): for one
// launch of a kernel, the totals over its grid of shared-memory wavefronts,
// L1-to-L2 sectors and DRAM bytes, each turned into time with the reference
// GPU's throughputs (ArchInfo); the busiest pipe sets the time. A finding's
// estimated speed-up is that time over the time with its excess removed.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_COST_COSTMODEL_H
#define WARPLINT_COST_COSTMODEL_H

#include "Checks/Analysis.h"
#include "Model/Arch.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warplint {

/// The memory one object sees in one launch, split by direction: the L2
/// moves every sector requested, DRAM at most the span the accesses cover.
struct ObjectTraffic {
  /// Sectors of coalesced and of scattered (wasteful) loads, and of stores.
  double LoadSectors = 0, ScatteredLoadSectors = 0, StoreSectors = 0;
  /// The spans of the loads and of the stores (Footprint.h); SpanKnown is
  /// false once one access has none.
  std::vector<std::pair<int64_t, int64_t>> LoadSpans, StoreSpans;
  bool LoadSpanKnown = true, StoreSpanKnown = true;
};

/// Sectors through the L2, by kind: the L2 serves scattered requests (each
/// lane in a sector of its own) at a lower rate than coalesced ones.
struct L2Sectors {
  double Load = 0, ScatteredLoad = 0, Store = 0, ScatteredStore = 0;
};

/// The waves (SMs times the blocks each holds) a grid that is not known is
/// assumed to run in: a large grid, where the launch's own cost is spread
/// thin and the pipes' phases overlap.
constexpr double AssumedWaves = 100;

/// What one launch of a kernel asks of the memory pipes.
struct LaunchLoad {
  unsigned KernelIndex = 0, LaunchIndex = 0;
  /// Blocks of the launch; 0 when the grid is not known: the counts are
  /// then per block, and the times for a grid of AssumedWaves full waves.
  uint64_t Blocks = 0;
  /// Blocks one SM holds at once (shared memory and threads; registers
  /// are not seen): with the SM count, how many waves the grid runs in.
  unsigned ResidentPerSM = 1;
  double SharedWavefronts = 0;
  /// Warp instructions of the floating-point work every thread surely
  /// does (Arithmetic.h): a lower bound.
  double Fp32WarpInstructions = 0, Fp64WarpInstructions = 0;
  L2Sectors L2;
  std::map<unsigned, ObjectTraffic> Global; ///< by object
  /// Accesses whose cost is not known (unknown status, or symbolic
  /// request counts): left out, so the time is a lower bound.
  unsigned LeftOut = 0;
};

/// The time of one launch, per pipe and overall, in microseconds.
struct LaunchTime {
  double Shared = 0, L2 = 0, Dram = 0;
  double Arithmetic = 0; ///< the FP32 and FP64 pipes
  /// The launch's own cost: an empty kernel's, plus its blocks' (ArchInfo).
  double Launch = 0;
  /// Launch + the busiest pipe + the other pipes' time divided by the
  /// waves: the blocks of one wave go through their phases (load, compute
  /// on shared memory, store) together, so one wave's phases add up, and
  /// later waves overlap them.
  double Total = 0;
  double Waves = 1;
  /// "shared memory", "L2", "DRAM", "arithmetic" or "launch overhead".
  std::string Bottleneck;
  double DramBytes = 0;
  /// The launch's data fits in the L2: repeated launches read it from
  /// there, and DRAM is left out.
  bool L2Resident = false;
};

/// The loads of every launch of every kernel the analyses cover.
std::vector<LaunchLoad> launchLoads(const std::vector<AccessAnalysis> &All,
                                    const ArchInfo &Arch);

/// The DRAM bytes of a load: per object and direction, the bytes the
/// sectors requested bring (an isolated sector costs the DRAM's read
/// granularity) or the span covered, whichever is less.
double dramBytes(const LaunchLoad &Load, const ArchInfo &Arch);

/// The time of Load on Arch's reference GPU.
LaunchTime launchTime(const LaunchLoad &Load, const ArchInfo &Arch);

/// What an access adds to its launch beyond the ideal: the wavefronts (or
/// sectors) over the grid, or per block when the grid is not known.
/// nullopt when its cost is not known.
std::optional<double> excessOf(const AccessAnalysis &A, uint64_t Blocks);

/// Load with A's excess removed (A's requests at their ideal).
LaunchLoad withoutExcess(const LaunchLoad &Load, const AccessAnalysis &A);

} // namespace warplint

#endif // WARPLINT_COST_COSTMODEL_H
