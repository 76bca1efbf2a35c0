//===- UniformityTest.cpp - Do all threads of a block agree? --------------===//

#include "Solve/Uniformity.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

Expr tx() { return Expr::threadIdx(0); }
Expr ty() { return Expr::threadIdx(1); }
Expr bx() { return Expr::symbol(SymbolKind::BlockIdx, 0); }
Expr by() { return Expr::symbol(SymbolKind::BlockIdx, 1); }
Expr bdx() { return Expr::symbol(SymbolKind::BlockDim, 0); }
Expr bdy() { return Expr::symbol(SymbolKind::BlockDim, 1); }
Expr param(unsigned I) { return Expr::symbol(SymbolKind::Param, I); }
Expr loopVar(unsigned I) { return Expr::symbol(SymbolKind::LoopVar, I); }

Predicate lt(Expr A, Expr B) { return Predicate::cmp(CmpKind::LT, A, B); }

/// A kernel with int parameters M, N and the launch shape Block.
KernelModel kernel(BlockShape Block) {
  KernelModel K;
  K.Name = "k";
  K.Params = {{0, "M", "int", false}, {1, "N", "int", false}};
  LaunchConfig L;
  L.Source = LaunchSource::LaunchSite;
  L.Block = Block;
  K.Launches.push_back(L);
  return K;
}

UniformityResult decide(const KernelModel &K, const Predicate &P) {
  return decideUniform(K, P, K.Launches.front());
}

TEST(Uniformity, ConditionWithoutThreadIndexIsUniform) {
  KernelModel K = kernel({32, 8, 1});
  EXPECT_EQ(decide(K, lt(bx(), param(0))).Verdict, UniformityResult::Uniform);
}

TEST(Uniformity, ThreadConditionCoveringTheWholeBlockIsUniform) {
  // threadIdx.x < 64 with blockDim.x = 64: always true.
  KernelModel K = kernel({64, 1, 1});
  UniformityResult R = decide(K, lt(tx(), 64));
  EXPECT_EQ(R.Verdict, UniformityResult::Uniform);
  EXPECT_TRUE(R.ByEnumeration);
  // threadIdx.x < blockDim.x as well.
  EXPECT_EQ(decide(K, lt(tx(), bdx())).Verdict, UniformityResult::Uniform);
}

TEST(Uniformity, ThreadConditionSplittingTheBlockIsDivergentByEnumeration) {
  KernelModel K = kernel({64, 1, 1});
  UniformityResult R = decide(K, lt(tx(), 32));
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  EXPECT_TRUE(R.ByEnumeration);
  EXPECT_TRUE(R.Condition.empty());
  ASSERT_TRUE(R.Example);
  EXPECT_LT(R.Example->Taken[0], 32);
  EXPECT_GE(R.Example->NotTaken[0], 32);
}

TEST(Uniformity, RowBoundIsUniformOnlyForMultiplesOfBlockDimY) {
  // row = blockIdx.y * blockDim.y + threadIdx.y; row < M.
  KernelModel K = kernel({32, 8, 1});
  UniformityResult R = decide(K, lt(by() * bdy() + ty(), param(0)));
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  EXPECT_FALSE(R.ByEnumeration);
  EXPECT_EQ(R.Condition, "M % 8 != 0");
  ASSERT_TRUE(R.Example);
  ASSERT_EQ(R.Example->Bindings.size(), 1u);
  EXPECT_NE(R.Example->Bindings[0].second % 8, 0);
}

TEST(Uniformity, TwoBoundsGiveTwoModuli) {
  KernelModel K = kernel({32, 8, 1});
  Predicate P = Predicate::conj(
      {lt(by() * bdy() + ty(), param(0)), lt(bx() * bdx() + tx(), param(1))});
  UniformityResult R = decide(K, P);
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  EXPECT_EQ(R.Condition, "M % 8 != 0 or N % 32 != 0");
}

TEST(Uniformity, BoundOnThreadIndexAloneIsAlwaysDivergentForSomeParameter) {
  // threadIdx.x < n diverges for n = 1..31 with blockDim.x = 32: not a
  // modulus condition, so the text falls back.
  KernelModel K = kernel({32, 1, 1});
  UniformityResult R = decide(K, lt(tx(), param(0)));
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  EXPECT_EQ(R.Condition, "for some values of the parameters");
}

TEST(Uniformity, BoundParameterIsDecidedExactly) {
  KernelModel K = kernel({32, 8, 1});
  LaunchConfig L = K.Launches.front();
  L.ParamValues = {{0, 64}};
  EXPECT_EQ(decideUniform(K, lt(by() * bdy() + ty(), param(0)), L).Verdict,
            UniformityResult::Uniform);
  L.ParamValues = {{0, 60}};
  EXPECT_EQ(decideUniform(K, lt(by() * bdy() + ty(), param(0)), L).Verdict,
            UniformityResult::Divergent);
}

