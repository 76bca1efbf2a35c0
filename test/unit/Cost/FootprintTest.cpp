//===- FootprintTest.cpp - The bytes an access can touch in a launch ------===//

#include "Cost/Footprint.h"
#include "SolveTestUtil.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::test;

namespace {

Expr bx() { return Expr::symbol(SymbolKind::BlockIdx, 0); }

LaunchConfig launch(int64_t Blocks, int64_t Threads) {
  LaunchConfig L = block(Threads);
  L.Source = LaunchSource::LaunchSite;
  L.Grid = std::array<int64_t, 3>{Blocks, 1, 1};
  return L;
}

TEST(Footprint, BlocksAndThreadsSpanTheArray) {
  KernelBuilder B(MemorySpace::Global);
  Access A = B.access((bx() * Expr(256) + tx()) * Expr(4), 4);
  auto S = byteSpan(B.K, A, launch(100, 256));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Lo, 0);
  EXPECT_EQ(S->Hi, 100 * 256 * 4 - 1);
}

TEST(Footprint, LoopVariablesRunToTheirBound) {
  KernelBuilder B(MemorySpace::Global);
  unsigned K = B.addLoop("k", Expr(0), [](Expr V) { return lt(V, Expr(16)); });
  Access A = B.access((tx() + loopVar(K) * Expr(32)) * Expr(4), 4, true, {K});
  auto S = byteSpan(B.K, A, launch(1, 32));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Lo, 0);
  EXPECT_EQ(S->Hi, (31 + 15 * 32) * 4 + 3);
  // Counting down: from the start to the bound of `k > 2`.
  unsigned D = B.addLoop(
      "d", Expr(10), [](Expr V) { return gt(V, Expr(2)); }, Loop::StepKind::Add,
      -1);
  Access Down = B.access(loopVar(D) * Expr(4), 4, true, {D});
  auto SD = byteSpan(B.K, Down, launch(1, 32));
  ASSERT_TRUE(SD);
  EXPECT_EQ(SD->Lo, 12);
  EXPECT_EQ(SD->Hi, 43);
}

TEST(Footprint, UnboundValuesHaveNoSpan) {
  KernelBuilder B(MemorySpace::Global);
  unsigned N = B.addParam("n");
  Expr Off = (tx() + Expr::symbol(SymbolKind::Param, N)) * Expr(4);
  Access A = B.access(Off, 4);
  EXPECT_FALSE(byteSpan(B.K, A, launch(1, 32)));
  // Bound at the launch, it has one.
  LaunchConfig L = launch(1, 32);
  L.ParamValues.push_back({N, 64});
  auto S = byteSpan(B.K, A, L);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Lo, 256);
  EXPECT_EQ(S->Hi, (64 + 31) * 4 + 3);
  // Without a grid, blockIdx has no range.
  Access PerBlock = B.access((bx() * Expr(32) + tx()) * Expr(4), 4);
  LaunchConfig NoGrid = block(32);
  EXPECT_FALSE(byteSpan(B.K, PerBlock, NoGrid));
}

TEST(Footprint, RemaindersAndMasksStayInTheirRange) {
  KernelBuilder B(MemorySpace::Global);
  Access Rem = B.access(
      Expr::binary(ExprKind::Rem, bx() * Expr(1000), Expr(7)) * Expr(4), 4);
  auto S = byteSpan(B.K, Rem, launch(1000, 32));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Lo, 0);
  EXPECT_EQ(S->Hi, 6 * 4 + 3);
  Access Xor =
      B.access(Expr::binary(ExprKind::BitXor, tx(), Expr(5)) * Expr(4), 4);
  auto X = byteSpan(B.K, Xor, launch(1, 32));
  ASSERT_TRUE(X);
  EXPECT_EQ(X->Lo, 0);
  EXPECT_EQ(X->Hi, 31 * 4 + 3);
}

} // namespace
