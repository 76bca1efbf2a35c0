//===- IslBuild.cpp - Expr and Predicate trees as ISL objects -------------===//

#include "Solve/Isl/IslBuild.h"

#include <any>

namespace warplint {

namespace {

/// The comparison that holds exactly where K does not.
CmpKind inverse(CmpKind K) {
  static const CmpKind Inverse[] = {CmpKind::GE, CmpKind::GT, CmpKind::LE,
                                    CmpKind::LT, CmpKind::NE, CmpKind::EQ};
  return Inverse[int(K)];
}

} // namespace

IslBuilder::IslBuilder(isl::ctx Ctx, const std::string &Tuple, unsigned Dims)
    : Space(isl::space::unit(Ctx).add_named_tuple(Tuple, Dims)) {}

isl::pw_aff IslBuilder::constant(int64_t V) const {
  return isl::pw_aff(Space.zero_aff_on_domain().add_constant(long(V)));
}

isl::pw_aff IslBuilder::dim(unsigned Pos) const {
  return isl::pw_aff(Space.identity_multi_aff_on_domain().at(int(Pos)));
}

isl::pw_aff IslBuilder::param(const isl::id &Id) const {
  return isl::pw_aff(Space.add_param(Id).param_aff_on_domain(Id));
}

isl::id IslBuilder::freshId(const std::string &Name) const {
  // The user pointer (a new std::any per call) makes the id unique: ISL
  // compares ids by name and pointer, and prints only the name.
  return isl::id(Space.ctx(), Name, std::any(0));
}

isl::pw_aff IslBuilder::hidden(const std::string &Name) {
  Hidden.push_back(freshId(Name));
  return param(Hidden.back());
}

isl::set IslBuilder::inRange(const isl::pw_aff &A, int64_t Lo,
                             int64_t Hi) const {
  return A.ge_set(constant(Lo)).intersect(A.lt_set(constant(Hi)));
}

isl::set IslBuilder::projectHidden(isl::set S) const {
  // Projecting out a parameter S does not have leaves S as it is.
  for (const isl::id &Id : Hidden)
    S = S.project_out_param(Id);
  return S;
}

std::nullopt_t IslBuilder::fail(const char *Why) {
  if (Failure.empty())
    Failure = Why;
  return std::nullopt;
}

std::optional<isl::pw_aff> IslBuilder::expr(const Expr &E,
                                            const IslSymbolFn &Sym) {
  switch (E.kind()) {
  case ExprKind::Const:
    return constant(E.constValue());
  case ExprKind::Sym: {
    auto V = Sym(E.symbolValue());
    if (!V)
      return fail("a value that cannot be named");
    return V;
  }
  case ExprKind::Add: {
    auto A = expr(E.lhs(), Sym), B = expr(E.rhs(), Sym);
    if (!A || !B)
      return std::nullopt;
    return A->add(*B);
  }
  case ExprKind::Mul: {
    auto C = E.lhs().asConst() ? E.lhs().asConst() : E.rhs().asConst();
    if (!C)
      return fail("a product of two variables");
    auto O = expr(E.lhs().asConst() ? E.rhs() : E.lhs(), Sym);
    if (!O)
      return std::nullopt;
    return O->scale(long(*C));
  }
  case ExprKind::Shl:
  case ExprKind::Shr: {
    auto K = E.rhs().asConst();
    if (!K || *K < 0 || *K > 40)
      return fail("a shift by a variable amount");
    auto O = expr(E.lhs(), Sym);
    if (!O)
      return std::nullopt;
    long P = long(1) << *K;
    if (E.kind() == ExprKind::Shl)
      return O->scale(P);
    return O->scale_down(P).floor(); // an arithmetic shift is a floor
  }
  case ExprKind::Div:
  case ExprKind::Rem:
    return truncating(E, Sym);
  case ExprKind::Min:
  case ExprKind::Max: {
    auto A = expr(E.lhs(), Sym), B = expr(E.rhs(), Sym);
    if (!A || !B)
      return std::nullopt;
    return E.kind() == ExprKind::Min ? A->min(*B) : A->max(*B);
  }
  case ExprKind::Select: {
    auto C = pred(E.cond(), Sym);
    auto A = expr(E.lhs(), Sym), B = expr(E.rhs(), Sym);
    if (!C || !A || !B)
      return std::nullopt;
    return A->intersect_domain(*C).union_add(B->subtract_domain(*C));
  }
  default:
    return fail("bitwise operators");
  }
}

std::optional<isl::pw_aff> IslBuilder::truncating(const Expr &E,
                                                  const IslSymbolFn &Sym) {
  auto C = E.rhs().asConst();
  if (!C || *C <= 0)
    return fail("a division by a variable or non-positive amount");
  auto A = expr(E.lhs(), Sym);
  if (!A)
    return std::nullopt;
  // ISL's tdiv_q and tdiv_r round toward zero, as C does.
  if (E.kind() == ExprKind::Div)
    return A->tdiv_q(constant(*C));
  return A->tdiv_r(constant(*C));
}

std::optional<isl::set> IslBuilder::pred(const Predicate &P,
                                         const IslSymbolFn &Sym, bool Negate) {
  switch (P.kind()) {
  case PredKind::True:
  case PredKind::False:
    return (P.kind() == PredKind::True) != Negate ? universe() : empty();
  case PredKind::Cmp: {
    auto A = expr(P.lhs(), Sym), B = expr(P.rhs(), Sym);
    if (!A || !B)
      return std::nullopt;
    // A negated comparison is the inverse comparison: the functions are
    // defined everywhere, so no complement is needed.
    CmpKind K = P.cmpKind();
    if (Negate)
      K = inverse(K);
    switch (K) {
    case CmpKind::LT:
      return A->lt_set(*B);
    case CmpKind::LE:
      return A->le_set(*B);
    case CmpKind::GT:
      return A->gt_set(*B);
    case CmpKind::GE:
      return A->ge_set(*B);
    case CmpKind::EQ:
      return A->eq_set(*B);
    case CmpKind::NE:
      return A->ne_set(*B);
    }
    return std::nullopt;
  }
  case PredKind::And:
  case PredKind::Or: {
    bool IsAnd = (P.kind() == PredKind::And) != Negate;
    // An empty conjunction is true, an empty disjunction false.
    isl::set Out = IsAnd ? universe() : empty();
    for (const Predicate &Op : P.operands()) {
      auto X = pred(Op, Sym, Negate);
      if (!X)
        return std::nullopt;
      Out = IsAnd ? Out.intersect(*X) : Out.unite(*X);
    }
    return Out;
  }
  case PredKind::Not:
    return pred(P.operands().front(), Sym, !Negate);
  case PredKind::Unknown:
    return fail("an unknown condition");
  }
  return std::nullopt;
}

} // namespace warplint
