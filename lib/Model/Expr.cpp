//===- Expr.cpp - Index expressions over thread and loop symbols ----------===//

#include "Model/Expr.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>
#include <ostream>
#include <set>

namespace warplint {

struct Expr::Node {
  ExprKind Kind = ExprKind::Const;
  int64_t Value = 0;
  Symbol Sym;
  std::vector<Expr> Ops; // two operands for binary nodes and Select arms
  std::shared_ptr<const Predicate> Cond;
  unsigned Depth = 1;
};

Expr::Expr(int64_t Value) {
  auto N = std::make_shared<Node>();
  N->Value = Value;
  this->N = std::move(N);
}

Expr Expr::symbol(Symbol S) {
  auto N = std::make_shared<Node>();
  N->Kind = ExprKind::Sym;
  N->Sym = S;
  return Expr(std::shared_ptr<const Node>(std::move(N)));
}

ExprKind Expr::kind() const { return N->Kind; }
unsigned Expr::depth() const { return N->Depth; }
int64_t Expr::constValue() const {
  assert(N->Kind == ExprKind::Const);
  return N->Value;
}
Symbol Expr::symbolValue() const {
  assert(N->Kind == ExprKind::Sym);
  return N->Sym;
}
const Expr &Expr::lhs() const { return N->Ops.at(0); }
const Expr &Expr::rhs() const { return N->Ops.at(1); }
const Predicate &Expr::cond() const {
  assert(N->Kind == ExprKind::Select);
  return *N->Cond;
}
std::optional<int64_t> Expr::asConst() const {
  if (N->Kind == ExprKind::Const)
    return N->Value;
  return std::nullopt;
}

Expr Expr::binary(ExprKind K, Expr A, Expr B) {
  assert(K != ExprKind::Const && K != ExprKind::Sym && K != ExprKind::Select);
  auto CA = A.asConst(), CB = B.asConst();
  int64_t Folded;
  if (CA && CB && applyBinary(K, *CA, *CB, Folded))
    return Expr(Folded);
  // Identities that keep printed expressions readable.
  if (K == ExprKind::Add) {
    if (CA && *CA == 0)
      return B;
    if (CB && *CB == 0)
      return A;
  }
  if (K == ExprKind::Mul) {
    if ((CA && *CA == 0) || (CB && *CB == 0))
      return Expr(int64_t(0));
    if (CA && *CA == 1)
      return B;
    if (CB && *CB == 1)
      return A;
    // Keep the constant on the right: "threadIdx.x * 4".
    if (CA && !CB)
      std::swap(A, B);
  }
  if ((K == ExprKind::Div) && CB && *CB == 1)
    return A;
  if ((K == ExprKind::Shl || K == ExprKind::Shr) && CB && *CB == 0)
    return A;
  auto N = std::make_shared<Node>();
  N->Kind = K;
  N->Depth = std::max(A.depth(), B.depth()) + 1;
  N->Ops = {std::move(A), std::move(B)};
  return Expr(std::shared_ptr<const Node>(std::move(N)));
}

Expr Expr::select(const Predicate &Cond, Expr A, Expr B) {
  if (Cond.kind() == PredKind::True)
    return A;
  if (Cond.kind() == PredKind::False)
    return B;
  if (A == B)
    return A;
  auto N = std::make_shared<Node>();
  N->Kind = ExprKind::Select;
  N->Depth = std::max({A.depth(), B.depth(), Cond.depth()}) + 1;
  N->Ops = {std::move(A), std::move(B)};
  N->Cond = std::make_shared<const Predicate>(Cond);
  return Expr(std::shared_ptr<const Node>(std::move(N)));
}

bool Expr::isQuasiAffine() const {
  switch (kind()) {
  case ExprKind::Const:
  case ExprKind::Sym:
    return true;
  case ExprKind::Add:
    return lhs().isQuasiAffine() && rhs().isQuasiAffine();
  case ExprKind::Mul:
    return (lhs().isConst() || rhs().isConst()) && lhs().isQuasiAffine() &&
           rhs().isQuasiAffine();
  case ExprKind::Div:
  case ExprKind::Rem: {
    auto C = rhs().asConst();
    return C && *C > 0 && lhs().isQuasiAffine();
  }
  case ExprKind::Shl:
  case ExprKind::Shr: {
    auto C = rhs().asConst();
    return C && *C >= 0 && *C < 62 && lhs().isQuasiAffine();
  }
  default:
    return false;
  }
}

static void collectSymbols(const Expr &E, std::set<Symbol> &Out);
static void collectSymbols(const Predicate &P, std::set<Symbol> &Out) {
  for (const Predicate &Op : P.operands())
    collectSymbols(Op, Out);
  if (P.kind() == PredKind::Cmp) {
    collectSymbols(P.lhs(), Out);
    collectSymbols(P.rhs(), Out);
  }
}
static void collectSymbols(const Expr &E, std::set<Symbol> &Out) {
  switch (E.kind()) {
  case ExprKind::Const:
    return;
  case ExprKind::Sym:
    Out.insert(E.symbolValue());
    return;
  case ExprKind::Select:
    collectSymbols(E.cond(), Out);
    [[fallthrough]];
  default:
    collectSymbols(E.lhs(), Out);
    collectSymbols(E.rhs(), Out);
  }
}

std::vector<Symbol> Expr::symbols() const {
  std::set<Symbol> S;
  collectSymbols(*this, S);
  return {S.begin(), S.end()};
}

bool Expr::refersTo(SymbolKind K) const {
  for (const Symbol &S : symbols())
    if (S.Kind == K)
      return true;
  return false;
}

Expr Expr::substitute(
    const std::function<std::optional<Expr>(Symbol)> &Map) const {
  switch (kind()) {
  case ExprKind::Const:
    return *this;
  case ExprKind::Sym:
    if (auto R = Map(symbolValue()))
      return *R;
    return *this;
  case ExprKind::Select:
    return select(cond().substitute(Map), lhs().substitute(Map),
                  rhs().substitute(Map));
  default:
    return binary(kind(), lhs().substitute(Map), rhs().substitute(Map));
  }
}

std::optional<int64_t> Expr::evaluate(
    const std::function<std::optional<int64_t>(Symbol)> &Value) const {
  switch (kind()) {
  case ExprKind::Const:
    return constValue();
  case ExprKind::Sym:
    return Value(symbolValue());
  case ExprKind::Select: {
    auto C = cond().evaluate(Value);
    if (!C)
      return std::nullopt;
    return *C ? lhs().evaluate(Value) : rhs().evaluate(Value);
  }
  default: {
    auto A = lhs().evaluate(Value);
    if (!A)
      return std::nullopt;
    auto B = rhs().evaluate(Value);
    if (!B)
      return std::nullopt;
    int64_t Out;
    if (!applyBinary(kind(), *A, *B, Out))
      return std::nullopt;
    return Out;
  }
  }
}

static int precedence(ExprKind K) {
  switch (K) {
  case ExprKind::Mul:
  case ExprKind::Div:
  case ExprKind::Rem:
    return 5;
  case ExprKind::Add:
    return 4;
  case ExprKind::Shl:
  case ExprKind::Shr:
    return 3;
  case ExprKind::BitAnd:
    return 2;
  case ExprKind::BitXor:
    return 1;
  case ExprKind::BitOr:
    return 0;
  default:
    return 10; // atoms, calls
  }
}

static const char *opSpelling(ExprKind K) {
  switch (K) {
  case ExprKind::Add:
    return " + ";
  case ExprKind::Mul:
    return " * ";
  case ExprKind::Div:
    return " / ";
  case ExprKind::Rem:
    return " % ";
  case ExprKind::BitAnd:
    return " & ";
  case ExprKind::BitOr:
    return " | ";
  case ExprKind::BitXor:
    return " ^ ";
  case ExprKind::Shl:
    return " << ";
  case ExprKind::Shr:
    return " >> ";
  default:
    return " ? ";
  }
}

std::string Expr::str(const std::function<std::string(Symbol)> &Name) const {
  auto Paren = [&](const Expr &Sub, int Parent, bool Right) {
    std::string S = Sub.str(Name);
    int P = precedence(Sub.kind());
    if (P < Parent || (Right && P == Parent && Sub.kind() != ExprKind::Add &&
                       Sub.kind() != ExprKind::Mul))
      return "(" + S + ")";
    return S;
  };
  switch (kind()) {
  case ExprKind::Const:
    return std::to_string(constValue());
  case ExprKind::Sym:
    return Name(symbolValue());
  case ExprKind::Min:
  case ExprKind::Max:
    return std::string(kind() == ExprKind::Min ? "min(" : "max(") +
           lhs().str(Name) + ", " + rhs().str(Name) + ")";
  case ExprKind::Select:
    return "(" + cond().str(Name) + " ? " + lhs().str(Name) + " : " +
           rhs().str(Name) + ")";
  case ExprKind::Add: {
    // a + -1 * b prints as a - b.
    const Expr &R = rhs();
    if (R.kind() == ExprKind::Mul && R.rhs().asConst() &&
        *R.rhs().asConst() < 0) {
      int64_t C = -*R.rhs().asConst();
      std::string Sub = C == 1 ? Paren(R.lhs(), 5, true)
                               : Paren(R.lhs(), 5, false) + " * " +
                                     std::to_string(C);
      return Paren(lhs(), 4, false) + " - " + Sub;
    }
    if (auto C = R.asConst(); C && *C < 0)
      return Paren(lhs(), 4, false) + " - " + std::to_string(-*C);
    return Paren(lhs(), 4, false) + " + " + Paren(R, 4, true);
  }
  default: {
    int P = precedence(kind());
    return Paren(lhs(), P, false) + opSpelling(kind()) + Paren(rhs(), P, true);
  }
  }
}

std::string defaultSymbolName(Symbol S) {
  static const char *Dims = "xyz";
  std::string D(1, Dims[S.Index < 3 ? S.Index : 0]);
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    return "t" + D;
  case SymbolKind::BlockIdx:
    return "b" + D;
  case SymbolKind::BlockDim:
    return "nt" + D;
  case SymbolKind::GridDim:
    return "ng" + D;
  case SymbolKind::LoopVar:
    return "L" + std::to_string(S.Index);
  case SymbolKind::Param:
    return "P" + std::to_string(S.Index);
  case SymbolKind::Uniform:
    return "U" + std::to_string(S.Index);
  }
  return "?";
}

