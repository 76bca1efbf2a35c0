//===- CostModelTest.cpp - Time per launch, speed-up per finding ----------===//
//
// The model's arithmetic against the formulas of docs/performance-model.md,
// computed here independently from the architecture table, on accesses the
// solver answers.
//
//===----------------------------------------------------------------------===//

#include "Cost/CostModel.h"
#include "Cost/Impact.h"
#include "SolveTestUtil.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace warplint;
using namespace warplint::test;

namespace {

Expr bx() { return Expr::symbol(SymbolKind::BlockIdx, 0); }

/// One kernel whose accesses are solved under one launch of Blocks blocks
/// of Threads threads; the analyses point into it.
struct Solved {
  KernelBuilder B;
  std::vector<AccessAnalysis> All;
  ArchInfo Arch = *findArch("sm_90");

  Solved(MemorySpace Space, int64_t Blocks, int64_t Threads) : B(Space) {
    LaunchConfig L = block(Threads);
    L.Source = LaunchSource::LaunchSite;
    L.Grid = std::array<int64_t, 3>{Blocks, 1, 1};
    B.K.Launches.push_back(L);
  }
  void add(Expr Offset, AccessOp Op = AccessOp::Load) {
    Access A = B.access(Offset, 4);
    A.Id = unsigned(B.K.Accesses.size());
    A.Op = Op;
    B.K.Accesses.push_back(A);
  }
  const std::vector<AccessAnalysis> &solve() {
    All.clear();
    for (const Access &A : B.K.Accesses) {
      AccessAnalysis R;
      R.Kernel = &B.K;
      R.Acc = &A;
      R.Launch = &B.K.Launches[0];
      if (B.K.Objects[A.Object].Space == MemorySpace::Shared)
        R.Shared = solveShared(B.K, A, B.K.Launches[0], options());
      else
        R.Global = solveGlobal(B.K, A, B.K.Launches[0], options());
      All.push_back(std::move(R));
    }
    return All;
  }
};

TEST(CostModel, SharedWavefrontsOverTheBusiestSM) {
  // s[tx * 32]: 32 wavefronts per request, ideal 1; one request per block.
  Solved S(MemorySpace::Shared, 8448, 32);
  S.add(tx() * Expr(32 * 4));
  std::vector<LaunchLoad> Loads = launchLoads(S.solve(), S.Arch);
  ASSERT_EQ(Loads.size(), 1u);
  EXPECT_EQ(Loads[0].Blocks, 8448u);
  EXPECT_EQ(Loads[0].SharedWavefronts, 8448.0 * 32);
  LaunchTime T = launchTime(Loads[0], S.Arch);
  const ArchInfo &A = S.Arch;
  double Busiest = std::ceil(8448.0 / A.SMCount) * 32;
  EXPECT_NEAR(T.Shared,
              Busiest / A.SharedWavefrontsPerClock / (A.SMClockGHz * 1000),
              1e-9);
  EXPECT_EQ(T.Bottleneck, "launch overhead"); // tiny: 2,048 wavefronts/SM
  EXPECT_NEAR(T.Launch,
              A.LaunchMicroseconds + 8448 * A.LaunchMicrosecondsPerBlock, 1e-9);
  // The finding's excess removed: 1 wavefront per request.
  LaunchTime After = launchTime(withoutExcess(Loads[0], S.All[0]), S.Arch);
  EXPECT_NEAR(After.Shared, T.Shared / 32, 1e-9);
  EXPECT_EQ(excessOf(S.All[0], 8448), 8448.0 * 31);
}

TEST(CostModel, OneWaveAddsItsPhasesLaterWavesOverlapThem) {
  LaunchLoad L;
  L.Blocks = 132; // one wave
  L.SharedWavefronts = 132 * 100000.0;
  L.L2.Load = 1e6;
  L.Global[0].LoadSectors = 1e6;
  ArchInfo A = *findArch("sm_90");
  LaunchTime One = launchTime(L, A);
  EXPECT_NEAR(One.Total, One.Launch + One.Shared + One.L2 + One.Dram, 1e-9);
  L.Blocks = 132 * 64; // many waves: the busiest pipe, the rest spread
  L.ResidentPerSM = 1;
  L.SharedWavefronts *= 64;
  L.L2.Load *= 64;
  L.Global[0].LoadSectors *= 64;
  LaunchTime Many = launchTime(L, A);
  double Top = std::max({Many.Shared, Many.L2, Many.Dram});
  double Rest = Many.Shared + Many.L2 + Many.Dram - Top;
  EXPECT_EQ(Many.Waves, 64);
  EXPECT_NEAR(Many.Total, Many.Launch + Top + Rest / 64, 1e-9);
}

TEST(CostModel, DramReadsTheSpanOrTheSectorsWhicheverIsLess) {
  ArchInfo A = *findArch("sm_90");
  LaunchLoad L;
  // A column read: a sector per lane, but the span is the matrix.
  ObjectTraffic &Col = L.Global[0];
  Col.ScatteredLoadSectors = 8192;
  Col.LoadSpans = {{0, 32 * 1024 - 1}};
  EXPECT_EQ(dramBytes(L, A), 32 * 1024);
  // Isolated sectors far apart: each costs the read granularity.
  Col.LoadSpans = {{0, 8192 * 1024 - 1}};
  EXPECT_EQ(dramBytes(L, A), 8192.0 * A.DramReadGranularityBytes);
  // Overlapping spans of two loads of one array count once.
  LaunchLoad Two;
  Two.Global[1].LoadSectors = 2000;
  Two.Global[1].LoadSpans = {{0, 32 * 1000 - 1}, {4, 32 * 1000 + 3}};
  EXPECT_EQ(dramBytes(Two, A), 32 * 1000 + 64);
  // An unknown span: the sectors.
  Two.Global[1].LoadSpanKnown = false;
  EXPECT_EQ(dramBytes(Two, A), 2000 * 32);
}

TEST(CostModel, AStridedStreamIsFasterCoalesced) {
  // g[(bx * 256 + tx) * 32]: a sector per lane, in a DRAM-bound launch.
  Solved S(MemorySpace::Global, 32768, 256);
  S.add((bx() * Expr(256) + tx()) * Expr(32 * 4));
  const std::vector<AccessAnalysis> &All = S.solve();
  ASSERT_TRUE(All[0].exact()) << All[0].Global->Reason;
  std::vector<Diagnostic> Diags(1);
  Diags[0].Check = "warplint-uncoalesced";
  Diags[0].Source = All[0].source();
  attachImpact(Diags, All, S.Arch);
  ASSERT_TRUE(Diags[0].Impact);
  const FindingImpact &I = *Diags[0].Impact;
  EXPECT_EQ(std::string(I.Unit), "sectors");
  EXPECT_EQ(I.Excess, 32768.0 * 8 * (32 - 4));
  EXPECT_EQ(I.Bottleneck, "DRAM");
  // Before: every lane's sector read at the DRAM granularity; after: the
  // ideal sectors, coalesced, a quarter of the elements' span.
  double Lanes = 32768.0 * 256;
  double Us = S.Arch.DramGBps * 1000;
  double Launch =
      S.Arch.LaunchMicroseconds + 32768 * S.Arch.LaunchMicrosecondsPerBlock;
  EXPECT_NEAR(I.TimeUs - Launch, Lanes * S.Arch.DramReadGranularityBytes / Us,
              I.TimeUs * 0.05);
  EXPECT_GT(I.Speedup, 5);
  EXPECT_LT(I.Speedup, 16);
  ASSERT_EQ(Diags[0].Notes.size(), 1u);
  EXPECT_EQ(Diags[0].Notes[0].Message, describeImpact(I, Diags[0].Traits.ImpactSubject));
  EXPECT_NE(Diags[0].Notes[0].Message.find("this access adds 7,340,032 "
                                           "sectors per launch; DRAM limits"),
            std::string::npos)
      << Diags[0].Notes[0].Message;
}

TEST(CostModel, UnknownGridGivesPerBlockFigures) {
  Solved S(MemorySpace::Shared, 1, 1024);
  S.B.K.Launches[0].Grid.reset();
  S.add(tx() * Expr(32 * 4));
  const std::vector<AccessAnalysis> &All = S.solve();
  std::vector<Diagnostic> Diags(1);
  Diags[0].Check = "warplint-bank-conflict";
  Diags[0].Source = All[0].source();
  attachImpact(Diags, All, S.Arch);
  ASSERT_TRUE(Diags[0].Impact);
  EXPECT_TRUE(Diags[0].Impact->PerBlock);
  EXPECT_EQ(Diags[0].Impact->Excess, 32 * 31); // 32 warps' requests
  EXPECT_NE(Diags[0].Notes[0].Message.find("per block; in a grid of 100 full "
                                           "waves (the grid is not known)"),
            std::string::npos)
      << Diags[0].Notes[0].Message;
  // Shared memory alone, beside the launch of 26,400 blocks.
  EXPECT_EQ(Diags[0].Impact->Bottleneck, "shared memory");
  EXPECT_GT(Diags[0].Impact->Speedup, 4);
}

TEST(CostModel, GroupedCounts) {
  EXPECT_EQ(groupedCount(0), "0");
  EXPECT_EQ(groupedCount(999), "999");
  EXPECT_EQ(groupedCount(1015808), "1,015,808");
  EXPECT_EQ(groupedCount(1234.6), "1,235");
}

} // namespace
