//===- Arch.h - Per-architecture memory parameters --------------*- C++ -*-===//
//
// The hardware facts the analyses read, one row per compute capability. Every
// number the solver and the occupancy estimate use comes from this table; see
// docs/hardware-model.md for the measurements behind them.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_MODEL_ARCH_H
#define WARPLINT_MODEL_ARCH_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Threads of a warp, on every architecture CUDA has had. The solver's lane
/// sets are 32-bit masks and its requests hold one warp's lanes, so the warp
/// size is fixed when warplint is built rather than read per target; every
/// use names this constant (or ArchInfo::WarpSize, which equals it).
constexpr unsigned WarpLanes = 32;

struct ArchInfo {
  std::string Name;           ///< "sm_90"
  unsigned ComputeCapability; ///< 90
  unsigned WarpSize = WarpLanes;
  unsigned Banks = 32;
  unsigned BankBytes = 4;
  unsigned SectorBytes = 32;
  unsigned CacheLineBytes = 128;
  unsigned SharedPerSMBytes;       ///< configurable maximum per SM
  unsigned SharedPerBlockMaxBytes; ///< opt-in maximum per block
  unsigned SharedPerBlockStaticBytes = 48 * 1024; ///< static allocation limit
  unsigned SharedReservedPerBlockBytes; ///< driver-reserved per block
  unsigned MaxThreadsPerSM;
  unsigned MaxBlocksPerSM;
  unsigned MaxThreadsPerBlock = 1024;
  /// Largest blockDim per dimension (x, y, z) and gridDim per dimension; a
  /// launch outside these fails with cudaErrorInvalidConfiguration.
  unsigned MaxBlockDim[3] = {1024, 1024, 64};
  int64_t MaxGridDim[3] = {2147483647, 65535, 65535};

  /// The throughputs the cost model (lib/Cost, docs/performance-model.md)
  /// turns counts into time with, for one reference GPU of the
  /// architecture (ReferenceGpu); 0 where nothing is known, and the pipe is
  /// then left out of the estimate.
  std::string ReferenceGpu; ///< "H100 SXM5 80GB"
  unsigned SMCount = 0;     ///< streaming multiprocessors
  double SMClockGHz = 0;    ///< clock the kernels run at
  /// Shared-memory wavefronts one SM serves per clock.
  double SharedWavefrontsPerClock = 1;
  double DramGBps = 0; ///< achieved DRAM bandwidth, read + written bytes
  /// Bytes DRAM reads for an isolated sector (a sector whose neighbours no
  /// request of the launch reads).
  unsigned DramReadGranularityBytes = 32;
  /// Achieved L2 throughput, whole GPU, for sectors of coalesced requests
  /// and of scattered ones (each lane in its own sector), loads and stores.
  double L2LoadGBps = 0, L2ScatteredLoadGBps = 0;
  double L2StoreGBps = 0, L2ScatteredStoreGBps = 0;
  /// The L2's size: a launch whose data fits in it finds the data there
  /// when it runs again (CUDA events over repeated launches measure that).
  uint64_t L2Bytes = 0;
  /// FP32 and FP64 lanes one SM retires per clock (an FFMA counts once):
  /// the arithmetic pipe, for the floating-point work the kernel surely
  /// does (ArithmeticWork).
  double Fp32LanesPerClock = 0, Fp64LanesPerClock = 0;
  /// What a launch of an empty kernel takes, start to end as CUDA events
  /// time it, and what each block of its grid adds.
  double LaunchMicroseconds = 0;
  double LaunchMicrosecondsPerBlock = 0;
};

/// The table, oldest first.
const std::vector<ArchInfo> &allArchs();
/// Looks up "sm_90", "sm_90a", "90", "compute_90"; nullopt if unknown.
std::optional<ArchInfo> findArch(const std::string &Name);
/// Comma-separated list of known names, for error messages.
std::string knownArchNames();

} // namespace warplint

#endif // WARPLINT_MODEL_ARCH_H
