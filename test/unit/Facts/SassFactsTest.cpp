//===- SassFactsTest.cpp - Joining SASS facts to hand-built models --------===//

#include "Facts/Linear.h"
#include "Facts/SassFacts.h"
#include "Facts/SassListing.h"

#include "Listings.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

Expr tx() { return Expr::threadIdx(0); }

MemoryObject object(const char *Name, MemorySpace Space, unsigned Bytes) {
  MemoryObject O;
  O.Name = Name;
  O.Space = Space;
  O.ElementBytes = Bytes;
  return O;
}

Access access(unsigned Id, unsigned Object, const char *File, unsigned Line,
              AccessOp Op, unsigned Bytes, Expr Offset) {
  Access A;
  A.Id = Id;
  A.Object = Object;
  A.Range.Begin.File = File;
  A.Range.Begin.Line = Line;
  A.Loc = A.Range.Begin;
  A.Op = Op;
  A.Bytes = Bytes;
  A.ByteOffset = std::move(Offset);
  return A;
}

/// haar of pairs.cu: s[2 * tid] (line 11) and s[2 * tid + 1] (line 12).
TranslationUnitModel haar() {
  TranslationUnitModel M;
  KernelModel K;
  K.Name = "haar";
  K.Objects = {object("s", MemorySpace::Shared, 4)};
  K.Accesses = {
      access(0, 0, "pairs.cu", 11, AccessOp::Load, 4, tx() * Expr(8)),
      access(1, 0, "pairs.cu", 12, AccessOp::Load, 4,
             tx() * Expr(8) + Expr(4))};
  M.Kernels.push_back(std::move(K));
  return M;
}

TEST(SassFacts, ConstantDifference) {
  EXPECT_EQ(constantDifference(tx() * Expr(8), tx() * Expr(8) + Expr(4)), 4);
  EXPECT_EQ(constantDifference(tx() * Expr(8), Expr(8) * (tx() + Expr(1))), 8);
  Expr Rem = Expr::binary(ExprKind::Rem, tx(), Expr(8));
  EXPECT_EQ(constantDifference(Rem * Expr(4), Rem * Expr(4) + Expr(12)), 12);
  EXPECT_EQ(constantDifference(tx() * Expr(8), tx() * Expr(4)), std::nullopt);
}

TEST(SassFacts, TwoScalarLoadsMergedIntoOneLds64) {
  TranslationUnitModel M = haar();
  SassFactsSummary S = applySassListing(M, readListing("pairs.sass"));
  EXPECT_EQ(S.KernelsMatched, 1u);
  const KernelModel &K = M.Kernels[0];
  const Emission &Carrier = K.Accesses[0].Emitted;
  const Emission &Merged = K.Accesses[1].Emitted;
  EXPECT_EQ(Carrier.From, Emission::Origin::Sass);
  EXPECT_EQ(Carrier.InstrBytes, 8u);
  EXPECT_EQ(Carrier.Carries, std::vector<unsigned>{1});
  EXPECT_NE(Carrier.Note.find("merges this load with the load of line 12 "
                              "into one 8-byte load (LDS.64)"),
            std::string::npos)
      << Carrier.Note;
  EXPECT_EQ(Merged.MergedInto, 0u);
  EXPECT_EQ(Merged.From, Emission::Origin::Sass);
  // The line facts came along.
  EXPECT_FALSE(K.Lines.empty());
}

TEST(SassFacts, SassOverridesASourceRule) {
  TranslationUnitModel M = haar();
  KernelModel &K = M.Kernels[0];
  K.Accesses[0].Emitted.From = Emission::Origin::SourceRule;
  K.Accesses[0].Emitted.InstrBytes = 8;
  K.Accesses[0].Emitted.Carries = {1};
  K.Accesses[1].Emitted.From = Emission::Origin::SourceRule;
  K.Accesses[1].Emitted.MergedInto = 0;
  applySassListing(M, readListing("pairs.sass"));
  EXPECT_EQ(K.Accesses[0].Emitted.From, Emission::Origin::Sass);
  EXPECT_EQ(K.Accesses[1].Emitted.From, Emission::Origin::Sass);
}

TEST(SassFacts, AnotherAccessOnTheLineMakesItAmbiguous) {
  TranslationUnitModel M = haar();
  KernelModel &K = M.Kernels[0];
  K.Objects.push_back(object("t", MemorySpace::Shared, 4));
  K.Accesses.push_back(
      access(2, 1, "pairs.cu", 12, AccessOp::Load, 4, tx() * Expr(4)));
  applySassListing(M, readListing("pairs.sass"));
  for (const Access &A : K.Accesses)
    EXPECT_EQ(A.Emitted.From, Emission::Origin::AsWritten) << A.Id;
}

