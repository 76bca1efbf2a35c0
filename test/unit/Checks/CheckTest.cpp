//===- CheckTest.cpp - Checks on hand-built access models -----------------===//

#include "Checks/Check.h"
#include "Checks/Analysis.h"
#include "Driver/Analyze.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace warplint;
using ::testing::HasSubstr;

namespace {

/// A kernel with one object and one access, launched with Block.
KernelModel makeKernel(MemorySpace Space, unsigned ElementBytes,
                       std::vector<int64_t> Extents, Expr Offset,
                       unsigned Bytes, BlockShape Block) {
  KernelModel K;
  K.Name = "k";
  MemoryObject Obj;
  Obj.Name = Space == MemorySpace::Shared ? "tile" : "in";
  Obj.Space = Space;
  Obj.ElementBytes = ElementBytes;
  Obj.Extents = std::move(Extents);
  Obj.IsParameter = Space == MemorySpace::Global;
  Obj.AlignBytes = Space == MemorySpace::Global ? 256 : 16;
  K.Objects.push_back(Obj);
  Access A;
  A.Range.Begin = {"k.cu", 10, 5, 100};
  A.Range.End = {"k.cu", 10, 30, 125};
  A.Loc = A.Range.Begin;
  A.Function = "k";
  A.Bytes = Bytes;
  A.ByteOffset = std::move(Offset);
  K.Accesses.push_back(A);
  LaunchConfig L;
  L.Source = LaunchSource::LaunchSite;
  L.Site = {"k.cu", 40, 3, 900};
  L.Block = Block;
  K.Launches.push_back(L);
  return K;
}

std::vector<Diagnostic> runAll(const TranslationUnitModel &TU,
                               std::vector<AccessAnalysis> &Analyses,
                               CheckOptions Opts = {}) {
  SolveOptions SO;
  SO.Arch = *findArch("sm_90");
  Analyses = analyzeAccesses(TU, SO);
  return runChecks(Analyses, createAllChecks(), Opts);
}

Expr tx() { return Expr::threadIdx(0); }
Expr ty() { return Expr::threadIdx(1); }

TEST(BankConflictCheck, ColumnReadOfSquareTileIs32Way) {
  TranslationUnitModel TU;
  TU.Kernels.push_back(makeKernel(MemorySpace::Shared, 4, {32, 32},
                                  (tx() * 32 + ty()) * 4, 4, {32, 32, 1}));
  std::vector<AccessAnalysis> Analyses;
  auto Diags = runAll(TU, Analyses);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].Check, "warplint-bank-conflict");
  EXPECT_EQ(Diags[0].Level, Severity::Warning);
  EXPECT_EQ(Diags[0].Message, "32-way shared memory bank conflict on 'tile' "
                              "(32 wavefronts per request, ideal 1)");
  EXPECT_EQ(Diags[0].Range.Begin.Line, 10u);
  // The notes explain the stride, give a colliding pair, and the shape.
  std::string Notes;
  for (const DiagNote &N : Diags[0].Notes)
    Notes += N.Message + "\n";
  EXPECT_THAT(Notes, HasSubstr("128 bytes apart (32 words)"));
  EXPECT_THAT(Notes, HasSubstr("both use bank"));
  EXPECT_THAT(Notes, HasSubstr("assuming block 32x32x1 from the launch at "
                               "k.cu:40:3"));
  // The access record carries the same numbers.
  AccessRecord R = toRecord(Analyses[0]);
  EXPECT_TRUE(R.Exact);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.IdealWavefronts, 1u);
}

TEST(BankConflictCheck, PaddedTileIsSilent) {
  TranslationUnitModel TU;
  TU.Kernels.push_back(makeKernel(MemorySpace::Shared, 4, {32, 33},
                                  (tx() * 33 + ty()) * 4, 4, {32, 32, 1}));
  std::vector<AccessAnalysis> Analyses;
  EXPECT_TRUE(runAll(TU, Analyses).empty());
  EXPECT_EQ(toRecord(Analyses[0]).Wavefronts, 1u);
}

TEST(BankConflictCheck, UnknownIsARemarkOnlyWhenAsked) {
  TranslationUnitModel TU;
  KernelModel K = makeKernel(MemorySpace::Shared, 4, {256}, Expr(0), 4,
                             {256, 1, 1});
  K.Accesses[0].ByteOffset.reset();
  K.Accesses[0].UnknownReason = "index depends on the value loaded from 'idx[i]'";
  TU.Kernels.push_back(K);
  std::vector<AccessAnalysis> Analyses;
  EXPECT_TRUE(runAll(TU, Analyses).empty());
  CheckOptions Opts;
  Opts.ShowUnknown = true;
  auto Diags = runAll(TU, Analyses, Opts);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].Level, Severity::Remark);
  EXPECT_THAT(Diags[0].Message, HasSubstr("idx[i]"));
  EXPECT_FALSE(toRecord(Analyses[0]).Exact);
}

TEST(UncoalescedCheck, StridedLoadWarns) {
  TranslationUnitModel TU;
  TU.Kernels.push_back(makeKernel(MemorySpace::Global, 4, {}, tx() * 128, 4,
                                  {128, 1, 1}));
  std::vector<AccessAnalysis> Analyses;
  auto Diags = runAll(TU, Analyses);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].Check, "warplint-uncoalesced");
  EXPECT_EQ(Diags[0].Message, "uncoalesced global load from 'in' (32 sectors "
                              "per request, ideal 4)");
}

