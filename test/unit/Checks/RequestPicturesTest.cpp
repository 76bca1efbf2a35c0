//===- RequestPicturesTest.cpp - A finding's request, lane by lane --------===//
//
// The pictures the HTML report draws must say what the finding says: the
// banks or sectors of each lane, the lanes that collide, and the request's
// cost by the solver's own hardware rules.
//
//===----------------------------------------------------------------------===//

#include "Checks/RequestPictures.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

/// 32 lanes of warp 0, lane l at byte offset Stride * l.
std::vector<LaneWitness> lanes(int64_t Stride, unsigned Count = 32) {
  std::vector<LaneWitness> Out;
  for (unsigned L = 0; L < Count; ++L) {
    LaneWitness W;
    W.Lane = L;
    W.Thread = {L, 0, 0};
    W.ByteOffset = Stride * L;
    Out.push_back(W);
  }
  return Out;
}

TEST(RequestPictures, ColumnOfLanesIntoOneBankAllCollide) {
  RequestPicture P =
      sharedPicture(lanes(128), 4, SharedOpKind::Load, ArchInfo());
  EXPECT_TRUE(P.Shared);
  EXPECT_EQ(P.Columns, 32u);
  EXPECT_EQ(P.Cost, 32u);
  EXPECT_EQ(P.Ideal, 1u);
  ASSERT_EQ(P.Lanes.size(), 32u);
  for (const RequestPicture::Lane &L : P.Lanes) {
    EXPECT_EQ(L.Columns, std::vector<unsigned>{0});
    EXPECT_TRUE(L.Collides);
  }
}

TEST(RequestPictures, PaddedRowsSpreadOverEveryBank) {
  RequestPicture P =
      sharedPicture(lanes(132), 4, SharedOpKind::Load, ArchInfo());
  EXPECT_EQ(P.Cost, 1u);
  for (const RequestPicture::Lane &L : P.Lanes) {
    EXPECT_EQ(L.Columns, std::vector<unsigned>{L.Index});
    EXPECT_FALSE(L.Collides);
  }
}

TEST(RequestPictures, SixteenByteLanesCoverFourBanksPerQuarterWarp) {
  // float4 per lane, consecutive: each quarter-warp reads 128 bytes.
  RequestPicture P =
      sharedPicture(lanes(16), 16, SharedOpKind::Load, ArchInfo());
  EXPECT_EQ(P.Cost, 4u);
  EXPECT_EQ(P.Ideal, 4u);
  EXPECT_EQ(P.Lanes[1].Columns, (std::vector<unsigned>{4, 5, 6, 7}));
  for (const RequestPicture::Lane &L : P.Lanes)
    EXPECT_FALSE(L.Collides) << L.Index;
}

TEST(RequestPictures, TheSameWordIsABroadcastNotACollision) {
  RequestPicture P = sharedPicture(lanes(0), 4, SharedOpKind::Load, ArchInfo());
  EXPECT_EQ(P.Cost, 1u);
  for (const RequestPicture::Lane &L : P.Lanes)
    EXPECT_FALSE(L.Collides);
}

TEST(RequestPictures, GlobalColumnsAreTheSectorsTouched) {
  // Every other float: 256 bytes, 8 sectors, where 4 would do.
  RequestPicture P = globalPicture(lanes(8), 4, ArchInfo());
  EXPECT_FALSE(P.Shared);
  EXPECT_EQ(P.Cost, 8u);
  EXPECT_EQ(P.Ideal, 4u);
  EXPECT_EQ(P.Sectors, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(P.Lanes[5].Columns, std::vector<unsigned>{1});
  // A stride of 4 KiB: 32 sectors far apart, drawn as 32 columns.
  RequestPicture Far = globalPicture(lanes(4096), 4, ArchInfo());
  EXPECT_EQ(Far.Columns, 32u);
  EXPECT_EQ(Far.Sectors[1], 128);
  EXPECT_EQ(Far.Cost, 32u);
}

TEST(RequestPictures, NotDrawnWhenItWouldNotShowTheFindingsCount) {
  Access A;
  A.Bytes = 4;
  RequestWitness W;
  W.Lanes = lanes(128);
  W.A = W.Lanes[0];
  // Drawn as the solver laid the request out.
  std::vector<LaneAddress> At;
  for (const LaneWitness &L : W.Lanes)
    At.push_back({L.Lane, L.ByteOffset});
  EXPECT_FALSE(findingPicture(W, A, /*Shared=*/true, 32));
  W.Layout = sharedRequestLayout(At, 4, SharedOpKind::Load, ArchInfo());
  std::optional<RequestPicture> P = findingPicture(W, A, /*Shared=*/true, 32);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Lanes.size(), 32u);
  EXPECT_TRUE(P->Lanes[5].Collides);
  EXPECT_EQ(P->Lanes[5].Columns, std::vector<unsigned>{0});
  EXPECT_FALSE(findingPicture(W, A, /*Shared=*/true, 31));
  // Lanes at different iterations of an unrolled loop: no one picture.
  W.MixedLoop = "i";
  EXPECT_FALSE(findingPicture(W, A, /*Shared=*/true, 32));
  W.MixedLoop.clear();
  A.Emitted.SplitBytes = {4, 4, 4};
  EXPECT_FALSE(findingPicture(W, A, /*Shared=*/true, 32));
  // Laid out for another width than the access's instruction.
  A.Emitted.SplitBytes.clear();
  A.Emitted.InstrBytes = 8;
  EXPECT_FALSE(findingPicture(W, A, /*Shared=*/true, 32));
}

} // namespace
