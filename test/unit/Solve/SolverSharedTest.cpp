//===- SolverSharedTest.cpp - Hand-checked shared-memory cases ------------===//
//
// Each expected number is worked out in the comment next to it from the
// hardware rule (32 banks of 4 bytes, phases by access width).
//
//===----------------------------------------------------------------------===//

#include "SolveTestUtil.h"

#include <gtest/gtest.h>

#include <map>

#include <chrono>

using namespace warplint;
using namespace warplint::test;

namespace {

SharedResult shared(KernelBuilder &B, const Access &A,
                    const LaunchConfig &L = block(32),
                    SolveOptions Opts = options()) {
  return solveShared(B.K, A, L, Opts);
}

TEST(SolverShared, StridesOfFloats) {
  KernelBuilder B;
  // Word stride s: lanes l and l + 32/gcd(s,32) share a bank.
  for (auto [Stride, Expected] : {std::pair<int64_t, unsigned>{1, 1},
                                  {2, 2},
                                  {32, 32},
                                  {33, 1},
                                  {4, 4}}) {
    SharedResult R = shared(B, B.access(tx() * Expr(4 * Stride), 4));
    ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
    EXPECT_EQ(R.Wavefronts, Expected) << "stride " << Stride;
    EXPECT_EQ(R.IdealWavefronts, 1u);
    EXPECT_DOUBLE_EQ(R.WavefrontsMean, Expected);
    EXPECT_EQ(R.Requests, 1u);
    EXPECT_EQ(R.Strides.BytesPerThread[0], 4 * Stride);
    EXPECT_EQ(R.Strides.LaneDim, 0u);
    EXPECT_EQ(R.Example.has_value(), Expected > 1);
  }
}

TEST(SolverShared, ExampleNamesTwoLanesOfOneBank) {
  KernelBuilder B;
  SharedResult R = shared(B, B.access(tx() * Expr(128), 4));
  ASSERT_TRUE(R.Example);
  EXPECT_EQ(R.WorstBankWords, 32u);
  EXPECT_EQ(R.Example->Bank, 0u);
  EXPECT_NE(R.Example->A.Lane, R.Example->B.Lane);
  EXPECT_EQ(R.Example->A.ByteOffset, int64_t(R.Example->A.Lane) * 128);
  EXPECT_EQ(R.Example->B.Thread[0], int64_t(R.Example->B.Lane));
}

TEST(SolverShared, TransposeTiles) {
  KernelBuilder B;
  LaunchConfig L = block(32, 32);
  // tile[ty][tx] of float[32][32]: a warp is one row.
  SharedResult Row =
      shared(B, B.access((ty() * Expr(32) + tx()) * Expr(4), 4), L);
  EXPECT_EQ(Row.Wavefronts, 1u);
  EXPECT_EQ(Row.Requests, 32u);
  // tile[tx][ty]: a warp walks a column: all in one bank.
  SharedResult Col =
      shared(B, B.access((tx() * Expr(32) + ty()) * Expr(4), 4), L);
  EXPECT_EQ(Col.Wavefronts, 32u);
  EXPECT_DOUBLE_EQ(Col.WavefrontsMean, 32);
  // float[32][33]: the padding moves each row one bank further.
  SharedResult Pad =
      shared(B, B.access((tx() * Expr(33) + ty()) * Expr(4), 4), L);
  EXPECT_EQ(Pad.Wavefronts, 1u);
}

TEST(SolverShared, NarrowTwoDimensionalBlock) {
  KernelBuilder B;
  LaunchConfig L = block(16, 16);
  // s[ty][tx] of float[16][16]: a warp is two rows, 32 consecutive words.
  EXPECT_EQ(
      shared(B, B.access((ty() * Expr(16) + tx()) * Expr(4), 4), L).Wavefronts,
      1u);
  // s[tx][ty]: words 16*tx + ty: banks ty and ty + 16, 8 words each.
  SharedResult R =
      shared(B, B.access((tx() * Expr(16) + ty()) * Expr(4), 4), L);
  EXPECT_EQ(R.Wavefronts, 8u);
  EXPECT_EQ(R.Strides.BytesPerThread[0], 64);
  EXPECT_EQ(R.Strides.BytesPerThread[1], 4);
}

TEST(SolverShared, WideAccessesArePhased) {
  KernelBuilder B;
  // double s[tx]: two half-warp phases, each 32 consecutive words.
  SharedResult D = shared(B, B.access(tx() * Expr(8), 8));
  EXPECT_EQ(D.Wavefronts, 2u);
  EXPECT_EQ(D.IdealWavefronts, 2u);
  // double s[2*tx]: per half-warp words 4k, 4k+1 (k < 16): two per bank.
  SharedResult D2 = shared(B, B.access(tx() * Expr(16), 8));
  EXPECT_EQ(D2.Wavefronts, 4u);
  EXPECT_EQ(D2.IdealWavefronts, 2u);
  // float4 s[tx]: four quarter-warp phases of 32 words.
  SharedResult F4 = shared(B, B.access(tx() * Expr(16), 16));
  EXPECT_EQ(F4.Wavefronts, 4u);
  EXPECT_EQ(F4.IdealWavefronts, 4u);
  // float4 s[2*tx]: per quarter: words 8k..8k+3, k < 8: two per bank.
  EXPECT_EQ(shared(B, B.access(tx() * Expr(32), 16)).Wavefronts, 8u);
  // char s[tx]: 8 words, no conflict; bytes of one word never conflict.
  EXPECT_EQ(shared(B, B.access(tx(), 1)).Wavefronts, 1u);
}

TEST(SolverShared, LanePairsMergeAndAtomicsCountLanes) {
  KernelBuilder B;
  Expr Half = Expr::binary(ExprKind::Div, tx(), 2);
  // double d[tx / 2]: pairs agree: one phase (gpu_shared_validate.csv:199).
  SharedResult D = shared(B, B.access(Half * Expr(8), 8));
  EXPECT_EQ(D.Wavefronts, 1u);
  EXPECT_EQ(D.IdealWavefronts, 1u);
  // float4 q[tx / 2]: two phases (csv:210).
  SharedResult Q = shared(B, B.access(Half * Expr(16), 16));
  EXPECT_EQ(Q.Wavefronts, 2u);
  EXPECT_EQ(Q.IdealWavefronts, 2u);
  // atomicAdd(&s[tx % 4]): 8 lanes per bank serialize (csv:291).
  Access At = B.access(Expr::binary(ExprKind::Rem, tx(), 4) * Expr(4), 4);
  At.Op = AccessOp::Atomic;
  B.K.Objects[0].ElementType = "int";
  EXPECT_EQ(shared(B, At).Wavefronts, 8u);
  // A float atomicAdd is the CAS of an 8-byte access (csv:294).
  B.K.Objects[0].ElementType = "float";
  Access F = B.access(tx() * Expr(4), 4);
  F.Op = AccessOp::Atomic;
  F.CasLoop = true;
  SharedResult RF = shared(B, F);
  EXPECT_EQ(RF.Status, SolveStatus::Exact);
  EXPECT_EQ(RF.Wavefronts, 2u);
  EXPECT_EQ(RF.IdealWavefronts, 2u);
  // Not a CAS loop (atomicExch on a float): one ATOMS, 1 wavefront.
  F.CasLoop = false;
  EXPECT_EQ(shared(B, F).Wavefronts, 1u);
}

TEST(SolverShared, CasLoopPassesAreClaimedOnlyWithoutConflict) {
  KernelBuilder B;
  // Words two apart: a 2-way conflict, and lanes retried (S8c).
  Access Stride = B.access(tx() * Expr(8), 4);
  Stride.Op = AccessOp::Atomic;
  Stride.CasLoop = true;
  SharedResult R = shared(B, Stride);
  EXPECT_EQ(R.Status, SolveStatus::Unknown);
  EXPECT_NE(R.Reason.find("conflict in the banks"), std::string::npos);
  // The loop's first read says the same: it runs once per pass.
  Access Load = Stride;
  Load.Op = AccessOp::Load;
  EXPECT_EQ(shared(B, Load).Status, SolveStatus::Unknown);
  // One word for all lanes.
  Access Uniform = B.access(Expr(0), 4);
  Uniform.Op = AccessOp::Atomic;
  Uniform.CasLoop = true;
  SharedResult U = shared(B, Uniform);
  EXPECT_EQ(U.Status, SolveStatus::Unknown);
  EXPECT_NE(U.Reason.find("lanes share a word"), std::string::npos);
}

TEST(SolverShared, BroadcastIsOneWavefront) {
  KernelBuilder B;
  EXPECT_EQ(shared(B, B.access(Expr(12), 4)).Wavefronts, 1u);
  // Lanes in pairs on one word: s[tx / 2].
  EXPECT_EQ(
      shared(B, B.access(Expr::binary(ExprKind::Div, tx(), 2) * Expr(4), 4))
          .Wavefronts,
      1u);
}

TEST(SolverShared, PartialWarp) {
  KernelBuilder B;
  // Block 48, s[2*tx]: warp 0 has 32 lanes (2-way), warp 1 has 16 (1).
  SharedResult R = shared(B, B.access(tx() * Expr(8), 4), block(48));
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_DOUBLE_EQ(R.WavefrontsMean, 1.5);
  EXPECT_EQ(R.Requests, 2u);
  EXPECT_DOUBLE_EQ(R.IdealMean, 1);
}

TEST(SolverShared, GuardRestrictsLanes) {
  KernelBuilder B;
  // if (tid < 16) s[64 * tid]: 16 active lanes, all bank 0.
  SharedResult R = shared(B, B.access(tx() * Expr(256), 4, lt(tx(), 16)));
  EXPECT_EQ(R.Wavefronts, 16u);
  // Block 64 with the same guard: warp 1 never executes it.
  SharedResult R2 =
      shared(B, B.access(tx() * Expr(256), 4, lt(tx(), 16)), block(64));
  EXPECT_EQ(R2.Requests, 1u);
}

TEST(SolverShared, XorSwizzleIsExact) {
  KernelBuilder B;
  LaunchConfig L = block(32, 8);
  // Reading a column of float[32][32]: s[tx][ty ^ tx] vs s[tx][ty].
  Expr Swz = Expr::binary(ExprKind::BitXor, ty(), tx());
  EXPECT_EQ(
      shared(B, B.access((tx() * Expr(32) + Swz) * Expr(4), 4), L).Wavefronts,
      1u);
  EXPECT_EQ(
      shared(B, B.access((tx() * Expr(32) + ty()) * Expr(4), 4), L).Wavefronts,
      32u);
}

TEST(SolverShared, ReductionLoopWorstAndMean) {
  KernelBuilder B;
  // for (s = 128; s > 0; s >>= 1) if (tid < s) a[2 * s * tid]
  unsigned S = B.addLoop(
      "s", Expr(128), [](Expr V) { return gt(V, 0); }, Loop::StepKind::Divide,
      2);
  Access A = B.access(Expr(2) * loopVar(S) * tx() * Expr(4), 4,
                      lt(tx(), loopVar(S)), {S});
  SharedResult R = shared(B, A, block(256));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  // s = 128, 64, 32: 32-way in 4 + 2 + 1 warps; s = 16: 16-way; s = 8:
  // 4-way; s = 4, 2, 1: 1. 12 requests, 247 wavefronts.
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Requests, 12u);
  EXPECT_DOUBLE_EQ(R.WavefrontsMean, 247.0 / 12);
  EXPECT_DOUBLE_EQ(R.IdealMean, 1);
  ASSERT_TRUE(R.Example);
  ASSERT_FALSE(R.Example->Bindings.empty());
  EXPECT_EQ(R.Example->Bindings[0].first, "s");
}

