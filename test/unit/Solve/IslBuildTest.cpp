//===- IslBuildTest.cpp - Expr and Predicate trees as ISL objects ---------===//
//
// The builder against C evaluation, point by point: every Expr kind the
// solver hands ISL, with negative values where C's truncation and ISL's
// floor part ways. Compiled with exceptions, like the builder.
//
//===----------------------------------------------------------------------===//

#include "Solve/Isl/IslBuild.h"
#include "Solve/Isl/IslAdapter.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace warplint;

namespace {

Expr x() { return Expr::threadIdx(0); }
Expr n() { return Expr::symbol(SymbolKind::Param, 0); }
Expr bin(ExprKind K, Expr A, Expr B) { return Expr::binary(K, A, B); }
Predicate cmp(CmpKind K, Expr A, Expr B) { return Predicate::cmp(K, A, B); }

/// x is dimension 0 of { T[x] }; nothing else can be named.
IslSymbolFn onlyX(IslBuilder &B) {
  return [&B](Symbol S) -> std::optional<isl::pw_aff> {
    if (S.Kind == SymbolKind::ThreadIdx && S.Index == 0)
      return B.dim(0);
    return std::nullopt;
  };
}

/// The point { T[V] }.
isl::point at(IslBuilder &B, int64_t V) {
  return B.dim(0).eq_set(B.constant(V)).sample_point();
}

std::optional<int64_t> cValue(const Expr &E, int64_t V) {
  return E.evaluate([V](Symbol) -> std::optional<int64_t> { return V; });
}

class IslBuildTest : public ::testing::Test {
protected:
  IslContext Ctx{10000000};
};

TEST_F(IslBuildTest, ExpressionsAgreeWithCEvaluation) {
  IslBuilder B(Ctx.ctx(), "T", 1);
  Predicate Neg = cmp(CmpKind::LT, x(), Expr(0));
  std::vector<Expr> Cases = {
      x() * Expr(3) + Expr(5),
      bin(ExprKind::Div, x(), Expr(7)),
      bin(ExprKind::Rem, x(), Expr(7)),
      bin(ExprKind::Div, x() * Expr(3) - Expr(4), Expr(4)),
      bin(ExprKind::Shr, x(), Expr(2)),
      bin(ExprKind::Shl, x(), Expr(3)),
      bin(ExprKind::Min, x(), Expr(3)),
      bin(ExprKind::Max, x(), Expr(-2)),
      Expr::select(Neg, Expr(0) - x(), x()),
      bin(ExprKind::Div, bin(ExprKind::Rem, x(), Expr(5)), Expr(2)),
  };
  for (const Expr &E : Cases) {
    auto F = B.expr(E, onlyX(B));
    ASSERT_TRUE(F) << E << ": " << B.Failure;
    unsigned Compared = 0;
    for (int64_t V = -50; V <= 50; ++V) {
      // C gives a shift of a negative value no value (Expr::evaluate).
      auto Want = cValue(E, V);
      if (!Want)
        continue;
      ++Compared;
      EXPECT_EQ(F->eval(at(B, V)).get_num_si(), *Want) << E << " at " << V;
    }
    EXPECT_GE(Compared, 51u) << E;
  }
}

TEST_F(IslBuildTest, PredicatesAndTheirNegationsSplitThePoints) {
  IslBuilder B(Ctx.ctx(), "T", 1);
  Expr R = bin(ExprKind::Rem, x(), Expr(4));
  std::vector<Predicate> Cases = {
      cmp(CmpKind::LT, x(), Expr(3)),
      cmp(CmpKind::NE, R, Expr(0)),
      Predicate::conj(
          {cmp(CmpKind::GE, x(), Expr(-5)), cmp(CmpKind::LE, R, Expr(-1))}),
      Predicate::disj({cmp(CmpKind::EQ, x(), Expr(7)),
                       Predicate::negate(cmp(CmpKind::GT, x(), Expr(-9)))}),
  };
  for (const Predicate &P : Cases) {
    auto Yes = B.pred(P, onlyX(B)), No = B.pred(P, onlyX(B), true);
    ASSERT_TRUE(Yes && No) << P << ": " << B.Failure;
    for (int64_t V = -20; V <= 20; ++V) {
      auto Want =
          P.evaluate([V](Symbol) -> std::optional<int64_t> { return V; });
      ASSERT_TRUE(Want);
      isl::set Point = B.dim(0).eq_set(B.constant(V));
      EXPECT_EQ(!Yes->intersect(Point).is_empty(), *Want) << P << " at " << V;
      EXPECT_EQ(!No->intersect(Point).is_empty(), !*Want) << P << " at " << V;
    }
  }
}

TEST_F(IslBuildTest, WhatIslCannotExpressFailsWithTheReason) {
  IslBuilder B(Ctx.ctx(), "T", 1);
  EXPECT_FALSE(B.expr(x() * x(), onlyX(B)));
  EXPECT_EQ(B.Failure, "a product of two variables");
  IslBuilder C(Ctx.ctx(), "T", 1);
  EXPECT_FALSE(C.expr(bin(ExprKind::BitAnd, x(), Expr(3)), onlyX(C)));
  EXPECT_EQ(C.Failure, "bitwise operators");
  IslBuilder D(Ctx.ctx(), "T", 1);
  EXPECT_FALSE(D.expr(x() + n(), onlyX(D)));
  EXPECT_EQ(D.Failure, "a value that cannot be named");
}

TEST_F(IslBuildTest, HiddenParametersAreQuantifiedAway) {
  // { T[x] : exists h : x = 2h and 0 <= x < 10 }: the even x.
  IslBuilder B(Ctx.ctx(), "T", 1);
  isl::pw_aff H = B.hidden("h");
  isl::set Even = B.projectHidden(
      B.dim(0).eq_set(H.scale(2)).intersect(B.inRange(B.dim(0), 0, 10)));
  EXPECT_EQ(Even.params().space().is_equal(isl::space::unit(Ctx.ctx())), true);
  for (int64_t V = 0; V < 10; ++V)
    EXPECT_EQ(!Even.intersect(B.dim(0).eq_set(B.constant(V))).is_empty(),
              V % 2 == 0);
}

TEST_F(IslBuildTest, ParametersThatPrintAlikeStayApart) {
  // Two symbols both named "n" (a parameter and a shadowing local): one
  // set may give them different values, and ISL prints the source name,
  // primed where it repeats.
  IslBuilder B(Ctx.ctx(), "T", 1);
  isl::id N1 = B.freshId("n"), N2 = B.freshId("n");
  isl::set S = B.param(N1)
                   .eq_set(B.constant(1))
                   .intersect(B.param(N2).eq_set(B.constant(2)));
  EXPECT_FALSE(S.is_empty());
  std::ostringstream OS;
  OS << alignParams(S.params(), {N2, N1});
  EXPECT_EQ(OS.str(), "[n, n'] -> {  : n = 2 and n' = 1 }");
}

} // namespace
