//===- PtxMemoryTest.cpp - The memory instructions of inline PTX ----------===//

#include "Frontend/Walker/PtxMemory.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

using Kind = PtxMemoryOp::Kind;

TEST(PtxMemory, LdmatrixAndStmatrix) {
  auto Ops = parsePtxMemoryOps(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, "
      "[%4];\n\tstmatrix.sync.aligned.x2.m8n8.shared.b16 [%0+32], {%1, %2};");
  ASSERT_EQ(Ops.size(), 2u);
  EXPECT_EQ(Ops[0].K, Kind::MatrixLoad);
  EXPECT_EQ(Ops[0].Matrices, 4u);
  EXPECT_TRUE(Ops[0].Transposed);
  EXPECT_EQ(Ops[0].Space, PtxSpace::Shared);
  EXPECT_EQ(Ops[0].Bytes, 16u);
  ASSERT_TRUE(Ops[0].Address);
  EXPECT_EQ(Ops[0].Address->Operand, 4u);
  EXPECT_EQ(Ops[0].Address->Offset, 0);
  EXPECT_EQ(Ops[1].K, Kind::MatrixStore);
  EXPECT_EQ(Ops[1].Matrices, 2u);
  EXPECT_FALSE(Ops[1].Transposed);
  ASSERT_TRUE(Ops[1].Address);
  EXPECT_EQ(Ops[1].Address->Operand, 0u);
  EXPECT_EQ(Ops[1].Address->Offset, 32);
  EXPECT_EQ(Ops[1].Index, 1u);
}

TEST(PtxMemory, AsyncCopies) {
  auto Ops =
      parsePtxMemoryOps("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n"
                        "cp.async.ca.shared.global [%0 + 4], [%1+0x8], 4, %2;\n"
                        "cp.async.commit_group;\ncp.async.wait_group 0;");
  ASSERT_EQ(Ops.size(), 2u);
  EXPECT_EQ(Ops[0].K, Kind::AsyncCopy);
  EXPECT_TRUE(Ops[0].BypassL1);
  EXPECT_EQ(Ops[0].Bytes, 16u);
  EXPECT_EQ(Ops[0].Address->Operand, 0u);
  EXPECT_EQ(Ops[0].Source->Operand, 1u);
  EXPECT_FALSE(Ops[1].BypassL1);
  EXPECT_EQ(Ops[1].Bytes, 4u);
  EXPECT_EQ(Ops[1].Address->Offset, 4);
  EXPECT_EQ(Ops[1].Source->Offset, 8);
}

TEST(PtxMemory, PredicatesSetFromOperands) {
  auto Ops = parsePtxMemoryOps(
      "{ .reg .pred p, q; setp.ne.b32 p, %0, 0;\n"
      " @p cp.async.cg.shared.global [%1], [%2], 16;\n"
      " setp.lt.s32 q, 16, %3; @!q st.shared.f32 [%1], %4;\n"
      " setp.lo.u32 p, %3, 7; @p ld.shared.f32 %5, [%1];\n"
      " ld.shared.f32 %5, [%1];\n"
      " @q setp.eq.s32 p, %3, 1; @p st.shared.f32 [%1], %4; }");
  ASSERT_EQ(Ops.size(), 5u);
  ASSERT_TRUE(Ops[0].Guard);
  EXPECT_TRUE(Ops[0].Guard->Known);
  EXPECT_EQ(Ops[0].Guard->Operand, 0u);
  EXPECT_EQ(Ops[0].Guard->Cmp, "ne");
  EXPECT_EQ(Ops[0].Guard->Value, 0);
  EXPECT_FALSE(Ops[0].Guard->Negated);
  // 16 < %3 is %3 > 16, and @!q negates it.
  ASSERT_TRUE(Ops[1].Guard);
  EXPECT_TRUE(Ops[1].Guard->Known);
  EXPECT_EQ(Ops[1].Guard->Operand, 3u);
  EXPECT_EQ(Ops[1].Guard->Cmp, "gt");
  EXPECT_EQ(Ops[1].Guard->Value, 16);
  EXPECT_TRUE(Ops[1].Guard->Negated);
  // An unsigned order is not followed: p is forgotten, not kept as before.
  ASSERT_TRUE(Ops[2].Guard);
  EXPECT_FALSE(Ops[2].Guard->Known);
  EXPECT_EQ(Ops[2].Guard->Register, "p");
  EXPECT_FALSE(Ops[3].Guard);
  // A setp that is itself predicated may not run: p is not known.
  ASSERT_TRUE(Ops[4].Guard);
  EXPECT_FALSE(Ops[4].Guard->Known);
}

