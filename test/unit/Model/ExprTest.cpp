//===- ExprTest.cpp - Index expression unit tests -------------------------===//

#include "Model/Expr.h"

#include "gtest/gtest.h"

#include <functional>
#include <vector>

using namespace warplint;

namespace {

std::optional<int64_t> lane(Symbol S, int64_t Tx) {
  if (S.Kind == SymbolKind::ThreadIdx && S.Index == 0)
    return Tx;
  return std::nullopt;
}

TEST(ExprTest, FoldsConstants) {
  Expr E = Expr(3) * Expr(4) + Expr(2);
  ASSERT_TRUE(E.asConst());
  EXPECT_EQ(*E.asConst(), 14);
}

TEST(ExprTest, QuasiAffineClassification) {
  Expr Tx = Expr::threadIdx(0);
  EXPECT_TRUE((Tx * 33 + 5).isQuasiAffine());
  EXPECT_TRUE(Expr::binary(ExprKind::Div, Tx, 32).isQuasiAffine());
  EXPECT_TRUE(Expr::binary(ExprKind::Rem, Tx, 32).isQuasiAffine());
  EXPECT_FALSE(Expr::binary(ExprKind::BitXor, Tx, 5).isQuasiAffine());
  EXPECT_FALSE((Tx * Expr::symbol(SymbolKind::Param, 0)).isQuasiAffine());
}

TEST(ExprTest, EvaluatesWithCSemantics) {
  Expr Tx = Expr::threadIdx(0);
  Expr E = Expr::binary(ExprKind::BitXor, Tx, Expr::binary(ExprKind::Div, Tx, 4));
  EXPECT_EQ(*E.evaluate([](Symbol S) { return lane(S, 13); }), 13 ^ 3);
  // Truncation toward zero, as in C.
  Expr D = Expr::binary(ExprKind::Div, Tx - 9, 4);
  EXPECT_EQ(*D.evaluate([](Symbol S) { return lane(S, 2); }), -1);
  // Unknown symbols and division by zero give no value.
  Expr Z = Expr::binary(ExprKind::Div, Tx, Expr::symbol(SymbolKind::Param, 0));
  EXPECT_FALSE(Z.evaluate([](Symbol S) { return lane(S, 2); }));
}

TEST(ExprTest, MultipleOfHoldsForEveryValue) {
  using K = ExprKind;
  Expr Tx = Expr::threadIdx(0);
  Expr Col = Expr::binary(K::Mul, Expr::binary(K::Rem, Tx, 4), 2) + 16;
  Expr Swizzle = Expr::binary(
      K::Shl, Expr::binary(K::BitAnd, Expr::binary(K::Div, Tx, 4), 3), 3);
  struct Case {
    Expr E;
    int64_t Want, WantWithoutRemainders;
  };
  std::vector<Case> Cases = {
      {Col, 2, 2},                                     // 2*(t%4)+16
      {Expr::binary(K::BitXor, Col, Swizzle), 2, 2},   // col ^ (r&3)<<3
      {Expr::binary(K::BitAnd, Tx, Expr(-8)), 8, 8},   // t & ~7
      {Expr::binary(K::BitOr, Tx * 4, Expr(8)), 4, 4}, // 4t | 8
      {Expr::binary(K::Shr, Tx * 16, Expr(2)), 4, 4},  // (16t) >> 2
      {Expr::binary(K::Rem, Col, 16), 2, 1},           // col % 16
      {Expr::binary(K::Div, Tx * 8, 2), 1, 1},         // nothing known
      {Expr(0) * Tx, 0, 0},                            // always 0
  };
  for (const Case &C : Cases) {
    EXPECT_EQ(multipleOf(C.E), C.Want) << C.E;
    EXPECT_EQ(multipleOf(C.E, /*ThroughRemainders=*/false),
              C.WantWithoutRemainders)
        << C.E;
    // What it claims holds for every thread index, negative ones too.
    int64_t M = multipleOf(C.E);
    for (int64_t T = -70; T < 70; ++T) {
      auto V = C.E.evaluate([&](Symbol S) { return lane(S, T); });
      ASSERT_TRUE(V);
      if (M == 0)
        EXPECT_EQ(*V, 0);
      else
        EXPECT_EQ(*V % M, 0) << C.E << " at " << T;
    }
  }
}

TEST(ExprTest, BitWidthBoundsEveryValue) {
  using K = ExprKind;
  Expr Tx = Expr::threadIdx(0);
  Expr Masked = Expr::binary(K::BitAnd, Tx, 0x380); // bits 7-9
  Expr Swizzle = Expr::binary(K::Shr, Masked, 3);   // bits 4-6
  Expr Chunk = Expr::binary(
      K::Shl, Expr::binary(K::Rem, Expr::binary(K::BitAnd, Tx, 255), 8), 4);
  EXPECT_EQ(bitWidth(Masked), 10u);
  EXPECT_EQ(bitWidth(Swizzle), 7u);
  EXPECT_EQ(bitWidth(Chunk), 7u);
  EXPECT_EQ(bitWidth(Expr::binary(K::BitXor, Swizzle, Chunk)), 7u);
  EXPECT_EQ(bitWidth(Expr(0)), 0u);
  // Nothing known of the thread index itself, nor of a negative mask.
  EXPECT_FALSE(bitWidth(Tx));
  EXPECT_FALSE(bitWidth(Expr::binary(K::BitXor, Tx, 16)));
  EXPECT_FALSE(bitWidth(Expr(-16)));
  for (const Expr &E : {Masked, Swizzle, Chunk}) {
    unsigned W = *bitWidth(E);
    for (int64_t T = -300; T < 300; ++T) {
      auto V = E.evaluate([&](Symbol S) { return lane(S, T); });
      ASSERT_TRUE(V);
      EXPECT_GE(*V, 0) << E;
      EXPECT_LT(*V, int64_t(1) << W) << E << " at " << T;
    }
  }
}

TEST(ExprTest, PrintsReadably) {
  Expr Tx = Expr::threadIdx(0), Ty = Expr::threadIdx(1);
  EXPECT_EQ((Ty * 32 + Tx).str(), "ty * 32 + tx");
  EXPECT_EQ((Tx - Ty).str(), "tx - ty");
  EXPECT_EQ((Expr::binary(ExprKind::Div, Tx + 1, 2) * 4).str(), "(tx + 1) / 2 * 4");
}

TEST(PredicateTest, ShortCircuitAndNegation) {
  Expr Tx = Expr::threadIdx(0);
  Predicate P = Predicate::conj({Predicate::cmp(CmpKind::LT, Tx, 16),
                                 Predicate::unknown("data", true)});
  // tx = 20: the first operand is false, so the unknown one is never asked.
  EXPECT_EQ(P.evaluate([](Symbol S) { return lane(S, 20); }), false);
  EXPECT_EQ(P.evaluate([](Symbol S) { return lane(S, 3); }), std::nullopt);
  EXPECT_TRUE(P.hasUnknown());
  Predicate N = Predicate::negate(Predicate::cmp(CmpKind::LT, Tx, 16));
  EXPECT_EQ(N.str(), "tx >= 16");
}

TEST(PredicateTest, SubstituteFoldsToConstant) {
  Expr Ntx = Expr::symbol(SymbolKind::BlockDim, 0);
  Predicate P = Predicate::cmp(CmpKind::LT, Expr(64), Ntx);
  Predicate Q = P.substitute([](Symbol S) -> std::optional<Expr> {
    if (S.Kind == SymbolKind::BlockDim)
      return Expr(128);
    return std::nullopt;
  });
  EXPECT_TRUE(Q.isTrue());
}

} // namespace

