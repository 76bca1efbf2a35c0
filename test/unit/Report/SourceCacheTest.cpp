//===- SourceCacheTest.cpp - Reading source lines -------------------------===//

#include "Report/Writers.h"
#include "TempFiles.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

TEST(SourceCacheTest, SplitsUnixLines) {
  TempDir Dir;
  std::string F = Dir.write("a.cu", "one\ntwo\n\nfour\n");
  SourceCache Cache;
  EXPECT_EQ(Cache.line(F, 1), "one");
  EXPECT_EQ(Cache.line(F, 2), "two");
  EXPECT_EQ(Cache.line(F, 3), "");
  EXPECT_EQ(Cache.line(F, 4), "four");
  ASSERT_NE(Cache.lines(F), nullptr);
  EXPECT_EQ(Cache.lines(F)->size(), 4u); // the final newline adds no line
}

TEST(SourceCacheTest, ToleratesCrLfAndLoneCr) {
  TempDir Dir;
  std::string F = Dir.write("crlf.cu", "one\r\ntwo\rthree\r\n\r\nlast");
  SourceCache Cache;
  EXPECT_EQ(Cache.line(F, 1), "one");
  EXPECT_EQ(Cache.line(F, 2), "two");
  EXPECT_EQ(Cache.line(F, 3), "three");
  EXPECT_EQ(Cache.line(F, 4), "");
  EXPECT_EQ(Cache.line(F, 5), "last"); // no terminator at the end
  EXPECT_EQ(Cache.lines(F)->size(), 5u);
}

TEST(SourceCacheTest, OutOfRangeLinesAreEmpty) {
  TempDir Dir;
  std::string F = Dir.write("a.cu", "only\n");
  SourceCache Cache;
  EXPECT_EQ(Cache.line(F, 0), "");
  EXPECT_EQ(Cache.line(F, 2), "");
  EXPECT_EQ(Cache.line(F, 100000), "");
}

TEST(SourceCacheTest, UnreadableFilesGiveNothing) {
  TempDir Dir;
  SourceCache Cache;
  EXPECT_EQ(Cache.lines(Dir.path("missing.cu")), nullptr);
  EXPECT_EQ(Cache.line(Dir.path("missing.cu"), 1), "");
  EXPECT_EQ(Cache.lines(""), nullptr);
}

TEST(SourceCacheTest, ReadsEachFileOnce) {
  TempDir Dir;
  std::string F = Dir.write("a.cu", "first\n");
  SourceCache Cache;
  EXPECT_EQ(Cache.line(F, 1), "first");
  // The cache answers from memory, so diagnostics of one run all see the
  // file as it was when first read.
  Dir.write("a.cu", "second\n");
  EXPECT_EQ(Cache.line(F, 1), "first");
}

TEST(SourceCacheTest, EmptyFileIsReadableWithNoLines) {
  TempDir Dir;
  std::string F = Dir.write("empty.cu", "");
  SourceCache Cache;
  ASSERT_NE(Cache.lines(F), nullptr);
  EXPECT_TRUE(Cache.lines(F)->empty());
}

} // namespace
