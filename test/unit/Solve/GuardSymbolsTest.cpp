//===- GuardSymbolsTest.cpp - Guards that mix blockIdx and a parameter ----===//
//
// 'i < n' and 'row < M' compare blockIdx with an unbound parameter; the
// solver replaces the parameter by V = n - blockIdx.x * 256 (docs/solver.md).
// Each answer is compared with a plain loop over parameter values and blocks
// that costs every warp request by counting sectors / bank words directly.
//
//===----------------------------------------------------------------------===//

#include "SolveTestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <functional>
#include <map>
#include <set>

using namespace warplint;
using namespace warplint::test;

namespace {

Expr bid(unsigned D) { return Expr::symbol(SymbolKind::BlockIdx, D); }

/// One thread of a block: threadIdx, blockIdx, the parameter values.
struct Point {
  int64_t T[3], B[3];
  std::vector<int64_t> P;
};

/// 4-byte shared accesses: the most distinct words any bank is asked for.
unsigned wavefrontsOf(const std::vector<int64_t> &Addrs, unsigned) {
  std::map<int64_t, std::set<int64_t>> Bank;
  for (int64_t A : Addrs)
    Bank[((A / 4) % 32 + 32) % 32].insert(A / 4);
  size_t W = 0;
  for (const auto &[B, Words] : Bank)
    W = std::max(W, Words.size());
  return unsigned(W);
}

/// The worst request of each case (parameter values x block), by brute
/// force; returns the worst over all cases and fills the distinct per-case
/// worst values.
unsigned bruteForce(const int64_t Dim[3], const std::vector<int64_t> &Blocks,
                    unsigned BlockDimIndex,
                    const std::vector<std::vector<int64_t>> &ParamValues,
                    const std::function<int64_t(const Point &)> &Addr,
                    const std::function<bool(const Point &)> &Guard,
                    unsigned Bytes,
                    unsigned (*Cost)(const std::vector<int64_t> &, unsigned),
                    std::set<unsigned> &PerCase) {
  unsigned Worst = 0;
  int64_t Threads = Dim[0] * Dim[1] * Dim[2];
  for (const std::vector<int64_t> &P : ParamValues)
    for (int64_t B : Blocks) {
      unsigned CaseWorst = 0;
      bool Any = false;
      for (int64_t W = 0; W * 32 < Threads; ++W) {
        std::vector<int64_t> Addrs;
        for (int64_t L = W * 32; L < std::min(Threads, W * 32 + 32); ++L) {
          Point X{{L % Dim[0], L / Dim[0] % Dim[1], L / (Dim[0] * Dim[1])},
                  {0, 0, 0},
                  P};
          X.B[BlockDimIndex] = B;
          if (Guard(X))
            Addrs.push_back(Addr(X));
        }
        if (Addrs.empty())
          continue;
        Any = true;
        CaseWorst = std::max(CaseWorst, Cost(Addrs, Bytes));
      }
      if (Any)
        PerCase.insert(CaseWorst);
      Worst = std::max(Worst, CaseWorst);
    }
  return Worst;
}

std::vector<std::vector<int64_t>> range(int64_t Lo, int64_t Hi) {
  std::vector<std::vector<int64_t>> Out;
  for (int64_t V = Lo; V <= Hi; ++V)
    Out.push_back({V});
  return Out;
}

std::vector<int64_t> blocks(int64_t N) {
  std::vector<int64_t> Out;
  for (int64_t B = 0; B < N; ++B)
    Out.push_back(B);
  return Out;
}

std::set<unsigned> caseWorsts(const std::vector<SolveCase> &Cases,
                              unsigned Worst) {
  std::set<unsigned> Out;
  for (const SolveCase &C : Cases)
    Out.insert(C.Worst);
  if (Out.empty())
    Out.insert(Worst); // one outcome for every value
  return Out;
}

// i = blockIdx.x * 256 + threadIdx.x; if (i < n) g[i]: full warps read 4
// sectors; the warp the guard cuts reads fewer, so the worst needs at least
// 25 lanes of the block below n.
TEST(GuardSymbols, OneDimensionalBound) {
  for (const char *Type : {"int", "unsigned int"}) {
    KernelBuilder B(MemorySpace::Global);
    Expr N = param(B.addParam("n", Type));
    Expr I = bid(0) * Expr(256) + tx();
    GlobalResult R = solveGlobal(B.K, B.access(I * Expr(4), 4, lt(I, N)),
                                 block(256), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << Type << ": " << R.Reason;
    EXPECT_EQ(R.Sectors, 4u);
    EXPECT_EQ(R.IdealSectors, 4u);
    EXPECT_DOUBLE_EQ(R.SectorsMean, 4);
    EXPECT_EQ(R.Requests, 0u) << "the number of warps depends on n";
    EXPECT_EQ(R.Condition, "n - blockIdx.x * 256 >= 25");
    // Every launch with one full warp below n has such a warp: the
    // condition says which warps, not which launches.
    EXPECT_FALSE(R.ConditionOnParameters);
    EXPECT_EQ(caseWorsts(R.Cases, R.Sectors), (std::set<unsigned>{1, 2, 3, 4}));
  }
}

// The kind of condition: an offset parameter decides whether a launch sees
// the worst case at all; a blockIdx offset only decides which blocks do.
TEST(GuardSymbols, ConditionOnParametersOrOnBlocks) {
  {
    KernelBuilder B(MemorySpace::Global);
    Expr Off = param(B.addParam("offset", "int"));
    Expr I = bid(0) * Expr(256) + tx();
    GlobalResult R = solveGlobal(B.K, B.access((I + Off) * Expr(4), 4),
                                 block(256), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    EXPECT_EQ(R.Sectors, 5u);
    EXPECT_FALSE(R.Condition.empty());
    EXPECT_TRUE(R.ConditionOnParameters) << R.Condition;
  }
  {
    KernelBuilder B(MemorySpace::Global);
    GlobalResult R = solveGlobal(B.K, B.access((bid(0) + tx()) * Expr(4), 4),
                                 block(256), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    EXPECT_EQ(R.Sectors, 5u);
    EXPECT_FALSE(R.Condition.empty());
    EXPECT_FALSE(R.ConditionOnParameters) << R.Condition;
  }
}

// An unsigned n cannot go below 0: the solver moves blockIdx.x up instead,
// and the witness binds n to a value it can take.
TEST(GuardSymbols, UnsignedBoundWitness) {
  KernelBuilder B(MemorySpace::Global);
  Expr N = param(B.addParam("n", "unsigned int"));
  Expr I = bid(0) * Expr(64) + tx();
  GlobalResult R = solveGlobal(B.K, B.access(I * Expr(8), 4, lt(I, N)),
                               block(64), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  ASSERT_TRUE(R.Example.has_value());
  std::map<std::string, int64_t> Bind(R.Example->Bindings.begin(),
                                      R.Example->Bindings.end());
  ASSERT_TRUE(Bind.count("n") && Bind.count("blockIdx.x"));
  EXPECT_GE(Bind["n"], 0);
  // The witness lanes are active under the bound it names.
  EXPECT_LT(Bind["blockIdx.x"] * 64 + R.Example->A.Thread[0], Bind["n"]);
  EXPECT_LT(Bind["blockIdx.x"] * 64 + R.Example->B.Thread[0], Bind["n"]);
}

// row = blockIdx.y * 8 + threadIdx.y; if (row < M): each warp is one row,
// so the guard never cuts a warp and every case costs the same.
TEST(GuardSymbols, TwoDimensionalRows) {
  KernelBuilder G(MemorySpace::Global);
  Expr M = param(G.addParam("M"));
  Expr Row = bid(1) * Expr(8) + ty();
  GlobalResult R = solveGlobal(
      G.K, G.access((Row * Expr(32) + tx()) * Expr(4), 4, lt(Row, M)),
      block(32, 8), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Sectors, 4u);
  EXPECT_DOUBLE_EQ(R.SectorsMean, 4);
  EXPECT_EQ(R.Condition, "");
  EXPECT_TRUE(R.Cases.empty());

  KernelBuilder Sh(MemorySpace::Shared);
  Expr MS = param(Sh.addParam("M"));
  SharedResult S =
      solveShared(Sh.K,
                  Sh.access((Expr(7) - ty()) * Expr(128) + tx() * Expr(4), 4,
                            lt(bid(1) * Expr(8) + ty(), MS)),
                  block(32, 8), options());
  ASSERT_EQ(S.Status, SolveStatus::Exact) << S.Reason;
  EXPECT_EQ(S.Wavefronts, 1u);
  EXPECT_EQ(S.Condition, "");
}

// With 16-wide rows a warp holds two rows at the same banks: 2 wavefronts,
// unless the guard keeps only the first row of the warp.
TEST(GuardSymbols, SharedRowsAgreeWithBruteForce) {
  KernelBuilder B(MemorySpace::Shared);
  Expr M = param(B.addParam("M"));
  Expr Row = bid(1) * Expr(8) + ty();
  SharedResult R = solveShared(
      B.K, B.access((ty() * Expr(32) + tx()) * Expr(4), 4, lt(Row, M)),
      block(16, 8), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  const int64_t Dim[3] = {16, 8, 1};
  std::set<unsigned> PerCase;
  unsigned Worst = bruteForce(
      Dim, blocks(6), 1, range(-4, 60),
      [](const Point &X) { return (X.T[1] * 32 + X.T[0]) * 4; },
      [](const Point &X) { return X.B[1] * 8 + X.T[1] < X.P[0]; }, 4,
      wavefrontsOf, PerCase);
  EXPECT_EQ(R.Wavefronts, Worst);
  EXPECT_EQ(Worst, 2u);
  EXPECT_EQ(caseWorsts(R.Cases, R.Wavefronts), PerCase);
  EXPECT_EQ(R.Condition, "M - blockIdx.y * 8 >= 2");
}

// Strided global reads under 'i < n' and a 2-D 'row < M && col < N': the
// worst and the set of per-case outcomes match the plain loop.
TEST(GuardSymbols, GlobalAgreesWithBruteForce) {
  {
    KernelBuilder B(MemorySpace::Global);
    Expr N = param(B.addParam("n"));
    Expr I = bid(0) * Expr(64) + tx();
    GlobalResult R = solveGlobal(B.K, B.access(I * Expr(8), 4, lt(I, N)),
                                 block(64), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    const int64_t Dim[3] = {64, 1, 1};
    std::set<unsigned> PerCase;
    unsigned Worst = bruteForce(
        Dim, blocks(5), 0, range(-3, 400),
        [](const Point &X) { return (X.B[0] * 64 + X.T[0]) * 8; },
        [](const Point &X) { return X.B[0] * 64 + X.T[0] < X.P[0]; }, 4,
        sectorsOf, PerCase);
    EXPECT_EQ(R.Sectors, Worst);
    EXPECT_EQ(caseWorsts(R.Cases, R.Sectors), PerCase);
  }
  {
    // Rows of 12 floats (48 bytes): where a row starts in its sector
    // depends on blockIdx.y, and M cuts the block after any row.
    KernelBuilder B(MemorySpace::Global);
    Expr M = param(B.addParam("M"));
    Expr Row = bid(1) * Expr(4) + ty();
    GlobalResult R = solveGlobal(
        B.K, B.access((Row * Expr(12) + tx()) * Expr(4), 4, lt(Row, M)),
        block(8, 4), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    const int64_t Dim[3] = {8, 4, 1};
    std::set<unsigned> PerCase;
    unsigned Worst = bruteForce(
        Dim, blocks(8), 1, range(-2, 40),
        [](const Point &X) {
          return ((X.B[1] * 4 + X.T[1]) * 12 + X.T[0]) * 4;
        },
        [](const Point &X) { return X.B[1] * 4 + X.T[1] < X.P[0]; }, 4,
        sectorsOf, PerCase);
    EXPECT_EQ(R.Sectors, Worst);
    EXPECT_EQ(caseWorsts(R.Cases, R.Sectors), PerCase);
  }
}

// Two guards, each with its own parameter: two fresh symbols.
TEST(GuardSymbols, RowAndColumnBounds) {
  KernelBuilder B(MemorySpace::Global);
  Expr M = param(B.addParam("M"));
  Expr N = param(B.addParam("N"));
  Expr Row = bid(1) * Expr(16) + ty();
  Expr Col = bid(0) * Expr(16) + tx();
  GlobalResult R =
      solveGlobal(B.K,
                  B.access((Row * Expr(1024) + Col) * Expr(4), 4,
                           Predicate::conj({lt(Row, M), lt(Col, N)})),
                  block(16, 16), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  const int64_t Dim[3] = {16, 16, 1};
  std::set<unsigned> PerCase;
  std::vector<std::vector<int64_t>> Params;
  for (int64_t MV = 0; MV <= 34; ++MV)
    for (int64_t NV = 0; NV <= 34; ++NV)
      Params.push_back({MV, NV});
  // blockIdx.x and blockIdx.y move together here (the same B in both);
  // the address does not depend on either beyond whole sectors.
  unsigned Worst = bruteForce(
      Dim, blocks(2), 0, Params,
      [](const Point &X) { return (X.T[1] * 1024 + X.T[0]) * 4; },
      [](const Point &X) { return X.T[1] < X.P[0] && X.T[0] < X.P[1]; }, 4,
      sectorsOf, PerCase);
  EXPECT_EQ(R.Sectors, Worst);
  EXPECT_EQ(caseWorsts(R.Cases, R.Sectors), PerCase);
}

// M in the address as well: V would not be independent of it, so no exact
// answer; the guard's sum read apart from M gives a bound over all values
// (decoupledGuards) that holds every exact answer: each warp is one row,
// all in or all out, at 4 sectors when M % 8 == 0 and 5 otherwise.
TEST(GuardSymbols, ParameterInAddressIsBounded) {
  KernelBuilder B(MemorySpace::Global);
  Expr M = param(B.addParam("M"));
  Expr Row = bid(1) * Expr(8) + ty();
  GlobalResult R =
      solveGlobal(B.K, B.access((tx() + M) * Expr(4), 4, lt(Row, M)),
                  block(32, 8), options());
  ASSERT_EQ(R.Status, SolveStatus::Bounded) << R.Reason;
  EXPECT_TRUE(R.BoundOverValues);
  EXPECT_NE(R.Reason.find("bounded over every value"), std::string::npos)
      << R.Reason;
  unsigned Least = UINT_MAX, Most = 0;
  for (int64_t MV = 1; MV <= 64; ++MV) {
    std::set<int64_t> Sectors;
    for (int64_t X = 0; X < 32; ++X)
      Sectors.insert((X + MV) * 4 / 32); // non-negative: C's division floors
    Least = std::min<unsigned>(Least, unsigned(Sectors.size()));
    Most = std::max<unsigned>(Most, unsigned(Sectors.size()));
  }
  EXPECT_EQ(R.SectorsMin, Least);
  EXPECT_EQ(R.Sectors, Most);

  // M in two guards that combine it differently: a bound too, from one
  // active lane (1 sector) to a full row (4).
  KernelBuilder C(MemorySpace::Global);
  Expr MC = param(C.addParam("M"));
  Expr Col = bid(0) * Expr(32) + tx();
  GlobalResult R2 = solveGlobal(
      C.K,
      C.access(tx() * Expr(4), 4,
               Predicate::conj({lt(bid(1) * Expr(8) + ty(), MC), lt(Col, MC)})),
      block(32, 8), options());
  ASSERT_EQ(R2.Status, SolveStatus::Bounded) << R2.Reason;
  EXPECT_EQ(R2.SectorsMin, 1u);
  EXPECT_EQ(R2.Sectors, 4u);
}

// The common case (SolveResultCommon::Common): the outcome when every size
// the launch leaves open is a large power of two, compared with the plain
// loop at n = 2^16 over blocks that the bound does not cut, and at a row
// pitch of 2^16 floats over every block.
TEST(GuardSymbols, CommonCaseIsTheTypicalSize) {
  {
    KernelBuilder B(MemorySpace::Global);
    Expr N = param(B.addParam("n"));
    Expr I = bid(0) * Expr(64) + tx();
    GlobalResult R = solveGlobal(B.K, B.access(I * Expr(8), 4, lt(I, N)),
                                 block(64), options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    ASSERT_TRUE(R.Common);
    const int64_t Dim[3] = {64, 1, 1};
    std::set<unsigned> PerCase;
    unsigned Worst = bruteForce(
        Dim, blocks(8), 0, {{65536}},
        [](const Point &X) { return (X.B[0] * 64 + X.T[0]) * 8; },
        [](const Point &X) { return X.B[0] * 64 + X.T[0] < X.P[0]; }, 4,
        sectorsOf, PerCase);
    EXPECT_EQ(R.Common->Worst, Worst);
    EXPECT_DOUBLE_EQ(R.Common->Mean, Worst) << "every warp is whole";
  }
  {
    KernelBuilder B(MemorySpace::Global);
    Expr C = param(B.addParam("C"));
    GlobalResult R = solveGlobal(
        B.K, B.access((bid(0) * C + tx()) * Expr(4), 4, Predicate()), block(32),
        options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    EXPECT_EQ(R.Sectors, 5u) << "a row that starts inside a sector";
    ASSERT_TRUE(R.Common);
    const int64_t Dim[3] = {32, 1, 1};
    std::set<unsigned> PerCase;
    unsigned Worst = bruteForce(
        Dim, blocks(8), 0, {{65536}},
        [](const Point &X) { return (X.B[0] * X.P[0] + X.T[0]) * 4; },
        [](const Point &) { return true; }, 4, sectorsOf, PerCase);
    EXPECT_EQ(R.Common->Worst, Worst);
    EXPECT_EQ(R.Common->Worst, 4u);
    EXPECT_EQ(R.Common->Condition, "(blockIdx.x * C) % 8 == 0");
  }
}

} // namespace
