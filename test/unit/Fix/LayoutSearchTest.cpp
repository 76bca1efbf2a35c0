//===- LayoutSearchTest.cpp - Offsets under new layouts, the search -------===//
//
// Models are built by hand: a __shared__ float t[R][C] and accesses given by
// their subscripts; the recorded offset is the row-major one, as the front
// end records it.
//
//===----------------------------------------------------------------------===//

#include "Fix/LayoutSearch.h"
#include "Model/Occupancy.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

Expr tx() { return Expr::threadIdx(0); }
Expr ty() { return Expr::threadIdx(1); }

struct Tile {
  KernelModel K;
  TranslationUnitModel TU;

  Tile(std::vector<int64_t> Extents, unsigned ElementBytes, BlockShape B) {
    K.Name = "k";
    MemoryObject O;
    O.Name = "t";
    O.Space = MemorySpace::Shared;
    O.ElementBytes = ElementBytes;
    O.AlignBytes = 16;
    O.Extents = std::move(Extents);
    O.DeclLoc = {"t.cu", 1, 1, 0};
    O.LastExtentRange = {{"t.cu", 1, 20, 19}, {"t.cu", 1, 22, 21}};
    K.Objects.push_back(O);
    LaunchConfig L;
    L.Source = LaunchSource::CommandLine;
    L.Block = B;
    K.Launches.push_back(L);
  }

  /// An access t[Subs...] (+ Inside bytes within the element).
  void add(std::vector<Expr> Subs, int64_t Inside = 0, unsigned Bytes = 0) {
    const MemoryObject &O = K.Objects[0];
    Access A;
    A.Id = K.Accesses.size();
    A.Bytes = Bytes ? Bytes : O.ElementBytes;
    Expr Index = Subs[0];
    for (size_t I = 1; I < Subs.size(); ++I)
      Index = Index * Expr(O.Extents[I]) + Subs[I];
    A.ByteOffset = Index * Expr(int64_t(O.ElementBytes)) + Expr(Inside);
    A.SubscriptIndices = Subs;
    for (size_t I = 0; I < Subs.size(); ++I)
      A.SubscriptRanges.push_back({{"t.cu", 5, 1, 100 + 10 * unsigned(I)},
                                   {"t.cu", 5, 5, 104 + 10 * unsigned(I)}});
    K.Accesses.push_back(A);
  }

  ArrayUse use() {
    TU.Kernels = {K};
    return sharedArrays(TU).front();
  }
};

SolveOptions options() {
  SolveOptions O;
  O.Arch = *findArch("sm_90");
  return O;
}

TEST(LayoutTest, RebuildsTheDeclaredOffset) {
  Tile T({32, 32}, 4, {32, 8, 1});
  T.add({tx(), ty()});
  const Access &A = T.K.Accesses[0];
  auto Same = offsetUnder(A, T.K.Objects[0], Layout{{32, 32}, std::nullopt});
  ASSERT_TRUE(Same);
  auto Padded = offsetUnder(A, T.K.Objects[0], Layout{{32, 33}, std::nullopt});
  ASSERT_TRUE(Padded);
  auto At = [](const Expr &E, int64_t X, int64_t Y) {
    return *E.evaluate([&](Symbol S) -> std::optional<int64_t> {
      return S.Index == 0 ? X : Y;
    });
  };
  EXPECT_EQ(At(*Same, 3, 5), (3 * 32 + 5) * 4);
  EXPECT_EQ(At(*Padded, 3, 5), (3 * 33 + 5) * 4);
}

TEST(LayoutTest, KeepsTheOffsetInsideTheElement) {
  Tile T({8, 8}, 8, {32, 1, 1}); // float2 t[8][8]; t[r][c].y
  T.add({Expr::binary(ExprKind::Rem, tx(), Expr(8)), Expr(2)}, 4, 4);
  auto Off = offsetUnder(T.K.Accesses[0], T.K.Objects[0],
                         Layout{{8, 9}, std::nullopt});
  ASSERT_TRUE(Off);
  auto V = Off->evaluate([](Symbol) -> std::optional<int64_t> { return 3; });
  EXPECT_EQ(*V, (3 * 9 + 2) * 8 + 4);
}

