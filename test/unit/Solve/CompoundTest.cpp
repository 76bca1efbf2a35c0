//===- CompoundTest.cpp - Free symbols used together, opaque subterms -----===//
//
// With no known launch, blockIdx.x * blockDim.x + threadIdx.x and
// cta.thread_rank() combine several free symbols (Compound.h); products of
// parameters are one value; subterms like n / 2 are opaque (Opaque.h).
// Expected numbers come from plain loops over real launches (blockDim.x a
// multiple of 32, warps inside the block) and parameter values.
//
//===----------------------------------------------------------------------===//

#include "SolveTestUtil.h"

#include <gtest/gtest.h>

#include <set>

using namespace warplint;
using namespace warplint::test;

namespace {

Expr bid(unsigned D) { return Expr::symbol(SymbolKind::BlockIdx, D); }
Expr bdim(unsigned D) { return Expr::symbol(SymbolKind::BlockDim, D); }

// if (i < n) g[i], i = blockIdx.x * blockDim.x + threadIdx.x, no launch:
// every real launch (blockDim.x 32..128, any block, any n) reads at most 4
// sectors, and 4 only in warps with at least 25 threads below n.
TEST(Compound, BoundsGuardWithAssumedShape) {
  KernelBuilder B(MemorySpace::Global);
  Expr N = param(B.addParam("n"));
  Expr I = bid(0) * bdim(0) + tx();
  GlobalResult R = solveGlobal(B.K, B.access(I * Expr(4), 4, lt(I, N)),
                               LaunchConfig(), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  unsigned Worst = 0;
  std::set<unsigned> Seen;
  for (int64_t Dim = 32; Dim <= 128; Dim += 32)
    for (int64_t Block = 0; Block < 3; ++Block)
      for (int64_t Nv = -5; Nv < 3 * Dim + 40; ++Nv)
        for (int64_t W = 0; W < Dim / 32; ++W) {
          std::vector<int64_t> Addrs;
          for (int64_t L = 0; L < 32; ++L)
            if (Block * Dim + W * 32 + L < Nv)
              Addrs.push_back((Block * Dim + W * 32 + L) * 4);
          if (Addrs.empty())
            continue;
          unsigned S = sectorsOf(Addrs, 4);
          Worst = std::max(Worst, S);
          Seen.insert(S);
        }
  EXPECT_EQ(R.Sectors, Worst);
  EXPECT_EQ(Seen, (std::set<unsigned>{1, 2, 3, 4}));
  // In the user's terms: the assumed shape's blockDim.x / 32 and warp
  // index read back as blockDim.x and the warp's first threadIdx.x.
  EXPECT_EQ(R.Condition,
            "n - (blockIdx.x * blockDim.x + threadIdx.x - threadIdx.x % 32) "
            ">= 25");
  EXPECT_FALSE(R.ConditionOnParameters) << "it says which warps";
}

// if (cta.thread_rank() == 0) g[blockIdx.x] = s[0]: one lane, one sector.
TEST(Compound, ThreadRankZeroWithAssumedShape) {
  KernelBuilder B(MemorySpace::Global);
  Expr Rank = tx() + ty() * bdim(0) + tz() * bdim(0) * bdim(1);
  Predicate First = Predicate::cmp(CmpKind::EQ, Rank, Expr(0));
  GlobalResult R = solveGlobal(B.K, B.access(bid(0) * Expr(4), 4, First),
                               LaunchConfig(), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Sectors, 1u);
  EXPECT_EQ(R.Condition, "");
  // The rank of a known 16x16 block needs no compound: the same answer.
  GlobalResult RK = solveGlobal(B.K, B.access(bid(0) * Expr(4), 4, First),
                                block(16, 16), options());
  ASSERT_EQ(RK.Status, SolveStatus::Exact) << RK.Reason;
  EXPECT_EQ(RK.Sectors, 1u);
}

// g[n * m + tx]: only n * m matters, and it takes every integer (n = 1);
// for unsigned n, m every value >= 0. 5 sectors unless n * m % 8 == 0.
TEST(Compound, ProductOfParameters) {
  for (const char *Type : {"int", "unsigned int"}) {
    KernelBuilder B(MemorySpace::Global);
    Expr N = param(B.addParam("n", Type)), M = param(B.addParam("m", Type));
    GlobalResult R = solveGlobal(B.K, B.access((N * M + tx()) * Expr(4), 4),
                                 block(32), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << Type << ": " << R.Reason;
    EXPECT_EQ(R.Sectors, 5u);
    EXPECT_EQ(R.Condition, "(n * m) % 8 != 0") << Type;
  }
}

// n / 2 is opaque: exact when whole sectors move; otherwise a bound over
// all its values, which holds the exact answer for every n (4 sectors when
// n / 2 is a multiple of 8, else 5).
TEST(Compound, OpaqueSubterm) {
  KernelBuilder B(MemorySpace::Global);
  Expr Half = Expr::binary(ExprKind::Div, param(B.addParam("n")), Expr(2));
  GlobalResult R = solveGlobal(
      B.K, B.access((Half * Expr(8) + tx()) * Expr(4), 4), block(32),
      options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Sectors, 4u);
  GlobalResult RU = solveGlobal(B.K, B.access((Half + tx()) * Expr(4), 4),
                                block(32), options());
  ASSERT_EQ(RU.Status, SolveStatus::Bounded) << RU.Reason;
  EXPECT_TRUE(RU.BoundOverValues);
  EXPECT_NE(RU.Reason.find("depends on the value of 'n / 2'"),
            std::string::npos)
      << RU.Reason;
  for (int64_t NV = -40; NV <= 40; ++NV) {
    GlobalResult E = solveGlobal(
        B.K, B.access((Expr(NV / 2) + tx()) * Expr(4), 4), block(32),
        options());
    ASSERT_EQ(E.Status, SolveStatus::Exact) << NV;
    EXPECT_LE(RU.SectorsMin, E.Sectors) << NV;
    EXPECT_GE(RU.Sectors, E.Sectors) << NV;
  }
}

} // namespace