std::string Expr::str() const { return str(defaultSymbolName); }

bool operator==(const Expr &A, const Expr &B) {
  if (A.N == B.N)
    return true;
  if (A.kind() != B.kind())
    return false;
  switch (A.kind()) {
  case ExprKind::Const:
    return A.constValue() == B.constValue();
  case ExprKind::Sym:
    return A.symbolValue() == B.symbolValue();
  case ExprKind::Select:
    if (!(A.cond() == B.cond()))
      return false;
    [[fallthrough]];
  default:
    return A.lhs() == B.lhs() && A.rhs() == B.rhs();
  }
}

std::ostream &operator<<(std::ostream &OS, const Expr &E) {
  return OS << E.str();
}

//===----------------------------------------------------------------------===//
// Predicate
//===----------------------------------------------------------------------===//

Predicate::Predicate(bool Value)
    : Kind(Value ? PredKind::True : PredKind::False) {}

Predicate Predicate::cmp(CmpKind Op, Expr LHS, Expr RHS) {
  auto A = LHS.asConst(), B = RHS.asConst();
  if (A && B)
    return compareValues(Op, *A, *B);
  Predicate P;
  P.Kind = PredKind::Cmp;
  P.Op = Op;
  P.Depth = std::max(LHS.depth(), RHS.depth()) + 1;
  P.LHS = std::move(LHS);
  P.RHS = std::move(RHS);
  return P;
}

