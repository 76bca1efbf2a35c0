//===- MaskAtomsTest.cpp - Runtime masks of a lane index ------------------===//
//
// `pos = 2 * i - (i & (stride - 1))` with a runtime stride (sorting
// networks, Walsh transforms): the answer has one case per residue of the
// stride (MaskAtoms.h). Each case must be what the stride's own values give:
// the set of case answers equals the set of answers for constant strides
// (the same solver on a constant address, and plain loops over the lanes),
// and the worst is the worst of them.
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
Expr band(Expr A, Expr B) {
  return Expr::binary(ExprKind::BitAnd, std::move(A), std::move(B));
}

/// 2 * i - (i & (M - 1)) + Add, the element a comparator reads.
Expr comparatorPos(const Expr &I, const Expr &M, const Expr &Add) {
  return Expr(2) * I - band(I, M - Expr(1)) + Add;
}

using Answer = std::pair<unsigned, double>; // worst, mean

std::set<Answer> caseAnswers(const GlobalResult &R) {
  std::set<Answer> Out;
  for (const SolveCase &C : R.Cases)
    Out.insert({C.Worst, C.Mean});
  if (Out.empty())
    Out.insert({R.Sectors, R.SectorsMean});
  return Out;
}

// A global comparator network step, 256-thread blocks: every residue of the
// stride modulo 32 is realized by strides 1..64, and nothing else is.
TEST(MaskAtoms, GlobalComparatorByStrideResidue) {
  for (bool Second : {false, true}) {
    KernelBuilder B(MemorySpace::Global);
    Expr Stride = param(B.addParam("stride", "unsigned int"));
    Expr I = bid(0) * bdim(0) + tx();
    Expr Add = Second ? Stride : Expr(0);
    GlobalResult R =
        solveGlobal(B.K, B.access(comparatorPos(I, Stride, Add) * Expr(4), 4),
                    block(256), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    std::set<Answer> Expected;
    unsigned Worst = 0;
    for (int64_t SV = 1; SV <= 64; ++SV) {
      Expr AddV = Second ? Expr(SV) : Expr(0);
      GlobalResult E = solveGlobal(
          B.K, B.access(comparatorPos(I, Expr(SV), AddV) * Expr(4), 4),
          block(256), options());
      ASSERT_EQ(E.Status, SolveStatus::Exact) << SV;
      ASSERT_TRUE(E.Cases.empty()) << SV;
      Expected.insert({E.Sectors, E.SectorsMean});
      // By hand, block 5 warp 3: the requests of every block and warp are
      // the same up to a whole number of 128-byte lines.
      std::vector<int64_t> Addrs;
      for (int64_t L = 0; L < 32; ++L) {
        int64_t IV = 5 * 256 + 3 * 32 + L;
        Addrs.push_back((2 * IV - (IV & (SV - 1)) + (Second ? SV : 0)) * 4);
      }
      EXPECT_EQ(sectorsOf(Addrs, 4), E.Sectors) << SV;
      Worst = std::max(Worst, E.Sectors);
    }
    EXPECT_EQ(caseAnswers(R), Expected);
    EXPECT_EQ(R.Sectors, Worst);
    EXPECT_NE(R.Condition.find("stride % 32"), std::string::npos)
        << R.Condition;
  }
}

// Shared memory, no launch: t & (m - 1) for a parameter m, 8-byte elements.
TEST(MaskAtoms, SharedMaskWithAssumedShape) {
  KernelBuilder B(MemorySpace::Shared);
  Expr M = param(B.addParam("m"));
  SharedResult R = solveShared(
      B.K, B.access(comparatorPos(tx(), M, Expr(0)) * Expr(8), 8),
      LaunchConfig(), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  std::set<Answer> Got, Expected;
  for (const SolveCase &C : R.Cases)
    Got.insert({C.Worst, C.Mean});
  for (int64_t MV = 1; MV <= 64; ++MV) {
    SharedResult E = solveShared(
        B.K, B.access(comparatorPos(tx(), Expr(MV), Expr(0)) * Expr(8), 8),
        block(256), options());
    ASSERT_EQ(E.Status, SolveStatus::Exact) << MV;
    Expected.insert({E.Wavefronts, E.WavefrontsMean});
  }
  EXPECT_EQ(Got, Expected);
}

// (n + t) & (m - 1): the free term n is not a multiple of the mask's
// block, so it carries into the low bits and the high part may differ
// between lanes of one warp. Not taken as exact.
TEST(MaskAtoms, RefusedWhenAFreeTermCarries) {
  KernelBuilder B(MemorySpace::Global);
  Expr M = param(B.addParam("m"));
  Expr N = param(B.addParam("n"));
  GlobalResult R = solveGlobal(
      B.K, B.access(band(N + tx(), M - Expr(1)) * Expr(4), 4), block(64),
      options());
  EXPECT_NE(R.Status, SolveStatus::Exact) << R.Reason;
}

// Lanes 0..31 of t + 16 straddle two blocks of 32: the split moves to bit 6
// (one block of 64), and the answer is still exact and matches constants.
TEST(MaskAtoms, SplitAboveTheWarp) {
  KernelBuilder B(MemorySpace::Global);
  Expr M = param(B.addParam("m"));
  Expr Off = band(tx() + Expr(16), M - Expr(1)) * Expr(4);
  GlobalResult R = solveGlobal(B.K, B.access(Off, 4), block(64), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  std::set<Answer> Expected;
  for (int64_t MV = 1; MV <= 128; ++MV) {
    GlobalResult E = solveGlobal(
        B.K, B.access(band(tx() + Expr(16), Expr(MV - 1)) * Expr(4), 4),
        block(64), options());
    ASSERT_EQ(E.Status, SolveStatus::Exact) << MV;
    Expected.insert({E.Sectors, E.SectorsMean});
  }
  EXPECT_EQ(caseAnswers(R), Expected);
}

} // namespace
