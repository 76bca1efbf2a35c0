//===- MergeTest.cpp - One finding per problem ----------------------------===//

#include "Report/Diagnostic.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

Diagnostic finding(const std::string &Check, unsigned Line, unsigned Column,
                   double Waste, const std::string &Kernel,
                   const std::string &Launch) {
  Diagnostic D;
  D.Check = Check;
  D.Range.Begin = {"k.cu", Line, Column, 0};
  D.Message = "finding wasting " + std::to_string(int(Waste));
  D.Numbers = std::to_string(int(Waste)) + " extra";
  D.Waste = Waste;
  D.Kernel = Kernel;
  // The launch note's role says which shape it is, not its text.
  DiagNote N{{}, Launch, {}};
  N.Role = Launch.rfind("assuming ", 0) == 0 ? NoteRole::Launch
                                             : NoteRole::AssumedLaunch;
  D.Notes.push_back(N);
  return D;
}

TEST(MergeTest, SameLineBecomesTheWorstWithNotesWorstFirst) {
  std::vector<Diagnostic> Ds = {
      finding("c", 10, 3, 1, "k<1>", "assuming block 32x1x1 from A"),
      finding("c", 10, 3, 31, "k<0>", "assuming block 32x1x1 from B"),
      finding("c", 10, 3, 15, "k<0>", "assuming block 16x2x1 from C")};
  mergeDuplicates(Ds);
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(Ds[0].Kernel, "k<0>");
  EXPECT_EQ(Ds[0].Waste, 31);
  ASSERT_EQ(Ds[0].Notes.size(), 3u);
  EXPECT_EQ(Ds[0].Notes[1].Message,
            "also with block 16x2x1 from C: 15 extra");
  EXPECT_EQ(Ds[0].Notes[2].Message,
            "also in 'k<1>', with block 32x1x1 from A: 1 extra");
}

TEST(MergeTest, IdenticalFindingsAreDroppedOtherChecksAndLinesKept) {
  std::vector<Diagnostic> Ds = {
      finding("c", 10, 3, 4, "k", "assuming block 32x1x1 from A"),
      finding("c", 10, 3, 4, "k", "assuming block 32x1x1 from A"),
      finding("d", 10, 3, 4, "k", "assuming block 32x1x1 from A"),
      finding("c", 11, 3, 4, "k", "assuming block 32x1x1 from A")};
  mergeDuplicates(Ds);
  ASSERT_EQ(Ds.size(), 3u);
  EXPECT_EQ(Ds[0].Notes.size(), 1u);
  EXPECT_EQ(Ds[1].Check, "d");
  EXPECT_EQ(Ds[2].Range.Begin.Line, 11u);
}

TEST(MergeTest, AssumedShapeGivesWayToAShapeFromTheCode) {
  std::vector<Diagnostic> Ds = {
      finding("c", 10, 3, 7, "k", "no launch found: blockDim.x assumed a "
                                  "multiple of 32"),
      finding("c", 10, 3, 1, "k", "assuming block 8x1x1 from the launch")};
  mergeDuplicates(Ds);
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(Ds[0].Waste, 1);
  EXPECT_EQ(Ds[0].Notes.size(), 1u);
}

// The assumed shape that names a launch with a run-time block gives way
// the same: the note's role decides, whatever its text.
TEST(MergeTest, AssumedShapeOfARunTimeLaunchGivesWayToo) {
  std::vector<Diagnostic> Ds = {
      finding("c", 10, 3, 7, "k",
              "blockDim.x assumed a multiple of 32: the launch at k.cu:40:3 "
              "gives its block as 'n', not a compile-time constant"),
      finding("c", 10, 3, 1, "k", "assuming block 8x1x1 from the launch")};
  mergeDuplicates(Ds);
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(Ds[0].Waste, 1);
  EXPECT_EQ(Ds[0].Notes.size(), 1u);
}

TEST(MergeTest, OtherColumnsOfALineAreNamedWithTheirPlace) {
  std::vector<Diagnostic> Ds = {
      finding("c", 10, 3, 2, "k", "assuming block 32x1x1 from A"),
      finding("c", 10, 20, 2, "k", "assuming block 32x1x1 from A")};
  mergeDuplicates(Ds);
  ASSERT_EQ(Ds.size(), 1u);
  ASSERT_EQ(Ds[0].Notes.size(), 2u);
  EXPECT_EQ(Ds[0].Notes[1].Loc.Column, 20u);
  EXPECT_EQ(Ds[0].Notes[1].Message, "also at column 20: 2 extra");
}

} // namespace