static unsigned maxDepth(const std::vector<Predicate> &Ops) {
  unsigned D = 0;
  for (const Predicate &P : Ops)
    D = std::max(D, P.depth());
  return D;
}

Predicate Predicate::conj(std::vector<Predicate> Ops) {
  std::vector<Predicate> Kept;
  for (Predicate &Op : Ops) {
    if (Op.Kind == PredKind::False)
      return false;
    if (Op.Kind == PredKind::True)
      continue;
    if (Op.Kind == PredKind::And)
      Kept.insert(Kept.end(), Op.Ops.begin(), Op.Ops.end());
    else
      Kept.push_back(std::move(Op));
  }
  if (Kept.empty())
    return true;
  if (Kept.size() == 1)
    return Kept.front();
  Predicate P;
  P.Kind = PredKind::And;
  P.Depth = maxDepth(Kept) + 1;
  P.Ops = std::move(Kept);
  return P;
}

Predicate Predicate::disj(std::vector<Predicate> Ops) {
  std::vector<Predicate> Kept;
  for (Predicate &Op : Ops) {
    if (Op.Kind == PredKind::True)
      return true;
    if (Op.Kind == PredKind::False)
      continue;
    if (Op.Kind == PredKind::Or)
      Kept.insert(Kept.end(), Op.Ops.begin(), Op.Ops.end());
    else
      Kept.push_back(std::move(Op));
  }
  if (Kept.empty())
    return false;
  if (Kept.size() == 1)
    return Kept.front();
  Predicate P;
  P.Kind = PredKind::Or;
  P.Depth = maxDepth(Kept) + 1;
  P.Ops = std::move(Kept);
  return P;
}