TEST(PtxMemory, VectorLoadsStoresAndAtomics) {
  auto Ops = parsePtxMemoryOps(
      "{ .reg .pred p; setp.ne.b32 p, %5, 0;\n"
      "  @p ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];\n"
      "  st.global.v2.f32 [%6+-8], {%7, %8}; // done\n"
      "  ld.global.nc.L1::no_allocate.b16 %9, [%10];\n"
      "  red.shared.add.f32 [%4], %11; atom.global.cas.b64 %12, [%6], %1, %2;"
      " }");
  ASSERT_EQ(Ops.size(), 5u);
  EXPECT_EQ(Ops[0].K, Kind::Load);
  EXPECT_EQ(Ops[0].Space, PtxSpace::Shared);
  EXPECT_EQ(Ops[0].Bytes, 16u);
  EXPECT_EQ(Ops[1].K, Kind::Store);
  EXPECT_EQ(Ops[1].Space, PtxSpace::Global);
  EXPECT_EQ(Ops[1].Bytes, 8u);
  EXPECT_EQ(Ops[1].Address->Offset, -8);
  EXPECT_EQ(Ops[2].Bytes, 2u);
  EXPECT_EQ(Ops[3].K, Kind::Reduction);
  EXPECT_EQ(Ops[3].Bytes, 4u);
  EXPECT_EQ(Ops[4].K, Kind::Atomic);
  EXPECT_EQ(Ops[4].Bytes, 8u);
  EXPECT_EQ(Ops[4].Address->Operand, 6u);
}

TEST(PtxMemory, NotModelledInstructionsAreKeptWithWhy) {
  auto Ops = parsePtxMemoryOps(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx"
      "::bytes [%0], [%1, {%2, %3}], [%4];\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "ld.shared.b32 %0, [r1];\n"
      "mov.u32 %0, %laneid; add.s32 %0, %0, 1;");
  ASSERT_EQ(Ops.size(), 3u);
  EXPECT_EQ(Ops[0].K, Kind::Other);
  EXPECT_NE(Ops[0].Why.find("bulk or tensor copy"), std::string::npos);
  EXPECT_EQ(Ops[1].K, Kind::Other);
  EXPECT_NE(Ops[1].Why.find("mbarrier"), std::string::npos);
  // A template register as the address: kept, without an address.
  EXPECT_EQ(Ops[2].K, Kind::Load);
  EXPECT_FALSE(Ops[2].Address);
  EXPECT_NE(Ops[2].Why.find("'[r1]'"), std::string::npos);
}

TEST(PtxMemory, AddressConversionsIntoAWindow) {
  // Into a register, then narrowed: the helper tutorial GEMMs write.
  auto C = parsePtxAddressConversions(
      "{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Output, 0u);
  EXPECT_EQ(C[0].Input, 1u);
  EXPECT_EQ(C[0].Space, PtxSpace::Shared);
  // Directly, and into the global window.
  C = parsePtxAddressConversions("cvta.to.global.u64 %0, %1;");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Space, PtxSpace::Global);
  // A global address narrowed to 32 bits is no address any more; an output
  // written again by other arithmetic is not the conversion.
  EXPECT_TRUE(
      parsePtxAddressConversions(
          "{ .reg .u64 a; cvta.to.global.u64 a, %1; cvt.u32.u64 %0, a; }")
          .empty());
  EXPECT_TRUE(parsePtxAddressConversions(
                  "cvta.to.shared.u32 %0, %1; add.u32 %0, %0, 16;")
                  .empty());
  // The opposite direction (a window address to generic) is not one.
  EXPECT_TRUE(parsePtxAddressConversions("cvta.shared.u64 %0, %1;").empty());
}

} // namespace
