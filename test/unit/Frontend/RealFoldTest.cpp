//===- RealFoldTest.cpp - Floating-point constants folded as the device does =//

#include "Frontend/Walker/RealFold.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

using namespace warplint;
using namespace clang;

namespace {

/// float and double as clang sees them, from a one-line translation unit.
class RealFoldTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = tooling::buildASTFromCode("float f; double d; long double l;");
    ASSERT_TRUE(AST);
    Float = AST->getASTContext().FloatTy;
    Double = AST->getASTContext().DoubleTy;
    LongDouble = AST->getASTContext().LongDoubleTy;
  }
  std::unique_ptr<ASTUnit> AST;
  QualType Float, Double, LongDouble;
};

TEST_F(RealFoldTest, RoundsToTheType) {
  EXPECT_EQ(roundReal(Double, 0.1), 0.1);
  EXPECT_EQ(roundReal(Float, 0.1), double(0.1f));
  EXPECT_NE(*roundReal(Float, 0.1), 0.1);
  // Other types are not followed; float subnormals may be flushed.
  EXPECT_FALSE(roundReal(LongDouble, 1.0));
  EXPECT_FALSE(roundReal(Float, double(FLT_MIN) / 4));
  EXPECT_EQ(roundReal(Float, 0.0), 0.0);
}

TEST_F(RealFoldTest, ArithmeticAsTheDevice) {
  EXPECT_EQ(foldRealArith(BO_Mul, 0.5, 3.0, Double), 1.5);
  EXPECT_EQ(foldRealArith(BO_AddAssign, 1.0, double(1e-8f), Float), 1.0);
  EXPECT_EQ(foldRealArith(BO_Sub, 1.0, 0.25, Float), 0.75);
  // Division only where it is exact: fast math approximates the rest.
  EXPECT_EQ(foldRealArith(BO_Div, 1.0, 4.0, Float), 0.25);
  EXPECT_FALSE(foldRealArith(BO_Div, 1.0, 3.0, Float));
  EXPECT_FALSE(foldRealArith(BO_Div, 1.0, 0.0, Double));
  EXPECT_FALSE(foldRealArith(BO_Rem, 1.0, 3.0, Double));
  EXPECT_FALSE(foldRealArith(BO_Sub, INFINITY, INFINITY, Double)); // NaN
}

TEST(RealFold, Comparisons) {
  EXPECT_EQ(foldRealCompare(BO_LE, 1.0, 0.0), false);
  EXPECT_EQ(foldRealCompare(BO_GT, 1.0, 0.0), true);
  EXPECT_EQ(foldRealCompare(BO_EQ, 0.5, 0.5), true);
  EXPECT_EQ(foldRealCompare(BO_NE, NAN, NAN), true);
  EXPECT_EQ(foldRealCompare(BO_LT, NAN, 1.0), false);
  EXPECT_FALSE(foldRealCompare(BO_Add, 1.0, 1.0));
}

TEST(RealFold, ConversionsToIntegers) {
  EXPECT_EQ(realToInteger(2.9, true, 32), 2);
  EXPECT_EQ(realToInteger(-2.9, true, 32), -2);
  EXPECT_EQ(realToInteger(2147483647.0, true, 32), 2147483647);
  EXPECT_FALSE(realToInteger(2147483648.0, true, 32));
  EXPECT_FALSE(realToInteger(-1.0, false, 32));
  EXPECT_EQ(realToInteger(4294967295.0, false, 32), 4294967295);
  EXPECT_FALSE(realToInteger(NAN, true, 32));
  EXPECT_FALSE(realToInteger(INFINITY, true, 64));
}

} // namespace
