//===- LaunchShapeTest.cpp - Launch shapes against the target's limits ----===//

#include "Model/LaunchShape.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

ArchInfo sm90() { return *findArch("sm_90"); }

TEST(LaunchShape, LimitsComeFromTheArchTable) {
  for (const ArchInfo &A : allArchs()) {
    EXPECT_EQ(A.MaxBlockDim[2], 64u) << A.Name;
    EXPECT_EQ(A.MaxGridDim[0], (int64_t(1) << 31) - 1) << A.Name;
  }
}

TEST(LaunchShape, ValidBlocksAtTheLimits) {
  ArchInfo A = sm90();
  EXPECT_FALSE(blockShapeProblem(A, {1024, 1, 1}));
  EXPECT_FALSE(blockShapeProblem(A, {1, 1024, 1}));
  EXPECT_FALSE(blockShapeProblem(A, {1, 1, 64}));
  EXPECT_FALSE(blockShapeProblem(A, {16, 16, 4}));
  EXPECT_FALSE(blockShapeProblem(A, {1, 1, 1}));
}

TEST(LaunchShape, InvalidBlocksSayWhy) {
  ArchInfo A = sm90();
  EXPECT_EQ(blockShapeProblem(A, {0, 1, 1}),
            "block dimension x is 0, not a positive number");
  EXPECT_EQ(blockShapeProblem(A, {32, -1, 1}),
            "block dimension y is -1, not a positive number");
  EXPECT_EQ(blockShapeProblem(A, {1, 1, 1024}),
            "block dimension z is 1024, more than the 64 allowed on sm_90");
  EXPECT_EQ(blockShapeProblem(A, {1025, 1025, 1}),
            "block dimension x is 1025, more than the 1024 allowed on sm_90");
  EXPECT_EQ(blockShapeProblem(A, {64, 32, 1}),
            "block 64x32x1 has 2048 threads, more than the 1024 allowed on "
            "sm_90");
  // Extents whose product overflows 64 bits are rejected before any
  // multiplication.
  EXPECT_TRUE(blockShapeProblem(A, {int64_t(1) << 40, int64_t(1) << 40, 64}));
  EXPECT_TRUE(blockShapeProblem(A, {2147483648, 2147483648, 1}));
}

TEST(LaunchShape, Grids) {
  ArchInfo A = sm90();
  EXPECT_FALSE(gridShapeProblem(A, {2147483647, 65535, 65535}));
  EXPECT_EQ(gridShapeProblem(A, {2147483648, 1, 1}),
            "grid dimension x is 2147483648, more than the 2147483647 allowed "
            "on sm_90");
  EXPECT_EQ(gridShapeProblem(A, {1, 65536, 1}),
            "grid dimension y is 65536, more than the 65535 allowed on sm_90");
  EXPECT_EQ(gridShapeProblem(A, {1, 1, 0}),
            "grid dimension z is 0, not a positive number");
}

TEST(LaunchShape, LaunchChecksBlockThenGrid) {
  ArchInfo A = sm90();
  LaunchConfig L;
  EXPECT_FALSE(launchShapeProblem(A, L)); // Assumed: nothing to check
  L.Block = BlockShape{32, 8, 1};
  L.Grid = std::array<int64_t, 3>{1, 70000, 1};
  EXPECT_EQ(launchShapeProblem(A, L),
            "grid dimension y is 70000, more than the 65535 allowed on sm_90");
  L.Block = BlockShape{2048, 1, 1};
  EXPECT_EQ(launchShapeProblem(A, L),
            "block dimension x is 2048, more than the 1024 allowed on sm_90");
}

TEST(LaunchShape, PartlyConstantBlocksCheckTheirConstantExtents) {
  ArchInfo A = sm90();
  LaunchConfig L;
  L.Source = LaunchSource::LaunchSite;
  L.PartialBlock = {2048, std::nullopt, 1};
  ASSERT_TRUE(L.partial());
  EXPECT_EQ(launchShapeProblem(A, L),
            "block dimension x is 2048, more than the 1024 allowed on sm_90");
  L.PartialBlock = {64, std::nullopt, 128};
  EXPECT_EQ(launchShapeProblem(A, L),
            "block dimension z is 128, more than the 64 allowed on sm_90");
  L.PartialBlock = {64, std::nullopt, 32};
  EXPECT_EQ(launchShapeProblem(A, L),
            "block 64x1x32 has 2048 threads, more than the 1024 allowed on "
            "sm_90");
  L.PartialBlock = {64, std::nullopt, 1};
  EXPECT_FALSE(launchShapeProblem(A, L));
}

TEST(LaunchShape, OneBindingOfTheLaunchsValues) {
  LaunchConfig L;
  L.Source = LaunchSource::LaunchSite;
  L.PartialBlock = {16, std::nullopt, 1};
  L.Grid = std::array<int64_t, 3>{8, 2, 1};
  L.ParamValues = {{1, 42}};
  auto Bind = bindLaunch(L);
  auto Value = [&](SymbolKind K, unsigned I) -> std::optional<int64_t> {
    auto E = Bind({K, I});
    return E ? E->asConst() : std::nullopt;
  };
  EXPECT_EQ(Value(SymbolKind::BlockDim, 0), 16);
  EXPECT_EQ(Value(SymbolKind::BlockDim, 1), std::nullopt); // run-time
  EXPECT_EQ(Value(SymbolKind::BlockDim, 2), 1);
  EXPECT_EQ(Value(SymbolKind::GridDim, 0), 8);
  EXPECT_EQ(Value(SymbolKind::Param, 1), 42);
  EXPECT_EQ(Value(SymbolKind::Param, 0), std::nullopt);
  EXPECT_EQ(Value(SymbolKind::ThreadIdx, 0), std::nullopt);
  // A known block binds every extent; the assumed shape none.
  L.Block = BlockShape{32, 4, 2};
  EXPECT_EQ(launchValue(L, {SymbolKind::BlockDim, 1}), 4);
  LaunchConfig Assumed;
  EXPECT_EQ(launchValue(Assumed, {SymbolKind::BlockDim, 0}), std::nullopt);
}

} // namespace
