//===- SassListingTest.cpp - Reading nvdisasm -gi listings ----------------===//

#include "Facts/SassLines.h"
#include "Facts/SassListing.h"

#include "Listings.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

const SassFunction *function(const SassListing &L, const std::string &Name) {
  for (const SassFunction &F : L.Functions)
    if (sassKernelName(F.Mangled) == Name)
      return &F;
  return nullptr;
}

/// The memory instructions of F on Line, as "OPCODE" strings.
std::vector<std::string> memoryAt(const SassFunction &F, unsigned Line) {
  std::vector<std::string> Out;
  for (const SassInstruction &I : F.Instructions)
    if (I.Memory && I.Source.Line == Line)
      Out.push_back(I.Opcode);
  return Out;
}

TEST(SassListing, FunctionsAndKernelNames) {
  SassListing L = readListing("pairs.sass");
  EXPECT_EQ(L.Target, "sm_90");
  ASSERT_EQ(L.Functions.size(), 2u);
  EXPECT_EQ(L.Functions[0].Mangled, "_Z2bsPfPK6float2");
  EXPECT_TRUE(L.Functions[0].IsKernel);
  EXPECT_EQ(sassKernelName("_Z4haarPfPKfi"), "haar");
  EXPECT_EQ(sassKernelName("_ZN2ns1kILi32EEEvPf"), "ns::k<32>");
  EXPECT_EQ(sassKernelName("plain_c_kernel"), "plain_c_kernel");
}

TEST(SassListing, MergedSharedLoadSitsOnTheSecondLine) {
  SassListing L = readListing("pairs.sass");
  const SassFunction *Haar = function(L, "haar");
  ASSERT_TRUE(Haar);
  // s[2 * tid] (line 11) and s[2 * tid + 1] (line 12): one LDS.64.
  EXPECT_TRUE(memoryAt(*Haar, 11).empty());
  ASSERT_EQ(memoryAt(*Haar, 12), std::vector<std::string>{"LDS.64"});
  for (const SassInstruction &I : Haar->Instructions)
    if (I.Opcode == "LDS.64") {
      EXPECT_EQ(I.Memory->Space, SassSpace::Shared);
      EXPECT_EQ(I.Memory->Op, AccessOp::Load);
      EXPECT_EQ(I.Memory->Bytes, 8u);
      EXPECT_EQ(I.Address, 0x130u);
    }
  // STS [R7+0x400]: the immediate of the address.
  std::vector<int64_t> Offsets;
  for (const SassInstruction &I : Haar->Instructions)
    if (I.Memory && I.Memory->Space == SassSpace::Shared &&
        I.Memory->Op == AccessOp::Store)
      Offsets.push_back(I.Memory->Offset);
  EXPECT_EQ(Offsets, (std::vector<int64_t>{0, 0x400}));
}

TEST(SassListing, InlinedLinesAndGuards) {
  SassListing L = readListing("pairs.sass");
  const SassFunction *Haar = function(L, "haar");
  ASSERT_TRUE(Haar);
  const SassInstruction *Inlined = nullptr, *Exit = nullptr;
  for (const SassInstruction &I : Haar->Instructions) {
    if (I.Address == 0x170)
      Inlined = &I;
    if (I.Opcode == "EXIT" && !I.Guard.empty())
      Exit = &I;
  }
  ASSERT_TRUE(Inlined && Exit);
  // helper's p[i] (line 2) inlined at line 15: the innermost line wins.
  EXPECT_EQ(Inlined->Opcode, "LDG.E");
  EXPECT_EQ(Inlined->Source.Line, 2u);
  ASSERT_EQ(Inlined->Source.InlinedAt.size(), 1u);
  EXPECT_EQ(Inlined->Source.InlinedAt[0].second, 15u);
  EXPECT_EQ(Exit->Guard, "P0");
}

TEST(SassListing, VectorGlobalLoadOfAFloat2) {
  SassListing L = readListing("pairs.sass");
  const SassFunction *Bs = function(L, "bs");
  ASSERT_TRUE(Bs);
  EXPECT_EQ(memoryAt(*Bs, 20), std::vector<std::string>{"LDG.E.64"});
  EXPECT_TRUE(memoryAt(*Bs, 22).empty());
}

