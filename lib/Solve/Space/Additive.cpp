//===- Additive.cpp - Symbols of a set added with constant factors --------===//

#include "Solve/Space/Additive.h"

#include "Solve/Space/SourceTerms.h"

namespace warplint {

namespace {

bool uses(const Expr &E, const std::function<bool(Symbol)> &InSet) {
  for (Symbol S : E.symbols())
    if (InSet(S))
      return true;
  return false;
}

/// Names a symbol of the set inside E and one lane-varying symbol, for the
/// "product of" message.
std::string productReason(const Expr &A, const Expr &B,
                          const std::function<bool(Symbol)> &InSet,
                          const std::function<std::string(Symbol)> &Name) {
  std::string Free, Other;
  for (const Expr *E : {&A, &B})
    for (Symbol S : E->symbols()) {
      if (InSet(S) && Free.empty())
        Free = Name(S);
      else if (!InSet(S) && Other.empty())
        Other = Name(S);
    }
  if (Other.empty())
    return "address depends on a product of '" + Free +
           "' with itself or "
           "another unknown value";
  return "address depends on the product of " + Other + " and '" + Free + "'";
}

} // namespace

llvm::Expected<AdditiveSplit>
splitAdditive(const Expr &E, const std::function<bool(Symbol)> &InSet,
              const SolveSpace &Space) {
  auto Fail = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  if (!uses(E, InSet))
    return AdditiveSplit{{}, E};
  switch (E.kind()) {
  case ExprKind::Sym:
    return AdditiveSplit{{{E.symbolValue(), 1}}, Expr(0)};
  case ExprKind::Add: {
    auto L = splitAdditive(E.lhs(), InSet, Space);
    if (!L)
      return L.takeError();
    auto R = splitAdditive(E.rhs(), InSet, Space);
    if (!R)
      return R.takeError();
    for (auto &[S, C] : R->Coef)
      if (__builtin_add_overflow(L->Coef[S], C, &L->Coef[S]))
        return Fail("coefficient overflow");
    L->Rest = L->Rest + R->Rest;
    return L;
  }
  case ExprKind::Mul:
  case ExprKind::Shl: {
    std::optional<int64_t> C;
    const Expr *Other = nullptr;
    if (E.kind() == ExprKind::Shl) {
      auto Sh = E.rhs().asConst();
      if (Sh && *Sh >= 0 && *Sh < 62)
        C = int64_t(1) << *Sh;
      Other = &E.lhs();
    } else if (auto R = E.rhs().asConst()) {
      C = R;
      Other = &E.lhs();
    } else if (auto L = E.lhs().asConst()) {
      C = L;
      Other = &E.rhs();
    }
    if (!C)
      return Fail(productReason(E.lhs(), E.rhs(), InSet, Space.Name));
    auto In = splitAdditive(*Other, InSet, Space);
    if (!In)
      return In.takeError();
    for (auto &[S, K] : In->Coef)
      if (__builtin_mul_overflow(K, *C, &K))
        return Fail("coefficient overflow");
    In->Rest = In->Rest * Expr(*C);
    return In;
  }
  default: {
    std::string Free;
    for (Symbol S : E.symbols())
      if (InSet(S)) {
        Free = sourceName(S, Space);
        break;
      }
    return Fail("address depends on '" + Free + "' inside '" +
                sourceTerms(E, Space) + "', not only added");
  }
  }
}

} // namespace warplint
