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

/// Lanes 0..31 (or those Active accepts) at byte address Addr(lane).
template <typename F, typename G>
std::vector<LaneAddress> pattern(F Addr, G Active) {
  std::vector<LaneAddress> L;
  for (unsigned I = 0; I < 32; ++I)
    if (Active(I))
      L.push_back({I, Addr(int64_t(I))});
  return L;
}
template <typename F> std::vector<LaneAddress> pattern(F Addr) {
  return pattern(Addr, [](unsigned) { return true; });
}

std::pair<unsigned, unsigned> cost(const std::vector<LaneAddress> &L,
                                   unsigned Bytes,
                                   SharedOpKind Op = SharedOpKind::Load) {
  SharedRequestCost C = sharedRequestCost(L, Bytes, *findArch("sm_90"), Op);
  return {C.Wavefronts, C.Ideal};
}
using WI = std::pair<unsigned, unsigned>;

// S2 and S4, measured in test/gpu/measurements/gpu_shared_validate.csv.
TEST(HardwareRules, EightByteLanePairsMerge) {
  // csv:199-201: d[tid/2], d[tid/4], d[0]: pairs agree: one phase.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T / 2 * 8; }), 8), WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T / 4 * 8; }), 8), WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t) { return 0; }), 8), WI(1, 1));
  EXPECT_TRUE(sharedRequestCost(pattern([](int64_t) { return 0; }), 8,
                                *findArch("sm_90"))
                  .PairsMerged);
  // csv:202-207: sharing that is not within a pair does not merge.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 16 * 8; }), 8), WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 8 * 8; }), 8), WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 2 * 16 * 8; }), 8),
            WI(4, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return (T ^ 1) * 8; }), 8), WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 16 * 2 * 8; }), 8),
            WI(4, 2));
  // S2 strides (shared_validate.cu:30): 1, 2, 4, 32 elements.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 8; }), 8), WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 16; }), 8), WI(4, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 32; }), 8), WI(8, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 256; }), 8), WI(32, 2));
}

// S4 is decided per half-warp; stores never merge
// (test/gpu/measurements/gpu_open_questions.csv).
TEST(HardwareRules, LanePairMergingPerHalfWarp) {
  // csv:3: d[tid < 16 ? tid/2 : tid]: the second half does not merge.
  EXPECT_EQ(
      cost(pattern([](int64_t T) { return (T < 16 ? T / 2 : T) * 8; }), 8),
      WI(2, 2));
  // csv:7-8: both halves merge; one phase only if it is conflict-free.
  EXPECT_EQ(
      cost(pattern([](int64_t T) { return (T / 2 + T / 16 * 8) * 8; }), 8),
      WI(2, 2));
  EXPECT_EQ(
      cost(pattern([](int64_t T) { return (T / 2 + T / 16 * 16) * 8; }), 8),
      WI(1, 1));
  // csv:5: (tid+1)/2 shares across pairs (2k+1, 2k+2) only: no merge.
  EXPECT_EQ(cost(pattern([](int64_t T) { return (T + 1) / 2 * 8; }), 8),
            WI(2, 2));
  // csv:11, 15: 16 bytes, a merged half is one phase, another two.
  EXPECT_EQ(
      cost(pattern([](int64_t T) { return (T < 16 ? T / 2 : T) * 16; }), 16),
      WI(3, 3));
  EXPECT_EQ(
      cost(pattern([](int64_t T) { return (T / 2 + T / 16 * 4) * 16; }), 16),
      WI(2, 2));
  // firstN<17> (csv, open_questions.cu:92-96): a lone lane's pair agrees.
  auto First17 = [](unsigned T) { return T < 17; };
  EXPECT_EQ(cost(pattern([](int64_t T) { return T / 2 * 8; }, First17), 8),
            WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 8; }, First17), 8),
            WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 16; }, First17), 16),
            WI(3, 3));
  // everyKth<2> (open_questions.cu:78-80): 2/1 and 4/2.
  auto Even = [](unsigned T) { return T % 2 == 0; };
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 8; }, Even), 8), WI(2, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 16; }, Even), 16),
            WI(4, 2));
  // csv:18-19: stores of one address per pair: 2 and 4.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T / 2 * 8; }), 8,
                 SharedOpKind::Store),
            WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T / 2 * 16; }), 16,
                 SharedOpKind::Store),
            WI(4, 4));
}

