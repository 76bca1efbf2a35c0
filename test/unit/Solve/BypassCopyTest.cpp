//===- BypassCopyTest.cpp - Rule LDGSTS.BYPASS against its measurements --===//
//
// Every lane pattern of test/gpu/tensor-core/ldgsts_pairs.cu that the H100
// (an H200's SM) measured for cp.async.cg: the rule must give the measured
// sectors and wavefronts of each, and Nsight Compute's ideals.
//
//===----------------------------------------------------------------------===//

#include "Solve/HardwareRules.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

using namespace warplint;

namespace {

struct Measured {
  std::string Family;
  bool Cg = false;
  std::vector<int64_t> Src, Dst;
  int Wavefronts = -1, IdealWavefronts = -1, Sectors = -1, IdealSectors = -1;
};

std::string recordPath(const char *Name) {
  return std::string(WARPLINT_SOURCE_DIR) + "/test/gpu/tensor-core/" + Name;
}

/// ldgsts_pairs_patterns.txt: "id family cg|ca src[32] dst[32]";
/// ldgsts_pairs.csv: the cp.async line's source counters per launch (pattern
/// = chunk + launch).
std::map<int, Measured> readRecords() {
  std::map<int, Measured> Out;
  std::ifstream Patterns(recordPath("ldgsts_pairs_patterns.txt"));
  std::string Line;
  while (std::getline(Patterns, Line)) {
    std::istringstream In(Line);
    int Id;
    std::string Kind;
    Measured M;
    In >> Id >> M.Family >> Kind;
    M.Cg = Kind == "cg";
    for (int I = 0; I < 64; ++I) {
      int64_t V;
      In >> V;
      (I < 32 ? M.Src : M.Dst).push_back(V);
    }
    Out[Id] = M;
  }
  std::ifstream Csv(recordPath("ldgsts_pairs.csv"));
  std::getline(Csv, Line); // header
  while (std::getline(Csv, Line)) {
    std::vector<std::string> F;
    std::istringstream In(Line);
    for (std::string X; std::getline(In, X, ',');)
      F.push_back(X);
    // chunk,launch,line,space,op,sass,requests,thread_requests,wavefronts,
    // wavefronts_ideal,sectors,sectors_ideal
    if (F.size() != 12 || F[5].find("LDGSTS") == std::string::npos)
      continue;
    Measured &M = Out[std::stoi(F[0]) + std::stoi(F[1])];
    if (F[3] == "shared") {
      M.Wavefronts = std::stoi(F[8]);
      M.IdealWavefronts = std::stoi(F[9]);
    } else {
      M.Sectors = std::stoi(F[10]);
      M.IdealSectors = std::stoi(F[11]);
    }
  }
  return Out;
}

std::vector<CopyLane> copyLanes(const Measured &M) {
  std::vector<CopyLane> L;
  for (unsigned I = 0; I < 32; ++I)
    if (M.Src[I] >= 0)
      L.push_back({I, M.Src[I], M.Dst[I]});
  return L;
}

TEST(BypassCopy, EveryMeasuredPattern) {
  std::map<int, Measured> Records = readRecords();
  unsigned Checked = 0;
  for (const auto &[Id, M] : Records) {
    if (!M.Cg)
      continue;
    ASSERT_GE(M.Wavefronts, 0) << "pattern " << Id << " not measured";
    ASSERT_GE(M.Sectors, 0) << "pattern " << Id << " not measured";
    BypassCopyCost C = bypassCopyCost(copyLanes(M));
    SCOPED_TRACE("pattern " + std::to_string(Id) + " (" + M.Family + ")");
    EXPECT_TRUE(C.Unmeasured.empty()) << C.Unmeasured;
    EXPECT_EQ(int(C.Sectors), M.Sectors);
    EXPECT_EQ(int(C.Wavefronts), M.Wavefronts);
    EXPECT_EQ(int(C.IdealSectors), M.IdealSectors);
    EXPECT_EQ(int(C.IdealWavefronts), M.IdealWavefronts);
    ++Checked;
  }
  // The sweep as recorded: a lost file must not pass as nothing to check.
  EXPECT_EQ(Checked, 246u);
}

TEST(BypassCopy, WitnessLanesNeedDifferentWavefronts) {
  // Lane 0 reads the second half of a sector alone; lanes 1-6 are pairs.
  std::vector<CopyLane> L;
  for (unsigned I = 0; I < 7; ++I)
    L.push_back({I, 16 + 16 * int64_t(I), 16 + 16 * int64_t(I)});
  BypassCopyCost C = bypassCopyCost(L);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.Wavefronts, 2u);
  EXPECT_EQ(C.LaneA, 0);
  EXPECT_EQ(C.LaneB, 1);
}

TEST(BypassCopy, OutsideTheRule) {
  EXPECT_TRUE(bypassCopyCost({{0, 8, 0}}).Misaligned);
  EXPECT_FALSE(bypassCopyCost({{0, 0, 0}, {1, 16, 0}}).Unmeasured.empty());
}

} // namespace
