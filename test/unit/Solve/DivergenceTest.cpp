//===- DivergenceTest.cpp - Which lanes of each warp run a region ---------===//
//
// solveBranch against counts made here by hand (or by brute force over the
// block's threads), for the three emissions and the probability model.
//
//===----------------------------------------------------------------------===//

#include "Solve/Divergence.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace warplint;

namespace {

Expr tx() { return Expr::threadIdx(0); }
Expr rem(Expr A, int64_t B) { return Expr::binary(ExprKind::Rem, A, Expr(B)); }
Predicate eq(Expr A, Expr B) { return Predicate::cmp(CmpKind::EQ, A, B); }
Predicate lt(Expr A, Expr B) { return Predicate::cmp(CmpKind::LT, A, B); }

KernelModel kernel(BlockShape Block, std::array<int64_t, 3> Grid) {
  KernelModel K;
  K.Name = "k";
  LaunchConfig L;
  L.Source = LaunchSource::LaunchSite;
  L.Block = Block;
  L.Grid = Grid;
  K.Launches.push_back(L);
  return K;
}

/// An if at kernel level on Cond, with a region of Work operations.
Branch ifOn(const Predicate &Cond, unsigned Work, bool Memory = false) {
  Branch B;
  B.K = Branch::Kind::If;
  B.Condition = "c";
  B.Own = Cond;
  B.Guard = Cond;
  B.Reach = true;
  B.Work = Work;
  B.HasMemory = Memory;
  B.Assigned = 1;
  return B;
}

BranchResult solve(const KernelModel &K, const Branch &B,
                   std::optional<double> P = std::nullopt) {
  return solveBranch(K, B, K.Launches.front(), SolveOptions(), P);
}

TEST(Divergence, OddLanesOfABranchedRegion) {
  KernelModel K = kernel({256, 1, 1}, {4, 1, 1});
  BranchResult R = solve(K, ifOn(eq(rem(tx(), 2), 1), 16));
  ASSERT_EQ(R.State, BranchResult::Exact) << R.Reason;
  EXPECT_EQ(R.Emission.K, RegionEmission::Branched);
  EXPECT_TRUE(R.PerLaunch);
  EXPECT_EQ(R.Warps, 32);
  EXPECT_EQ(R.WarpsRunning, 32);
  EXPECT_EQ(R.WarpsDiverging, 32);
  EXPECT_EQ(R.WarpsIdeal, 16); // 128 lanes a block: 4 whole warps
  EXPECT_DOUBLE_EQ(R.LanesMean, 16);
  EXPECT_DOUBLE_EQ(R.ReachLanesMean, 32);
}

TEST(Divergence, WarpAlignedSplitDoesNotDiverge) {
  KernelModel K = kernel({256, 1, 1}, {1, 1, 1});
  BranchResult R = solve(K, ifOn(lt(tx(), 64), 16));
  ASSERT_EQ(R.State, BranchResult::Exact) << R.Reason;
  EXPECT_EQ(R.WarpsRunning, 2);
  EXPECT_EQ(R.WarpsDiverging, 0);
  EXPECT_EQ(R.WarpsIdeal, 2);
  EXPECT_DOUBLE_EQ(R.LanesMean, 32);
}

TEST(Divergence, PredicatedRegionCountsEveryReachingWarp) {
  KernelModel K = kernel({128, 1, 1}, {1, 1, 1});
  BranchResult R = solve(K, ifOn(lt(tx(), 8), 4, /*Memory=*/true));
  ASSERT_EQ(R.State, BranchResult::Exact) << R.Reason;
  EXPECT_EQ(R.Emission.K, RegionEmission::Predicated);
  // 8 lanes over the 4 warps that issue it.
  EXPECT_DOUBLE_EQ(R.LanesMean, 2);
  EXPECT_EQ(R.WarpsRunning, 1);
}

TEST(Divergence, SelectedRegionAveragesOperationsAndSelect) {
  KernelModel K = kernel({64, 1, 1}, {1, 1, 1});
  BranchResult R = solve(K, ifOn(eq(rem(tx(), 2), 1), 1));
  ASSERT_EQ(R.State, BranchResult::Exact) << R.Reason;
  EXPECT_EQ(R.Emission.K, RegionEmission::Selected);
  EXPECT_DOUBLE_EQ(R.LanesMean, 24); // (32 + 16) / 2, as the H100 showed
}

TEST(Divergence, MatchesBruteForceOverBlockShapesAndConditions) {
  // Property: for bounds and residues of threadIdx.x, the exact counts
  // equal a count over every thread of the block.
  for (int64_t Threads : {32, 40, 96, 256, 1000})
    for (int64_t Bound : {1, 7, 16, 33, 100})
      for (int Residue : {0, 1}) {
        Predicate Cond = Residue ? eq(rem(tx(), 3), 1) : lt(tx(), Bound);
        KernelModel K = kernel({Threads, 1, 1}, {1, 1, 1});
        BranchResult R = solve(K, ifOn(Cond, 16));
        ASSERT_EQ(R.State, BranchResult::Exact) << R.Reason;
        double Running = 0, Diverging = 0, Lanes = 0, Ideal = 0, Total = 0;
        for (int64_t W = 0; W * 32 < Threads; ++W) {
          int64_t In = 0, Alive = 0;
          for (int64_t T = W * 32; T < std::min(Threads, W * 32 + 32); ++T) {
            ++Alive;
            In += Residue ? T % 3 == 1 : T < Bound;
          }
          Running += In > 0;
          Diverging += In > 0 && In < Alive;
          Lanes += In;
          Total += In;
        }
        Ideal = std::ceil(Total / 32);
        SCOPED_TRACE(std::to_string(Threads) + " threads, bound " +
                     std::to_string(Bound) + ", residue " +
                     std::to_string(Residue));
        EXPECT_EQ(R.WarpsRunning, Running);
        EXPECT_EQ(R.WarpsDiverging, Diverging);
        EXPECT_EQ(R.WarpsIdeal, Ideal);
        EXPECT_DOUBLE_EQ(R.LanesMean, Running ? Lanes / Running : 0);
      }
}

TEST(Divergence, DataConditionFollowsTheProbabilityModel) {
  KernelModel K = kernel({256, 1, 1}, {2, 1, 1});
  Branch B = ifOn(Predicate::unknown("the value of 'x'", true, true), 16);
  BranchResult R = solve(K, B);
  ASSERT_EQ(R.State, BranchResult::Expected) << R.Reason;
  EXPECT_FALSE(R.ProbabilityGiven);
  EXPECT_DOUBLE_EQ(R.Probability, 0.5);
  B.Probability = 0.01;
  R = solve(K, B);
  EXPECT_TRUE(R.ProbabilityGiven);
  double Run = 1 - std::pow(0.99, 32);
  EXPECT_NEAR(R.WarpsRunning, 16 * Run, 1e-9);
  EXPECT_NEAR(R.WarpsDiverging, 16 * (Run - std::pow(0.01, 32)), 1e-9);
  EXPECT_NEAR(R.LanesMean, 0.32 / Run, 1e-9);
  // The else side takes the rest.
  B.K = Branch::Kind::Else;
  EXPECT_DOUBLE_EQ(solve(K, B).Probability, 0.99);
}

TEST(Divergence, ConditionOnAParameterIsBoundedOverItsValues) {
  // if (threadIdx.x < n) in blocks of 256: every value of n is one of the
  // cases n <= 0, 0 < n < 256, n >= 256; at most one warp of the block
  // diverges (the one holding lane n), from none to all eight run it.
  KernelModel K = kernel({256, 1, 1}, {1, 1, 1});
  K.Params = {{0, "n", "int", false}};
  BranchResult R =
      solve(K, ifOn(lt(tx(), Expr::symbol(SymbolKind::Param, 0)), 16));
  ASSERT_EQ(R.State, BranchResult::Bounded) << R.Reason;
  ASSERT_TRUE(R.Bounds);
  EXPECT_FALSE(R.PerLaunch);
  EXPECT_EQ(R.Bounds->Warps.Min, 8);
  EXPECT_EQ(R.Bounds->Warps.Max, 8);
  EXPECT_EQ(R.Bounds->WarpsRunning.Min, 0);
  EXPECT_EQ(R.Bounds->WarpsRunning.Max, 8);
  EXPECT_EQ(R.Bounds->WarpsDiverging.Min, 0);
  EXPECT_EQ(R.Bounds->WarpsDiverging.Max, 1);
  EXPECT_DOUBLE_EQ(R.Bounds->LanesMean.Min, 1); // n = 1: one lane
  EXPECT_DOUBLE_EQ(R.Bounds->LanesMean.Max, 32);
  // The counts given are the worst case: a diverging warp.
  EXPECT_EQ(R.WarpsDiverging, 1);
  EXPECT_NE(R.Reason.find("depends on n"), std::string::npos) << R.Reason;
}

TEST(Divergence, BoundedRegionsMatchBruteForceOverTheParameter) {
  // if (threadIdx.x % 2 == 0 && threadIdx.x < n), blocks of 96: the range
  // over the cases is the range over every n, counted thread by thread.
  KernelModel K = kernel({96, 1, 1}, {1, 1, 1});
  K.Params = {{0, "n", "int", false}};
  Expr N = Expr::symbol(SymbolKind::Param, 0);
  Predicate Cond = Predicate::conj({eq(rem(tx(), 2), 0), lt(tx(), N)});
  BranchResult R = solve(K, ifOn(Cond, 16));
  ASSERT_EQ(R.State, BranchResult::Bounded) << R.Reason;
  double RunMin = 1e9, RunMax = -1, DivMax = -1, LanesMin = 1e9, LanesMax = -1;
  for (int64_t V = -3; V <= 100; ++V) {
    double Running = 0, Diverging = 0, Lanes = 0;
    for (int64_t W = 0; W < 3; ++W) {
      int64_t In = 0;
      for (int64_t L = 0; L < 32; ++L) {
        int64_t T = 32 * W + L;
        In += T % 2 == 0 && T < V;
      }
      Running += In > 0;
      Diverging += In > 0 && In < 32;
      Lanes += double(In);
    }
    RunMin = std::min(RunMin, Running);
    RunMax = std::max(RunMax, Running);
    DivMax = std::max(DivMax, Diverging);
    if (Running > 0) {
      LanesMin = std::min(LanesMin, Lanes / Running);
      LanesMax = std::max(LanesMax, Lanes / Running);
    }
  }
  EXPECT_EQ(R.Bounds->WarpsRunning.Min, RunMin);
  EXPECT_EQ(R.Bounds->WarpsRunning.Max, RunMax);
  EXPECT_EQ(R.Bounds->WarpsDiverging.Max, DivMax);
  EXPECT_DOUBLE_EQ(R.Bounds->LanesMean.Min, LanesMin);
  EXPECT_DOUBLE_EQ(R.Bounds->LanesMean.Max, LanesMax);
}

} // namespace
