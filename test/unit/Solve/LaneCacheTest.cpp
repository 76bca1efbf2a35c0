//===- LaneCacheTest.cpp - Per-lane values kept across cases --------------===//
//
// The cache must change nothing but the time: every case enumerated with a
// preparation shared by all cases (whose lane parts come from the cache
// whenever an earlier case read the same values) gives the requests of a
// fresh, uncached enumeration of that case alone.
//
//===----------------------------------------------------------------------===//

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Space/Space.h"

#include "SolveTestUtil.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::test;

namespace {

struct Seen {
  unsigned Warp;
  std::vector<int64_t> Point;
  std::vector<std::pair<unsigned, int64_t>> Lanes;
  uint64_t Weight;
  bool operator==(const Seen &O) const {
    return Warp == O.Warp && Point == O.Point && Lanes == O.Lanes &&
           Weight == O.Weight;
  }
};

std::vector<Seen> requests(const SolveSpace &S, const EnumerationPrep *Prep,
                           const FreeValues &Values) {
  std::vector<Seen> Out;
  uint64_t Budget = 1 << 20;
  auto Visit = [&](const RequestView &R) {
    Seen X{R.Warp, R.Point, {}, R.Weight};
    for (const LaneAddress &L : R.Lanes)
      X.Lanes.push_back({L.Lane, L.Addr});
    Out.push_back(X);
  };
  EnumerationStatus St =
      Prep ? enumerateRequests(S, *Prep, Values, Budget, Visit)
           : enumerateRequests(S, Values, Budget, Visit);
  EXPECT_EQ(St.State, EnumerationStatus::Ok) << St.Reason;
  return Out;
}

// A 16x16 block that reads row w of its tile, guarded by a bound on the
// column (reads n) and one on the row (reads m), in a loop over k: the
// guard's lane part reads n and m, the address's lane part reads w.
TEST(LaneCacheTest, CachedLanePartsGiveTheUncachedRequests) {
  KernelBuilder B(MemorySpace::Global);
  unsigned W = B.addParam("w"), N = B.addParam("n"), M = B.addParam("m");
  unsigned K = B.addLoop("k", Expr(0), [](Expr V) {
    return Predicate::cmp(CmpKind::LT, V, Expr(3));
  });
  Expr Offset = (param(W) * ty() + tx() + loopVar(K) * Expr(64)) * Expr(4);
  Predicate Guard =
      Predicate::conj({Predicate::cmp(CmpKind::LT, tx(), param(N)),
                       Predicate::cmp(CmpKind::LT, ty(), param(M))});
  Access A = B.access(Offset, 4, Guard, {K});
  SolveSpace S;
  ASSERT_FALSE(buildSpace(B.K, A, block(16, 16), S));
  EnumerationPrep Prep = prepareEnumeration(S);
  ASSERT_TRUE(Prep.Lanes);
  Symbol SW{SymbolKind::Param, W}, SN{SymbolKind::Param, N},
      SM{SymbolKind::Param, M};
  unsigned Cases = 0;
  for (int64_t Wv : {16, 17, 33})
    for (int64_t Nv : {0, 5, 16})
      for (int64_t Mv : {1, 9}) {
        FreeValues V = {{SW, Wv}, {SN, Nv}, {SM, Mv}};
        EXPECT_EQ(requests(S, &Prep, V), requests(S, nullptr, V))
            << "w=" << Wv << " n=" << Nv << " m=" << Mv;
        ++Cases;
      }
  // Per case: the threads, each conjunct of the guard and the address
  // part are looked up. The threads hit in every case but the first; the
  // bound on the column (3 values of n), the one on the row (2 values of
  // m) and the address (3 values of w) in the rest.
  ASSERT_EQ(Prep.LaneConjuncts.size(), 2u);
  EXPECT_EQ(Prep.Lanes->hits(),
            uint64_t((Cases - 1) + (Cases - 3) + (Cases - 2) + (Cases - 3)));
}

TEST(LaneCacheTest, KeysTellApartMissingRepeatedAndDifferentValues) {
  Symbol A{SymbolKind::Param, 0}, B{SymbolKind::Param, 1};
  EXPECT_EQ(LaneCache::keyOf({A, B}, {{A, 1}, {B, 2}}),
            LaneCache::keyOf({A, B}, {{B, 2}, {A, 1}}));
  EXPECT_NE(LaneCache::keyOf({A, B}, {{A, 1}}),
            LaneCache::keyOf({A, B}, {{B, 1}}));
  EXPECT_NE(LaneCache::keyOf({A}, {{A, 1}}),
            LaneCache::keyOf({A}, {{A, 1}, {A, 2}}));
}

TEST(LaneCacheTest, PartsThatDoNotFitAreComputedEachTime) {
  LaneCache Small(4);
  std::vector<std::optional<bool>> Scratch;
  unsigned Made = 0;
  auto Make = [&](std::vector<std::optional<bool>> &Out) {
    ++Made;
    Out.assign(8, true);
  };
  const auto &First = Small.active({1}, Make, Scratch);
  EXPECT_EQ(First.size(), 8u);
  Small.active({1}, Make, Scratch);
  EXPECT_EQ(Made, 2u); // eight slots never fit in four
  EXPECT_EQ(Small.hits(), 0u);
}

} // namespace
