//===- CompiledExpr.cpp - An offset compiled for per-lane evaluation ------===//

#include "Solve/Enumerate/CompiledExpr.h"

#include <algorithm>
#include <limits>

namespace warplint {

CompiledExpr::CompiledExpr(const Expr &E, const Env &Fixed) {
  compile(E, Fixed, 0);
}

void CompiledExpr::compile(const Expr &E, const Env &Fixed, size_t Depth) {
  // Depth is the stack height before E's value is pushed.
  if (Stack.size() < Depth + 1)
    Stack.resize(Depth + 1);
  switch (E.kind()) {
  case ExprKind::Const:
    Ops.push_back({OpCode::Const, ExprKind::Const, E.constValue(), nullptr});
    return;
  case ExprKind::Sym: {
    Symbol S = E.symbolValue();
    // The same resolution as Env::lookup: threadIdx (but for the assumed
    // warp's y and z, which are free values) and loop variables change
    // between runs; anything else is a free value, fixed from now on.
    if (S.Kind == SymbolKind::ThreadIdx && !(Fixed.Assumed && S.Index != 0)) {
      if (S.Index < 3)
        Ops.push_back({OpCode::Thread, ExprKind::Sym, S.Index, nullptr});
      else
        Ops.push_back({OpCode::Fail, ExprKind::Sym, 0, nullptr});
      return;
    }
    if (S.Kind == SymbolKind::LoopVar) {
      Ops.push_back({OpCode::Loop, ExprKind::Sym, S.Index, nullptr});
      return;
    }
    if (auto V = Fixed.lookup(S))
      Ops.push_back({OpCode::Const, ExprKind::Const, *V, nullptr});
    else
      Ops.push_back({OpCode::Fail, ExprKind::Sym, 0, nullptr});
    return;
  }
  case ExprKind::Select: {
    // Only the chosen arm is evaluated, as in the tree: a failure in the
    // other one must not count.
    size_t Branch = Ops.size();
    Ops.push_back({OpCode::Branch, ExprKind::Select, 0, &E.cond()});
    compile(E.lhs(), Fixed, Depth);
    size_t Jump = Ops.size();
    Ops.push_back({OpCode::Jump, ExprKind::Select, 0, nullptr});
    Ops[Branch].Arg = int64_t(Ops.size());
    compile(E.rhs(), Fixed, Depth);
    Ops[Jump].Arg = int64_t(Ops.size());
    return;
  }
  default:
    // Both operands, then the operation. The tree stops at the first
    // operand that fails; here the second may run too, which changes
    // nothing: evaluation has no side effects and the result is no value.
    compile(E.lhs(), Fixed, Depth);
    if (E.rhs().isConst()) {
      // x * 4, x / 8, x % 32: one operation instead of two.
      Ops.push_back(
          {OpCode::BinaryConst, E.kind(), E.rhs().constValue(), nullptr});
      return;
    }
    compile(E.rhs(), Fixed, Depth + 1);
    Ops.push_back({OpCode::Binary, E.kind(), 0, nullptr});
    return;
  }
}

std::optional<int64_t> CompiledExpr::run(const Env &Now) const {
  int64_t *Top = Stack.data(); // next free slot
  size_t PC = 0, End = Ops.size();
  while (PC < End) {
    const Op &O = Ops[PC++];
    switch (O.Code) {
    case OpCode::Const:
      *Top++ = O.Arg;
      break;
    case OpCode::Thread:
      *Top++ = Now.Thread[O.Arg];
      break;
    case OpCode::Loop: {
      size_t Id = size_t(O.Arg);
      if (Id >= Now.LoopSet.size() || !Now.LoopSet[Id])
        return std::nullopt;
      *Top++ = Now.LoopValue[Id];
      break;
    }
    case OpCode::Fail:
      return std::nullopt;
    case OpCode::Binary: {
      int64_t B = *--Top;
      if (!applyBinary(O.Kind, Top[-1], B, Top[-1]))
        return std::nullopt;
      break;
    }
    case OpCode::BinaryConst:
      if (!applyBinary(O.Kind, Top[-1], O.Arg, Top[-1]))
        return std::nullopt;
      break;
    case OpCode::Branch: {
      std::optional<bool> C = Now.eval(*O.Cond);
      if (!C)
        return std::nullopt;
      if (!*C)
        PC = size_t(O.Arg);
      break;
    }
    case OpCode::Jump:
      PC = size_t(O.Arg);
      break;
    }
  }
  return Stack[0];
}

CompiledPredicate::CompiledPredicate(const Predicate &P, const Env &Fixed)
    : Kind(P.kind()), Op(P.cmpKind()) {
  if (Kind == PredKind::Cmp) {
    LHS.emplace(P.lhs(), Fixed);
    RHS.emplace(P.rhs(), Fixed);
  }
  for (const Predicate &Sub : P.operands())
    Ops.emplace_back(Sub, Fixed);
}

std::optional<bool> CompiledPredicate::run(const Env &Now) const {
  switch (Kind) {
  case PredKind::True:
    return true;
  case PredKind::False:
    return false;
  case PredKind::Unknown:
    return std::nullopt;
  case PredKind::Cmp: {
    auto A = LHS->run(Now), B = RHS->run(Now);
    if (!A || !B)
      return std::nullopt;
    return compareValues(Op, *A, *B);
  }
  case PredKind::Not: {
    auto R = Ops.front().run(Now);
    if (!R)
      return std::nullopt;
    return !*R;
  }
  case PredKind::And:
  case PredKind::Or: {
    bool IsAnd = Kind == PredKind::And;
    for (const CompiledPredicate &Sub : Ops) {
      auto R = Sub.run(Now);
      if (!R)
        return std::nullopt;
      if (*R != IsAnd)
        return !IsAnd;
    }
    return IsAnd;
  }
  }
  return std::nullopt;
}

} // namespace warplint
