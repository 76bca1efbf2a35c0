//===- TextWriterTest.cpp - clang-style text diagnostics ------------------===//

#include "Report/Writers.h"
#include "TempFiles.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

SourceLoc loc(const std::string &File, unsigned Line, unsigned Column) {
  SourceLoc L;
  L.File = File;
  L.Line = Line;
  L.Column = Column;
  return L;
}

const char *Kernel = "__global__ void k(float *out) {\n"
                     "  __shared__ float tile[32][32];\n"
                     "  out[0] = tile[threadIdx.x][0];\n"
                     "}\n";

/// The bank-conflict warning on tile[threadIdx.x][0] (line 3, columns
/// 12..31) with a note at the declaration and one without a place.
Diagnostic conflict(const std::string &F) {
  Diagnostic D;
  D.Check = "warplint-bank-conflict";
  D.Range = {loc(F, 3, 12), loc(F, 3, 32)};
  D.Message = "32-way shared memory bank conflict on 'tile' (32 wavefronts "
              "per request, ideal 1)";
  D.Notes.push_back({loc(F, 2, 20), "'tile' is declared here", {}});
  D.Notes.push_back({SourceLoc(), "block 32x1x1 assumed", {}});
  return D;
}

std::string render(const std::vector<Diagnostic> &Diags, SourceCache &Cache,
                   bool Color = false) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeText(OS, Diags, Cache, TextOptions{Color});
  return Out;
}

TEST(TextWriterTest, WarningWithRangeAndNotes) {
  TempDir Dir;
  std::string F = Dir.write("k.cu", Kernel);
  SourceCache Cache;
  std::string Expected =
      F +
      ":3:12: warning: 32-way shared memory bank conflict on 'tile' (32 "
      "wavefronts per request, ideal 1) [warplint-bank-conflict]\n"
      "    3 |   out[0] = tile[threadIdx.x][0];\n"
      "      |            ^~~~~~~~~~~~~~~~~~~~\n" +
      F +
      ":2:20: note: 'tile' is declared here\n"
      "    2 |   __shared__ float tile[32][32];\n"
      "      |                    ^\n" +
      F + ":3:12: note: block 32x1x1 assumed\n";
  EXPECT_EQ(render({conflict(F)}, Cache), Expected);
}

TEST(TextWriterTest, NoteAtTheSameLocationRepeatsNoCaret) {
  TempDir Dir;
  std::string F = Dir.write("k.cu", Kernel);
  SourceCache Cache;
  Diagnostic D = conflict(F);
  D.Notes = {{loc(F, 3, 12), "same place", {}},
             {loc(F, 3, 17), "other column", {}}};
  std::string Out = render({D}, Cache);
  EXPECT_NE(Out.find(F + ":3:12: note: same place\n" + F +
                     ":3:17: note: other column\n"
                     "    3 |   out[0] = tile[threadIdx.x][0];\n"
                     "      |                 ^\n"),
            std::string::npos)
      << Out;
}

TEST(TextWriterTest, TabsExpandToEightColumns) {
  TempDir Dir;
  // Byte columns: '\t' is column 1, 'x' column 2; after "\tx =\t" (5 bytes)
  // the 's' is column 6 but display column 16.
  std::string F = Dir.write("t.cu", "\tx =\ts[i];\n");
  SourceCache Cache;
  Diagnostic D;
  D.Check = "c";
  D.Range = {loc(F, 1, 6), loc(F, 1, 10)};
  D.Message = "m";
  EXPECT_EQ(render({D}, Cache), F + ":1:6: warning: m [c]\n"
                                    "    1 |         x =     s[i];\n"
                                    "      |                 ^~~~\n");
}

TEST(TextWriterTest, CaretOnATabPointsAtItsFirstColumn) {
  TempDir Dir;
  std::string F = Dir.write("t.cu", "ab\tc\n");
  SourceCache Cache;
  Diagnostic D;
  D.Check = "c";
  D.Range = {loc(F, 1, 3), loc(F, 1, 5)};
  D.Message = "m";
  EXPECT_EQ(render({D}, Cache), F + ":1:3: warning: m [c]\n"
                                    "    1 | ab      c\n"
                                    "      |   ^~~~~~~\n");
}

TEST(TextWriterTest, RangeContinuingOnLaterLinesUnderlinesToTheEnd) {
  TempDir Dir;
  std::string F = Dir.write("m.cu", "  s[a +\n    b] = 0;\n");
  SourceCache Cache;
  Diagnostic D;
  D.Check = "c";
  D.Range = {loc(F, 1, 3), loc(F, 2, 7)};
  D.Message = "m";
  EXPECT_EQ(render({D}, Cache), F + ":1:3: warning: m [c]\n"
                                    "    1 |   s[a +\n"
                                    "      |   ^~~~~\n");
}

TEST(TextWriterTest, MarginGrowsWithLargeLineNumbers) {
  // clang sizes the margin for the line number plus its 16-line snippet
  // limit: 9983 fits in 4 digits, 9984 needs 5.
  TempDir Dir;
  std::string Text;
  for (int I = 0; I < 9990; ++I)
    Text += "x;\n";
  std::string F = Dir.write("big.cu", Text);
  SourceCache Cache;
  Diagnostic A, B;
  A.Check = B.Check = "c";
  A.Message = B.Message = "m";
  A.Range.Begin = loc(F, 9983, 1);
  B.Range.Begin = loc(F, 9984, 1);
  EXPECT_EQ(render({A, B}, Cache), F +
                                       ":9983:1: warning: m [c]\n"
                                       " 9983 | x;\n"
                                       "      | ^\n" +
                                       F +
                                       ":9984:1: warning: m [c]\n"
                                       "  9984 | x;\n"
                                       "       | ^\n");
}

