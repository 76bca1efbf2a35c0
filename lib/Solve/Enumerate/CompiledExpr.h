//===- CompiledExpr.h - An offset compiled for per-lane evaluation -*- C++ -*-//
//
// The enumeration evaluates an access's offset once per lane and point:
// millions of times for a swizzled layout, whose terms mix threadIdx and
// loop variables. Env::eval walks the Expr tree and looks every symbol up
// through a std::function; this compiles the tree once into postfix
// operations over a small value stack, with threadIdx and loop variables
// read from fixed Env slots and the free symbols (fixed for one enumeration)
// folded to constants. The result, including every failure (overflow,
// division by zero, an unset symbol), is what Env::eval returns.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_COMPILEDEXPR_H
#define WARPLINT_SOLVE_COMPILEDEXPR_H

#include "Solve/Space/Space.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace warplint {

class CompiledExpr {
public:
  /// Compiles E for environments whose Assumed flag and free values are
  /// those of Fixed; threads and loop values are read at each run.
  CompiledExpr(const Expr &E, const Env &Fixed);

  /// Env::eval(E) for an Env with Fixed's free values. Not reentrant: the
  /// value stack is reused between runs.
  std::optional<int64_t> run(const Env &Now) const;

private:
  /// Binary pops B and applies Kind to the top and B; BinaryConst applies
  /// it to the top and Arg.
  enum class OpCode : uint8_t {
    Const,
    Thread,
    Loop,
    Fail,
    Binary,
    BinaryConst,
    Branch,
    Jump
  };
  struct Op {
    OpCode Code;
    ExprKind Kind; ///< Binary, BinaryConst
    int64_t Arg;   ///< Const or BinaryConst value, thread dimension, loop id,
                   ///< jump target
    const Predicate *Cond; ///< Branch: the Select condition (in the tree)
  };
  std::vector<Op> Ops;
  mutable std::vector<int64_t> Stack;

  void compile(const Expr &E, const Env &Fixed, size_t Depth);
};

/// A guard compiled the same way: its comparisons' sides are CompiledExprs,
/// the rest a small tree evaluated as Predicate::evaluate does (C
/// short-circuit, Unknown gives no value).
class CompiledPredicate {
public:
  CompiledPredicate(const Predicate &P, const Env &Fixed);

  /// Env::eval(P) for an Env with Fixed's free values. Not reentrant.
  std::optional<bool> run(const Env &Now) const;

private:
  PredKind Kind;
  CmpKind Op = CmpKind::EQ;
  std::optional<CompiledExpr> LHS, RHS; ///< Cmp
  std::vector<CompiledPredicate> Ops;   ///< And, Or, Not
};

} // namespace warplint

#endif // WARPLINT_SOLVE_COMPILEDEXPR_H