TEST(LayoutTest, RefusesAnOffsetItCannotExplain) {
  Tile T({32, 32}, 4, {32, 1, 1});
  T.add({tx(), Expr(0)});
  T.K.Accesses[0].ByteOffset = tx() * Expr(12); // not what the subscripts say
  EXPECT_FALSE(offsetUnder(T.K.Accesses[0], T.K.Objects[0],
                           Layout{{32, 33}, std::nullopt}));
}

TEST(LayoutTest, SwizzleIsAPermutationOfEachRow) {
  Swizzle S{2, 4, 16};
  for (int64_t R = 0; R < 40; ++R) {
    std::vector<bool> Seen(16, false);
    for (int64_t C = 0; C < 16; ++C) {
      auto V = S.apply(Expr(R), Expr(C)).asConst();
      ASSERT_TRUE(V);
      ASSERT_GE(*V, 0);
      ASSERT_LT(*V, 16);
      EXPECT_FALSE(Seen[*V]);
      Seen[*V] = true;
    }
  }
}

TEST(LayoutSearchTest, TransposePadsOneElement) {
  Tile T({32, 32}, 4, {32, 32, 1});
  T.add({ty(), tx()}); // row write: conflict-free
  T.add({tx(), ty()}); // column read: 32-way
  SearchResult S = searchLayouts(T.use(), options());
  ASSERT_TRUE(S.Before.Verified);
  EXPECT_EQ(S.Before.Cost, 32 * 1 + 32 * 32);
  EXPECT_FALSE(S.Before.allIdeal());
  ASSERT_TRUE(S.Pad);
  EXPECT_EQ(S.Pad->first, 1);
  EXPECT_TRUE(S.Pad->second.allIdeal());
  EXPECT_EQ(S.Pad->second.Cost, 64);
  ASSERT_TRUE(S.Swz);
  EXPECT_TRUE(S.Swz->second.allIdeal());
  EXPECT_EQ(S.Swz->first.Div, 1);
  EXPECT_EQ(S.Swz->first.Mul, 1);
}

// The current layout's cost is what the checks were given: the search
// reads it from the pipeline's answers and solves only the new layouts.
TEST(LayoutSearchTest, CurrentLayoutIsReadFromTheAnswers) {
  Tile T({32, 32}, 4, {32, 32, 1});
  T.add({ty(), tx()});
  T.add({tx(), ty()});
  ArrayUse U = T.use();
  const KernelModel &K = T.TU.Kernels.front();
  SolveOptions O = options();
  std::vector<SharedResult> Answers;
  for (const Access &A : K.Accesses)
    Answers.push_back(solveShared(K, A, K.Launches.front(), O));
  SolvedAnswers Known;
  for (size_t I = 0; I < Answers.size(); ++I)
    Known.add(K.Accesses[I], K.Launches.front(), Answers[I]);
  SearchResult Solved = searchLayouts(U, O);
  SearchResult Read = searchLayouts(U, O, 0, true, &Known);
  ASSERT_TRUE(Read.Before.Verified);
  EXPECT_EQ(Read.Before.Cost, Solved.Before.Cost);
  EXPECT_EQ(Read.Before.Ideal, Solved.Before.Ideal);
  ASSERT_EQ(Read.Before.Outcomes.size(), Solved.Before.Outcomes.size());
  ASSERT_TRUE(Read.Pad);
  EXPECT_EQ(Read.Pad->first, Solved.Pad->first);

  // An answer that differs from what solving gives shows which one is used.
  Answers[1].WavefrontsMean = 2;
  Answers[1].Wavefronts = 2;
  SearchResult Given = searchLayouts(U, O, 0, true, &Known);
  EXPECT_EQ(Given.Before.Cost, 32 * 1 + 2 * 32);

  // An answer that is not exact is the reason nothing is offered.
  Answers[0].Status = SolveStatus::Unknown;
  Answers[0].Reason = "a reason";
  SearchResult Unknown = searchLayouts(U, O, 0, true, &Known);
  EXPECT_FALSE(Unknown.Before.Verified);
  EXPECT_EQ(Unknown.Before.Reason, "a reason");

  // Without an answer for every access and launch, the layout is solved.
  SolvedAnswers Partial;
  Partial.add(K.Accesses[0], K.Launches.front(), Answers[0]);
  SearchResult Fallback = searchLayouts(U, O, 0, true, &Partial);
  ASSERT_TRUE(Fallback.Before.Verified);
  EXPECT_EQ(Fallback.Before.Cost, Solved.Before.Cost);
}

