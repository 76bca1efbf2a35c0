//===- Expr.h - Index expressions over thread and loop symbols --*- C++ -*-===//
//
// The address of every access is an Expr: an immutable tree over integer
// constants and symbols (thread index, block index, loop variables, kernel
// parameters, block-uniform opaque values). Quasi-affine trees (sums,
// products with a constant, floor division and modulo by a positive constant)
// go to ISL; bitwise operators and selects are evaluated exactly per lane by
// enumeration. Expressions are plain values: cheap to copy (shared nodes),
// comparable, printable.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_MODEL_EXPR_H
#define WARPLINT_MODEL_EXPR_H

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What a symbol stands for.
enum class SymbolKind {
  ThreadIdx, ///< threadIdx.{x,y,z}; Index is the dimension 0..2.
  BlockIdx,  ///< blockIdx.{x,y,z}; uniform across the block.
  BlockDim,  ///< blockDim.{x,y,z}; a constant once the launch shape is known.
  GridDim,   ///< gridDim.{x,y,z}; uniform.
  LoopVar,   ///< a loop induction variable; Index is KernelModel::Loops[Index].
  Param,     ///< a scalar kernel parameter; Index is KernelModel::Params[Index].
  Uniform,   ///< an opaque block-uniform value (e.g. loaded from p[blockIdx.x]);
             ///< Index is KernelModel::Uniforms[Index].
};

struct Symbol {
  SymbolKind Kind = SymbolKind::ThreadIdx;
  unsigned Index = 0;

  friend bool operator==(const Symbol &A, const Symbol &B) {
    return A.Kind == B.Kind && A.Index == B.Index;
  }
  friend bool operator<(const Symbol &A, const Symbol &B) {
    return A.Kind != B.Kind ? A.Kind < B.Kind : A.Index < B.Index;
  }
  /// True for symbols whose value is the same for every thread of a block.
  bool isBlockUniform() const {
    return Kind != SymbolKind::ThreadIdx && Kind != SymbolKind::LoopVar;
  }
};

/// Node kinds. Arithmetic follows C semantics on signed 64-bit values:
/// Div and Rem truncate toward zero (they equal floor division and modulo when
/// the dividend is non-negative, which the solver checks before using ISL).
enum class ExprKind {
  Const,
  Sym,
  Add,
  Mul,
  Div,
  Rem,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
  Min,
  Max,
  Select, ///< Cond ? LHS : RHS; Cond is a Predicate.
};

/// One binary operation with C semantics on int64 (Div/Rem truncate); false
/// where no value exists (signed overflow, division by zero, a shift out of
/// range or of a negative value). Inline: the solver's per-lane evaluation
/// runs it billions of times.
inline bool applyBinary(ExprKind K, int64_t A, int64_t B, int64_t &Out) {
  switch (K) {
  case ExprKind::Add:
    return !__builtin_add_overflow(A, B, &Out);
  case ExprKind::Mul:
    return !__builtin_mul_overflow(A, B, &Out);
  case ExprKind::Div:
    if (B == 0 || (A == std::numeric_limits<int64_t>::min() && B == -1))
      return false;
    Out = A / B;
    return true;
  case ExprKind::Rem:
    if (B == 0 || (A == std::numeric_limits<int64_t>::min() && B == -1))
      return false;
    Out = A % B;
    return true;
  case ExprKind::BitAnd:
    Out = A & B;
    return true;
  case ExprKind::BitOr:
    Out = A | B;
    return true;
  case ExprKind::BitXor:
    Out = A ^ B;
    return true;
  case ExprKind::Shl:
    if (B < 0 || B >= 63 || A < 0)
      return false;
    return !__builtin_mul_overflow(A, int64_t(1) << B, &Out);
  case ExprKind::Shr:
    if (B < 0 || B >= 64)
      return false;
    Out = A >> B;
    return true;
  case ExprKind::Min:
    Out = std::min(A, B);
    return true;
  case ExprKind::Max:
    Out = std::max(A, B);
    return true;
  default:
    return false;
  }
}

class Predicate;