namespace {

TEST(ExprTest, DepthIsKeptInConstantTime) {
  Expr Tx = Expr::threadIdx(0);
  EXPECT_EQ(Expr(5).depth(), 1u);
  EXPECT_EQ(Tx.depth(), 1u);
  EXPECT_EQ((Tx + 1).depth(), 2u);
  Expr V = Tx;
  for (int I = 0; I < 1000; ++I)
    V = V + Tx;
  EXPECT_EQ(V.depth(), 1001u);
  // Folding keeps no node: 0 + x is x.
  EXPECT_EQ((Expr(0) + V).depth(), 1001u);
  Predicate P = Predicate::cmp(CmpKind::LT, V, 7);
  EXPECT_EQ(P.depth(), 1002u);
  EXPECT_EQ(Expr::select(P, Tx, 3).depth(), 1003u);
  // Conjunctions are flat: one level over their deepest operand.
  Predicate Q = Predicate::cmp(CmpKind::GT, Tx, 1);
  EXPECT_EQ(Predicate::conj({P, Q, Predicate::conj({Q, Q})}).depth(), 1003u);
  EXPECT_EQ(Predicate::negate(Predicate::disj({P, Q})).depth(), 1004u);
  EXPECT_EQ(Predicate::unknown("x", true).depth(), 1u);
}

} // namespace