TEST(UncoalescedCheck, MisalignedCanBeSwitchedOff) {
  TranslationUnitModel TU;
  TU.Kernels.push_back(makeKernel(MemorySpace::Global, 4, {}, tx() * 4 + 4, 4,
                                  {128, 1, 1}));
  std::vector<AccessAnalysis> Analyses;
  EXPECT_EQ(runAll(TU, Analyses).size(), 1u);
  // The check's own option, under its name.
  CheckOptions Opts;
  Opts.Values["warplint-uncoalesced.ReportMisaligned"] = "false";
  EXPECT_TRUE(runAll(TU, Analyses, Opts).empty());
  // Another check's option of the same name is not this one's.
  Opts.Values = {{"warplint-bank-conflict.ReportMisaligned", "false"}};
  EXPECT_EQ(runAll(TU, Analyses, Opts).size(), 1u);
}

TEST(OptionsView, ReadsUnderTheChecksPrefix) {
  CheckOptions Opts;
  Opts.Values = {{"warplint-uncoalesced.AssumeWorst", "true"},
                 {"warplint-uncoalesced.Text", "abc"}};
  OptionsView V("warplint-uncoalesced", Opts);
  EXPECT_TRUE(V.getBool("AssumeWorst", false));
  EXPECT_FALSE(V.getBool("ReportMisaligned", false)) << "the default";
  EXPECT_EQ(V.get("Text"), "abc");
  EXPECT_EQ(OptionsView("warplint-bank-conflict", Opts).get("Text"),
            std::nullopt);
  EXPECT_EQ(parseOptionBool(" On "), true);
  EXPECT_EQ(parseOptionBool("0"), false);
  EXPECT_EQ(parseOptionBool("maybe"), std::nullopt);
}

TEST(Checks, EachSaysWhatItFinds) {
  for (const auto &C : createAllChecks()) {
    EXPECT_FALSE(C->summary().empty()) << C->id();
    EXPECT_GT(C->description().size(), C->summary().size()) << C->id();
    for (const CheckOptionSpec &O : C->optionSpecs())
      EXPECT_FALSE(O.Doc.empty()) << C->id() << "." << O.Name;
  }
}

/// A read-modify-write is a load and a store with the same solver inputs:
/// solved once, and both get the same numbers. For shared memory the
/// operation picks the bank rule: an atomic on the same address is not a
/// load's twin.
TEST(Analysis, SameInputsShareOneSolve) {
  TranslationUnitModel TU;
  TU.Kernels.push_back(makeKernel(MemorySpace::Global, 4, {},
                                  tx() * Expr(8), 4, {32, 1, 1}));
  KernelModel &G = TU.Kernels.back();
  G.Accesses.push_back(G.Accesses[0]);
  G.Accesses[1].Op = AccessOp::Store;
  G.Accesses[1].Range.Begin.Column = 40;
  // The same store at twice the stride: solved on its own.
  G.Accesses.push_back(G.Accesses[1]);
  G.Accesses[2].ByteOffset = tx() * Expr(16);
  TU.Kernels.push_back(makeKernel(MemorySpace::Shared, 4, {32, 32},
                                  tx() * Expr(128), 4, {32, 1, 1}));
  KernelModel &S = TU.Kernels.back();
  S.Accesses.push_back(S.Accesses[0]);
  S.Accesses[1].Op = AccessOp::Atomic;
  std::vector<AccessAnalysis> A;
  runAll(TU, A);
  ASSERT_EQ(A.size(), 5u);
  ASSERT_TRUE(A[0].Global && A[1].Global && A[2].Global);
  EXPECT_EQ(A[1].Acc, &TU.Kernels[0].Accesses[1]); // its own access
  EXPECT_EQ(A[0].Global->Sectors, 8u);
  EXPECT_EQ(A[1].Global->Sectors, 8u);
  EXPECT_EQ(A[1].Global->Pattern, GlobalPattern::Strided);
  EXPECT_EQ(A[2].Global->Pattern, GlobalPattern::Strided);
  EXPECT_EQ(A[2].Global->Sectors, 16u);
  ASSERT_TRUE(A[3].Shared && A[4].Shared);
  EXPECT_EQ(A[3].Shared->Wavefronts, 32u);
  EXPECT_EQ(A[4].Shared->Wavefronts, 32u);
}

TEST(CheckFilter, GlobsAndNegationAsInClangTidy) {
  EXPECT_TRUE(checkEnabled("warplint-*", "warplint-bank-conflict"));
  EXPECT_FALSE(checkEnabled("-*", "warplint-bank-conflict"));
  EXPECT_TRUE(checkEnabled("-*,warplint-bank-conflict",
                           "warplint-bank-conflict"));
  EXPECT_FALSE(checkEnabled("-*,warplint-bank-conflict",
                            "warplint-uncoalesced"));
  EXPECT_FALSE(checkEnabled("warplint-*,-warplint-uncoalesced",
                            "warplint-uncoalesced"));
  EXPECT_FALSE(checkEnabled("", "warplint-uncoalesced"));
}

} // namespace