TEST(SolverShared, LoopOverRowsAndColumns) {
  KernelBuilder B;
  unsigned I = B.addLoop("i", Expr(0), [](Expr V) { return lt(V, 8); });
  SharedResult Row = shared(
      B, B.access((loopVar(I) * Expr(32) + tx()) * Expr(4), 4, true, {I}));
  EXPECT_EQ(Row.Wavefronts, 1u);
  EXPECT_EQ(Row.Requests, 8u);
  SharedResult Col = shared(
      B, B.access((tx() * Expr(32) + loopVar(I)) * Expr(4), 4, true, {I}));
  EXPECT_EQ(Col.Wavefronts, 32u);
  EXPECT_EQ(Col.Requests, 8u);
  // An enclosing loop the address does not use only repeats the request.
  unsigned K = B.addLoop("k", Expr(0), [](Expr V) { return lt(V, 5); });
  SharedResult Rep = shared(B, B.access(tx() * Expr(4), 4, true, {K}));
  EXPECT_EQ(Rep.Requests, 5u);
  EXPECT_EQ(Rep.Wavefronts, 1u);
}

TEST(SolverShared, TriangularLoopCountsIterations) {
  KernelBuilder B;
  // for (i = 0; i < 4; ++i) for (j = 0; j < i; ++j) s[32 * tx * (i % 2 + 1)...]
  unsigned I = B.addLoop("i", Expr(0), [](Expr V) { return lt(V, 4); });
  unsigned J =
      B.addLoop("j", Expr(0), [&](Expr V) { return lt(V, loopVar(I)); });
  B.K.Loops[J].Parents = {I};
  // s[tx * (i + 1)]: i = 1, 2, 3 execute (1, 2, 3 times): 2-way, 1, 4-way...
  Access A = B.access(tx() * (loopVar(I) + Expr(1)) * Expr(4), 4, true, {I, J});
  SharedResult R = shared(B, A);
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  // Strides 2, 3, 4 words: 2-way once, 1 twice, 4-way three times.
  EXPECT_EQ(R.Requests, 6u);
  EXPECT_EQ(R.Wavefronts, 4u);
  EXPECT_DOUBLE_EQ(R.WavefrontsMean, (2 + 2 * 1 + 3 * 4) / 6.0);
}