// A warp spans two rows of threads. The row write is conflict-free only
// when two rows fill the 32 banks exactly (no pad), the column read only with
// a pad: no pad serves both, the swizzle c ^ (r % 16) does.
TEST(LayoutSearchTest, SixteenWideTileWithSixteenWideBlock) {
  Tile T({16, 16}, 4, {16, 16, 1});
  T.add({ty(), tx()});
  T.add({tx(), ty()});
  SearchResult S = searchLayouts(T.use(), options());
  ASSERT_TRUE(S.Pad);
  EXPECT_FALSE(S.Pad->second.allIdeal());
  EXPECT_LT(S.Pad->second.Cost, S.Before.Cost);
  ASSERT_TRUE(S.Swz);
  EXPECT_TRUE(S.Swz->second.allIdeal());
  EXPECT_EQ(S.Swz->first.Div, 1);
  EXPECT_EQ(S.Swz->first.Mul, 1);
  EXPECT_LT(S.Swz->second.Cost, S.Pad->second.Cost);
}

TEST(LayoutSearchTest, NoPadHelpsAConflictInsideARow) {
  Tile T({32, 64}, 4, {32, 32, 1});
  T.add({ty(), tx() * Expr(2)}); // stride 2 in one row: 2-way everywhere
  SearchResult S = searchLayouts(T.use(), options());
  ASSERT_TRUE(S.Before.Verified);
  EXPECT_FALSE(S.Pad);
  EXPECT_FALSE(S.Swz);
}

TEST(LayoutSearchTest, ConflictFreeArrayNeedsNothing) {
  Tile T({32, 33}, 4, {32, 32, 1});
  T.add({tx(), ty()});
  SearchResult S = searchLayouts(T.use(), options());
  EXPECT_TRUE(S.Before.allIdeal());
  EXPECT_FALSE(S.Pad);
  EXPECT_FALSE(S.Swz); // 33 is not a power of two anyway
}

/// The search without its pruning: every layout evaluated in full with
/// evaluateLayout, kept by the rules searchLayouts documents (lowest cost,
/// the smallest pad and the first swizzle among equals, pads stopping at the
/// ideal).
SearchResult exhaustiveSearch(const ArrayUse &U) {
  const double Eps = 1e-9;
  SearchResult S;
  S.Before = evaluateLayout(U, Layout{}, options());
  const MemoryObject &O = U.object();
  int64_t MaxPad =
      std::max<int64_t>(1, std::min<int64_t>(32, 128 / O.ElementBytes));
  for (int64_t P = 1; P <= MaxPad; ++P) {
    Layout L{O.Extents, std::nullopt};
    L.Extents.back() += P;
    LayoutEval E = evaluateLayout(U, L, options());
    if (!E.Verified || E.Cost + Eps >= S.Before.Cost)
      continue;
    if (!S.Pad || E.Cost + Eps < S.Pad->second.Cost)
      S.Pad = std::make_pair(P, E);
    if (S.Pad->second.Cost <= S.Pad->second.Ideal + Eps)
      break;
  }
  int64_t C = O.Extents.back();
  for (int64_t D = 1; D <= 16; D *= 2)
    for (int64_t M = 1; M < C && M <= 16; M *= 2) {
      Layout L{O.Extents, Swizzle{D, M, C}};
      LayoutEval E = evaluateLayout(U, L, options());
      if (!E.Verified || E.Cost + Eps >= S.Before.Cost)
        continue;
      if (!S.Swz || E.Cost + Eps < S.Swz->second.Cost)
        S.Swz = std::make_pair(*L.Swz, E);
    }
  return S;
}

