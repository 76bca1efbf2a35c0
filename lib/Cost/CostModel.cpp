//===- CostModel.cpp - Time per launch from wavefronts and sectors --------===//

#include "Cost/CostModel.h"

#include "Cost/Arithmetic.h"
#include "Cost/Footprint.h"
#include "Model/Occupancy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace warplint {
namespace {

uint64_t blocksOf(const LaunchConfig &L) {
  if (!L.Grid)
    return 0;
  uint64_t N = 1;
  for (int64_t D : *L.Grid) {
    if (D <= 0)
      return 0;
    N *= uint64_t(D);
  }
  return N;
}

/// An access's wavefronts or sectors in the launch and their ideal: the
/// solver's totals over the grid, or its per-block requests times the
/// blocks (one block when the grid is not known).
struct Counts {
  double Cost = 0, Ideal = 0;
};

/// The same for the shared and the global answer: R's worst request,
/// its mean and its ideal mean are Worst, Mean and IdealMean.
template <class Result>
std::optional<Counts> countsOf(const Result &R, unsigned Worst, double Mean,
                               uint64_t Blocks) {
  if (R.Status == SolveStatus::Unknown)
    return std::nullopt;
  if (R.Launch && Blocks)
    return Counts{double(R.Launch->Cost), double(R.Launch->Ideal)};
  if (R.Requests == 0 && Worst > 0)
    return std::nullopt; // symbolic request count
  double Scale = Blocks ? double(Blocks) : 1;
  return Counts{double(R.Requests) * Mean * Scale,
                double(R.Requests) * R.IdealMean * Scale};
}

std::optional<Counts> countsOf(const AccessAnalysis &A, uint64_t Blocks) {
  if (A.Shared)
    return countsOf(*A.Shared, A.Shared->Wavefronts, A.Shared->WavefrontsMean,
                    Blocks);
  if (A.Global)
    return countsOf(*A.Global, A.Global->Sectors, A.Global->SectorsMean,
                    Blocks);
  return std::nullopt;
}

/// Whether an access's requests waste sectors: each lane, or a few, in a
/// sector of its own; the L2 and DRAM treat those sectors as scattered.
bool scattered(const Counts &C) { return C.Cost > C.Ideal; }

/// Adds Sectors of a global access to the kind of L2 traffic and the
/// object's traffic it belongs to (negative: removes them).
void addSectors(LaunchLoad &Load, const Access &A, double Sectors,
                bool Scattered) {
  ObjectTraffic &T = Load.Global[A.Object];
  if (A.Op == AccessOp::Load) {
    (Scattered ? Load.L2.ScatteredLoad : Load.L2.Load) += Sectors;
    (Scattered ? T.ScatteredLoadSectors : T.LoadSectors) += Sectors;
  } else {
    (Scattered ? Load.L2.ScatteredStore : Load.L2.Store) += Sectors;
    T.StoreSectors += Sectors;
  }
}

void addAccess(LaunchLoad &Load, const AccessAnalysis &A) {
  std::optional<Counts> C = countsOf(A, Load.Blocks);
  if (!C) {
    ++Load.LeftOut;
    return;
  }
  if (A.Shared) {
    Load.SharedWavefronts += C->Cost;
    return;
  }
  addSectors(Load, *A.Acc, C->Cost, scattered(*C));
  // Without a grid the span is one block's: the per-block figures assume
  // blocks that touch memory of their own.
  LaunchConfig L = *A.Launch;
  if (!Load.Blocks)
    L.Grid = std::array<int64_t, 3>{1, 1, 1};
  std::optional<ValueSpan> S = byteSpan(*A.Kernel, *A.Acc, L);
  ObjectTraffic &T = Load.Global[A.Acc->Object];
  bool Store = A.Acc->Op != AccessOp::Load;
  bool &Known = Store ? T.StoreSpanKnown : T.LoadSpanKnown;
  if (!S)
    Known = false;
  else
    (Store ? T.StoreSpans : T.LoadSpans).push_back({S->Lo, S->Hi});
}

/// Bytes of the Granule-byte pieces the union of Spans covers.
double bytesCovered(std::vector<std::pair<int64_t, int64_t>> Spans,
                    unsigned Granule) {
  int64_t SectorBytes = Granule;
  std::sort(Spans.begin(), Spans.end());
  double Sectors = 0;
  int64_t NextFree = std::numeric_limits<int64_t>::min();
  for (auto [Lo, Hi] : Spans) {
    int64_t First =
        Lo >= 0 ? Lo / SectorBytes : -((-Lo + SectorBytes - 1) / SectorBytes);
    int64_t Last =
        Hi >= 0 ? Hi / SectorBytes : -((-Hi + SectorBytes - 1) / SectorBytes);
    First = std::max(First, NextFree);
    if (Last >= First)
      Sectors += double(Last - First + 1);
    NextFree = std::max(NextFree, Last + 1);
  }
  return Sectors * double(SectorBytes);
}

} // namespace

std::vector<LaunchLoad> launchLoads(const std::vector<AccessAnalysis> &All,
                                    const ArchInfo &Arch) {
  std::vector<LaunchLoad> Loads;
  std::map<std::pair<unsigned, unsigned>, size_t> Index;
  for (const AccessAnalysis &A : All) {
    unsigned Launch = unsigned(A.Launch - A.Kernel->Launches.data());
    auto [It, New] = Index.try_emplace({A.KernelIndex, Launch}, Loads.size());
    if (New) {
      LaunchLoad L;
      L.KernelIndex = A.KernelIndex;
      L.LaunchIndex = Launch;
      L.Blocks = blocksOf(*A.Launch);
      L.ResidentPerSM =
          std::max(1u, occupancy(Arch, *A.Launch,
                                 staticSharedBytes(*A.Kernel, std::nullopt))
                           .Blocks);
      BlockArithmetic Work = blockArithmetic(*A.Kernel, *A.Launch);
      double PerGrid = L.Blocks ? double(L.Blocks) : 1;
      L.Fp32WarpInstructions = Work.Fp32 * PerGrid;
      L.Fp64WarpInstructions = Work.Fp64 * PerGrid;
      Loads.push_back(std::move(L));
    }
    addAccess(Loads[It->second], A);
  }
  return Loads;
}

