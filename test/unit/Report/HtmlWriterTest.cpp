//===- HtmlWriterTest.cpp - The HTML report's page and pictures -----------===//

#include "Report/RequestSvg.h"
#include "Report/Writers.h"

#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace warplint;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

TEST(HtmlWriter, EscapesWhatHtmlReads) {
  EXPECT_EQ(escapeHtml("a<b> & \"c\" 'd'"),
            "a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;");
}

RequestPicture twoLanes() {
  RequestPicture P;
  P.Columns = 32;
  P.Cost = 2;
  P.Ideal = 1;
  for (unsigned L = 0; L < 2; ++L) {
    RequestPicture::Lane Cell;
    Cell.Index = L;
    Cell.Thread = {L, 0, 0};
    Cell.ByteOffset = 128 * L;
    Cell.Columns = {0};
    Cell.Collides = true;
    P.Lanes.push_back(Cell);
  }
  return P;
}

TEST(HtmlWriter, PictureHasACellPerLaneAndBank) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeRequestSvg(OS, twoLanes(), "as <written>");
  EXPECT_THAT(S, HasSubstr("<title>as &lt;written&gt;</title>"));
  EXPECT_THAT(S, HasSubstr("class=\"collides\"><title>lane 1, threadIdx "
                           "(1, 0, 0), byte offset 128, bank 0</title>"));
  EXPECT_EQ(S.find("class=\"lane\""), std::string::npos);
  EXPECT_THAT(S, Not(HasSubstr("<script")));
}

TEST(HtmlWriter, PageRanksByEstimatedSpeedupAndNumbersInThatOrder) {
  Diagnostic Small, Large, None;
  for (Diagnostic *D : {&Small, &Large, &None}) {
    D->Check = "warplint-bank-conflict";
    D->Range.Begin = {"k.cu", 3, 5, 0};
  }
  Small.Message = "small <one>";
  Small.Impact = FindingImpact();
  Small.Impact->Speedup = 1.1;
  Small.Impact->Bottleneck = "DRAM";
  Large.Message = "large";
  Large.Impact = FindingImpact();
  Large.Impact->Speedup = 2.5;
  Large.Request = twoLanes();
  None.Message = "no estimate";
  std::string S;
  llvm::raw_string_ostream OS(S);
  SourceCache Sources;
  HtmlRun Run;
  Run.Version = "1.0";
  Run.Arch = "sm_90";
  Run.Files = 1;
  writeHtml(OS, Run, {Small, None, Large}, Sources);
  size_t L = S.find("2.50x"), M = S.find("1.10x"), N = S.find(">no estimate<");
  ASSERT_NE(L, std::string::npos);
  EXPECT_LT(L, M);
  EXPECT_LT(M, N);
  EXPECT_THAT(S, HasSubstr("<article id=\"f1\" class=\"finding warning\"><h3>"
                           "1. k.cu:3:5: <span class=\"level\">warning</span>: "
                           "large"));
  EXPECT_THAT(S, HasSubstr("small &lt;one&gt;"));
  EXPECT_THAT(S, HasSubstr("3 warnings, 0 errors in 1 file analyzed for "
                           "sm_90"));
  EXPECT_THAT(S, HasSubstr("as written: warp 0, 2 active lanes of 4 bytes, "
                           "2 wavefronts (ideal 1)"));
  EXPECT_THAT(S, Not(HasSubstr("<script")));
}

} // namespace