Predicate Predicate::negate(Predicate In) {
  switch (In.Kind) {
  case PredKind::True:
    return false;
  case PredKind::False:
    return true;
  case PredKind::Not:
    return In.Ops.front();
  case PredKind::Cmp: {
    static const CmpKind Inverse[] = {CmpKind::GE, CmpKind::GT, CmpKind::LE,
                                      CmpKind::LT, CmpKind::NE, CmpKind::EQ};
    return cmp(Inverse[static_cast<int>(In.Op)], In.LHS, In.RHS);
  }
  case PredKind::Unknown: {
    Predicate P = In;
    P.Reason = "negation of: " + In.Reason;
    return P;
  }
  default: {
    Predicate P;
    P.Kind = PredKind::Not;
    P.Depth = In.Depth + 1;
    P.Ops = {std::move(In)};
    return P;
  }
  }
}

Predicate Predicate::unknown(std::string Reason, bool DependsOnThread,
                             bool FromData) {
  Predicate P;
  P.Kind = PredKind::Unknown;
  P.Reason = std::move(Reason);
  P.ThreadDependent = DependsOnThread;
  P.FromData = FromData;
  return P;
}

bool Predicate::hasUnknown() const { return !unknownReasons().empty(); }

bool Predicate::unknownsFromData() const {
  if (Kind == PredKind::Unknown)
    return FromData;
  bool Any = false;
  for (const Predicate &Op : Ops) {
    if (!Op.hasUnknown())
      continue;
    if (!Op.unknownsFromData())
      return false;
    Any = true;
  }
  return Any;
}

std::vector<std::string> Predicate::unknownReasons() const {
  std::vector<std::string> R;
  if (Kind == PredKind::Unknown)
    R.push_back(Reason);
  for (const Predicate &Op : Ops) {
    auto Sub = Op.unknownReasons();
    R.insert(R.end(), Sub.begin(), Sub.end());
  }
  return R;
}

std::vector<Symbol> Predicate::symbols() const {
  std::set<Symbol> S;
  collectSymbols(*this, S);
  return {S.begin(), S.end()};
}

Predicate Predicate::substitute(
    const std::function<std::optional<Expr>(Symbol)> &Map) const {
  switch (Kind) {
  case PredKind::Cmp:
    return cmp(Op, LHS.substitute(Map), RHS.substitute(Map));
  case PredKind::And:
  case PredKind::Or:
  case PredKind::Not: {
    std::vector<Predicate> New;
    for (const Predicate &P : Ops)
      New.push_back(P.substitute(Map));
    if (Kind == PredKind::And)
      return conj(std::move(New));
    if (Kind == PredKind::Or)
      return disj(std::move(New));
    return negate(std::move(New.front()));
  }
  default:
    return *this;
  }
}