class Expr {
public:
  Expr() : Expr(int64_t(0)) {}
  /*implicit*/ Expr(int64_t Value);
  static Expr constant(int64_t Value) { return Expr(Value); }
  static Expr symbol(Symbol S);
  static Expr symbol(SymbolKind K, unsigned Index) {
    return symbol(Symbol{K, Index});
  }
  static Expr threadIdx(unsigned Dim) {
    return symbol(SymbolKind::ThreadIdx, Dim);
  }
  /// Builders fold constants and keep sums flat enough to read.
  static Expr binary(ExprKind K, Expr A, Expr B);
  static Expr select(const Predicate &Cond, Expr A, Expr B);

  ExprKind kind() const;
  int64_t constValue() const; ///< Only for Const.
  Symbol symbolValue() const; ///< Only for Sym.
  const Expr &lhs() const;    ///< Operands of binary nodes and Select arms.
  const Expr &rhs() const;
  const Predicate &cond() const; ///< Only for Select.

  bool isConst() const { return kind() == ExprKind::Const; }
  /// Height of the tree (1 for a constant or a symbol), in O(1): the front
  /// end bounds it so that the recursive algorithms on trees stay shallow.
  unsigned depth() const;
  std::optional<int64_t> asConst() const;

  /// True when the tree only uses +, * by a constant, Div/Rem by a positive
  /// constant (and Shl/Shr by a constant): what ISL can represent.
  bool isQuasiAffine() const;
  /// All symbols the tree refers to.
  std::vector<Symbol> symbols() const;
  bool refersTo(SymbolKind K) const;
  /// Replaces symbols for which Map returns a value.
  Expr substitute(const std::function<std::optional<Expr>(Symbol)> &Map) const;
  /// Evaluates with C semantics; nullopt when a symbol has no value or on
  /// division by zero / overflow.
  std::optional<int64_t>
  evaluate(const std::function<std::optional<int64_t>(Symbol)> &Value) const;

  /// Prints in C syntax using Names for symbols ("threadIdx.x * 4 + i").
  std::string str(const std::function<std::string(Symbol)> &Name) const;
  /// Prints with default symbol names (tx, ty, tz, bx, ..., L0, P0, U0).
  std::string str() const;

  friend bool operator==(const Expr &A, const Expr &B);
  friend bool operator!=(const Expr &A, const Expr &B) { return !(A == B); }

  friend Expr operator+(Expr A, Expr B) {
    return binary(ExprKind::Add, std::move(A), std::move(B));
  }
  friend Expr operator-(Expr A, Expr B) {
    return binary(ExprKind::Add, std::move(A),
                  binary(ExprKind::Mul, Expr(-1), std::move(B)));
  }
  friend Expr operator*(Expr A, Expr B) {
    return binary(ExprKind::Mul, std::move(A), std::move(B));
  }

  struct Node;

private:
  explicit Expr(std::shared_ptr<const Node> N) : N(std::move(N)) {}
  std::shared_ptr<const Node> N;
};

std::ostream &operator<<(std::ostream &OS, const Expr &E);

/// A positive number every value of E is a multiple of (1 when nothing is
/// known, 0 when E is always 0), from its constants, sums, products,
/// shifts, bit operations and, with ThroughRemainders, remainders: `x ^
/// ((y & 3) << 3)` with x even is even. (What nvcc proves about an address
/// goes through the bit operations but not through a signed `%`:
/// docs/hardware-model.md S9.)
int64_t multipleOf(const Expr &E, bool ThroughRemainders = true);

/// E split into Kept + Aside: Aside sums E's summands (the operands of its
/// nested sums) that have symbols, none of a kind Varies names, and are a
/// multiple of Unit in every value (`multipleOf`); Kept the others. A
/// move by whole units of what every lane shares (a pipeline's stage, a
/// tile a loop advanced) is Aside.
struct UnitSplit {
  Expr Kept, Aside;
};
UnitSplit splitWholeUnits(const Expr &E, int64_t Unit,
                          std::initializer_list<SymbolKind> Varies);

/// E / D when every value of E is a multiple of D by its form (constants,
/// products by a constant, sums, shifts left: `32 * N * 4` / 32 is `N *
/// 4`), so that no division enters a model; nullopt otherwise.
std::optional<Expr> exactQuotient(const Expr &E, int64_t D);

/// E with the quotient and remainder of one dividend put back together
/// wherever its sums hold both: `c*d * (x / d) + c * (x % d)` is `c * x`
/// (C truncation keeps x == (x / d) * d + x % d for every x), as are
/// `x >> k` with `x & (2^k - 1)`; a quotient of a quotient is one quotient
/// (`x / a / b` is `x / (a*b)` for positive a and b). A flattened index
/// decomposed by sizes and recomposed into an address (`b*T*C + t*C` with
/// `b = idx / T`, `t = idx % T`) becomes `idx * C` again. E itself when no
/// pair is found.
Expr recombineQuotients(const Expr &E);

