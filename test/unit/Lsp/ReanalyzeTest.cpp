//===- ReanalyzeTest.cpp - Fix verification spends the file's budget ------===//
//
// A fix is verified by re-analyzing the fixed text. That re-analysis spends
// what the file's analysis left of its budget (issue 14: a file whose fix
// search used up its 20 s was verified with a fresh 20 s, 48 s in all), and
// a spent budget is said as such, never as code that does not parse.
//
//===----------------------------------------------------------------------===//

#include "Fix/Verify.h"
#include "Frontend/Embedding.h"
#include "Lsp/Analyze.h"

#include "gtest/gtest.h"

using namespace warplint;
using warplint::lsp::bufferReanalyzer;

namespace {

const char *Kernel = R"cu(
__global__ void k(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = 1.0f;
  out[threadIdx.x] = s[0][threadIdx.x];
}
void host(float *o) { k<<<1, 32>>>(o); }
)cu";

CompileCommand command() {
  CompileCommand C;
  C.Directory = "/tmp";
  C.File = "/tmp/warplint-reanalyze-test.cu";
  C.Args = {"clang++", C.File};
  return C;
}

/// A fix that pads s's rows, promising what padding does to the store.
Fix padding(const std::string &File, const std::string &Text) {
  size_t At = Text.find("[32][32]") + 5;
  Fix F;
  F.Message = "pad";
  F.Edits.push_back(
      {{{File, 3, 25, unsigned(At)}, {File, 3, 27, unsigned(At + 2)}}, "33"});
  F.Impact = FixImpact{32, 1, 4096, 4224};
  return F;
}

TEST(Reanalyze, SpendsTheBudgetItIsGiven) {
  FileBudget Budget = FileBudget::start(20, 1000000);
  FixVerifier::Reanalyze Again =
      bufferReanalyzer(command(), PipelineOptions(), Budget);
  llvm::Expected<std::vector<AccessRecord>> R = Again(Kernel);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->size(), 3u); // two shared accesses and the global store
  EXPECT_LT(Budget.LaneEvaluations, 1000000u);
  EXPECT_GT(Budget.LaneEvaluations, 0u);
}

TEST(Reanalyze, ASpentBudgetIsSaidAsSuch) {
  FileBudget Budget = FileBudget::start(20, 0);
  FixVerifier::Reanalyze Again =
      bufferReanalyzer(command(), PipelineOptions(), Budget);
  llvm::Expected<std::vector<AccessRecord>> R = Again(Kernel);
  ASSERT_FALSE(bool(R));
  EXPECT_TRUE(R.errorIsA<BudgetSpentError>());
  llvm::consumeError(R.takeError());

  FixVerifier V(command().File, Kernel, {}, Again);
  Fix F = padding(command().File, Kernel);
  std::string Why = llvm::toString(V.verify({&F}));
  EXPECT_NE(Why.find("the analysis budget of this file is spent"),
            std::string::npos)
      << Why;
  EXPECT_NE(Why.find("before the fix could be verified"), std::string::npos)
      << Why;
  EXPECT_EQ(Why.find("does not parse"), std::string::npos) << Why;
}

TEST(Reanalyze, ABudgetThatRunsOutMidwayGivesNoRecords) {
  // Enough for one warp of one access: the re-analysis starts and is cut
  // short; its partial records would misreport the fixed code.
  FileBudget Budget = FileBudget::start(20, 40);
  llvm::Expected<std::vector<AccessRecord>> R =
      bufferReanalyzer(command(), PipelineOptions(), Budget)(Kernel);
  ASSERT_FALSE(bool(R));
  EXPECT_TRUE(R.errorIsA<BudgetSpentError>());
  llvm::consumeError(R.takeError());
}

TEST(Reanalyze, FixesPlannedPastTheBudgetAreNotOffered) {
  FrontendResult Parsed =
      analyzeBuffer(Kernel, command(), PipelineOptions().Frontend);
  ASSERT_TRUE(Parsed.Success) << Parsed.ClangDiagnostics;
  PipelineOptions Opts;
  Opts.Overlay[command().File] = Kernel; // the fixes' edits read the text
  FileReport R = analyzeModel(Parsed, Opts);
  ASSERT_TRUE(hasFixes(R.Diagnostics)); // the 32-way store gets a padding
  // Verification is left with nothing of the file's budget.
  FileBudget Left = FileBudget::resume({0, 20, 1000000});
  FixVerifier V(Parsed.Model.MainFile, Kernel, R.Records,
                bufferReanalyzer(command(), Opts, Left));
  verifyLayoutFixes(Parsed.Model, R.Diagnostics, Opts.Solve, Opts.Overlay, V,
                    Left);
  EXPECT_FALSE(hasFixes(R.Diagnostics));
  unsigned Said = 0;
  for (const Diagnostic &D : R.Diagnostics)
    for (const DiagNote &N : D.Notes) {
      // The unverified plan's advice went with its fixes.
      EXPECT_EQ(N.Message.find("pad the rows"), std::string::npos);
      Said += N.Message == "no layout fix is offered: it could not be "
                           "verified: the analysis budget of this file is "
                           "spent (20 s)";
    }
  EXPECT_GE(Said, 1u);
}

TEST(Reanalyze, WhatIsLeftResumesWithItsClockStopped) {
  FileBudget B = FileBudget::start(20, 100);
  B.LaneEvaluations = 60;
  FileBudget::Left L = B.left();
  EXPECT_EQ(L.Total, 20);
  EXPECT_GT(L.Seconds, 19);
  EXPECT_LE(L.Seconds, 20);
  EXPECT_EQ(L.LaneEvaluations, 60u);
  FileBudget Again = FileBudget::resume(L);
  EXPECT_FALSE(Again.exhausted());
  // A spent clock stays spent, and says which budget it was.
  FileBudget Spent = FileBudget::resume({0, 20, 60});
  ASSERT_TRUE(Spent.exhausted());
  EXPECT_EQ(*Spent.exhausted(), "the analysis budget of this file is spent "
                                "(20 s)");
}

} // namespace