TEST(Uniformity, EnumerationAndIslAgreeOnClosedConditions) {
  // The same closed question through both paths: with the block shape bound
  // (enumeration) and with a parameter fixed to the same value (ISL, since
  // the parameter is substituted only after the path is chosen... so force
  // ISL by leaving blockDim symbolic in a parameter-free form).
  KernelModel K = kernel({32, 4, 1});
  std::vector<Predicate> Cases = {
      lt(tx() + ty() * 32, 96), lt(tx(), 32),
      Predicate::cmp(CmpKind::EQ, Expr::binary(ExprKind::Rem, tx(), 2), 0),
      Predicate::disj({lt(ty(), 2), lt(ty(), 4)})};
  for (const Predicate &P : Cases) {
    UniformityResult E = decide(K, P);
    // The ISL path: add a block-uniform term that cannot change the answer.
    Predicate Q = Predicate::conj({P, lt(bx(), bx() + 1)});
    UniformityResult I = decide(K, Q);
    EXPECT_TRUE(E.ByEnumeration);
    EXPECT_FALSE(I.ByEnumeration);
    EXPECT_EQ(E.Verdict, I.Verdict) << P;
  }
}

TEST(Uniformity, ThreadDependentOpaqueConditionIsUnknown) {
  KernelModel K = kernel({32, 1, 1});
  UniformityResult R = decide(
      K, Predicate::unknown("a value loaded from 'in[threadIdx.x]'", true));
  EXPECT_EQ(R.Verdict, UniformityResult::Unknown);
  EXPECT_NE(R.Reason.find("in[threadIdx.x]"), std::string::npos);
  // A block-uniform opaque condition (a __syncthreads_or result) is fine.
  EXPECT_EQ(decide(K, Predicate::unknown("__syncthreads_or(x)", false)).Verdict,
            UniformityResult::Uniform);
}

TEST(Uniformity, LoopVariableOfUniformLoopIsSharedWithItsValues) {
  // for (k = 0; k < 64; k += 32): k + threadIdx.x < 64 holds for every
  // thread of a 32-wide block at every iteration.
  KernelModel K = kernel({32, 1, 1});
  Loop L;
  L.Id = 0;
  L.VarName = "k";
  L.Init = 0;
  L.Condition = lt(loopVar(0), 64);
  L.StepValue = 32;
  K.Loops.push_back(L);
  EXPECT_EQ(decide(K, lt(loopVar(0) + tx(), 64)).Verdict,
            UniformityResult::Uniform);
  // ... but not k + threadIdx.x < 48.
  UniformityResult R = decide(K, lt(loopVar(0) + tx(), 48));
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  ASSERT_TRUE(R.Example);
  EXPECT_EQ(R.Example->Bindings.front().first, "k");
}

Loop strideLoop(Expr Init, Predicate Cond, int64_t Step) {
  Loop L;
  L.Id = 0;
  L.VarName = "i";
  L.Init = Init;
  L.Condition = Cond;
  L.StepValue = Step;
  return L;
}

TEST(Uniformity, TripCountOfBlockStrideLoop) {
  // for (i = threadIdx.x; i < N; i += blockDim.x): equal trip counts only
  // when N is a multiple of blockDim.x.
  KernelModel K = kernel({128, 1, 1});
  K.Loops.push_back(strideLoop(tx(), lt(loopVar(0), param(1)), 128));
  UniformityResult R = decideTripCount(K, 0, K.Launches.front());
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  EXPECT_EQ(R.Condition, "N % 128 != 0");
  // With N = 1024 bound at the launch every thread runs 8 iterations.
  LaunchConfig L = K.Launches.front();
  L.ParamValues = {{1, 1024}};
  EXPECT_EQ(decideTripCount(K, 0, L).Verdict, UniformityResult::Uniform);
}

TEST(Uniformity, TripCountOfUniformLoopsIsUniform) {
  KernelModel K = kernel({256, 1, 1});
  // for (s = blockDim.x / 2; s > 0; s >>= 1)
  Loop L = strideLoop(Expr::binary(ExprKind::Div, bdx(), 2),
                      Predicate::cmp(CmpKind::GT, loopVar(0), 0), 2);
  L.Step = Loop::StepKind::Divide;
  K.Loops.push_back(L);
  EXPECT_EQ(decideTripCount(K, 0, K.Launches.front()).Verdict,
            UniformityResult::Uniform);
}

TEST(Uniformity, TripCountDependingOnThreadIsDivergent) {
  // for (i = 0; i < threadIdx.x; ++i)
  KernelModel K = kernel({32, 1, 1});
  K.Loops.push_back(strideLoop(0, lt(loopVar(0), tx()), 1));
  UniformityResult R = decideTripCount(K, 0, K.Launches.front());
  ASSERT_EQ(R.Verdict, UniformityResult::Divergent);
  EXPECT_TRUE(R.Condition.empty());
}

TEST(Uniformity, AssumedBlockShapeIsAMultipleOf32) {
  KernelModel K = kernel({32, 1, 1});
  K.Launches.front().Block.reset();
  K.Launches.front().Source = LaunchSource::Assumed;
  // threadIdx.x / 32 == 0 splits any block of more than one warp.
  Predicate P =
      Predicate::cmp(CmpKind::EQ, Expr::binary(ExprKind::Div, tx(), 32), 0);
  EXPECT_EQ(decide(K, P).Verdict, UniformityResult::Divergent);
  // threadIdx.x < blockDim.x is always true.
  EXPECT_EQ(decide(K, lt(tx(), bdx())).Verdict, UniformityResult::Uniform);
}

TEST(Uniformity, ThreadDims) {
  EXPECT_EQ(threadDims(lt(ty() + tx(), 3)), (std::vector<unsigned>{0, 1}));
  EXPECT_TRUE(threadDims(lt(bx(), 3)).empty());
}

} // namespace