TEST(SassListing, Opcodes) {
  auto Bytes = [](const char *Op) {
    std::optional<SassMemory> M = classifyMemoryOpcode(Op);
    return M ? int(M->Bytes) : -1;
  };
  EXPECT_EQ(Bytes("LDG.E.128.CONSTANT"), 16);
  EXPECT_EQ(Bytes("STG.E.U8"), 1);
  EXPECT_EQ(Bytes("LDS.U16"), 2);
  EXPECT_EQ(Bytes("STS.64"), 8);
  EXPECT_EQ(Bytes("LDSM.16.M88.4"), 0);
  EXPECT_EQ(Bytes("LDC.64"), -1);
  EXPECT_EQ(Bytes("ULDC"), -1);
  EXPECT_EQ(Bytes("FADD"), -1);
  std::optional<SassMemory> Red =
      classifyMemoryOpcode("RED.E.ADD.F32.FTZ.RN.STRONG.GPU");
  ASSERT_TRUE(Red);
  EXPECT_EQ(Red->Space, SassSpace::Global);
  EXPECT_EQ(Red->Op, AccessOp::Atomic);
  EXPECT_EQ(classifyMemoryOpcode("ATOMS.ADD")->Space, SassSpace::Shared);
  EXPECT_EQ(classifyMemoryOpcode("LD.E")->Space, SassSpace::Generic);
  EXPECT_EQ(classifyMemoryOpcode("STL")->Space, SassSpace::Local);
}

const LineFacts *factsAt(const std::vector<LineFacts> &Lines, unsigned Line) {
  for (const LineFacts &L : Lines)
    if (L.Loc.Line == Line && L.InlinedAt.empty())
      return &L;
  return nullptr;
}

TEST(SassLines, PredicatedShortBodyBranchedLongBody) {
  SassListing L = readListing("branches.sass");
  const SassFunction *F = function(L, "branches");
  ASSERT_TRUE(F);
  PathNames Paths;
  std::vector<LineFacts> Lines = lineFacts(*F, Paths, {});
  // if (v > 0.0f) v = in[i + 1];  ->  @P0 LDG.E: if-converted.
  const LineFacts *Short = factsAt(Lines, 36);
  ASSERT_TRUE(Short);
  EXPECT_EQ(Short->MemoryInstructions, 1u);
  EXPECT_EQ(Short->PredicatedMemoryInstructions, 1u);
  EXPECT_FALSE(Short->BranchedAround);
  // if (i < n) { loop }: @P0 BRA over the body.
  const LineFacts *Cond = factsAt(Lines, 37);
  ASSERT_TRUE(Cond);
  EXPECT_TRUE(Cond->HasConditionalBranch);
  const LineFacts *Body = factsAt(Lines, 40);
  ASSERT_TRUE(Body);
  EXPECT_TRUE(Body->BranchedAround);
  EXPECT_EQ(Body->PredicatedMemoryInstructions, 0u);
  // The loop was unrolled: more loads than the two the line spells.
  EXPECT_GT(Body->MemoryInstructions, 2u);
  // The first load of the kernel runs unconditionally.
  const LineFacts *First = factsAt(Lines, 34);
  ASSERT_TRUE(First);
  EXPECT_FALSE(First->BranchedAround);
  EXPECT_EQ(First->PredicatedInstructions, 0u);
  // twice()'s p[i] (line 4), inlined at line 43, is its own line.
  bool Inlined = false;
  for (const LineFacts &LF : Lines)
    Inlined |= LF.Loc.Line == 4 && LF.InlinedAt == std::vector<unsigned>{43};
  EXPECT_TRUE(Inlined);
}

TEST(SassLines, AtomicInlinedFromTheToolkitBelongsToItsCaller) {
  // Trimmed from the listing of cuda-samples/histogram.cu: atomicAdd's
  // instruction is attributed to the toolkit header, inlined at line 16.
  SassListing L = parseSassListing(R"(
//--------------------- .text._Z4histPKhPj --------------------------
        .other          _Z4histPKhPj,@"STO_CUDA_ENTRY STV_DEFAULT"
	//## File "h.cu", line 16
        /*0190*/                   LEA R6, R2, UR4, 0x2 ;
	//## File "/cuda/include/device_atomic_functions.hpp", line 112 inlined at "h.cu", line 16
	//## File "h.cu", line 16
        /*01a0*/                   ATOMS.POPC.INC.32 RZ, [R6+URZ] ;
)");
  ASSERT_EQ(L.Functions.size(), 1u);
  const SassInstruction &Atom = L.Functions[0].Instructions[1];
  ASSERT_TRUE(Atom.Memory);
  EXPECT_EQ(Atom.Memory->Op, AccessOp::Atomic);
  EXPECT_EQ(Atom.Memory->Space, SassSpace::Shared);
  PathNames Paths;
  UserLine User = userLine(Atom.Source, Paths, {"h.cu"});
  EXPECT_EQ(User.Line, 16u);
  EXPECT_TRUE(User.Calls.empty());
  UserLine Innermost = userLine(Atom.Source, Paths, {});
  EXPECT_EQ(Innermost.Line, 112u);
  EXPECT_EQ(Innermost.Calls, std::vector<unsigned>{16});
  std::vector<LineFacts> Lines = lineFacts(L.Functions[0], Paths, {"h.cu"});
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0].Instructions, 2u);
  EXPECT_EQ(Lines[0].MemoryInstructions, 1u);
}

} // namespace
