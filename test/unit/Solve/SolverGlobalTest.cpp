//===- SolverGlobalTest.cpp - Hand-checked global-memory cases ------------===//

#include "SolveTestUtil.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::test;

namespace {

GlobalResult global(KernelBuilder &B, const Access &A,
                    const LaunchConfig &L = block(32)) {
  return solveGlobal(B.K, A, L, options());
}

TEST(SolverGlobal, ClassicPatterns) {
  KernelBuilder B(MemorySpace::Global);
  struct Case {
    const char *Name;
    Expr Offset;
    unsigned Bytes, Sectors, Ideal;
    GlobalPattern Pattern;
  } Cases[] = {
      {"float", tx() * Expr(4), 4, 4, 4, GlobalPattern::Coalesced},
      {"stride 2", tx() * Expr(8), 4, 8, 4, GlobalPattern::Strided},
      {"offset by one", (tx() + Expr(1)) * Expr(4), 4, 5, 4,
       GlobalPattern::Misaligned},
      {"char", tx(), 1, 1, 1, GlobalPattern::Coalesced},
      {"double", tx() * Expr(8), 8, 8, 8, GlobalPattern::Coalesced},
      {"float4", tx() * Expr(16), 16, 16, 16, GlobalPattern::Coalesced},
      {"uniform", Expr(64), 4, 1, 1, GlobalPattern::Uniform},
      // struct {float x, y, z;} p[tx].x: 12-byte stride covers 12 sectors.
      {"AoS .x", tx() * Expr(12), 4, 12, 4, GlobalPattern::Strided},
      {"column", tx() * Expr(4096), 4, 32, 4, GlobalPattern::Strided},
  };
  for (const Case &C : Cases) {
    GlobalResult R = global(B, B.access(C.Offset, C.Bytes));
    ASSERT_EQ(R.Status, SolveStatus::Exact) << C.Name << ": " << R.Reason;
    EXPECT_EQ(R.Sectors, C.Sectors) << C.Name;
    EXPECT_EQ(R.IdealSectors, C.Ideal) << C.Name;
    EXPECT_EQ(R.Pattern, C.Pattern) << C.Name << ": " << patternName(R.Pattern);
    EXPECT_EQ(R.Requests, 1u);
  }
}

TEST(SolverGlobal, ExampleLanesFallInDifferentSectors) {
  KernelBuilder B(MemorySpace::Global);
  GlobalResult R = global(B, B.access(tx() * Expr(128), 4));
  ASSERT_TRUE(R.Example);
  EXPECT_EQ(R.Example->A.ByteOffset / 32 == R.Example->B.ByteOffset / 32,
            false);
  EXPECT_EQ(R.Strides.BytesPerThread[0], 128);
}

TEST(SolverGlobal, ParametricOffset) {
  KernelBuilder B(MemorySpace::Global);
  unsigned N = B.addParam("n");
  // g[tx + n]: 4 sectors when n % 8 == 0, otherwise 5.
  GlobalResult R = global(B, B.access((tx() + param(N)) * Expr(4), 4));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Sectors, 5u);
  EXPECT_EQ(R.Condition, "n % 8 != 0");
  ASSERT_EQ(R.Cases.size(), 2u);
  EXPECT_EQ(R.Cases[0].Worst, 5u);
  EXPECT_EQ(R.Cases[1].Worst, 4u);
  EXPECT_EQ(R.Cases[1].Condition, "n % 8 == 0");
}

TEST(SolverGlobal, BlockIndexTerms) {
  KernelBuilder B(MemorySpace::Global);
  // g[blockIdx.x * blockDim.x + tx] with blockDim bound to 256: aligned.
  Expr BX = Expr::symbol(SymbolKind::BlockIdx, 0);
  Expr BD = Expr::symbol(SymbolKind::BlockDim, 0);
  GlobalResult R =
      global(B, B.access((BX * BD + tx()) * Expr(4), 4), block(256));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Sectors, 4u);
  EXPECT_EQ(R.Condition, "");
  EXPECT_EQ(R.Requests, 8u);
  // Block 48: blockIdx.x * 48 * 4 bytes is a multiple of 32 only for even
  // blocks... 192 * bx % 32 == 0 always: still aligned; warp 1 has 16 lanes.
  GlobalResult R48 =
      global(B, B.access((BX * BD + tx()) * Expr(4), 4), block(48));
  EXPECT_EQ(R48.Sectors, 4u);
  EXPECT_DOUBLE_EQ(R48.SectorsMean, 3);
}

TEST(SolverGlobal, UnderAlignedBase) {
  KernelBuilder B(MemorySpace::Global);
  B.K.Objects[0].AlignBytes = 16;
  GlobalResult R = global(B, B.access(tx() * Expr(4), 4));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Sectors, 5u);
  EXPECT_NE(R.Condition.find("address of 'g'"), std::string::npos)
      << R.Condition;
}

} // namespace
