//===- Footprint.cpp - The bytes an access can touch in one launch --------===//
//
// Interval arithmetic over the offset's expression: each symbol's range in
// the launch (thread and block indices from the shapes, parameters bound at
// the launch, loop variables from their start and bound), combined by each
// operator's monotonicity.
//
//===----------------------------------------------------------------------===//

#include "Cost/Footprint.h"

#include <algorithm>

namespace warplint {
namespace {

using Span = std::optional<ValueSpan>;

Span point(int64_t V) { return ValueSpan{V, V}; }

/// The four products of the ends, lowest and highest; nullopt on overflow.
Span corners(ExprKind Op, ValueSpan A, ValueSpan B) {
  int64_t Vals[4];
  int64_t Xs[2] = {A.Lo, A.Hi}, Ys[2] = {B.Lo, B.Hi};
  for (int I = 0; I < 2; ++I)
    for (int J = 0; J < 2; ++J)
      if (!applyBinary(Op, Xs[I], Ys[J], Vals[2 * I + J]))
        return std::nullopt;
  return ValueSpan{*std::min_element(Vals, Vals + 4),
                   *std::max_element(Vals, Vals + 4)};
}

class SpanEval {
public:
  SpanEval(const KernelModel &K, const LaunchConfig &L) : K(K), L(L) {}

  Span expr(const Expr &E, unsigned Depth = 0) {
    if (Depth > 200)
      return std::nullopt;
    switch (E.kind()) {
    case ExprKind::Const:
      return point(E.constValue());
    case ExprKind::Sym:
      return symbol(E.symbolValue(), Depth);
    case ExprKind::Select: {
      Span A = expr(E.lhs(), Depth + 1), B = expr(E.rhs(), Depth + 1);
      if (!A || !B)
        return std::nullopt;
      return ValueSpan{std::min(A->Lo, B->Lo), std::max(A->Hi, B->Hi)};
    }
    default:
      break;
    }
    Span A = expr(E.lhs(), Depth + 1), B = expr(E.rhs(), Depth + 1);
    if (!A || !B)
      return std::nullopt;
    switch (E.kind()) {
    case ExprKind::Add:
    case ExprKind::Mul:
    case ExprKind::Min:
    case ExprKind::Max:
      return corners(E.kind(), *A, *B);
    case ExprKind::Div:
    case ExprKind::Shr:
      // Monotone in the dividend for a positive divisor range.
      if (B->Lo <= 0)
        return std::nullopt;
      return corners(E.kind(), *A, *B);
    case ExprKind::Shl:
      if (B->Lo < 0 || A->Lo < 0)
        return std::nullopt;
      return corners(E.kind(), *A, *B);
    case ExprKind::Rem:
      // x % m of a non-negative x lies in [0, min(x, m - 1)].
      if (A->Lo < 0 || B->Lo <= 0)
        return std::nullopt;
      return ValueSpan{0, std::min(A->Hi, B->Hi - 1)};
    case ExprKind::BitAnd:
      if (A->Lo < 0 || B->Lo < 0)
        return std::nullopt;
      return ValueSpan{0, std::min(A->Hi, B->Hi)};
    case ExprKind::BitOr:
    case ExprKind::BitXor: {
      if (A->Lo < 0 || B->Lo < 0)
        return std::nullopt;
      // Below the next power of two of the larger operand.
      int64_t Top = std::max(A->Hi, B->Hi), Pow = 1;
      while (Pow <= Top && Pow < (int64_t(1) << 62))
        Pow <<= 1;
      return ValueSpan{0, Pow - 1};
    }
    default:
      return std::nullopt;
    }
  }

private:
  Span symbol(Symbol S, unsigned Depth) {
    switch (S.Kind) {
    case SymbolKind::ThreadIdx:
      if (!L.Block)
        return std::nullopt;
      return ValueSpan{0, dim(*L.Block, S.Index) - 1};
    case SymbolKind::BlockDim:
      if (!L.Block)
        return std::nullopt;
      return point(dim(*L.Block, S.Index));
    case SymbolKind::BlockIdx:
      if (!L.Grid || S.Index > 2)
        return std::nullopt;
      return ValueSpan{0, (*L.Grid)[S.Index] - 1};
    case SymbolKind::GridDim:
      if (!L.Grid || S.Index > 2)
        return std::nullopt;
      return point((*L.Grid)[S.Index]);
    case SymbolKind::Param:
      for (auto [Id, Value] : L.ParamValues)
        if (Id == S.Index)
          return point(Value);
      return std::nullopt;
    case SymbolKind::LoopVar:
      return loop(S.Index, Depth);
    case SymbolKind::Uniform:
      return std::nullopt;
    }
    return std::nullopt;
  }

