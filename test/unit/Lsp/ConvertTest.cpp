//===- ConvertTest.cpp - warplint diagnostics to LSP ----------------------===//

#include "Lsp/Convert.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::lsp;

namespace {

SourceLoc loc(const std::string &File, unsigned Line, unsigned Col) {
  SourceLoc L;
  L.File = File;
  L.Line = Line;
  L.Column = Col;
  return L;
}

std::string json(const llvm::json::Value &V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << V;
  return OS.str();
}

TEST(Utf16, OffsetOfPositionAcrossLineEndings) {
  llvm::StringRef Text = "ab\r\ncd\ne\xC3\xA9z";
  EXPECT_EQ(offsetOf(Text, {0, 1}), 1u);
  EXPECT_EQ(offsetOf(Text, {1, 0}), 4u);
  EXPECT_EQ(offsetOf(Text, {2, 2}), 10u);
  EXPECT_EQ(offsetOf(Text, {2, 50}), Text.size());
  EXPECT_EQ(offsetOf(Text, {9, 0}), Text.size());
}

class ConvertTest : public ::testing::Test {
protected:
  SourceCache Disk;
  // Column 9 of line 2 is after a 2-byte character: UTF-16 column 7; the
  // line's 17 bytes are 16 UTF-16 units.
  DocumentContext Ctx{"/src/k.cu", "int x;\n// \xC3\xA9 tile[a][b];\n", "/src",
                      Disk};

  warplint::Diagnostic finding() {
    warplint::Diagnostic D;
    D.Check = "warplint-bank-conflict";
    D.Message = "32-way shared memory bank conflict on 'tile'";
    D.Range = {loc("k.cu", 2, 9), loc("k.cu", 2, 18)};
    DiagNote Why;
    Why.Loc = loc("/src/k.cu", 2, 9);
    Why.Message = "consecutive lanes are 128 bytes apart";
    DiagNote Pad;
    Pad.Message = "pad the rows of 'tile'";
    Fix F;
    F.Message = "pad the rows of 'tile' to 33 elements";
    F.Preferred = true;
    F.Edits.push_back({{loc("k.cu", 1, 5), loc("k.cu", 1, 6)}, "y"});
    Pad.Fixes.push_back(F);
    D.Notes = {Why, Pad};
    return D;
  }
};

TEST_F(ConvertTest, DiagnosticCarriesSourceCodeSeverityAndNotes) {
  lsp::Diagnostic L = toLsp(finding(), Ctx);
  EXPECT_EQ(json(toJSON(L)),
            R"({"code":"warplint-bank-conflict","message":"32-way shared )"
            R"(memory bank conflict on 'tile'","range":{"end":{"character":)"
            R"(16,"line":1},"start":{"character":7,"line":1}},)"
            R"("relatedInformation":[{"location":{"range":{"end":)"
            R"({"character":7,"line":1},"start":{"character":7,"line":1}},)"
            R"("uri":"file:///src/k.cu"},"message":"consecutive lanes are )"
            R"(128 bytes apart"},{"location":{"range":{"end":{"character":)"
            R"(7,"line":1},"start":{"character":7,"line":1}},"uri":)"
            R"("file:///src/k.cu"},"message":"pad the rows of 'tile'"}],)"
            R"("severity":2,"source":"warplint"})");
}

TEST_F(ConvertTest, SeverityMapping) {
  warplint::Diagnostic D = finding();
  D.Level = Severity::Error;
  EXPECT_EQ(toLsp(D, Ctx).severity, DiagnosticSeverity::Error);
  D.Level = Severity::Remark;
  EXPECT_EQ(toLsp(D, Ctx).severity, DiagnosticSeverity::Information);
}

TEST_F(ConvertTest, NoteFixBecomesPreferredQuickFix) {
  warplint::Diagnostic D = finding();
  lsp::Diagnostic Published = toLsp(D, Ctx);
  std::vector<CodeAction> A = toCodeActions(D, Published, Ctx);
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(json(toJSON(A[0])),
            R"({"diagnostics":[)" + json(toJSON(Published)) +
                R"(],"edit":{"changes":{"file:///src/k.cu":[{"newText":"y",)"
                R"("range":{"end":{"character":5,"line":0},"start":)"
                R"({"character":4,"line":0}}}]}},"isPreferred":true,)"
                R"("kind":"quickfix","title":"pad the rows of 'tile' to 33 )"
                R"(elements"})");
}

TEST_F(ConvertTest, EveryAlternativeIsAnActionAndEmptyFixesAreDropped) {
  warplint::Diagnostic D = finding();
  Fix Other;
  Other.Message = "swizzle the columns";
  Other.Edits.push_back({{loc("k.cu", 1, 1), loc("k.cu", 1, 1)}, "// "});
  D.Fixes.push_back(Other);
  Fix Explanation;
  Explanation.Message = "no edit, only advice";
  D.Fixes.push_back(Explanation);
  std::vector<CodeAction> A = toCodeActions(D, toLsp(D, Ctx), Ctx);
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].title, "swizzle the columns");
  EXPECT_FALSE(A[0].isPreferred);
  EXPECT_EQ(A[1].title, "pad the rows of 'tile' to 33 elements");
  EXPECT_TRUE(A[1].isPreferred);
}

TEST_F(ConvertTest, ClangErrorsOnTheDocumentAndElsewhere) {
  std::vector<lsp::Diagnostic> E = clangErrorsToLsp(
      "/src/k.cu:2:9: error: expected ';' after expression\n"
      "    2 | foo\n"
      "/src/k.cu:1:1: warning: unused\n"
      "/usr/include/x.h:3:4: fatal error: 'y.h' file not found\n",
      Ctx);
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[0].message, "expected ';' after expression");
  EXPECT_EQ(E[0].range.start.line, 1);
  EXPECT_EQ(E[0].range.start.character, 7);
  EXPECT_EQ(E[0].severity, DiagnosticSeverity::Error);
  EXPECT_EQ(E[0].code, "clang-diagnostic-error");
  EXPECT_EQ(E[1].message,
            "in included file: /usr/include/x.h:3:4: 'y.h' file not found");
  EXPECT_EQ(E[1].range.start.line, 0);
}

TEST_F(ConvertTest, UnstructuredClangTextStillShowsAnError) {
  std::vector<lsp::Diagnostic> E =
      clangErrorsToLsp("error: clang could not parse the file\n", Ctx);
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].message, "error: clang could not parse the file");
}

} // namespace