TEST(SolverShared, ThreadDependentLoopBounds) {
  KernelBuilder B;
  // for (i = tid; i < 40; i += 32) s[i]: iteration 0 all lanes, iteration 1
  // lanes 0..7 (i = 32..39).
  unsigned I = B.addLoop(
      "i", tx(), [](Expr V) { return lt(V, 40); }, Loop::StepKind::Add, 32);
  SharedResult R = shared(B, B.access(loopVar(I) * Expr(4), 4, true, {I}));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 1u);
  EXPECT_EQ(R.Requests, 2u);
  // s[2 * i]: first request 2-way, second (8 lanes) conflict-free.
  SharedResult R2 = shared(B, B.access(loopVar(I) * Expr(8), 4, true, {I}));
  EXPECT_EQ(R2.Wavefronts, 2u);
  EXPECT_DOUBLE_EQ(R2.WavefrontsMean, 1.5);
}

TEST(SolverShared, SymbolicOffsetHoldsForAllValues) {
  KernelBuilder B;
  unsigned N = B.addParam("n");
  // s[tx + n]: shifting every lane by n words keeps them in distinct banks.
  SharedResult R = shared(B, B.access((tx() + param(N)) * Expr(4), 4));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 1u);
  EXPECT_EQ(R.Condition, "");
  // A launch that binds n gives the same.
  LaunchConfig L = block(32);
  L.ParamValues = {{N, 7}};
  EXPECT_EQ(shared(B, B.access((tx() * Expr(2) + param(N)) * Expr(4), 4), L)
                .Wavefronts,
            2u);
}

