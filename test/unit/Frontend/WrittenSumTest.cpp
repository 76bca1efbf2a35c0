//===- WrittenSumTest.cpp - Subscripts and sizes as written ---------------===//
//
// The front end reads a one-dimensional array's subscript and its declared
// size as sums of products from the AST (Access::WrittenIndex,
// MemoryObject::LastExtentFactors): the fix rewrites the named stride in
// them. Only what is plainly written in the file is read.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestUtil.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

const char *Code = R"cu(
#define TILE 32
#define AT(r, c) ((r) * TILE + (c))
#define BARE(r, c) (r) * TILE + (c)
constexpr int W = 32;

__global__ void forms(float *out, int n) {
  __shared__ float s[TILE * TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  s[ty * TILE + tx] = 1.0f;                 // 0: {ty, TILE} + {tx}
  s[W * (ty + 1) + tx] = 2.0f;              // 1: {W, (ty + 1)} + {tx}
  s[(ty * W + tx)] = 3.0f;                  // 2: one parenthesized factor
  s[BARE(ty, tx)] = 4.0f;                   // 3: operators inside a macro
  s[ty * W - tx] = 5.0f;                    // 4: a subtraction
  s[ty + tx + n] = 6.0f;                    // 5: three terms
  s[tx] = 7.0f;                             // 6: {tx}
  s[AT(ty, tx)] = 8.0f;                     // 7: one factor, the call
}

__global__ void sizes(float *out) {
  __shared__ float lit[1024];
  __shared__ float sum[W * W + 1];
  lit[threadIdx.x] = sum[threadIdx.x];
}

void launch(float *out) {
  forms<<<1, dim3(32, 8)>>>(out, 0);
  sizes<<<1, 32>>>(out);
}
)cu";

/// The factor names of each term, "" for a factor without one.
std::vector<std::vector<std::string>> names(const Access &A) {
  std::vector<std::vector<std::string>> Out;
  for (const auto &Term : A.WrittenIndex) {
    Out.emplace_back();
    for (const WrittenFactor &F : Term)
      Out.back().push_back(F.Name);
  }
  return Out;
}

using Names = std::vector<std::vector<std::string>>;

TEST(WrittenSum, SubscriptsOfOneDimensionalArrays) {
  FrontendResult R = parse(Code);
  ASSERT_TRUE(R.Success) << R.ClangDiagnostics;
  const KernelModel *K = kernel(R, "forms");
  ASSERT_TRUE(K);
  auto S = accessesOf(*K, "s");
  ASSERT_EQ(S.size(), 8u);
  EXPECT_EQ(names(*S[0]), (Names{{"ty", "TILE"}, {"tx"}}));
  EXPECT_EQ(names(*S[1]), (Names{{"W", ""}, {"tx"}}));
  EXPECT_EQ(names(*S[2]), (Names{{""}}));
  EXPECT_TRUE(S[3]->WrittenIndex.empty()) << "operators from a macro";
  EXPECT_TRUE(S[4]->WrittenIndex.empty()) << "a subtraction";
  EXPECT_TRUE(S[5]->WrittenIndex.empty()) << "more than two terms";
  EXPECT_EQ(names(*S[6]), (Names{{"tx"}}));
  EXPECT_EQ(names(*S[7]), (Names{{""}})) << "a macro call is one factor";

  // The macro's name is the factor's text: its range covers "TILE" at its
  // use, which is what an edit rewrites.
  const WrittenFactor &Tile = S[0]->WrittenIndex[0][1];
  EXPECT_EQ(Tile.Range.Begin.Line, S[0]->Loc.Line);
  EXPECT_EQ(Tile.Range.End.Offset - Tile.Range.Begin.Offset, 4u);
  const WrittenFactor &Paren = S[1]->WrittenIndex[0][1];
  EXPECT_EQ(Paren.Range.End.Offset - Paren.Range.Begin.Offset,
            std::string("(ty + 1)").size());

  const MemoryObject *O = object(*K, "s");
  ASSERT_TRUE(O);
  ASSERT_EQ(O->LastExtentFactors.size(), 2u);
  EXPECT_EQ(O->LastExtentFactors[0].Name, "TILE");
  EXPECT_EQ(O->LastExtentFactors[1].Name, "TILE");
  EXPECT_FALSE(O->LastExtentFactors[0].Number);
}

TEST(WrittenSum, DeclaredSizes) {
  FrontendResult R = parse(Code);
  ASSERT_TRUE(R.Success) << R.ClangDiagnostics;
  const KernelModel *K = kernel(R, "sizes");
  ASSERT_TRUE(K);
  const MemoryObject *Lit = object(*K, "lit");
  ASSERT_TRUE(Lit);
  ASSERT_EQ(Lit->LastExtentFactors.size(), 1u);
  EXPECT_TRUE(Lit->LastExtentFactors[0].Number);
  EXPECT_EQ(Lit->LastExtentFactors[0].Name, "");
  const MemoryObject *Sum = object(*K, "sum");
  ASSERT_TRUE(Sum);
  EXPECT_TRUE(Sum->LastExtentFactors.empty()) << "a sum is not a product";
}

} // namespace
