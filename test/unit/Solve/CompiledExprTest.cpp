//===- CompiledExprTest.cpp - Compiled offsets agree with Env::eval -------===//

#include "Solve/Enumerate/CompiledExpr.h"

#include "gtest/gtest.h"

#include <limits>
#include <random>

using namespace warplint;

namespace {

/// Leaves that stress every failure of Expr::evaluate: extreme constants
/// (overflow), zero (division), symbols that are bound, unbound (a free
/// symbol without a value, a loop not entered) or thread-dependent.
Expr randomLeaf(std::mt19937_64 &Rng) {
  static const int64_t Consts[] = {0,
                                   1,
                                   -1,
                                   2,
                                   3,
                                   7,
                                   32,
                                   -33,
                                   63,
                                   64,
                                   std::numeric_limits<int64_t>::max(),
                                   std::numeric_limits<int64_t>::min()};
  switch (Rng() % 9) {
  case 0:
  case 1:
    return Expr(Consts[Rng() % (sizeof(Consts) / sizeof(Consts[0]))]);
  case 2:
  case 3:
    return Expr::threadIdx(unsigned(Rng() % 3));
  case 4:
    return Expr::symbol(SymbolKind::LoopVar, unsigned(Rng() % 3));
  case 5:
    return Expr::symbol(SymbolKind::Param, unsigned(Rng() % 2));
  case 6:
    return Expr::symbol(SymbolKind::BlockIdx, 0);
  case 7:
    return Expr::threadIdx(3); // no such dimension: no value
  default:
    return Expr(int64_t(Rng() % 200) - 100);
  }
}

Expr randomExpr(std::mt19937_64 &Rng, unsigned Depth) {
  if (Depth == 0 || Rng() % 4 == 0)
    return randomLeaf(Rng);
  static const ExprKind Ops[] = {
      ExprKind::Add,    ExprKind::Mul,   ExprKind::Div,    ExprKind::Rem,
      ExprKind::BitAnd, ExprKind::BitOr, ExprKind::BitXor, ExprKind::Shl,
      ExprKind::Shr,    ExprKind::Min,   ExprKind::Max};
  if (Rng() % 8 == 0) {
    Predicate C = Predicate::cmp(CmpKind(Rng() % 6), randomExpr(Rng, Depth - 1),
                                 randomExpr(Rng, Depth - 1));
    return Expr::select(C, randomExpr(Rng, Depth - 1),
                        randomExpr(Rng, Depth - 1));
  }
  return Expr::binary(Ops[Rng() % (sizeof(Ops) / sizeof(Ops[0]))],
                      randomExpr(Rng, Depth - 1), randomExpr(Rng, Depth - 1));
}

/// An Env with loops 0..2 (1 not entered), Param 0 bound and Param 1 not.
Env makeEnv(bool Assumed) {
  Env E;
  E.Assumed = Assumed;
  E.LoopValue = {5, 0, -7};
  E.LoopSet = {1, 0, 1};
  E.LoopTrip = {0, 0, 0};
  E.FreeValue = {{Symbol{SymbolKind::Param, 0}, 12},
                 {Symbol{SymbolKind::BlockIdx, 0}, 3}};
  if (Assumed)
    E.FreeValue.push_back({Symbol{SymbolKind::ThreadIdx, 1}, 4});
  return E;
}

void expectAgree(bool Assumed, uint64_t Seed) {
  std::mt19937_64 Rng(Seed);
  Env E = makeEnv(Assumed);
  unsigned Values = 0, Failures = 0;
  for (int I = 0; I < 3000; ++I) {
    Expr X = randomExpr(Rng, 5);
    CompiledExpr C(X, E);
    for (int Lane = 0; Lane < 4; ++Lane) {
      E.Thread[0] = int64_t(Rng() % 64) - 8;
      E.Thread[1] = int64_t(Rng() % 8);
      E.Thread[2] = int64_t(Rng() % 2);
      E.LoopValue[0] = int64_t(Rng() % 100);
      std::optional<int64_t> Want = E.eval(X), Got = C.run(E);
      ASSERT_EQ(Want.has_value(), Got.has_value()) << X.str(defaultSymbolName);
      if (Want) {
        ASSERT_EQ(*Want, *Got) << X.str(defaultSymbolName);
        ++Values;
      } else {
        ++Failures;
      }
    }
  }
  // Both outcomes must be exercised for the comparison to mean anything.
  EXPECT_GT(Values, 1000u);
  EXPECT_GT(Failures, 1000u);
}

TEST(CompiledExpr, AgreesWithTreeEvaluation) { expectAgree(false, 1); }

TEST(CompiledExpr, AgreesWithTreeEvaluationForAnAssumedWarp) {
  expectAgree(true, 2);
}

TEST(CompiledExpr, UnchosenSelectArmMayFail) {
  Env E = makeEnv(false);
  E.Thread[0] = 3;
  Expr Tx = Expr::threadIdx(0);
  // tx < 10 ? tx * 4 : tx / 0: the division is never evaluated.
  Expr X = Expr::select(Predicate::cmp(CmpKind::LT, Tx, Expr(10)), Tx * 4,
                        Expr::binary(ExprKind::Div, Tx, Expr(0)));
  CompiledExpr C(X, E);
  EXPECT_EQ(C.run(E), std::optional<int64_t>(12));
  E.Thread[0] = 11;
  EXPECT_EQ(C.run(E), std::nullopt);
}

TEST(CompiledExpr, LoopNotEnteredHasNoValue) {
  Env E = makeEnv(false);
  CompiledExpr C(Expr::symbol(SymbolKind::LoopVar, 1) + 1, E);
  EXPECT_EQ(C.run(E), std::nullopt);
  E.LoopSet[1] = 1;
  E.LoopValue[1] = 41;
  EXPECT_EQ(C.run(E), std::optional<int64_t>(42));
}

} // namespace