TEST(SolverShared, GuardOnParameterGivesCondition) {
  KernelBuilder B;
  unsigned N = B.addParam("n");
  // if (tx < n) s[2 * tx]: 2-way only when more than 16 lanes are active.
  SharedResult R = shared(B, B.access(tx() * Expr(8), 4, lt(tx(), param(N))));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.Condition, "n >= 17");
  ASSERT_EQ(R.Cases.size(), 2u);
  EXPECT_EQ(R.Cases[1].Worst, 1u);
  EXPECT_EQ(R.Cases[1].Condition, "1 <= n && n <= 16");
}

/// s[tx * n]: lane l asks word n * l, bank n * l % 32, so gcd(n, 32) lanes
/// share each bank with different words; n = 0 is one broadcast word.
TEST(SolverShared, ProductWithParameter) {
  KernelBuilder B;
  unsigned N = B.addParam("n");
  SharedResult R = shared(B, B.access(tx() * param(N) * Expr(4), 4));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Condition, "n % 32 == 0 && n != 0");
  std::map<std::string, unsigned> ByCondition;
  for (const SolveCase &C : R.Cases)
    ByCondition[C.Condition] = C.Worst;
  EXPECT_EQ(ByCondition["n % 32 == 16"], 16u);
  EXPECT_EQ(ByCondition["n % 4 == 2"], 2u);
  EXPECT_EQ(ByCondition["n % 2 == 1 || n == 0"], 1u);
  // Two free symbols times lane indices stay unknown.
  unsigned M = B.addParam("m");
  SharedResult R2 = shared(
      B, B.access((tx() * param(N) + tx() * tx() * param(M)) * Expr(4), 4));
  EXPECT_EQ(R2.Status, SolveStatus::Unknown);
  EXPECT_NE(R2.Reason.find("product of threadIdx.x and '"),
            std::string::npos)
      << R2.Reason;
}

TEST(SolverShared, UnknownOffsetAndGuards) {
  KernelBuilder B;
  Access A = B.access(tx(), 4);
  A.ByteOffset.reset();
  A.UnknownReason = "index loaded from memory";
  EXPECT_EQ(shared(B, A).Reason, "index loaded from memory");

  Access T = B.access(tx() * Expr(4), 4,
                      Predicate::unknown("data-dependent branch", true));
  SharedResult RT = shared(B, T);
  EXPECT_EQ(RT.Status, SolveStatus::Unknown);
  EXPECT_NE(RT.Reason.find("active lanes depend on"), std::string::npos);

  Access U = B.access(tx() * Expr(8), 4,
                      Predicate::unknown("flag loaded once per block", false));
  SharedResult RU = shared(B, U);
  ASSERT_EQ(RU.Status, SolveStatus::Exact);
  EXPECT_EQ(RU.Wavefronts, 2u);
  EXPECT_NE(RU.Condition.find("flag loaded once per block"), std::string::npos);
}

