//===- Utf16Test.cpp - Byte columns and UTF-16 code units -----------------===//

#include "Report/Utf16.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TEST(Utf16, CountsCodeUnitsNotBytes) {
  // "\u00e9" is 2 bytes and 1 unit; U+1F600 is 4 bytes and 2 units.
  std::string_view Line = "a\xC3\xA9"
                          "b\xF0\x9F\x98\x80"
                          "c";
  EXPECT_EQ(utf16Units(Line, 0), 0);
  EXPECT_EQ(utf16Units(Line, 1), 1);
  EXPECT_EQ(utf16Units(Line, 3), 2);
  EXPECT_EQ(utf16Units(Line, 4), 3);
  EXPECT_EQ(utf16Units(Line, 8), 5);
  EXPECT_EQ(utf16Units(Line, 100), 6);
  // Inside a code point: its lead byte is counted, the rest are not.
  EXPECT_EQ(utf16Units(Line, 2), 2);
  EXPECT_EQ(bytesForUtf16(Line, 2), 3u);
  EXPECT_EQ(bytesForUtf16(Line, 5), 8u);
  EXPECT_EQ(bytesForUtf16(Line, 99), Line.size());
  // Half a surrogate pair still takes the whole code point.
  EXPECT_EQ(bytesForUtf16(Line, 4), 8u);
}

TEST(Utf16, ConversionsAreInverseOnCodePointBoundaries) {
  std::string_view Line = "x\xE2\x82\xAC\xF0\x9F\x98\x80y";
  for (size_t B : {size_t(0), size_t(1), size_t(4), size_t(8), size_t(9)})
    EXPECT_EQ(bytesForUtf16(Line, utf16Units(Line, B)), B) << B;
}

} // namespace