namespace {

bool hasKind(const Expr &E, ExprKind K) {
  if (E.kind() == K)
    return true;
  if (E.kind() == ExprKind::Const || E.kind() == ExprKind::Sym)
    return false;
  return hasKind(E.lhs(), K) || hasKind(E.rhs(), K);
}

TEST(ExprTest, RecombinesQuotientsAndRemainders) {
  Expr X = Expr::symbol(SymbolKind::BlockIdx, 0) * 8 + Expr::threadIdx(0);
  auto Div = [](Expr A, int64_t D) {
    return Expr::binary(ExprKind::Div, std::move(A), D);
  };
  auto Rem = [](Expr A, int64_t D) {
    return Expr::binary(ExprKind::Rem, std::move(A), D);
  };
  const int64_t T = 1024, C = 768;
  // b*T*C + t*C + c with b = X / (T*C), t = X / C % T, c = X % C, in bytes.
  Expr Flat = (Div(X, T * C) * T * C + Rem(Div(X, C), T) * C + Rem(X, C)) * 4;
  // b*T*C + t*C with b = X / T / ... written as a quotient of a quotient.
  Expr Rows = Div(Div(X, 32), 32) * T * C + Rem(X, T) * C + 7;
  // x >> 5 and x & 31.
  Expr Bits = Expr::binary(ExprKind::Shr, X, 5) * 32 +
              Expr::binary(ExprKind::BitAnd, X, 31);
  // A global warp index by a shift: whole multiples of 32 leave the shift
  // and the mask, and the pair is the index again.
  Expr G = Expr::symbol(SymbolKind::BlockIdx, 0) * 256 + Expr::threadIdx(0);
  Expr Warp = Expr::binary(ExprKind::Shr, G, 5);
  Expr Lanes = Warp * 32 + Expr::binary(ExprKind::BitAnd, G, 31);
  // Not a pair: the coefficients do not match, or the dividends differ.
  Expr Apart = Div(X, T) * 1000 + Rem(X, T);
  Expr Other = Div(X, T) * T + Rem(X + 1, T);
  for (const Expr &E : {Flat, Rows, Bits, Warp, Lanes, Apart, Other}) {
    Expr R = recombineQuotients(E);
    // The same value everywhere, negative indices included (C truncation).
    for (int64_t Bx : {-3, 0, 1, 5, 1000, 123457})
      for (int64_t Tx : {-33, 0, 1, 31, 255}) {
        auto Value = [&](Symbol S) -> std::optional<int64_t> {
          if (S.Kind == SymbolKind::BlockIdx)
            return Bx;
          if (S.Kind == SymbolKind::ThreadIdx)
            return Tx;
          return std::nullopt;
        };
        EXPECT_EQ(E.evaluate(Value), R.evaluate(Value)) << E << " vs " << R;
      }
  }
  EXPECT_FALSE(hasKind(recombineQuotients(Flat), ExprKind::Div));
  EXPECT_FALSE(hasKind(recombineQuotients(Flat), ExprKind::Rem));
  EXPECT_FALSE(hasKind(recombineQuotients(Rows), ExprKind::Div));
  EXPECT_FALSE(hasKind(recombineQuotients(Bits), ExprKind::Shr));
  EXPECT_FALSE(hasKind(recombineQuotients(Lanes), ExprKind::Shr));
  EXPECT_FALSE(hasKind(recombineQuotients(Lanes), ExprKind::BitAnd));
  // blockIdx.x * 8 + (threadIdx.x >> 5): the block index left the shift.
  std::function<bool(const Expr &)> BlockInShift = [&](const Expr &E) {
    if (E.kind() == ExprKind::Const || E.kind() == ExprKind::Sym)
      return false;
    if (E.kind() == ExprKind::Shr && E.refersTo(SymbolKind::BlockIdx))
      return true;
    return BlockInShift(E.lhs()) || BlockInShift(E.rhs());
  };
  EXPECT_TRUE(BlockInShift(Warp));
  EXPECT_FALSE(BlockInShift(recombineQuotients(Warp)));
  EXPECT_EQ(recombineQuotients(Apart), Apart);
  EXPECT_EQ(recombineQuotients(Other), Other);
}

} // namespace