TEST(SolverShared, AssumedBlockShape) {
  KernelBuilder B;
  LaunchConfig L; // Assumed: blockDim.x a multiple of 32
  EXPECT_EQ(shared(B, B.access(tx() * Expr(4), 4), L).Wavefronts, 1u);
  EXPECT_EQ(shared(B, B.access(tx() * Expr(128), 4), L).Wavefronts, 32u);
  // s[ty][tx] with ty uniform over the warp.
  SharedResult R =
      shared(B, B.access((ty() * Expr(32) + tx()) * Expr(4), 4), L);
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 1u);
  // s[tx * blockDim.x]: blockDim.x = 32 * B, so lane l asks word
  // 32 * B * l + ...: every lane on one bank, 32 different words.
  Expr BD = Expr::symbol(SymbolKind::BlockDim, 0);
  SharedResult RB = shared(B, B.access(tx() * BD * Expr(4), 4), L);
  ASSERT_EQ(RB.Status, SolveStatus::Exact) << RB.Reason;
  EXPECT_EQ(RB.Wavefronts, 32u);
  EXPECT_EQ(RB.Condition, "");
}

TEST(SolverShared, IslProvesWhatEnumerationCannotReach) {
  KernelBuilder B;
  // for (i = 0; i < 100000000; ++i) s[tx + 32 * i]: far beyond the budget,
  // but the conflict relation is empty.
  unsigned I = B.addLoop("i", Expr(0), [](Expr V) { return lt(V, 100000000); });
  SharedResult R = shared(
      B, B.access((tx() + loopVar(I) * Expr(32)) * Expr(4), 4, true, {I}));
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 1u);
  EXPECT_EQ(R.Requests, 0u);
  // Column walk over the same loop: conflicts exist; unknown with reason.
  SharedResult C = shared(
      B, B.access((tx() * Expr(32) + loopVar(I)) * Expr(4), 4, true, {I}));
  EXPECT_EQ(C.Status, SolveStatus::Unknown);
  EXPECT_NE(C.Reason.find("too large"), std::string::npos) << C.Reason;
}

TEST(SolverShared, IslConditionNamesTheSourceParameters) {
  KernelBuilder B;
  // for (i = 0; i < 100000000; ++i) if (tx < active) s[tx * 32 + i]: too
  // long to enumerate; ISL finds conflicts exactly when two lanes are
  // active, and says so in the parameter's own name.
  unsigned N = B.addParam("active");
  unsigned I = B.addLoop("i", Expr(0), [](Expr V) { return lt(V, 100000000); });
  SharedResult C = shared(B, B.access((tx() * Expr(32) + loopVar(I)) * Expr(4),
                                      4, lt(tx(), param(N)), {I}));
  EXPECT_EQ(C.Status, SolveStatus::Unknown);
  EXPECT_NE(C.Reason.find("bank conflicts are possible when"),
            std::string::npos)
      << C.Reason;
  EXPECT_NE(C.Reason.find("when active >= 2"), std::string::npos) << C.Reason;
  EXPECT_EQ(C.Reason.find("p0"), std::string::npos) << C.Reason;
}

TEST(SolverShared, QuotaGivesUnknownQuickly) {
  KernelBuilder B;
  unsigned N = B.addParam("n");
  unsigned M = B.addParam("m");
  // Deeply nested divisions and modulos of parameters in a huge loop nest.
  std::vector<unsigned> Loops;
  for (int D = 0; D < 4; ++D)
    Loops.push_back(B.addLoop("i" + std::to_string(D), Expr(0),
                              [&](Expr V) { return lt(V, param(N)); }));
  Expr E = tx();
  for (unsigned Id : Loops)
    E = Expr::binary(
        ExprKind::Rem,
        Expr::binary(ExprKind::Div, E * Expr(37) + loopVar(Id), 7) + param(M),
        1031);
  SolveOptions Opts = options();
  Opts.IslMaxOperations = 20000;
  auto Start = std::chrono::steady_clock::now();
  SharedResult R =
      shared(B, B.access(E * Expr(4), 4, true, Loops), block(32), Opts);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  EXPECT_EQ(R.Status, SolveStatus::Unknown);
  EXPECT_FALSE(R.Reason.empty());
  EXPECT_LT(Seconds, 10.0);
  EXPECT_NE(R.Reason.find("ISL operation quota exhausted"), std::string::npos)
      << R.Reason;
}

} // namespace