TEST(HardwareRules, SixteenByteLanePairsMerge) {
  // csv:210-212, 216: q[tid/2], q[tid/4], q[0], q[tid/8]: two phases.
  for (int64_t Div : {2, 4, 8})
    EXPECT_EQ(cost(pattern([&](int64_t T) { return T / Div * 16; }), 16),
              WI(2, 2))
        << Div;
  EXPECT_EQ(cost(pattern([](int64_t) { return 0; }), 16), WI(2, 2));
  // csv:213-215: q[tid%8], q[tid%16] 4; q[(tid%2)*8] 8.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 8 * 16; }), 16), WI(4, 4));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 16 * 16; }), 16), WI(4, 4));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 2 * 8 * 16; }), 16),
            WI(8, 4));
}

// S5: csv:226-230 (guards kernel).
TEST(HardwareRules, IdealOfPartialWideRequests) {
  auto Lt = [](unsigned N) { return [N](unsigned T) { return T < N; }; };
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 8; }, Lt(16)), 8),
            WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return (T + 32) * 8; },
                         [](unsigned T) { return T >= 16; }),
                 8),
            WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 16; }, Lt(8)), 16),
            WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 16; }, Lt(4)), 16),
            WI(1, 1));
  // if (tid % 8 == 0) q[tid + 32]: one lane per quarter, banks 0-3 twice.
  EXPECT_EQ(cost(pattern([](int64_t T) { return (T + 32) * 16; },
                         [](unsigned T) { return T % 8 == 0; }),
                 16),
            WI(4, 1));
  // 1-4 byte requests: ideal 1 whenever a lane is active.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 4; }, Lt(1)), 4), WI(1, 1));
}

// S8d (compiler-facts.txt): atomicExch on one word is not aggregated (32
// wavefronts), atomicCAS moves two values a lane (2 for 32 words).
TEST(HardwareRules, AtomicFunctionsOtherThanAdd) {
  auto Uniform = pattern([](int64_t) { return 0; });
  EXPECT_EQ(cost(Uniform, 4, SharedOpKind::Atomic), WI(1, 1));
  EXPECT_EQ(cost(Uniform, 4, SharedOpKind::AtomicUnaggregated), WI(32, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 4; }), 4,
                 SharedOpKind::CompareAndSwap),
            WI(2, 2));
}

// S8: csv:289-294 (atomics kernel).
TEST(HardwareRules, SharedAtomicsCountLanes) {
  auto A = SharedOpKind::Atomic;
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 4; }), 4, A), WI(1, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 8; }), 4, A), WI(2, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 128; }), 4, A), WI(32, 1));
  EXPECT_EQ(cost(pattern([](int64_t T) { return (T + 64) * 4; }), 4, A),
            WI(1, 1));
  // Same address serializes: 4 addresses, 8 lanes each (csv:291).
  SharedRequestCost C = sharedRequestCost(
      pattern([](int64_t T) { return T % 4 * 4; }), 4, *findArch("sm_90"), A);
  EXPECT_EQ(C.Wavefronts, 8u);
  EXPECT_EQ(C.LaneA, 0);
  EXPECT_EQ(C.LaneB, 4);
  // The same pattern as a load is one wavefront.
  EXPECT_EQ(cost(pattern([](int64_t T) { return T % 4 * 4; }), 4), WI(1, 1));
  // A uniform address is aggregated into one lane (csv:290).
  EXPECT_EQ(cost(pattern([](int64_t) { return 0; }), 4, A), WI(1, 1));
  // float atomicAdd: the CAS of 32 consecutive words (csv:294); of 32
  // consecutive doubles (CAST.SPIN.64, compiler-facts.txt).
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 4; }), 4,
                 SharedOpKind::CasLoop),
            WI(2, 2));
  EXPECT_EQ(cost(pattern([](int64_t T) { return T * 8; }), 8,
                 SharedOpKind::CasLoop),
            WI(4, 4));
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
  // G2: ideal = distinct bytes / 32 (gpu_global_validate.csv:67-69).
  EXPECT_EQ(globalRequestCost(lanes(4, 16), 4, A).Ideal, 2u);
  EXPECT_EQ(globalRequestCost(lanes(4, 32), 1, A).Ideal, 1u); // chars
  EXPECT_EQ(globalRequestCost(lanes(16), 8, A).Ideal, 8u);    // float2 x2
  // Overlapping 8-byte lanes at a 4-byte stride: 132 distinct bytes.
  EXPECT_EQ(globalRequestCost(lanes(4), 8, A).Ideal, 5u);
  std::vector<LaneAddress> Scatter = {{0, 0}, {1, 400}, {2, 40}};
  EXPECT_EQ(globalRequestCost(Scatter, 4, A).Pattern, GlobalPattern::Scattered);
}

} // namespace

