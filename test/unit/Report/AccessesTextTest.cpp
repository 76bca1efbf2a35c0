//===- AccessesTextTest.cpp - The --all-accesses listing ------------------===//

#include "Report/Decimal.h"
#include "Report/Writers.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

AccessRecord sharedLoad() {
  AccessRecord R;
  R.Loc.File = "f.cu";
  R.Loc.Line = 12;
  R.Loc.Column = 20;
  R.Kernel = "transpose";
  R.Function = "transpose";
  R.Variable = "tile";
  R.Bytes = 4;
  R.Block = {{32, 32, 1}};
  R.LaunchDescription = "block 32x32x1 from the launch at f.cu:40:3";
  R.Exact = true;
  R.Wavefronts = 32;
  R.WavefrontsMean = 32;
  R.IdealWavefronts = 1;
  R.Requests = 1024;
  return R;
}

std::string render(const std::vector<AccessRecord> &Records,
                   bool Color = false) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeAccessesText(OS, Records, TextOptions{Color});
  return Out;
}

TEST(AccessesTextTest, SharedExact) {
  EXPECT_EQ(render({sharedLoad()}),
            "f.cu:12:20: remark: shared load of 'tile' (4 bytes) in kernel "
            "'transpose': 32 wavefronts per request (mean 32.0, ideal 1); "
            "block 32x32x1 from the launch at f.cu:40:3 [warplint-access]\n");
}

TEST(AccessesTextTest, GlobalWithPatternConditionAndHelper) {
  AccessRecord R = sharedLoad();
  R.Space = MemorySpace::Global;
  R.Op = AccessOp::Store;
  R.Variable = "out";
  R.Function = "store_row";
  R.Sectors = 5;
  R.SectorsMean = 4.5;
  R.IdealSectors = 4;
  R.Pattern = "misaligned";
  R.Condition = "n % 8 != 0";
  EXPECT_EQ(render({R}),
            "f.cu:12:20: remark: global store of 'out' (4 bytes) in "
            "'store_row' called from kernel 'transpose': 5 sectors per "
            "request (mean 4.5, ideal 4, misaligned) when n % 8 != 0; block "
            "32x32x1 from the launch at f.cu:40:3 [warplint-access]\n");
}

TEST(AccessesTextTest, UnknownGivesTheReason) {
  AccessRecord R = sharedLoad();
  R.Exact = false;
  R.Op = AccessOp::Atomic;
  R.Bytes = 1;
  R.Reason = "index loaded from memory";
  R.Block.reset();
  R.LaunchDescription = "no launch found: blockDim.x assumed a multiple of 32";
  EXPECT_EQ(render({R}),
            "f.cu:12:20: remark: shared atomic of 'tile' (1 byte) in kernel "
            "'transpose': unknown: index loaded from memory; no launch "
            "found: blockDim.x assumed a multiple of 32 [warplint-access]\n");
}

TEST(AccessesTextTest, OneLinePerRecordAndColourOnRequest) {
  std::string Plain = render({sharedLoad(), sharedLoad()});
  EXPECT_EQ(std::count(Plain.begin(), Plain.end(), '\n'), 2);
  EXPECT_EQ(Plain.find('\x1b'), std::string::npos);
  std::string Colored = render({sharedLoad()}, /*Color=*/true);
  EXPECT_NE(Colored.find("\x1b[0;1;34mremark: \x1b[0m"), std::string::npos)
      << Colored;
}

TEST(DecimalTest, RoundsAndKeepsOneDecimal) {
  EXPECT_EQ(formatDecimal(32), "32.0");
  EXPECT_EQ(formatDecimal(0), "0.0");
  EXPECT_EQ(formatDecimal(2.25), "2.25");
  EXPECT_EQ(formatDecimal(2.1), "2.1");
  EXPECT_EQ(formatDecimal(4.0 / 3.0), "1.3333");
  EXPECT_EQ(formatDecimal(1.99999), "2.0");
  EXPECT_EQ(formatDecimal(-0.00001), "0.0");
  EXPECT_EQ(formatDecimal(1.5, 0), "2.0");
}

} // namespace