  static int64_t dim(const BlockShape &B, unsigned D) {
    return D == 0 ? B.X : D == 1 ? B.Y : B.Z;
  }

  /// A loop variable runs from its start toward the bound its condition
  /// compares it with (the first such comparison in a conjunction).
  Span loop(unsigned Id, unsigned Depth) {
    if (Id >= K.Loops.size())
      return std::nullopt;
    const Loop &Lp = K.Loops[Id];
    if (!Lp.UnknownReason.empty())
      return std::nullopt;
    Span Start = expr(Lp.Init, Depth + 1);
    if (!Start)
      return std::nullopt;
    bool Up =
        Lp.Step == Loop::StepKind::Multiply ||
        (Lp.Step == Loop::StepKind::Add && (Lp.StepExpr || Lp.StepValue > 0));
    if (Lp.Step == Loop::StepKind::Divide)
      return Start->Lo < 0 ? std::nullopt : Span(ValueSpan{0, Start->Hi});
    std::optional<int64_t> End = bound(Lp.Condition, Id, Up, Depth);
    if (!End)
      return std::nullopt;
    if (Up)
      return *End < Start->Lo ? point(Start->Lo)
                              : Span(ValueSpan{Start->Lo, *End});
    return *End > Start->Hi ? point(Start->Hi)
                            : Span(ValueSpan{*End, Start->Hi});
  }

  /// The last value a counting-up (or down) loop runs with, from `v < E`,
  /// `v <= E`, `E > v`, ... in its condition.
  std::optional<int64_t> bound(const Predicate &P, unsigned Id, bool Up,
                               unsigned Depth) {
    if (P.kind() == PredKind::And) {
      for (const Predicate &Op : P.operands())
        if (auto B = bound(Op, Id, Up, Depth))
          return B;
      return std::nullopt;
    }
    if (P.kind() != PredKind::Cmp)
      return std::nullopt;
    auto IsVar = [&](const Expr &E) {
      return E.kind() == ExprKind::Sym &&
             E.symbolValue() == Symbol{SymbolKind::LoopVar, Id};
    };
    CmpKind Op = P.cmpKind();
    const Expr *Other = nullptr;
    if (IsVar(P.lhs())) {
      Other = &P.rhs();
    } else if (IsVar(P.rhs())) {
      Other = &P.lhs();
      // E > v is v < E, and so on.
      Op = Op == CmpKind::LT   ? CmpKind::GT
           : Op == CmpKind::LE ? CmpKind::GE
           : Op == CmpKind::GT ? CmpKind::LT
           : Op == CmpKind::GE ? CmpKind::LE
                               : Op;
    }
    if (!Other)
      return std::nullopt;
    Span E = expr(*Other, Depth + 1);
    if (!E)
      return std::nullopt;
    if (Up && (Op == CmpKind::LT || Op == CmpKind::NE))
      return E->Hi - 1;
    if (Up && Op == CmpKind::LE)
      return E->Hi;
    if (!Up && (Op == CmpKind::GT || Op == CmpKind::NE))
      return E->Lo + 1;
    if (!Up && Op == CmpKind::GE)
      return E->Lo;
    return std::nullopt;
  }

  const KernelModel &K;
  const LaunchConfig &L;
};

} // namespace

std::optional<ValueSpan> byteSpan(const KernelModel &K, const Access &A,
                                  const LaunchConfig &L) {
  if (!A.ByteOffset)
    return std::nullopt;
  Span S = SpanEval(K, L).expr(*A.ByteOffset);
  if (!S || __builtin_add_overflow(S->Hi, int64_t(A.Bytes) - 1, &S->Hi))
    return std::nullopt;
  return S;
}

} // namespace warplint