std::optional<bool> Predicate::evaluate(
    const std::function<std::optional<int64_t>(Symbol)> &Value) const {
  switch (Kind) {
  case PredKind::True:
    return true;
  case PredKind::False:
    return false;
  case PredKind::Unknown:
    return std::nullopt;
  case PredKind::Cmp: {
    auto A = LHS.evaluate(Value), B = RHS.evaluate(Value);
    if (!A || !B)
      return std::nullopt;
    return compareValues(Op, *A, *B);
  }
  case PredKind::Not: {
    auto R = Ops.front().evaluate(Value);
    if (!R)
      return std::nullopt;
    return !*R;
  }
  case PredKind::And:
  case PredKind::Or: {
    // C short-circuit: the first deciding operand wins even if a later one
    // cannot be evaluated.
    bool IsAnd = Kind == PredKind::And;
    for (const Predicate &P : Ops) {
      auto R = P.evaluate(Value);
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

std::string
Predicate::str(const std::function<std::string(Symbol)> &Name) const {
  static const char *CmpSpelling[] = {" < ", " <= ", " > ", " >= ", " == ",
                                      " != "};
  switch (Kind) {
  case PredKind::True:
    return "true";
  case PredKind::False:
    return "false";
  case PredKind::Unknown:
    return "<" + Reason + ">";
  case PredKind::Cmp:
    return LHS.str(Name) + CmpSpelling[static_cast<int>(Op)] + RHS.str(Name);
  case PredKind::Not:
    return "!(" + Ops.front().str(Name) + ")";
  case PredKind::And:
  case PredKind::Or: {
    std::string S;
    for (const Predicate &P : Ops) {
      if (!S.empty())
        S += Kind == PredKind::And ? " && " : " || ";
      bool Wrap = P.Kind == PredKind::And || P.Kind == PredKind::Or;
      S += Wrap ? "(" + P.str(Name) + ")" : P.str(Name);
    }
    return S;
  }
  }
  return "?";
}

std::string Predicate::str() const { return str(defaultSymbolName); }

bool operator==(const Predicate &A, const Predicate &B) {
  return A.Kind == B.Kind && A.Op == B.Op && A.LHS == B.LHS &&
         A.RHS == B.RHS && A.Ops == B.Ops && A.Reason == B.Reason &&
         A.ThreadDependent == B.ThreadDependent && A.FromData == B.FromData;
}

std::ostream &operator<<(std::ostream &OS, const Predicate &P) {
  return OS << P.str();
}

namespace {

constexpr int64_t MultipleCap = int64_t(1) << 30;

int64_t capped(int64_t M) { return M > MultipleCap ? MultipleCap : M; }

/// The largest power of two dividing M (M > 0).
int64_t lowBit(int64_t M) { return M & -M; }

} // namespace

int64_t multipleOf(const Expr &E, bool ThroughRemainders) {
  switch (E.kind()) {
  case ExprKind::Const:
    if (E.constValue() == std::numeric_limits<int64_t>::min())
      return MultipleCap;
    return capped(E.constValue() < 0 ? -E.constValue() : E.constValue());
  case ExprKind::Add:
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::Select:
    return std::gcd(multipleOf(E.lhs(), ThroughRemainders),
                    multipleOf(E.rhs(), ThroughRemainders));
  case ExprKind::Mul:
    return capped(multipleOf(E.lhs(), ThroughRemainders) *
                  multipleOf(E.rhs(), ThroughRemainders));
  case ExprKind::Shl:
    if (auto C = E.rhs().asConst(); C && *C >= 0 && *C < 31)
      return capped(multipleOf(E.lhs(), ThroughRemainders) << *C);
    return 1;
  case ExprKind::Shr:
    if (auto C = E.rhs().asConst(); C && *C >= 0 && *C < 31) {
      int64_t M = multipleOf(E.lhs(), ThroughRemainders);
      return M == 0 ? 0 : std::max<int64_t>(lowBit(M) >> *C, 1);
    }
    return 1;
  case ExprKind::Rem:
    // a % d = a - d * (a / d): a multiple of what divides a and d.
    if (auto D = E.rhs().asConst(); D && *D != 0 && ThroughRemainders)
      return std::gcd(multipleOf(E.lhs(), ThroughRemainders),
                      *D < 0 ? -*D : *D);
    return 1;
  case ExprKind::BitAnd: {
    // The low bits that either operand has clear stay clear.
    int64_t L = multipleOf(E.lhs(), ThroughRemainders),
            R = multipleOf(E.rhs(), ThroughRemainders);
    if (L == 0 || R == 0)
      return 0;
    return std::max(lowBit(L), lowBit(R));
  }
  case ExprKind::BitOr:
  case ExprKind::BitXor: {
    // Only the low bits both have clear stay clear.
    int64_t L = multipleOf(E.lhs(), ThroughRemainders),
            R = multipleOf(E.rhs(), ThroughRemainders);
    if (L == 0)
      return R;
    if (R == 0)
      return L;
    return std::min(lowBit(L), lowBit(R));
  }
  default:
    return 1;
  }
}

static void summands(const Expr &E, std::vector<Expr> &Out) {
  if (E.kind() == ExprKind::Add) {
    summands(E.lhs(), Out);
    summands(E.rhs(), Out);
    return;
  }
  Out.push_back(E);
}

std::optional<Expr> exactQuotient(const Expr &E, int64_t D) {
  if (D == 0 || D == std::numeric_limits<int64_t>::min())
    return std::nullopt;
  if (D == 1)
    return E;
  if (D == -1) // no `%` by -1, which traps on the least value
    return E * Expr(-1);
  switch (E.kind()) {
  case ExprKind::Const:
    if (E.constValue() % D == 0)
      return Expr(E.constValue() / D);
    return std::nullopt;
  case ExprKind::Add: {
    auto L = exactQuotient(E.lhs(), D), R = exactQuotient(E.rhs(), D);
    if (L && R)
      return *L + *R;
    return std::nullopt;
  }
  case ExprKind::Mul: {
    for (const Expr *F : {&E.rhs(), &E.lhs()}) {
      const Expr &Other = F == &E.rhs() ? E.lhs() : E.rhs();
      if (auto C = F->asConst()) {
        if (*C % D == 0)
          return Other * Expr(*C / D);
        if (*C == std::numeric_limits<int64_t>::min())
          return std::nullopt;
        int64_t G = std::gcd(*C < 0 ? -*C : *C, D);
        if (auto Rest = exactQuotient(Other, D / G))
          return *Rest * Expr(*C / G);
        return std::nullopt;
      }
    }
    if (auto L = exactQuotient(E.lhs(), D))
      return *L * E.rhs();
    if (auto R = exactQuotient(E.rhs(), D))
      return E.lhs() * *R;
    return std::nullopt;
  }
  case ExprKind::Shl: {
    auto K = E.rhs().asConst();
    if (!K || *K < 0 || *K > 61)
      return std::nullopt;
    return exactQuotient(E.lhs() * Expr(int64_t(1) << *K), D);
  }
  default:
    return std::nullopt;
  }
}

namespace {

/// 2^k when M is the mask 2^k - 1 (k >= 1); nullopt otherwise.
std::optional<int64_t> maskUnit(int64_t M) {
  if (M <= 0 || M == std::numeric_limits<int64_t>::max() || ((M + 1) & M) != 0)
    return std::nullopt;
  return M + 1;
}

/// A sum as constant + coefficient * term, the terms neither sums, nor
/// products by a constant, nor constants; equal terms merged.
struct LinearSum {
  int64_t Const = 0;
  std::vector<std::pair<Expr, int64_t>> Terms;
  bool Overflow = false;

  void add(const Expr &E, int64_t Coef) {
    if (Overflow || Coef == 0)
      return;
    if (auto C = E.asConst()) {
      int64_t P;
      Overflow |= __builtin_mul_overflow(*C, Coef, &P) ||
                  __builtin_add_overflow(Const, P, &Const);
      return;
    }
    if (E.kind() == ExprKind::Add) {
      add(E.lhs(), Coef);
      add(E.rhs(), Coef);
      return;
    }
    if (E.kind() == ExprKind::Mul || E.kind() == ExprKind::Shl) {
      std::optional<int64_t> C = E.rhs().asConst();
      if (C && E.kind() == ExprKind::Shl)
        C = *C >= 0 && *C < 62 ? std::optional(int64_t(1) << *C) : std::nullopt;
      const Expr *Other = &E.lhs();
      if (!C && E.kind() == ExprKind::Mul) {
        C = E.lhs().asConst();
        Other = &E.rhs();
      }
      if (C) {
        int64_t P;
        if (__builtin_mul_overflow(*C, Coef, &P))
          Overflow = true;
        else
          add(*Other, P);
        return;
      }
    }
    Expr T = collapseQuotient(E);
    for (auto &[X, C] : Terms)
      if (X == T) {
        Overflow |= __builtin_add_overflow(C, Coef, &C);
        return;
      }
    Terms.push_back({T, Coef});
  }

  /// x / a / b as x / (a*b) (a, b positive constants).
  static Expr collapseQuotient(const Expr &E) {
    if (E.kind() != ExprKind::Div)
      return E;
    auto B = E.rhs().asConst();
    const Expr &In = E.lhs();
    if (!B || *B <= 0 || In.kind() != ExprKind::Div)
      return E;
    Expr Inner = collapseQuotient(In);
    auto A = Inner.rhs().asConst();
    int64_t AB;
    if (Inner.kind() != ExprKind::Div || !A || *A <= 0 ||
        __builtin_mul_overflow(*A, *B, &AB))
      return E;
    return Expr::binary(ExprKind::Div, Inner.lhs(), Expr(AB));
  }

  /// For a remainder term (x % d, x & (2^k - 1)), the quotient term it
  /// pairs with (x / d, x >> k) and d.
  static std::optional<std::pair<Expr, int64_t>> quotientOf(const Expr &R) {
    auto M = R.kind() == ExprKind::Rem || R.kind() == ExprKind::BitAnd
                 ? R.rhs().asConst()
                 : std::nullopt;
    if (!M || *M <= 0)
      return std::nullopt;
    const Expr &X = R.lhs();
    if (R.kind() == ExprKind::Rem)
      return std::pair(collapseQuotient(Expr::binary(ExprKind::Div, X, *M)),
                       *M);
    std::optional<int64_t> D = maskUnit(*M);
    if (!D)
      return std::nullopt;
    int64_t K = 0;
    while ((int64_t(1) << K) < *D)
      ++K;
    return std::pair(Expr::binary(ExprKind::Shr, X, Expr(K)), *D);
  }

  /// Puts one pair together; false when there is none.
  bool recombineOne() {
    for (size_t I = 0; I < Terms.size(); ++I) {
      auto Q = quotientOf(Terms[I].first);
      if (!Q)
        continue;
      int64_t CR = Terms[I].second, Need;
      if (__builtin_mul_overflow(CR, Q->second, &Need))
        continue;
      for (size_t J = 0; J < Terms.size(); ++J) {
        if (J == I || Terms[J].second != Need || !(Terms[J].first == Q->first))
          continue;
        Expr X = Terms[I].first.lhs();
        Terms.erase(Terms.begin() + std::max(I, J));
        Terms.erase(Terms.begin() + std::min(I, J));
        add(X, CR);
        return true;
      }
    }
    return false;
  }

  Expr build() const {
    Expr Out(Const);
    for (const auto &[T, C] : Terms)
      Out = Out + T * Expr(C);
    return Out;
  }
};

/// `(a + b) >> k` is `a / 2^k + (b >> k)` and `(a + b) & (2^k - 1)` is
/// `b & (2^k - 1)` for every a that is a multiple of 2^k (floor division
/// and two's complement: exact for negative values too), throughout E.
Expr pullWholeMultiples(const Expr &E) {
  switch (E.kind()) {
  case ExprKind::Const:
  case ExprKind::Sym:
  case ExprKind::Select:
    return E;
  default:
    break;
  }
  Expr L = pullWholeMultiples(E.lhs()), R = pullWholeMultiples(E.rhs());
  auto K = R.asConst();
  int64_t Unit = 0;
  if (E.kind() == ExprKind::Shr && K && *K > 0 && *K < 62)
    Unit = int64_t(1) << *K;
  if (E.kind() == ExprKind::BitAnd && K)
    Unit = maskUnit(*K).value_or(0);
  if (Unit) {
    std::vector<Expr> Terms;
    summands(L, Terms);
    Expr Whole(0), Rest(0);
    bool Pulled = false;
    for (const Expr &T : Terms) {
      std::optional<Expr> Q =
          T.isConst() ? std::nullopt : exactQuotient(T, Unit);
      if (Q) {
        Whole = Whole + *Q;
        Pulled = true;
      } else {
        Rest = Rest + T;
      }
    }
    if (Pulled) {
      Expr Low = Expr::binary(E.kind(), Rest, R);
      return E.kind() == ExprKind::Shr ? Whole + Low : Low;
    }
  }
  if (L == E.lhs() && R == E.rhs())
    return E;
  return Expr::binary(E.kind(), L, R);
}

} // namespace

Expr recombineQuotients(const Expr &E) {
  Expr N = pullWholeMultiples(E);
  LinearSum S;
  S.add(N, 1);
  bool Changed = false;
  while (!S.Overflow && S.recombineOne())
    Changed = true;
  return Changed && !S.Overflow ? S.build() : N;
}

UnitSplit splitWholeUnits(const Expr &E, int64_t Unit,
                          std::initializer_list<SymbolKind> Varies) {
  std::vector<Expr> Terms;
  summands(E, Terms);
  UnitSplit Out{Expr(0), Expr(0)};
  for (const Expr &T : Terms) {
    std::vector<Symbol> Syms = T.symbols();
    bool Shared =
        !Syms.empty() && std::none_of(Syms.begin(), Syms.end(), [&](Symbol S) {
          return std::find(Varies.begin(), Varies.end(), S.Kind) !=
                 Varies.end();
        });
    Expr &Into = Shared && multipleOf(T) % Unit == 0 ? Out.Aside : Out.Kept;
    Into = Into + T;
  }
  return Out;
}

std::optional<unsigned> bitWidth(const Expr &E) {
  auto Both = [&](auto Combine) -> std::optional<unsigned> {
    auto L = bitWidth(E.lhs()), R = bitWidth(E.rhs());
    if (!L || !R)
      return std::nullopt;
    return Combine(*L, *R);
  };
  switch (E.kind()) {
  case ExprKind::Const: {
    int64_t C = E.constValue();
    if (C < 0)
      return std::nullopt;
    unsigned N = 0;
    while (N < 63 && (int64_t(1) << N) <= C)
      ++N;
    return N;
  }
  case ExprKind::BitAnd: {
    // x & m with m >= 0 lies in [0, m], whatever x is.
    auto L = bitWidth(E.lhs()), R = bitWidth(E.rhs());
    if (L && R)
      return std::min(*L, *R);
    return L ? L : R;
  }
  case ExprKind::BitOr:
  case ExprKind::BitXor:
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::Select:
    return Both([](unsigned L, unsigned R) { return std::max(L, R); });
  case ExprKind::Add:
    return Both([](unsigned L, unsigned R) { return std::max(L, R) + 1; });
  case ExprKind::Shr:
    if (auto C = E.rhs().asConst(); C && *C >= 0 && *C < 64)
      if (auto L = bitWidth(E.lhs()))
        return *L > *C ? *L - unsigned(*C) : 0u;
    return std::nullopt;
  case ExprKind::Shl:
    if (auto C = E.rhs().asConst(); C && *C >= 0 && *C < 32)
      if (auto L = bitWidth(E.lhs()); L && *L + *C < 63)
        return *L + unsigned(*C);
    return std::nullopt;
  case ExprKind::Rem:
    // Non-negative x % c lies in [0, c - 1].
    if (auto C = E.rhs().asConst(); C && *C > 0)
      if (auto L = bitWidth(E.lhs()))
        return std::min(*L, *bitWidth(Expr(*C - 1)));
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace warplint