void expectSameEval(const LayoutEval &A, const LayoutEval &B) {
  EXPECT_EQ(A.Verified, B.Verified);
  EXPECT_EQ(A.Cost, B.Cost); // the same sum in the same order
  EXPECT_EQ(A.Ideal, B.Ideal);
  ASSERT_EQ(A.Outcomes.size(), B.Outcomes.size());
  for (size_t I = 0; I < A.Outcomes.size(); ++I) {
    EXPECT_EQ(A.Outcomes[I].Acc, B.Outcomes[I].Acc);
    EXPECT_EQ(A.Outcomes[I].Worst, B.Outcomes[I].Worst);
    EXPECT_EQ(A.Outcomes[I].Cost, B.Outcomes[I].Cost);
  }
}

// The search stops evaluating a layout once it cannot win, solving the
// accesses that conflicted most first: it must find what evaluating every
// layout in full finds.
TEST(LayoutSearchTest, PruningChoosesWhatTheFullSearchChooses) {
  std::vector<Tile> Tiles;
  Tiles.emplace_back(std::vector<int64_t>{32, 32}, 4, BlockShape{32, 32, 1});
  Tiles.back().add({ty(), tx()});
  Tiles.back().add({tx(), ty()});
  Tiles.emplace_back(std::vector<int64_t>{16, 16}, 4, BlockShape{16, 16, 1});
  Tiles.back().add({ty(), tx()});
  Tiles.back().add({tx(), ty()});
  // The cheap access first, the costly ones after: the order changes.
  Tiles.emplace_back(std::vector<int64_t>{64, 64}, 8, BlockShape{64, 1, 1});
  Tiles.back().add({Expr(0), tx()});
  Tiles.back().add({tx(), Expr(3)});
  Tiles.back().add({Expr::binary(ExprKind::Div, tx(), Expr(2)),
                    Expr::binary(ExprKind::Rem, tx(), Expr(2)) * Expr(32)});
  Tiles.emplace_back(std::vector<int64_t>{32, 64}, 4, BlockShape{32, 32, 1});
  Tiles.back().add({ty(), tx() * Expr(2)});
  Tiles.back().add({tx(), ty() * Expr(2)});
  for (Tile &T : Tiles) {
    ArrayUse U = T.use();
    SearchResult Got = searchLayouts(U, options());
    SearchResult Want = exhaustiveSearch(U);
    expectSameEval(Got.Before, Want.Before);
    ASSERT_EQ(Got.Pad.has_value(), Want.Pad.has_value());
    if (Want.Pad) {
      EXPECT_EQ(Got.Pad->first, Want.Pad->first);
      expectSameEval(Got.Pad->second, Want.Pad->second);
    }
    ASSERT_EQ(Got.Swz.has_value(), Want.Swz.has_value());
    if (Want.Swz) {
      EXPECT_EQ(Got.Swz->first.Div, Want.Swz->first.Div);
      EXPECT_EQ(Got.Swz->first.Mul, Want.Swz->first.Mul);
      expectSameEval(Got.Swz->second, Want.Swz->second);
    }
  }
}

TEST(LayoutSearchTest, WhyNotEditable) {
  Tile T({32, 32}, 4, {32, 1, 1});
  T.add({tx(), Expr(0)});
  EXPECT_EQ(whyNotEditable(T.use()), "");
  T.K.Objects[0].UsedOutsideSubscripts = true;
  T.K.Objects[0].OutsideUseNote = "flattened at t.cu:3:4";
  EXPECT_NE(whyNotEditable(T.use()).find("flattened at t.cu:3:4"),
            std::string::npos);
  Tile One({1024}, 4, {32, 1, 1});
  One.add({tx()});
  EXPECT_NE(whyNotEditable(One.use()).find("one dimension"), std::string::npos);
}

