//===- HardwareRulesTest.cpp - The per-request rules on hand-made lanes ---===//

#include "Solve/HardwareRules.h"
#include "Model/Arch.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

std::vector<LaneAddress> lanes(int64_t Stride, unsigned Count = 32,
                               int64_t Base = 0) {
  std::vector<LaneAddress> L;
  for (unsigned I = 0; I < Count; ++I)
    L.push_back({I, Base + Stride * I});
  return L;
}

TEST(HardwareRules, Phases) {
  ArchInfo A = *findArch("sm_90");
  EXPECT_EQ(sharedPhaseCount(1, A), 1u);
  EXPECT_EQ(sharedPhaseCount(4, A), 1u);
  EXPECT_EQ(sharedPhaseCount(8, A), 2u);
  EXPECT_EQ(sharedPhaseCount(16, A), 4u);
}

TEST(HardwareRules, SharedPhaseCountsDistinctWordsPerBank) {
  ArchInfo A = *findArch("sm_90");
  EXPECT_EQ(sharedRequestCost(lanes(4), 4, A).Wavefronts, 1u);
  EXPECT_EQ(sharedRequestCost(lanes(8), 4, A).Wavefronts, 2u);
  EXPECT_EQ(sharedRequestCost(lanes(0), 4, A).Wavefronts, 1u);
  // Two lanes per word (shorts): still one wavefront.
  EXPECT_EQ(sharedRequestCost(lanes(2), 2, A).Wavefronts, 1u);
  SharedRequestCost C = sharedRequestCost(lanes(128), 4, A);
  EXPECT_EQ(C.Wavefronts, 32u);
  EXPECT_EQ(C.WorstBankWords, 32u);
  EXPECT_EQ(C.LaneA, 0);
  EXPECT_EQ(C.LaneB, 1);
  // Inactive half: the other phase costs nothing and is not ideal.
  SharedRequestCost H = sharedRequestCost(lanes(8, 16), 8, A);
  EXPECT_EQ(H.Wavefronts, 1u);
  EXPECT_EQ(H.Ideal, 1u);
  EXPECT_EQ(sharedRequestCost({}, 4, A).Wavefronts, 0u);
}

TEST(HardwareRules, GlobalSectors) {
  ArchInfo A = *findArch("sm_90");
  GlobalRequestCost C = globalRequestCost(lanes(4), 4, A);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.Ideal, 4u);
  EXPECT_EQ(C.Pattern, GlobalPattern::Coalesced);
  GlobalRequestCost M = globalRequestCost(lanes(4, 32, 4), 4, A);
  EXPECT_EQ(M.Sectors, 5u);
  EXPECT_EQ(M.Pattern, GlobalPattern::Misaligned);
  GlobalRequestCost S = globalRequestCost(lanes(8), 4, A);
  EXPECT_EQ(S.Sectors, 8u);
  EXPECT_EQ(S.Pattern, GlobalPattern::Strided);
  GlobalRequestCost U = globalRequestCost(lanes(0), 4, A);
  EXPECT_EQ(U.Sectors, 1u);
  EXPECT_EQ(U.Ideal, 1u);
  EXPECT_EQ(U.Pattern, GlobalPattern::Uniform);
  std::vector<LaneAddress> Scatter = {{0, 0}, {1, 400}, {2, 40}};
  EXPECT_EQ(globalRequestCost(Scatter, 4, A).Pattern, GlobalPattern::Scattered);
}

} // namespace
