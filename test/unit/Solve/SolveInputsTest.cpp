//===- SolveInputsTest.cpp - When two solves read the same inputs ---------===//
//
// Two kernels that repeat one access (a template's instantiations) share a
// solve; any difference in what the solver reads keeps them apart. Each
// test below starts from two equal kernels and changes one thing.
//
//===----------------------------------------------------------------------===//

#include "Solve/SolveInputs.h"

#include "SolveTestUtil.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::test;

namespace {

Expr uniformSym(unsigned Id) { return Expr::symbol(SymbolKind::Uniform, Id); }

/// A kernel whose one access reads g[(w * ty + tx + k * 64)] in a loop over
/// k < n, guarded by tx < u (an opaque value), launched 16x16. Padding
/// shifts the ids of its loop, its opaque value and its parameters, as
/// kernels number them in their own order.
struct TwoKernels {
  KernelBuilder A{MemorySpace::Global}, B{MemorySpace::Global};
  LaunchConfig LA = block(16, 16), LB = block(16, 16);

  static void build(KernelBuilder &K, unsigned Pad, const std::string &Extra) {
    for (unsigned I = 0; I < Pad; ++I) {
      K.addParam("unused" + std::to_string(I), Extra);
      UniformValue U;
      U.Id = unsigned(K.K.Uniforms.size());
      U.Description = "something else";
      K.K.Uniforms.push_back(U);
      K.addLoop("j", Expr(0),
                [](Expr V) { return Predicate::cmp(CmpKind::LT, V, Expr(2)); });
    }
    unsigned W = K.addParam("w"), N = K.addParam("n");
    UniformValue U;
    U.Id = unsigned(K.K.Uniforms.size());
    U.Description = "value loaded from 'limit'";
    K.K.Uniforms.push_back(U);
    unsigned L = K.addLoop("k", Expr(0), [&](Expr V) {
      return Predicate::cmp(CmpKind::LT, V, param(N));
    });
    Expr Offset = (param(W) * ty() + tx() + loopVar(L) * Expr(64)) * Expr(4);
    Predicate Guard = Predicate::cmp(CmpKind::LT, tx(), uniformSym(U.Id));
    K.K.Accesses.push_back(K.access(Offset, 4, Guard, {L}));
  }

  TwoKernels(unsigned PadA = 0, unsigned PadB = 2,
             const std::string &ExtraB = "double") {
    build(A, PadA, "float");
    build(B, PadB, ExtraB);
  }
  bool same() const {
    return sameSolveInputs({&A.K, &A.K.Accesses[0], &LA},
                           {&B.K, &B.K.Accesses[0], &LB});
  }
  bool sameHash() const {
    return solveInputHash({&A.K, &A.K.Accesses[0], &LA}) ==
           solveInputHash({&B.K, &B.K.Accesses[0], &LB});
  }
};

TEST(SolveInputsTest, KernelsThatNumberAlikeThingsApartShareTheSolve) {
  TwoKernels T;
  EXPECT_TRUE(T.same());
  EXPECT_TRUE(T.sameHash());
  // Parameters the access never reaches may differ (float and double).
  TwoKernels U(1, 1, "double");
  EXPECT_TRUE(U.same());
}

TEST(SolveInputsTest, AnyDifferenceInWhatTheSolverReadsKeepsThemApart) {
  {
    TwoKernels T;
    T.B.K.Objects[0].Extents = {256};
    EXPECT_FALSE(T.same()) << "object size";
  }
  {
    TwoKernels T;
    T.B.K.Params.back().Type = "long";
    EXPECT_FALSE(T.same()) << "type of a parameter the loop reads";
  }
  {
    TwoKernels T;
    T.B.K.Params[T.B.K.Params.size() - 2].Name = "pitch";
    EXPECT_FALSE(T.same()) << "name of a parameter the address reads";
  }
  {
    TwoKernels T;
    T.B.K.Uniforms.back().Description = "value loaded from 'other'";
    EXPECT_FALSE(T.same()) << "opaque value";
  }
  {
    TwoKernels T;
    T.B.K.Loops.back().RemainderFirstUnroll = std::nullopt;
    EXPECT_FALSE(T.same()) << "loop unrolling";
  }
  {
    TwoKernels T;
    T.B.K.Loops.back().StepValue = 2;
    EXPECT_FALSE(T.same()) << "loop step";
  }
  {
    TwoKernels T;
    T.LB = block(32, 8);
    EXPECT_FALSE(T.same()) << "launch shape";
  }
  {
    TwoKernels T;
    T.B.K.Accesses[0].Bytes = 8;
    EXPECT_FALSE(T.same()) << "width";
  }
  {
    TwoKernels T;
    T.B.K.Accesses[0].Guard = Predicate::conj(
        {T.B.K.Accesses[0].Guard,
         Predicate::unknown("data", /*DependsOnThread=*/true, true)});
    T.A.K.Accesses[0].Guard = Predicate::conj(
        {T.A.K.Accesses[0].Guard,
         Predicate::unknown("data", /*DependsOnThread=*/true, false)});
    EXPECT_FALSE(T.same()) << "an unknown condition from data or not";
  }
  {
    TwoKernels T;
    T.B.K.Accesses[0].Emitted.SplitBytes = {4};
    EXPECT_FALSE(T.same()) << "an instruction of another shape";
  }
  {
    TwoKernels T;
    // The guard reads another opaque value of B's kernel.
    T.B.K.Accesses[0].Guard = Predicate::cmp(CmpKind::LT, tx(), uniformSym(0));
    EXPECT_FALSE(T.same()) << "another opaque value";
  }
}

TEST(SolveInputsTest, PartlyRunTimeShapesNameTheirSite) {
  TwoKernels T;
  for (LaunchConfig *L : {&T.LA, &T.LB}) {
    L->Source = LaunchSource::LaunchSite;
    L->Block.reset();
    L->PartialBlock = {16, std::nullopt, 1};
  }
  T.LA.Site = {"a.cu", 10, 3, 0};
  T.LB.Site = {"a.cu", 10, 3, 0};
  EXPECT_TRUE(T.same());
  T.LB.Site = {"a.cu", 12, 3, 0};
  EXPECT_FALSE(T.same());
}

TEST(SolveInputsTest, WithinAKernelTheOperationMattersForSharedMemoryOnly) {
  for (MemorySpace Space : {MemorySpace::Global, MemorySpace::Shared}) {
    KernelBuilder K(Space);
    Access Load = K.access(tx() * Expr(4), 4);
    Access Store = Load;
    Store.Op = AccessOp::Store;
    K.K.Accesses = {Load, Store};
    LaunchConfig L = block(64);
    EXPECT_EQ(sameSolveInputs({&K.K, &K.K.Accesses[0], &L},
                              {&K.K, &K.K.Accesses[1], &L}),
              Space == MemorySpace::Global);
  }
}

} // namespace