double dramBytes(const LaunchLoad &Load, const ArchInfo &Arch) {
  double Bytes = 0;
  double Sector = Arch.SectorBytes;
  double Granule = std::max<double>(Sector, Arch.DramReadGranularityBytes);
  for (const auto &[Obj, T] : Load.Global) {
    double Loads = T.LoadSectors * Sector + T.ScatteredLoadSectors * Granule;
    double Stores = T.StoreSectors * Sector;
    if (T.LoadSpanKnown && !T.LoadSpans.empty())
      Loads = std::min(Loads, bytesCovered(T.LoadSpans, unsigned(Granule)));
    if (T.StoreSpanKnown && !T.StoreSpans.empty())
      Stores = std::min(Stores, bytesCovered(T.StoreSpans, Arch.SectorBytes));
    Bytes += Loads + Stores;
  }
  return Bytes;
}

LaunchTime launchTime(const LaunchLoad &Load, const ArchInfo &Arch) {
  LaunchTime T;
  double SMs = std::max(1u, Arch.SMCount);
  // Counts per block stand for a grid that fills the GPU many times over
  // (AssumedWaves full waves), where a finding matters most.
  double Blocks = Load.Blocks ? double(Load.Blocks)
                              : SMs * Load.ResidentPerSM * AssumedWaves;
  double Scale = Load.Blocks ? 1 : Blocks;
  T.Launch = Arch.LaunchMicroseconds + Blocks * Arch.LaunchMicrosecondsPerBlock;
  // The busiest SM runs ceil(blocks / SMs) of the blocks.
  double BusiestShare = std::ceil(Blocks / SMs) / Blocks;
  double CyclesPerUs = Arch.SMClockGHz * 1000;
  if (CyclesPerUs > 0 && Arch.SharedWavefrontsPerClock > 0)
    T.Shared = Load.SharedWavefronts * Scale * BusiestShare /
               Arch.SharedWavefrontsPerClock / CyclesPerUs;
  auto Through = [&](double Sectors, double GBps) {
    return GBps > 0 ? Sectors * Scale * Arch.SectorBytes / (GBps * 1000) : 0;
  };
  T.L2 = Through(Load.L2.Load, Arch.L2LoadGBps) +
         Through(Load.L2.ScatteredLoad, Arch.L2ScatteredLoadGBps) +
         Through(Load.L2.Store, Arch.L2StoreGBps) +
         Through(Load.L2.ScatteredStore, Arch.L2ScatteredStoreGBps);
  T.DramBytes = dramBytes(Load, Arch) * Scale;
  // Data that fits in the L2 is there when the kernel runs again: a launch
  // of a known grid that moves less than the L2 holds reads it from the
  // L2, not DRAM (the steady state of repeated launches; Nsight Compute,
  // which flushes the caches before each launch it profiles, sees DRAM).
  T.L2Resident =
      Load.Blocks && Arch.L2Bytes && T.DramBytes <= double(Arch.L2Bytes);
  if (Arch.DramGBps > 0 && !T.L2Resident)
    T.Dram = T.DramBytes / (Arch.DramGBps * 1000);
  auto Lanes = [&](double WarpInstructions, double LanesPerClock) {
    return CyclesPerUs > 0 && LanesPerClock > 0
               ? WarpInstructions * Scale * BusiestShare * Arch.WarpSize /
                     LanesPerClock / CyclesPerUs
               : 0;
  };
  T.Arithmetic = Lanes(Load.Fp32WarpInstructions, Arch.Fp32LanesPerClock) +
                 Lanes(Load.Fp64WarpInstructions, Arch.Fp64LanesPerClock);
  std::pair<double, const char *> Pipes[] = {{T.Shared, "shared memory"},
                                             {T.L2, "L2"},
                                             {T.Dram, "DRAM"},
                                             {T.Arithmetic, "arithmetic"}};
  auto *Top = std::max_element(
      std::begin(Pipes), std::end(Pipes),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  double Sum = T.Shared + T.L2 + T.Dram + T.Arithmetic;
  T.Waves = std::max(1.0, std::ceil(Blocks / (SMs * Load.ResidentPerSM)));
  T.Total = T.Launch + Top->first + (Sum - Top->first) / T.Waves;
  T.Bottleneck = Top->first >= T.Launch ? Top->second : "launch overhead";
  return T;
}

std::optional<double> excessOf(const AccessAnalysis &A, uint64_t Blocks) {
  std::optional<Counts> C = countsOf(A, Blocks);
  if (!C)
    return std::nullopt;
  return std::max(0.0, C->Cost - C->Ideal);
}

LaunchLoad withoutExcess(const LaunchLoad &Load, const AccessAnalysis &A) {
  LaunchLoad After = Load;
  std::optional<Counts> C = countsOf(A, Load.Blocks);
  if (!C || !scattered(*C))
    return After;
  if (A.Shared) {
    After.SharedWavefronts -= C->Cost - C->Ideal;
    return After;
  }
  // The access's requests at their ideal: as many sectors as the lanes
  // need, coalesced.
  addSectors(After, *A.Acc, -C->Cost, true);
  addSectors(After, *A.Acc, C->Ideal, false);
  return After;
}

} // namespace warplint