TEST(OccupancyTest, SharedMemoryLimitsBlocks) {
  ArchInfo A = *findArch("sm_90");
  LaunchConfig L;
  L.Block = BlockShape{32, 8, 1};
  Occupancy Before = occupancy(A, L, 248 * 32 * 4);
  Occupancy After = occupancy(A, L, 248 * 33 * 4);
  EXPECT_EQ(Before.BlocksByThreads, 8u);
  EXPECT_EQ(Before.BlocksBySmem, 7u); // 233472 / (31744 + 1024)
  EXPECT_EQ(After.BlocksBySmem, 6u);  // 233472 / (32736 + 1024)
  EXPECT_EQ(After.Blocks, 6u);
  EXPECT_TRUE(After.FitsStatic);
  EXPECT_FALSE(occupancy(A, L, 50000).FitsStatic);
}

} // namespace

// An access through the address of its element that moves 16 bytes (an
// ldmatrix row, a cp.async chunk, a float4): a layout may only move those
// bytes together and aligned.
TEST(LayoutTest, KeepsWholeTheBytesMovedThroughAnAddress) {
  Tile T({64, 64}, 2, {32, 1, 1}); // half t[64][64]
  T.add({tx(), Expr(0)}, 0, 16);
  Access &A = T.K.Accesses[0];
  const MemoryObject &O = T.K.Objects[0];
  // An element access may move anywhere.
  EXPECT_TRUE(keepsWhole(A, O, Layout{{64, 65}, std::nullopt}));
  A.ThroughAddress = true;
  EXPECT_TRUE(keepsWhole(A, O, Layout{{64, 64}, std::nullopt}));
  EXPECT_TRUE(keepsWhole(A, O, Layout{{64, 72}, std::nullopt}));
  for (int64_t Pad = 1; Pad < 8; ++Pad)
    EXPECT_FALSE(keepsWhole(A, O, Layout{{64, 64 + Pad}, std::nullopt}))
        << Pad;
  EXPECT_TRUE(keepsWhole(A, O, Layout{{64, 64}, Swizzle{1, 8, 64}}));
  EXPECT_TRUE(keepsWhole(A, O, Layout{{64, 64}, Swizzle{2, 16, 64}}));
  EXPECT_FALSE(keepsWhole(A, O, Layout{{64, 64}, Swizzle{1, 4, 64}}));
  EXPECT_FALSE(keepsWhole(A, O, Layout{{64, 64}, Swizzle{1, 1, 64}}));
  // Rows that do not hold a whole number of them: nothing moves safely.
  Tile U({64, 36}, 2, {32, 1, 1});
  U.add({tx(), Expr(0)}, 0, 16);
  U.K.Accesses[0].ThroughAddress = true;
  EXPECT_FALSE(keepsWhole(U.K.Accesses[0], U.K.Objects[0],
                          Layout{{64, 40}, std::nullopt}));
}

// ldmatrix-like rows of a 128-byte-row half tile (lane r reads row r % 16,
// chunk r / 16): 8 rows share each bank group. Every pad that keeps the
// 16-byte rows whole is a multiple of 8 halves, and the swizzle moves whole
// 16-byte chunks.
TEST(LayoutSearchTest, SixteenByteRowsMoveAsChunks) {
  Tile T({64, 64}, 2, {32, 1, 1});
  T.add({Expr::binary(ExprKind::Rem, tx(), Expr(16)),
         Expr::binary(ExprKind::Div, tx(), Expr(16)) * Expr(8)},
        0, 16);
  T.K.Accesses[0].ThroughAddress = true;
  T.K.Accesses[0].TypeAlign = 16;
  SearchResult S = searchLayouts(T.use(), options());
  ASSERT_TRUE(S.Before.Verified);
  EXPECT_FALSE(S.Before.allIdeal());
  ASSERT_TRUE(S.Pad);
  EXPECT_EQ(S.Pad->first % 8, 0);
  ASSERT_TRUE(S.Swz);
  EXPECT_EQ(S.Swz->first.Mul % 8, 0);
  EXPECT_TRUE(S.Swz->second.allIdeal());
}