TEST(TextWriterTest, UnreadableSourcePrintsOnlyTheMessages) {
  TempDir Dir;
  std::string F = Dir.path("gone.cu");
  SourceCache Cache;
  EXPECT_EQ(render({conflict(F)}, Cache),
            F +
                ":3:12: warning: 32-way shared memory bank conflict on 'tile' "
                "(32 wavefronts per request, ideal 1) "
                "[warplint-bank-conflict]\n" +
                F + ":2:20: note: 'tile' is declared here\n" + F +
                ":3:12: note: block 32x1x1 assumed\n");
}

TEST(TextWriterTest, LineBeyondTheEndOfTheFilePrintsNoSnippet) {
  TempDir Dir;
  std::string F = Dir.write("short.cu", "x;\n");
  SourceCache Cache;
  Diagnostic D;
  D.Check = "c";
  D.Message = "m";
  D.Range.Begin = loc(F, 40, 1);
  EXPECT_EQ(render({D}, Cache), F + ":40:1: warning: m [c]\n");
}

TEST(TextWriterTest, DiagnosticWithoutLocationHasNoPrefix) {
  SourceCache Cache;
  Diagnostic D;
  D.Check = "warplint-bank-conflict";
  D.Message = "m";
  D.Notes.push_back({SourceLoc(), "n", {}});
  EXPECT_EQ(render({D}, Cache), "warning: m [warplint-bank-conflict]\n"
                                "note: n\n");
}

TEST(TextWriterTest, RemarksAndErrors) {
  TempDir Dir;
  std::string F = Dir.write("k.cu", Kernel);
  SourceCache Cache;
  Diagnostic R;
  R.Level = Severity::Remark;
  R.Check = "warplint-unknown";
  R.Range.Begin = loc(F, 3, 3);
  R.Message = "access not analyzed: index loaded from memory";
  Diagnostic E = R;
  E.Level = Severity::Error;
  E.Range.Begin = loc(F, 1, 1);
  std::string Out = render({R, E}, Cache);
  EXPECT_EQ(Out, F +
                     ":3:3: remark: access not analyzed: index loaded from "
                     "memory [warplint-unknown]\n"
                     "    3 |   out[0] = tile[threadIdx.x][0];\n"
                     "      |   ^\n" +
                     F +
                     ":1:1: error: access not analyzed: index loaded from "
                     "memory [warplint-unknown]\n"
                     "    1 | __global__ void k(float *out) {\n"
                     "      | ^\n");
}

TEST(TextWriterTest, NoteFixIsShownAsAFixItHint) {
  TempDir Dir;
  std::string F = Dir.write("k.cu", Kernel);
  SourceCache Cache;
  Diagnostic D = conflict(F);
  DiagNote N;
  N.Loc = loc(F, 2, 29);
  N.Message = "pad the row to 33 elements";
  Fix Pad;
  Pad.Message = "pad";
  Pad.Preferred = true;
  Pad.Edits.push_back({{loc(F, 2, 29), loc(F, 2, 31)}, "33"});
  N.Fixes.push_back(Pad);
  D.Notes = {N};
  D.Fixes.push_back(Pad); // a warning's own fixes are not printed
  std::string Expected =
      F +
      ":3:12: warning: 32-way shared memory bank conflict on 'tile' (32 "
      "wavefronts per request, ideal 1) [warplint-bank-conflict]\n"
      "    3 |   out[0] = tile[threadIdx.x][0];\n"
      "      |            ^~~~~~~~~~~~~~~~~~~~\n" +
      F +
      ":2:29: note: pad the row to 33 elements\n"
      "    2 |   __shared__ float tile[32][32];\n"
      "      |                             ^~\n"
      "      |                             33\n";
  EXPECT_EQ(render({D}, Cache), Expected);
}

TEST(TextWriterTest, ColourOnlyWhenAsked) {
  TempDir Dir;
  std::string F = Dir.write("k.cu", Kernel);
  SourceCache Cache;
  std::string Plain = render({conflict(F)}, Cache, /*Color=*/false);
  EXPECT_EQ(Plain.find('\x1b'), std::string::npos);

  std::string Colored = render({conflict(F)}, Cache, /*Color=*/true);
  // The sequences clang prints: bold location, bold magenta "warning:",
  // bold message, bold green caret line, bold cyan "note:" with plain text.
  EXPECT_EQ(Colored.rfind("\x1b[1m" + F +
                              ":3:12: \x1b[0m"
                              "\x1b[0;1;35mwarning: \x1b[0m"
                              "\x1b[1m32-way shared memory bank conflict",
                          0),
            0u)
      << Colored;
  EXPECT_NE(Colored.find("ideal 1) [warplint-bank-conflict]\x1b[0m\n"),
            std::string::npos);
  EXPECT_NE(Colored.find("      | \x1b[0;1;32m           ^~~~"),
            std::string::npos);
  EXPECT_NE(Colored.find("\x1b[0;1;36mnote: \x1b[0m'tile' is declared here"
                         "\x1b[0m\n"),
            std::string::npos);
}

TEST(TextWriterTest, ColourSettingOfTheStreamIsRestored) {
  SourceCache Cache;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Diagnostic D;
  D.Message = "m";
  writeText(OS, {D}, Cache, TextOptions{true});
  EXPECT_FALSE(OS.colors_enabled());
  EXPECT_NE(Out.find('\x1b'), std::string::npos);
}

} // namespace