TEST(SassFacts, Float3StoreSplitIntoThree) {
  // f3store of branches.cu: out[i] = v with a float3 v (line 29).
  TranslationUnitModel M;
  KernelModel K;
  K.Name = "f3store";
  K.Objects = {object("out", MemorySpace::Global, 12)};
  K.Accesses = {access(0, 0, "branches.cu", 29, AccessOp::Store, 12,
                       tx() * Expr(12))};
  M.Kernels.push_back(std::move(K));
  applySassListing(M, readListing("branches.sass"));
  const Emission &E = M.Kernels[0].Accesses[0].Emitted;
  EXPECT_EQ(E.From, Emission::Origin::Sass);
  EXPECT_EQ(E.SplitBytes, (std::vector<unsigned>{4, 4, 4}));
}

TEST(SassFacts, UnrolledLoopBecomesLds128) {
  // tiles of branches.cu: reg[i] = As[k0 * 64 + row * 8 + i], i < 8 (line
  // 15), unrolled into two LDS.128.
  TranslationUnitModel M;
  KernelModel K;
  K.Name = "tiles";
  K.Objects = {object("As", MemorySpace::Shared, 4)};
  Loop L;
  L.Id = 0;
  L.Loc.Line = 14;
  L.Init = Expr(0);
  Expr I = Expr::symbol(SymbolKind::LoopVar, 0);
  L.Condition = Predicate::cmp(CmpKind::LT, I, Expr(8));
  K.Loops = {L};
  Expr Row = Expr::binary(ExprKind::Div, tx(), Expr(16));
  Access A = access(0, 0, "branches.cu", 15, AccessOp::Load, 4,
                    (Expr::symbol(SymbolKind::Param, 1) * Expr(64) +
                     Row * Expr(8) + I) *
                        Expr(4));
  A.Loops = {0};
  K.Accesses = {A};
  M.Kernels.push_back(std::move(K));
  applySassListing(M, readListing("branches.sass"));
  const Emission &E = M.Kernels[0].Accesses[0].Emitted;
  EXPECT_EQ(E.From, Emission::Origin::Sass);
  EXPECT_EQ(E.InstrBytes, 16u);
  EXPECT_TRUE(E.Carries.empty());
}

TEST(SassFacts, APeeledIterationMergedElsewhereIsNotAsWritten) {
  // Trimmed from the listing of cuda-samples/reduction.cu: the unrolled
  // loop's first iteration loads S[2*Tid] (line 19) and S[2*Tid+1] (line 20)
  // with one LDS.64 on line 20; line 19's own instructions are scalar, but
  // they do not show all of its iterations.
  SassListing L = parseSassListing(R"(
//--------------------- .text._Z3redPf --------------------------
        .other          _Z3redPf,@"STO_CUDA_ENTRY STV_DEFAULT"
	//## File "r.cu", line 19
        /*0100*/              @!P1 LDS R7, [R6] ;
        /*0110*/              @!P0 LDS R9, [R8] ;
	//## File "r.cu", line 20
        /*0120*/              @!P0 LDS.64 R4, [R2] ;
        /*0130*/              @!P1 LDS R11, [R6+0x10] ;
)");
  TranslationUnitModel M;
  KernelModel K;
  K.Name = "red";
  K.Objects = {object("S", MemorySpace::Shared, 4)};
  Loop Stride;
  Stride.Init = Expr(1);
  Stride.Step = Loop::StepKind::Multiply;
  Stride.StepValue = 2;
  K.Loops = {Stride};
  Expr S = Expr::symbol(SymbolKind::LoopVar, 0);
  Access A = access(0, 0, "r.cu", 19, AccessOp::Load, 4,
                    S * tx() * Expr(8));
  Access B = access(1, 0, "r.cu", 20, AccessOp::Load, 4,
                    (S * tx() * Expr(2) + S) * Expr(4));
  A.Loops = B.Loops = {0};
  K.Accesses = {A, B};
  M.Kernels.push_back(std::move(K));
  applySassListing(M, L);
  for (const Access &X : M.Kernels[0].Accesses)
    EXPECT_EQ(X.Emitted.From, Emission::Origin::AsWritten) << X.Id;
  EXPECT_EQ(M.Kernels[0].Lines.size(), 2u);
  EXPECT_EQ(M.Kernels[0].Lines[0].PredicatedMemoryInstructions, 2u);
}

TEST(SassFacts, UnknownKernelIsLeftAlone) {
  TranslationUnitModel M = haar();
  M.Kernels[0].Name = "other";
  EXPECT_EQ(applySassListing(M, readListing("pairs.sass")).KernelsMatched, 0u);
  EXPECT_TRUE(M.Kernels[0].Accesses[1].Emitted.isAsWritten());
  EXPECT_TRUE(M.Kernels[0].Lines.empty());
}

} // namespace
