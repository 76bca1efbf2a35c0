//===- SuppressionTest.cpp - NOLINT comments as clang-tidy reads them -----===//

#include "Report/Writers.h"
#include "TempFiles.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

const std::string Bank = "warplint-bank-conflict";
const std::string Coalesce = "warplint-uncoalesced";

/// Writes Source to a file and asks about (Line, Column) of it.
class SuppressionTest : public ::testing::Test {
protected:
  TempDir Dir;
  SourceCache Cache;
  std::string File;

  void source(const std::string &Text) { File = Dir.write("k.cu", Text); }
  bool suppressed(unsigned Line, const std::string &Check,
                  unsigned Column = 3) {
    SourceLoc Loc;
    Loc.File = File;
    Loc.Line = Line;
    Loc.Column = Column;
    return isSuppressed(Cache, Loc, Check);
  }
};

TEST_F(SuppressionTest, BareNolintSuppressesEveryCheck) {
  source("x = s[i]; // NOLINT\n"
         "y = s[i];\n");
  EXPECT_TRUE(suppressed(1, Bank));
  EXPECT_TRUE(suppressed(1, Coalesce));
  EXPECT_FALSE(suppressed(2, Bank));
}

TEST_F(SuppressionTest, ListedChecksOnly) {
  source("x = s[i]; // NOLINT(warplint-bank-conflict)\n");
  EXPECT_TRUE(suppressed(1, Bank));
  EXPECT_FALSE(suppressed(1, Coalesce));
}

TEST_F(SuppressionTest, ListsWithBlanksAndSeveralNames) {
  source("x = s[i]; // NOLINT( bugprone-foo , warplint-uncoalesced )\n");
  EXPECT_TRUE(suppressed(1, Coalesce));
  EXPECT_FALSE(suppressed(1, Bank));
}

TEST_F(SuppressionTest, Globs) {
  source("a; // NOLINT(warplint-*)\n"
         "b; // NOLINT(*)\n"
         "c; // NOLINT(*-bank-*)\n"
         "d; // NOLINT(warplint-bank)\n"
         "e; // NOLINT(warplint-bank-conflict*)\n");
  EXPECT_TRUE(suppressed(1, Bank));
  EXPECT_TRUE(suppressed(1, Coalesce));
  EXPECT_TRUE(suppressed(2, Coalesce));
  EXPECT_TRUE(suppressed(3, Bank));
  EXPECT_FALSE(suppressed(3, Coalesce));
  // Without '*' a name must match whole, not as a prefix.
  EXPECT_FALSE(suppressed(4, Bank));
  EXPECT_TRUE(suppressed(5, Bank));
  EXPECT_FALSE(suppressed(1, "clang-analyzer-core"));
}

TEST_F(SuppressionTest, EmptyListAndNegativeGlobsSuppressNothing) {
  source("a; // NOLINT()\n"
         "b; // NOLINT(-warplint-bank-conflict)\n");
  EXPECT_FALSE(suppressed(1, Bank));
  EXPECT_FALSE(suppressed(2, Bank));
}

TEST_F(SuppressionTest, UnclosedListMeansEveryCheck) {
  source("a; // NOLINT(warplint-bank-conflict\n");
  EXPECT_TRUE(suppressed(1, Coalesce));
}

TEST_F(SuppressionTest, MarkersAreUpperCaseAndWhole) {
  source("a; // nolint\n"
         "b; // NOLINTnextline\n"
         "c;\n"
         "d; // NOLINTFOO\n"
         "e; /* NOLINT */ f;\n");
  EXPECT_FALSE(suppressed(1, Bank));
  EXPECT_FALSE(suppressed(3, Bank));
  EXPECT_FALSE(suppressed(4, Bank));
  EXPECT_TRUE(suppressed(5, Bank));
}

TEST_F(SuppressionTest, NextLine) {
  source("// NOLINTNEXTLINE(warplint-bank-conflict)\n"
         "x = s[i];\n"
         "y = s[i];\n"
         "z = s[i]; // NOLINTNEXTLINE\n");
  EXPECT_TRUE(suppressed(2, Bank));
  EXPECT_FALSE(suppressed(2, Coalesce));
  EXPECT_FALSE(suppressed(3, Bank)); // only the very next line
  EXPECT_FALSE(suppressed(1, Bank));
  // NOLINTNEXTLINE says nothing about its own line.
  EXPECT_FALSE(suppressed(4, Bank));
}

TEST_F(SuppressionTest, SameLineNolintDoesNotReachTheNextLine) {
  source("a; // NOLINT\n"
         "b;\n");
  EXPECT_FALSE(suppressed(2, Bank));
}

TEST_F(SuppressionTest, BeginEndBlocks) {
  source("a;\n"
         "// NOLINTBEGIN(warplint-bank-conflict)\n"
         "b;\n"
         "c;\n"
         "// NOLINTEND(warplint-bank-conflict)\n"
         "d;\n");
  EXPECT_FALSE(suppressed(1, Bank));
  EXPECT_TRUE(suppressed(3, Bank));
  EXPECT_TRUE(suppressed(4, Bank));
  EXPECT_FALSE(suppressed(4, Coalesce));
  EXPECT_FALSE(suppressed(6, Bank));
}

TEST_F(SuppressionTest, BareBeginEndCoversEverything) {
  source("// NOLINTBEGIN\n"
         "b;\n"
         "// NOLINTEND\n");
  EXPECT_TRUE(suppressed(2, Bank));
  EXPECT_TRUE(suppressed(2, Coalesce));
}

TEST_F(SuppressionTest, BeginAndEndMustNameTheSameChecks) {
  source("// NOLINTBEGIN(warplint-bank-conflict)\n"
         "b;\n"
         "// NOLINTEND(warplint-uncoalesced)\n"
         "d;\n");
  // The END does not close the BEGIN, so no block exists at all.
  EXPECT_FALSE(suppressed(2, Bank));
  EXPECT_FALSE(suppressed(4, Bank));
}

TEST_F(SuppressionTest, UnclosedBeginSuppressesNothing) {
  source("// NOLINTBEGIN(warplint-*)\n"
         "b;\n");
  EXPECT_FALSE(suppressed(2, Bank));
}

TEST_F(SuppressionTest, NestedBlocks) {
  source("// NOLINTBEGIN(warplint-uncoalesced)\n"
         "b;\n"
         "// NOLINTBEGIN(warplint-bank-*)\n"
         "d;\n"
         "// NOLINTEND(warplint-bank-*)\n"
         "f;\n"
         "// NOLINTEND(warplint-uncoalesced)\n");
  EXPECT_TRUE(suppressed(2, Coalesce));
  EXPECT_FALSE(suppressed(2, Bank));
  EXPECT_TRUE(suppressed(4, Bank));
  EXPECT_TRUE(suppressed(4, Coalesce));
  EXPECT_FALSE(suppressed(6, Bank));
  EXPECT_TRUE(suppressed(6, Coalesce));
}

TEST_F(SuppressionTest, UnreadableFileOrInvalidLocSuppressesNothing) {
  File = Dir.path("missing.cu");
  EXPECT_FALSE(suppressed(1, Bank));
  source("a; // NOLINT\n");
  EXPECT_FALSE(suppressed(0, Bank));
  EXPECT_FALSE(suppressed(7, Bank));
}

TEST_F(SuppressionTest, CrLfFiles) {
  source("// NOLINTNEXTLINE(warplint-*)\r\nx;\r\ny; // NOLINT\r\n");
  EXPECT_TRUE(suppressed(2, Bank));
  EXPECT_TRUE(suppressed(3, Bank));
}

} // namespace