/// A number of bits every value of E fits in, every value being
/// non-negative (`(x & 0x380) >> 3` fits in 7); nullopt when not known.
std::optional<unsigned> bitWidth(const Expr &E);

/// Comparison operators of predicates.
enum class CmpKind { LT, LE, GT, GE, EQ, NE };

/// A Op B on integers (inline, like applyBinary: evaluated per lane).
inline bool compareValues(CmpKind Op, int64_t A, int64_t B) {
  switch (Op) {
  case CmpKind::LT:
    return A < B;
  case CmpKind::LE:
    return A <= B;
  case CmpKind::GT:
    return A > B;
  case CmpKind::GE:
    return A >= B;
  case CmpKind::EQ:
    return A == B;
  case CmpKind::NE:
    return A != B;
  }
  return false;
}

enum class PredKind {
  True,
  False,
  Cmp,     ///< LHS op RHS
  And,     ///< all Operands
  Or,      ///< any Operand
  Not,     ///< !Operands[0]
  Unknown, ///< a condition warplint cannot model; Reason says why.
};

/// A boolean condition over the same symbols as Expr: guards, loop
/// conditions, select conditions.
class Predicate {
public:
  Predicate() : Predicate(true) {}
  /*implicit*/ Predicate(bool Value);
  static Predicate cmp(CmpKind Op, Expr LHS, Expr RHS);
  static Predicate conj(std::vector<Predicate> Ops);
  static Predicate disj(std::vector<Predicate> Ops);
  static Predicate negate(Predicate P);
  /// A condition that cannot be modelled (data-dependent, calls, ...).
  /// DependsOnThread says whether it may differ between threads of a block.
  /// FromData says that it is unknown only because it tests data (a value
  /// read from memory, a floating-point value): it may be true or false for
  /// any thread, and the solver bounds what it can do (docs/solver.md,
  /// "Bounded answers"); a condition warplint failed to model is not data.
  static Predicate unknown(std::string Reason, bool DependsOnThread,
                           bool FromData = false);

  PredKind kind() const { return Kind; }
  CmpKind cmpKind() const { return Op; }
  const Expr &lhs() const { return LHS; }
  const Expr &rhs() const { return RHS; }
  const std::vector<Predicate> &operands() const { return Ops; }
  const std::string &reason() const { return Reason; }
  bool unknownDependsOnThread() const { return ThreadDependent; }
  bool unknownFromData() const { return FromData; }

  bool isTrue() const { return Kind == PredKind::True; }
  /// Height of the condition, its Exprs included, in O(1).
  unsigned depth() const { return Depth; }
  /// True when an Unknown node appears anywhere inside.
  bool hasUnknown() const;
  /// True when Unknown nodes appear inside and every one is FromData.
  bool unknownsFromData() const;
  /// Reasons of the Unknown nodes inside, in order.
  std::vector<std::string> unknownReasons() const;
  std::vector<Symbol> symbols() const;
  Predicate
  substitute(const std::function<std::optional<Expr>(Symbol)> &Map) const;
  /// Three-valued: nullopt when a symbol has no value or an Unknown node is
  /// reached.
  std::optional<bool>
  evaluate(const std::function<std::optional<int64_t>(Symbol)> &Value) const;

  std::string str(const std::function<std::string(Symbol)> &Name) const;
  std::string str() const;

  friend bool operator==(const Predicate &A, const Predicate &B);

private:
  PredKind Kind = PredKind::True;
  CmpKind Op = CmpKind::EQ;
  Expr LHS, RHS;
  std::vector<Predicate> Ops;
  std::string Reason;
  bool ThreadDependent = false;
  bool FromData = false;
  unsigned Depth = 1;
};

std::ostream &operator<<(std::ostream &OS, const Predicate &P);

/// Default short names: tx ty tz bx by bz ntx nty ntz (blockDim) ngx ngy ngz
/// (gridDim) L<i> P<i> U<i>.
std::string defaultSymbolName(Symbol S);

} // namespace warplint

#endif // WARPLINT_MODEL_EXPR_H
