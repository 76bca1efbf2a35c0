//===- RemainderFirstTest.cpp - nvcc's remainder-first unroll, regrouped --===//

#include "Solve/Enumerate/RemainderFirst.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

/// A space with one relevant loop 'i' that nvcc unrolls by Unroll.
SolveSpace oneLoop(std::optional<unsigned> Unroll) {
  SolveSpace S;
  Loop L;
  L.VarName = "i";
  L.RemainderFirstUnroll = Unroll;
  S.Loops.push_back(L);
  S.Relevant = {0};
  return S;
}

/// One lane's points: iterations 0 .. Trips - 1.
std::vector<LanePiece> lane(int64_t Trips) {
  std::vector<LanePiece> Out;
  for (int64_t K = 0; K < Trips; ++K)
    Out.push_back({{K}, {K}, {}});
  return Out;
}

std::vector<int64_t> keys(const std::vector<LanePiece> &Pieces) {
  std::vector<int64_t> Out;
  for (const LanePiece &P : Pieces)
    Out.push_back(P.Key[0]);
  return Out;
}

TEST(RemainderFirstTest, RemainderPassesComeFirstThenRoundsAndCopies) {
  SolveSpace S = oneLoop(4u);
  LaneRounds Seen;
  // 7 iterations: 3 remainder passes (-1, -2, -3), then one round of 4.
  std::vector<LanePiece> Seven = lane(7), Six = lane(6);
  ASSERT_FALSE(remainderFirstKeys(S, 0, Seven, Seen));
  EXPECT_EQ(keys(Seven), (std::vector<int64_t>{-1, -2, -3, 0, 1, 2, 3}));
  // 6 iterations: 2 remainder passes; its iteration 2 meets the 7-lane's 3.
  ASSERT_FALSE(remainderFirstKeys(S, 0, Six, Seen));
  EXPECT_EQ(keys(Six), (std::vector<int64_t>{-1, -2, 0, 1, 2, 3}));
}

TEST(RemainderFirstTest, EqualTripCountsKeepTheSourceOrder) {
  SolveSpace S = oneLoop(4u);
  LaneRounds Seen;
  std::vector<LanePiece> A = lane(9), B = lane(9);
  ASSERT_FALSE(remainderFirstKeys(S, 0, A, Seen));
  ASSERT_FALSE(remainderFirstKeys(S, 0, B, Seen));
  EXPECT_EQ(keys(A), keys(B));
}

TEST(RemainderFirstTest, DifferentRoundsOrUnknownUnrollingAreNotKnown) {
  SolveSpace S = oneLoop(4u);
  LaneRounds Seen;
  std::vector<LanePiece> Eight = lane(8), Seven = lane(7), Three = lane(3);
  ASSERT_FALSE(remainderFirstKeys(S, 0, Eight, Seen)); // 2 rounds
  ASSERT_FALSE(remainderFirstKeys(S, 0, Three, Seen)); // none: no conflict
  std::optional<std::string> Why = remainderFirstKeys(S, 0, Seven, Seen);
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("run 1 and 2 of its unrolled rounds"), std::string::npos);

  SolveSpace U = oneLoop(std::nullopt);
  LaneRounds SeenU;
  std::vector<LanePiece> X = lane(5), Y = lane(5), Z = lane(4);
  ASSERT_FALSE(remainderFirstKeys(U, 0, X, SeenU));
  ASSERT_FALSE(remainderFirstKeys(U, 0, Y, SeenU)); // same count: fine
  EXPECT_TRUE(remainderFirstKeys(U, 0, Z, SeenU));
}

TEST(RemainderFirstTest, RemainderLastKeepsRoundsInOrderAndTailsApart) {
  SolveSpace S = oneLoop(4u);
  S.Loops[0].RemainderLast = true;
  LaneRounds Seen;
  // 7 iterations: one round (0-3), the 2-copy block (-1, -2), one copy (-3).
  // 5: one round, one copy. 2: no round, the 2-copy block. 9: two rounds
  // and one copy; unlike the remainder first, rounds that differ are known.
  std::vector<LanePiece> Seven = lane(7), Five = lane(5), Two = lane(2),
                         Nine = lane(9);
  ASSERT_FALSE(remainderFirstKeys(S, 0, Seven, Seen));
  EXPECT_EQ(keys(Seven), (std::vector<int64_t>{0, 1, 2, 3, -1, -2, -3}));
  ASSERT_FALSE(remainderFirstKeys(S, 0, Five, Seen));
  EXPECT_EQ(keys(Five), (std::vector<int64_t>{0, 1, 2, 3, -3}));
  ASSERT_FALSE(remainderFirstKeys(S, 0, Two, Seen));
  EXPECT_EQ(keys(Two), (std::vector<int64_t>{-1, -2}));
  ASSERT_FALSE(remainderFirstKeys(S, 0, Nine, Seen));
  EXPECT_EQ(keys(Nine), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, -3}));
}

} // namespace
