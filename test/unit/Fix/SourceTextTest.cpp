//===- SourceTextTest.cpp - Reading the text fixes rewrite ----------------===//

#include "Fix/SourceText.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TEST(SourceTextTest, SplitsAMultipleOfALiteral) {
  auto S = splitScaled("Chunk * 8");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->first, "Chunk");
  EXPECT_EQ(S->second, 8);
  S = splitScaled("(Kk * 2 + Lane / 16) * 8");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->first, "(Kk * 2 + Lane / 16)");
  S = splitScaled("Lane / 16 * 8u");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->first, "Lane / 16");
  EXPECT_EQ(S->second, 8);
  S = splitScaled("a[i] * b * 4");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->first, "a[i] * b");
}

TEST(SourceTextTest, RefusesWhatIsNotAMultipleOfALiteral) {
  // Something binds more loosely than the product at the top level.
  EXPECT_FALSE(splitScaled("Kk * 16 + Lane / 16 * 8"));
  EXPECT_FALSE(splitScaled("C ^ R * 8"));
  EXPECT_FALSE(splitScaled("c < 4 ? c * 8 : 0"));
  // The last factor is not a decimal literal, or the product is not last.
  EXPECT_FALSE(splitScaled("Chunk * W"));
  EXPECT_FALSE(splitScaled("Chunk * 0x8"));
  EXPECT_FALSE(splitScaled("Chunk * 8 / 2"));
  EXPECT_FALSE(splitScaled("Chunk * 8 % 64"));
  // A dereference is not a product.
  EXPECT_FALSE(splitScaled("*P"));
  EXPECT_FALSE(splitScaled("-C * 8"));
  EXPECT_FALSE(splitScaled("8"));
}

} // namespace
