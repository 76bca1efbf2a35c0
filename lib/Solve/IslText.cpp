//===- IslText.cpp - Expr and Predicate trees in ISL's textual syntax -----===//

#include "Solve/IslText.h"

namespace warplint {

std::string IslTextScope::fresh() {
  std::string N = FreshPrefix + std::to_string(NextFresh++);
  Exists.push_back(N);
  return N;
}

namespace {

class Translator {
public:
  Translator(const IslNameFn &Name, IslTextScope &Scope)
      : Name(Name), Scope(Scope) {}

  std::optional<std::string> expr(const Expr &E) {
    switch (E.kind()) {
    case ExprKind::Const:
      return "(" + std::to_string(E.constValue()) + ")";
    case ExprKind::Sym: {
      auto N = Name(E.symbolValue());
      if (!N)
        return fail("a value that cannot be named");
      return N;
    }
    case ExprKind::Add: {
      auto A = expr(E.lhs()), B = expr(E.rhs());
      if (!A || !B)
        return std::nullopt;
      return "(" + *A + " + " + *B + ")";
    }
    case ExprKind::Mul: {
      auto C = E.lhs().asConst() ? E.lhs().asConst() : E.rhs().asConst();
      if (!C)
        return fail("a product of two variables");
      auto O = expr(E.lhs().asConst() ? E.rhs() : E.lhs());
      if (!O)
        return std::nullopt;
      return "(" + std::to_string(*C) + " * " + *O + ")";
    }
    case ExprKind::Shl:
    case ExprKind::Shr: {
      auto K = E.rhs().asConst();
      if (!K || *K < 0 || *K > 40)
        return fail("a shift by a variable amount");
      auto O = expr(E.lhs());
      if (!O)
        return std::nullopt;
      std::string P = std::to_string(int64_t(1) << *K);
      if (E.kind() == ExprKind::Shl)
        return "(" + P + " * " + *O + ")";
      return "floor(" + *O + " / " + P + ")"; // arithmetic shift = floor
    }
    case ExprKind::Div:
    case ExprKind::Rem:
      return truncatingDivision(E);
    case ExprKind::Min:
    case ExprKind::Max: {
      auto A = expr(E.lhs()), B = expr(E.rhs());
      if (!A || !B)
        return std::nullopt;
      std::string M = Scope.fresh();
      const char *Op = E.kind() == ExprKind::Min ? " <= " : " >= ";
      Scope.Constraints.push_back("((" + M + " = " + *A + " and " + *A + Op +
                                  *B + ") or (" + M + " = " + *B + " and " +
                                  *B + Op + *A + "))");
      return M;
    }
    case ExprKind::Select: {
      auto C = pred(E.cond(), false), NC = pred(E.cond(), true);
      auto A = expr(E.lhs()), B = expr(E.rhs());
      if (!C || !NC || !A || !B)
        return std::nullopt;
      std::string M = Scope.fresh();
      Scope.Constraints.push_back("((" + *C + " and " + M + " = " + *A +
                                  ") or (" + *NC + " and " + M + " = " + *B +
                                  "))");
      return M;
    }
    default:
      return fail("bitwise operators");
    }
  }

  /// P, or its negation when Negate, pushed down to the comparisons.
  std::optional<std::string> pred(const Predicate &P, bool Negate) {
    static const char *Ops[] = {" < ", " <= ", " > ", " >= ", " = ", " != "};
    static const char *Inverse[] = {
        " >= ", " > ", " <= ", " < ", " != ", " = "};
    switch (P.kind()) {
    case PredKind::True:
    case PredKind::False:
      return std::string((P.kind() == PredKind::True) != Negate ? "(0 = 0)"
                                                                : "(0 = 1)");
    case PredKind::Cmp: {
      auto A = expr(P.lhs()), B = expr(P.rhs());
      if (!A || !B)
        return std::nullopt;
      int Op = int(P.cmpKind());
      return "(" + *A + (Negate ? Inverse[Op] : Ops[Op]) + *B + ")";
    }
    case PredKind::And:
    case PredKind::Or: {
      bool IsAnd = (P.kind() == PredKind::And) != Negate;
      std::string Out;
      for (const Predicate &Op : P.operands()) {
        auto X = pred(Op, Negate);
        if (!X)
          return std::nullopt;
        Out += (Out.empty() ? "" : IsAnd ? " and " : " or ") + *X;
      }
      // An empty conjunction is true, an empty disjunction false.
      if (Out.empty())
        return std::string(IsAnd ? "(0 = 0)" : "(0 = 1)");
      return "(" + Out + ")";
    }
    case PredKind::Not:
      return pred(P.operands().front(), !Negate);
    case PredKind::Unknown:
      return fail("an unknown condition");
    }
    return std::nullopt;
  }

private:
  std::optional<std::string> fail(const char *Why) {
    if (Scope.Failure.empty())
      Scope.Failure = Why;
    return std::nullopt;
  }

  /// q = trunc(A / C), as C computes it for either sign of A.
  std::optional<std::string> truncatingDivision(const Expr &E) {
    auto C = E.rhs().asConst();
    if (!C || *C <= 0)
      return fail("a division by a variable or non-positive amount");
    auto A = expr(E.lhs());
    if (!A)
      return std::nullopt;
    std::string Q = Scope.fresh(), CS = std::to_string(*C),
                Below = std::to_string(*C - 1);
    Scope.Constraints.push_back(
        "((" + *A + " >= 0 and " + CS + " * " + Q + " <= " + *A + " and " + *A +
        " <= " + CS + " * " + Q + " + " + Below + ") or (" + *A + " < 0 and " +
        CS + " * " + Q + " - " + Below + " <= " + *A + " and " + *A +
        " <= " + CS + " * " + Q + "))");
    if (E.kind() == ExprKind::Div)
      return Q;
    return "(" + *A + " - " + CS + " * " + Q + ")";
  }

  const IslNameFn &Name;
  IslTextScope &Scope;
};

} // namespace

std::optional<std::string> islText(const Expr &E, const IslNameFn &Name,
                                   IslTextScope &Scope) {
  return Translator(Name, Scope).expr(E);
}

std::optional<std::string> islText(const Predicate &P, const IslNameFn &Name,
                                   IslTextScope &Scope) {
  return Translator(Name, Scope).pred(P, false);
}

} // namespace warplint
