//===- SourceMergeTest.cpp - The source-level rules of nvcc's rewrites ----===//
//
// Each case is a pattern compiled to SASS (nvcc 13.0 -O3 sm_90) whose
// outcome docs/hardware-model.md S9 records; the solver then counts the
// emitted instruction.
//
//===----------------------------------------------------------------------===//

#include "Facts/Linear.h"
#include "Facts/SourceMerge.h"
#include "Facts/UnrollMerge.h"
#include "SolveTestUtil.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::test;

namespace {

/// Adds s[Index] (4-byte elements) of object 0 as access Id, at a source
/// offset that follows program order.
Access &add(KernelBuilder &B, Expr Index, AccessOp Op = AccessOp::Load,
            std::vector<unsigned> Loops = {}, unsigned Bytes = 4) {
  Access A = B.access(Index * Expr(int64_t(Bytes)), Bytes, true, Loops);
  A.Id = unsigned(B.K.Accesses.size());
  A.Op = Op;
  A.TypeAlign = Bytes;
  A.Range.Begin.File = "f.cu";
  A.Range.Begin.Line = 10 + A.Id;
  A.Range.Begin.Offset = 100 * (A.Id + 1);
  A.Loc = A.Range.Begin;
  B.K.Accesses.push_back(A);
  return B.K.Accesses.back();
}

TEST(Linear, ConstantDifferences) {
  EXPECT_EQ(constantDifference(tx() * Expr(8), tx() * Expr(8) + Expr(4)), 4);
  EXPECT_EQ(constantDifference((tx() + Expr(1)) * Expr(4), tx() * Expr(4)), -4);
  EXPECT_EQ(constantDifference(tx() * Expr(4), ty() * Expr(4)), std::nullopt);
  auto F = linearize(tx() * Expr(16) + ty() * Expr(64) + Expr(32));
  ASSERT_TRUE(F);
  EXPECT_EQ(F->knownMultiple(), 16);
}

TEST(SourceMerge, SharedPairBecomesOne8ByteLoad) {
  KernelBuilder B;
  add(B, tx() * Expr(2));
  add(B, tx() * Expr(2) + Expr(1));
  applySourceRules(B.K);
  const Access &C = B.K.Accesses[0], &M = B.K.Accesses[1];
  EXPECT_EQ(C.Emitted.InstrBytes, 8u);
  EXPECT_EQ(C.Emitted.Carries, std::vector<unsigned>{1});
  EXPECT_EQ(M.Emitted.MergedInto, 0u);
  // s[2t] alone: 2 wavefronts, ideal 1; the LDS.64: 2, ideal 2 (S2).
  SharedResult R = solveShared(B.K, C, block(32), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.IdealWavefronts, 2u);
  SharedResult Carried = solveShared(B.K, M, block(32), options());
  EXPECT_EQ(Carried.Status, SolveStatus::Exact);
  EXPECT_EQ(Carried.Requests, 0u);
  EXPECT_EQ(Carried.Wavefronts, 0u);
}

TEST(SourceMerge, FourConsecutiveBecomeOne16ByteLoad) {
  KernelBuilder B;
  for (int K = 0; K < 4; ++K)
    add(B, tx() * Expr(4) + Expr(128 + K));
  applySourceRules(B.K);
  EXPECT_EQ(B.K.Accesses[0].Emitted.InstrBytes, 16u);
  EXPECT_EQ(B.K.Accesses[0].Emitted.Carries.size(), 3u);
  SharedResult R = solveShared(B.K, B.K.Accesses[0], block(32), options());
  EXPECT_EQ(R.Wavefronts, 4u);
  EXPECT_EQ(R.IdealWavefronts, 4u);
}

/// Stores (S9 (g)): one STS.64 on the later store's line, which writes the
/// higher or the lower word; nothing between them may touch memory.
TEST(SourceMerge, AdjacentStoresBecomeOneOnTheLaterLine) {
  KernelBuilder B;
  add(B, tx() * Expr(2) + Expr(1), AccessOp::Store); // s[2t+1] = b
  add(B, tx() * Expr(2), AccessOp::Store);           // s[2t] = a
  applySourceRules(B.K);
  const Access &First = B.K.Accesses[0], &Last = B.K.Accesses[1];
  EXPECT_EQ(First.Emitted.MergedInto, 1u);
  EXPECT_EQ(Last.Emitted.InstrBytes, 8u);
  EXPECT_EQ(Last.Emitted.InstrBelow, 0);
  SharedResult R = solveShared(B.K, Last, block(32), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.IdealWavefronts, 2u);

  // In address order the carrier is the higher word: the instruction
  // starts 4 bytes below it.
  KernelBuilder C;
  add(C, tx() * Expr(2), AccessOp::Store);
  add(C, tx() * Expr(2) + Expr(1), AccessOp::Store);
  applySourceRules(C.K);
  EXPECT_EQ(C.K.Accesses[0].Emitted.MergedInto, 1u);
  EXPECT_EQ(C.K.Accesses[1].Emitted.InstrBelow, 4);
  EXPECT_EQ(solveShared(C.K, C.K.Accesses[1], block(32), options()).Wavefronts,
            2u);

  // A load of another array between them keeps them apart.
  KernelBuilder D;
  add(D, tx() * Expr(2), AccessOp::Store);
  D.K.Objects.push_back(D.K.Objects[0]);
  add(D, tx(), AccessOp::Load).Object = 1;
  add(D, tx() * Expr(2) + Expr(1), AccessOp::Store);
  applySourceRules(D.K);
  EXPECT_TRUE(D.K.Accesses[0].Emitted.isAsWritten());
  EXPECT_TRUE(D.K.Accesses[2].Emitted.isAsWritten());

  // A load of global memory between them does not: STS.64.
  KernelBuilder G;
  add(G, tx() * Expr(2), AccessOp::Store);
  G.K.Objects.push_back(G.K.Objects[0]);
  G.K.Objects[1].Space = MemorySpace::Global;
  add(G, tx(), AccessOp::Load).Object = 1;
  add(G, tx() * Expr(2) + Expr(1), AccessOp::Store);
  applySourceRules(G.K);
  EXPECT_EQ(G.K.Accesses[0].Emitted.MergedInto, 2u);
  EXPECT_EQ(G.K.Accesses[2].Emitted.InstrBytes, 8u);
}

/// Relocatable device code: a static shared array placed by the device
/// linker is only as aligned as declared (S9 (e)).
TEST(SourceMerge, LinkerPlacedArraysMergeOnlyAsFarAsDeclared) {
  for (auto [Align, Expected] : {std::pair<unsigned, unsigned>{4, 0},
                                 {8, 8},
                                 {16, 8}}) {
    KernelBuilder B;
    B.K.Objects[0].LinkerPlaced = true;
    B.K.Objects[0].AlignBytes = Align;
    add(B, tx() * Expr(2));
    add(B, tx() * Expr(2) + Expr(1));
    applySourceRules(B.K);
    EXPECT_EQ(B.K.Accesses[0].Emitted.InstrBytes, Expected) << Align;
  }
  // The dynamic window is not placed by the linker: 16-byte aligned.
  KernelBuilder B;
  B.K.Objects[0].IsExtern = true;
  B.K.Objects[0].AlignBytes = 4;
  for (int K = 0; K < 4; ++K)
    add(B, tx() * Expr(4) + Expr(K));
  applySourceRules(B.K);
  EXPECT_EQ(B.K.Accesses[0].Emitted.InstrBytes, 16u);
}

TEST(SourceMerge, WhatKeepsLoadsApart) {
  // Odd start (s[2t+1], s[2t+2]): not 8-byte aligned.
  {
    KernelBuilder B;
    add(B, tx() * Expr(2) + Expr(1));
    add(B, tx() * Expr(2) + Expr(2));
    applySourceRules(B.K);
    EXPECT_TRUE(B.K.Accesses[0].Emitted.isAsWritten());
  }
  // A store to the array between them.
  {
    KernelBuilder B;
    add(B, tx() * Expr(2));
    add(B, tx() + Expr(64), AccessOp::Store);
    add(B, tx() * Expr(2) + Expr(1));
    applySourceRules(B.K);
    EXPECT_TRUE(B.K.Accesses[0].Emitted.isAsWritten());
  }
  // A barrier between them.
  {
    KernelBuilder B;
    add(B, tx() * Expr(2));
    add(B, tx() * Expr(2) + Expr(1));
    Barrier Bar;
    Bar.Range.Begin.File = "f.cu";
    Bar.Range.Begin.Offset = 150;
    B.K.Barriers.push_back(Bar);
    applySourceRules(B.K);
    EXPECT_TRUE(B.K.Accesses[0].Emitted.isAsWritten());
  }
  // Volatile.
  {
    KernelBuilder B;
    add(B, tx() * Expr(2)).Volatile = true;
    add(B, tx() * Expr(2) + Expr(1)).Volatile = true;
    applySourceRules(B.K);
    EXPECT_TRUE(B.K.Accesses[0].Emitted.isAsWritten());
  }
  // A float* kernel parameter: nvcc does not know it is 8-byte aligned.
  {
    KernelBuilder B(MemorySpace::Global);
    add(B, tx() * Expr(2));
    add(B, tx() * Expr(2) + Expr(1));
    applySourceRules(B.K);
    EXPECT_TRUE(B.K.Accesses[0].Emitted.isAsWritten());
  }
}

TEST(SourceMerge, ALoadOfBytesAlreadyReadIsNotIssued) {
  // float4 at 16 * t, then a float2 at the same address (vectorCast).
  KernelBuilder B;
  add(B, tx(), AccessOp::Load, {}, 16);
  Access &Sub = add(B, tx() * Expr(2), AccessOp::Load, {}, 8);
  applySourceRules(B.K);
  EXPECT_EQ(Sub.Emitted.MergedInto, 0u);
  // Not after a store to the array.
  KernelBuilder C;
  add(C, tx(), AccessOp::Load);
  add(C, tx() + Expr(32), AccessOp::Store);
  add(C, tx(), AccessOp::Load);
  applySourceRules(C.K);
  EXPECT_TRUE(C.K.Accesses[2].Emitted.isAsWritten());
}

/// Partners are found by their distance, not by pairing every access with
/// every other: thousands of loads of one address (a mutant of
/// tradeoff.cu repeated one line 3,000 times and took 40 s) reuse the
/// first, and the first still merges with its neighbour.
TEST(SourceMerge, ThousandsOfOneAddressStillPairByDistance) {
  KernelBuilder B;
  constexpr unsigned Copies = 3000;
  for (unsigned I = 0; I < Copies; ++I)
    add(B, tx() * Expr(2));
  add(B, tx() * Expr(2) + Expr(1));
  applySourceRules(B.K);
  for (unsigned I = 1; I < Copies; ++I)
    ASSERT_EQ(B.K.Accesses[I].Emitted.MergedInto, 0u) << I;
  const Access &First = B.K.Accesses[0];
  EXPECT_EQ(First.Emitted.InstrBytes, 8u);
  ASSERT_EQ(First.Emitted.Carries.size(), size_t(Copies));
  EXPECT_EQ(First.Emitted.Carries.back(), Copies);
  EXPECT_EQ(B.K.Accesses[Copies].Emitted.MergedInto, 0u);
}

TEST(SourceMerge, VectorFieldsOfAGlobalElementMerge) {
  // p[i].x and p[i].y of a float2* parameter: the type promises 8 bytes.
  KernelBuilder B(MemorySpace::Global);
  add(B, tx() * Expr(2)).TypeAlign = 8;
  add(B, tx() * Expr(2) + Expr(1)).TypeAlign = 8;
  applySourceRules(B.K);
  EXPECT_EQ(B.K.Accesses[0].Emitted.InstrBytes, 8u);
  GlobalResult R = solveGlobal(B.K, B.K.Accesses[0], block(32), options());
  EXPECT_EQ(R.Sectors, 8u);
  EXPECT_EQ(R.IdealSectors, 8u);
}

TEST(SourceMerge, UnrolledLoopReads16BytesPerFourIterations) {
  KernelBuilder B;
  unsigned L = B.addLoop("k", Expr(0), [](Expr K) { return lt(K, Expr(16)); });
  // As[ty][k] of a 16x16 float tile, block 16x16: LDS.128 per 4 k.
  add(B, ty() * Expr(16) + loopVar(L), AccessOp::Load, {L});
  applySourceRules(B.K);
  const Emission &E = B.K.Accesses[0].Emitted;
  EXPECT_EQ(E.InstrBytes, 16u);
  EXPECT_EQ(E.UnrolledLoop, L);
  EXPECT_EQ(E.IterationsPerInstr, 4u);
  SharedResult R = solveShared(B.K, B.K.Accesses[0], block(16, 16), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 2u); // matmul_tiled.cu:22 measured 2, ideal 2
  EXPECT_EQ(R.IdealWavefronts, 2u);
  EXPECT_EQ(R.Requests, 8u * 4u); // 8 warps, 4 LDS.128 each
}

TEST(SourceMerge, LoopsThatStayScalar) {
  auto Build = [](int64_t Trip, std::optional<unsigned> Pragma) {
    KernelBuilder B;
    unsigned L =
        B.addLoop("k", Expr(0), [&](Expr K) { return lt(K, Expr(Trip)); });
    B.K.Loops[L].UnrollPragma = Pragma;
    add(B, loopVar(L), AccessOp::Load, {L});
    applySourceRules(B.K);
    return B.K.Accesses[0].Emitted;
  };
  EXPECT_EQ(Build(8, std::nullopt).InstrBytes, 16u);
  EXPECT_EQ(Build(256, std::nullopt).InstrBytes, 16u);
  EXPECT_TRUE(Build(8, 1u).isAsWritten()); // #pragma unroll 1
  EXPECT_TRUE(Build(6, std::nullopt).isAsWritten()); // LDS.128 + LDS.64
  // A runtime bound.
  KernelBuilder B;
  unsigned N = B.addParam("n");
  unsigned L = B.addLoop("k", Expr(0), [&](Expr K) { return lt(K, param(N)); });
  EXPECT_EQ(constantTripCount(B.K.Loops[L]), std::nullopt);
}

TEST(SourceMerge, Float3CopiesSplitIntoThreeWords) {
  KernelBuilder B;
  Access &A = add(B, tx(), AccessOp::Store);
  A.Bytes = 12;
  A.ByteOffset = tx() * Expr(12);
  A.TypeAlign = 4;
  applySourceRules(B.K);
  EXPECT_EQ(A.Emitted.SplitBytes, (std::vector<unsigned>{4, 4, 4}));
  SharedResult R = solveShared(B.K, A, block(32), options());
  ASSERT_EQ(R.Status, SolveStatus::Exact) << R.Reason;
  EXPECT_EQ(R.Wavefronts, 1u); // three conflict-free STS
  EXPECT_EQ(R.IdealWavefronts, 1u);
  EXPECT_EQ(R.Requests, 3u);
}

} // namespace
