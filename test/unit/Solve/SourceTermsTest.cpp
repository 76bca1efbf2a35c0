//===- SourceTermsTest.cpp - Solver expressions in the source's terms -----===//
//
// sourceTerms undoes the assumed shape's rewrites before printing:
// threadIdx.x = 32 * W + lane and blockDim.x = 32 * B, as buildSpace binds
// them (Solve/LaunchSpace.cpp). The spaces here are set up the way
// bindLaunchShape sets up an assumed one.
//
//===----------------------------------------------------------------------===//

#include "Solve/Space/SourceTerms.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

Expr sym(SymbolKind K, unsigned I) { return Expr::symbol(K, I); }

SolveSpace assumedSpace() {
  static const KernelModel Names; // names the launch symbols
  SolveSpace S;
  S.Assumed = true;
  S.Name = [](Symbol Sym) {
    if (Sym == assumedWarpBaseX())
      return std::string("threadIdx.x / 32");
    if (Sym == assumedBlockDimX32())
      return std::string("blockDim.x / 32");
    if (Sym.Kind == SymbolKind::Param)
      return std::string(Sym.Index == 0 ? "dx" : "s");
    return Names.symbolName(Sym);
  };
  S.Display[assumedBlockDimX32()] = {32, "blockDim.x", false};
  S.Display[assumedWarpBaseX()] = {32, "threadIdx.x - threadIdx.x % 32", true};
  return S;
}

// The bound forms of threadIdx.x and blockDim.x.
Expr boundTid() {
  return Expr::threadIdx(0) + Expr::symbol(assumedWarpBaseX()) * Expr(32);
}
Expr boundBlockDim() { return Expr::symbol(assumedBlockDimX32()) * Expr(32); }

TEST(SourceTerms, LaneAndWarpBaseMergeBackIntoThreadIdx) {
  SolveSpace S = assumedSpace();
  Expr BlockIdx = sym(SymbolKind::BlockIdx, 0), Dx = sym(SymbolKind::Param, 0);
  Expr Global = BlockIdx * boundBlockDim() + boundTid();
  EXPECT_EQ(sourceTerms(Global - Dx, S),
            "blockIdx.x * blockDim.x + threadIdx.x - dx");
  // Inside an atom too: (threadIdx.x + 4) / 8.
  Expr Div = Expr::binary(ExprKind::Div, boundTid() + Expr(4), Expr(8));
  EXPECT_EQ(sourceTerms(Div, S), "(threadIdx.x + 4) / 8");
  // A comparison, as guards are quoted.
  Predicate P = Predicate::cmp(CmpKind::LT, Global, Dx);
  EXPECT_EQ(sourceTerms(P, S), "blockIdx.x * blockDim.x + threadIdx.x < dx");
}

TEST(SourceTerms, WhatDoesNotMergeIsNamedForWhatItIs) {
  SolveSpace S = assumedSpace();
  Expr W = Expr::symbol(assumedWarpBaseX()), S1 = sym(SymbolKind::Param, 1);
  // The warp's base alone, scaled as it shows; the lane alone.
  EXPECT_EQ(sourceTerms(W * Expr(32) - S1, S),
            "(threadIdx.x - threadIdx.x % 32) - s");
  EXPECT_EQ(sourceTerms(Expr::threadIdx(0) * Expr(4), S),
            "(threadIdx.x % 32) * 4");
  // Nothing to undo: printed as it is.
  Expr Plain = sym(SymbolKind::BlockIdx, 1) * Expr(3) + S1;
  EXPECT_EQ(sourceTerms(Plain, S), Plain.str(S.Name));
  EXPECT_EQ(sourceName(assumedBlockDimX32(), S), "blockDim.x");
  EXPECT_EQ(sourceName({SymbolKind::Param, 0}, S), "dx");
}

} // namespace