// The solver costs each request shape once (CostMemo in Solver.cpp): that is
// only exact if these shifts change nothing. Random lanes and addresses,
// every width and shared instruction kind.
TEST(HardwareRules, CostsAreInvariantUnderTheMemoShifts) {
  ArchInfo A = *findArch("sm_90");
  uint64_t Seed = 12345;
  auto Next = [&Seed](uint64_t N) {
    Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
    return int64_t((Seed >> 33) % N);
  };
  const SharedOpKind Ops[] = {SharedOpKind::Load, SharedOpKind::Store,
                              SharedOpKind::Atomic,
                              SharedOpKind::CasLoop};
  for (int Trial = 0; Trial < 2000; ++Trial) {
    unsigned Bytes = 1u << Next(5);
    int64_t Stride = Bytes * Next(9) / (Next(2) + 1);
    std::vector<LaneAddress> L;
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      if (Next(8) != 0) // some lanes inactive
        L.push_back({Lane, Next(4) == 0 ? Bytes * Next(64)
                                        : 1000 + Stride * int64_t(Lane / 2 * 2 +
                                                                  Next(2))});
    auto Shift = [&](int64_t By) {
      std::vector<LaneAddress> Out = L;
      for (LaneAddress &X : Out)
        X.Addr += By;
      return Out;
    };
    SharedOpKind Op = Ops[Next(4)];
    SharedRequestCost C = sharedRequestCost(L, Bytes, A, Op);
    // One bank width: banks rotate; values and ideal stay.
    SharedRequestCost R =
        sharedRequestCost(Shift(4 * (1 + Next(40))), Bytes, A, Op);
    EXPECT_EQ(C.Wavefronts, R.Wavefronts) << Trial;
    EXPECT_EQ(C.Ideal, R.Ideal) << Trial;
    // (Which bank is reported among equally bad ones may change, and with
    // it WorstBankWords for atomics: the solver recomputes the witness.)
    // A whole bank row: everything stays, the witness included.
    SharedRequestCost W =
        sharedRequestCost(Shift(128 * (Next(9) - 4)), Bytes, A, Op);
    EXPECT_EQ(C.Wavefronts, W.Wavefronts) << Trial;
    EXPECT_EQ(C.Ideal, W.Ideal) << Trial;
    EXPECT_EQ(C.Bank, W.Bank) << Trial;
    EXPECT_EQ(C.WorstBankWords, W.WorstBankWords) << Trial;
    EXPECT_EQ(C.LaneA, W.LaneA) << Trial;
    EXPECT_EQ(C.LaneB, W.LaneB) << Trial;
    // Global memory: a whole sector.
    GlobalRequestCost G = globalRequestCost(L, Bytes, A);
    GlobalRequestCost GS =
        globalRequestCost(Shift(32 * (Next(9) - 4)), Bytes, A);
    EXPECT_EQ(G.Sectors, GS.Sectors) << Trial;
    EXPECT_EQ(G.Ideal, GS.Ideal) << Trial;
    EXPECT_EQ(G.Pattern, GS.Pattern) << Trial;
    EXPECT_EQ(G.LaneA, GS.LaneA) << Trial;
    EXPECT_EQ(G.LaneB, GS.LaneB) << Trial;
  }
}
