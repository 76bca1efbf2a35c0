//===- ArithmeticTest.cpp - The arithmetic pipe of the cost model ---------===//
//
// Trip counts of loops whose bounds are constants for the launch, the
// floating-point work they multiply, and the pipe's time against the
// architecture table: a kernel that does 4,096 FFMAs per thread is
// arithmetic-bound, and fixing its one strided load gains little (the H100
// measured 0.98x on bench/cost's fma_strided).
//
//===----------------------------------------------------------------------===//

#include "Cost/Arithmetic.h"
#include "Cost/CostModel.h"
#include "Model/Arch.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace warplint;

namespace {

Expr var(unsigned L) { return Expr::symbol(SymbolKind::LoopVar, L); }
Expr param(unsigned P) { return Expr::symbol(SymbolKind::Param, P); }

/// for (v = Init; v < End; v += Step), loop Id of K.
void addLoop(KernelModel &K, Expr Init, Expr End, int64_t Step = 1) {
  Loop L;
  L.Id = unsigned(K.Loops.size());
  L.Init = std::move(Init);
  L.Condition = Predicate::cmp(CmpKind::LT, var(L.Id), std::move(End));
  L.StepValue = Step;
  K.Loops.push_back(L);
}

LaunchConfig launch(int64_t Threads, int64_t Blocks) {
  LaunchConfig L;
  L.Source = LaunchSource::LaunchSite;
  L.Block = BlockShape{Threads, 1, 1};
  L.Grid = std::array<int64_t, 3>{Blocks, 1, 1};
  return L;
}

TEST(Arithmetic, ConstantTripCounts) {
  KernelModel K;
  addLoop(K, Expr(0), Expr(1024));  // 1,024
  addLoop(K, Expr(0), Expr(32), 8); // 4
  addLoop(K, Expr(0), param(0));    // n: not bound
  addLoop(K, var(0), Expr(2048));   // depends on loop 0
  addLoop(K, Expr(0), Expr::symbol(SymbolKind::ThreadIdx, 0)); // per thread
  LaunchConfig L = launch(256, 1);
  EXPECT_EQ(constantTripCount(K, 0, L), 1024u);
  EXPECT_EQ(constantTripCount(K, 1, L), 4u);
  EXPECT_EQ(constantTripCount(K, 2, L), std::nullopt);
  L.ParamValues = {{0, 100}};
  EXPECT_EQ(constantTripCount(K, 2, L), 100u);
  EXPECT_EQ(constantTripCount(K, 3, L), std::nullopt);
  EXPECT_EQ(constantTripCount(K, 4, L), std::nullopt);
  // An empty loop runs 0 times; one past the cap is not counted.
  addLoop(K, Expr(5), Expr(5));
  EXPECT_EQ(constantTripCount(K, 5, L), 0u);
  EXPECT_EQ(constantTripCount(K, 0, L, 1000), std::nullopt);
  // An unmodelled loop has no count.
  K.Loops[0].UnknownReason = "the loop body writes 'i'";
  EXPECT_EQ(constantTripCount(K, 0, L), std::nullopt);
}

TEST(Arithmetic, WorkTimesTripsTimesWarps) {
  KernelModel K;
  addLoop(K, Expr(0), Expr(1024));
  addLoop(K, Expr(0), param(0));           // unknown: its work is left out
  K.Arithmetic.push_back({{}, {}, 3, 0});  // once per thread
  K.Arithmetic.push_back({{}, {0}, 4, 1}); // 1,024 times
  K.Arithmetic.push_back({{}, {1}, 100, 100});
  BlockArithmetic B = blockArithmetic(K, launch(256, 1));
  EXPECT_EQ(B.Fp32, (3 + 4 * 1024) * 8.0);
  EXPECT_EQ(B.Fp64, 1024 * 8.0);
  // A block shape that is not known: nothing is claimed.
  LaunchConfig Unknown = launch(256, 1);
  Unknown.Block.reset();
  EXPECT_EQ(blockArithmetic(K, Unknown).Fp32, 0);
}

TEST(Arithmetic, AnFfmaBoundLaunch) {
  // fma_strided: 8,192 blocks of 256 threads, 4,096 FFMAs per thread.
  ArchInfo A = *findArch("sm_90");
  LaunchLoad L;
  L.Blocks = 8192;
  L.ResidentPerSM = 8;
  L.Fp32WarpInstructions = 8192 * 8 * 4096.0;
  L.Global[0].ScatteredLoadSectors = 8192 * 256.0; // the strided read
  L.L2.ScatteredLoad = 8192 * 256.0;
  LaunchTime T = launchTime(L, A);
  double Busiest = std::ceil(8192.0 / A.SMCount) * 8 * 4096 * 32;
  EXPECT_NEAR(T.Arithmetic,
              Busiest / A.Fp32LanesPerClock / (A.SMClockGHz * 1000), 1e-6);
  EXPECT_EQ(T.Bottleneck, "arithmetic");
  EXPECT_GT(T.Arithmetic, 5 * T.Dram); // about 290 us against 45 us
}

TEST(CostModel, DataThatFitsTheL2IsReadFromThere) {
  // 8 MiB of isolated sectors: repeated launches find them in the 50 MiB
  // L2, and DRAM is left out; 64 times as much is not resident.
  ArchInfo A = *findArch("sm_90");
  LaunchLoad L;
  L.Blocks = 132;
  L.Global[0].ScatteredLoadSectors = 131072;
  L.L2.ScatteredLoad = 131072;
  LaunchTime Warm = launchTime(L, A);
  EXPECT_TRUE(Warm.L2Resident);
  EXPECT_EQ(Warm.Dram, 0);
  EXPECT_EQ(Warm.DramBytes, 131072.0 * A.DramReadGranularityBytes);
  L.Global[0].ScatteredLoadSectors *= 64;
  L.L2.ScatteredLoad *= 64;
  LaunchTime Cold = launchTime(L, A);
  EXPECT_FALSE(Cold.L2Resident);
  EXPECT_GT(Cold.Dram, 0);
  // Without a known grid the counts stand for 100 waves: never resident.
  L.Blocks = 0;
  L.Global[0].ScatteredLoadSectors = 1;
  EXPECT_FALSE(launchTime(L, A).L2Resident);
}

} // namespace
