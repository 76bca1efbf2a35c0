//===- LoopExits.cpp - Threads that leave a loop early ---------------------===//
//
// A `break` or `return` under a condition makes the threads of a warp leave
// a loop at different iterations; in later iterations only the threads that
// stayed execute the body. In general that is an opaque guard ("whether the
// thread left the loop in an earlier iteration"). When the exit condition
// depends on the iteration only through the loop variable, linearly and in
// the direction the loop steps (`if (idx + 64 * i >= n) break;` in a loop
// counting i up), a thread that left in some earlier iteration would leave
// in the previous one too, so the guard is exactly "first iteration, or the
// exit condition did not hold in the previous iteration".
//
//===----------------------------------------------------------------------===//

#include "Frontend/KernelWalker.h"
#include "Frontend/LoopHelpers.h"

namespace warplint {

using namespace clang;
using namespace walker;

namespace {

/// c when E is c * I + (terms without I), nullopt when I appears otherwise
/// (inside a product of two variables, a division, a select, ...).
std::optional<int64_t> linearCoefficient(const Expr &E, Symbol I) {
  auto Mentions = [&](const Expr &X) {
    return llvm::is_contained(X.symbols(), I);
  };
  switch (E.kind()) {
  case ExprKind::Const:
    return 0;
  case ExprKind::Sym:
    return E.symbolValue() == I ? 1 : 0;
  case ExprKind::Add: {
    auto A = linearCoefficient(E.lhs(), I), B = linearCoefficient(E.rhs(), I);
    if (!A || !B)
      return std::nullopt;
    return *A + *B;
  }
  case ExprKind::Mul: {
    std::optional<int64_t> C = E.lhs().asConst();
    const Expr *Other = &E.rhs();
    if (!C) {
      C = E.rhs().asConst();
      Other = &E.lhs();
    }
    if (C) {
      auto A = linearCoefficient(*Other, I);
      int64_t Out;
      if (!A || __builtin_mul_overflow(*A, *C, &Out))
        return std::nullopt;
      return Out;
    }
    break;
  }
  default:
    break;
  }
  if (!Mentions(E))
    return 0;
  return std::nullopt;
}

/// Whether P (negated when Negated), once true in an iteration, stays true
/// in every later one of a loop whose variable I advances by Step.
bool staysTrue(const Predicate &P, Symbol I, int64_t Step, bool Negated) {
  switch (P.kind()) {
  case PredKind::True:
  case PredKind::False:
    return true;
  case PredKind::And:
  case PredKind::Or:
    // Unions and intersections of sets of iterations closed upwards are
    // closed upwards; negation swaps the two.
    return llvm::all_of(P.operands(), [&](const Predicate &Op) {
      return staysTrue(Op, I, Step, Negated);
    });
  case PredKind::Not:
    return staysTrue(P.operands().front(), I, Step, !Negated);
  case PredKind::Unknown:
    return false;
  case PredKind::Cmp:
    break;
  }
  std::optional<int64_t> C = linearCoefficient(P.lhs() - P.rhs(), I);
  if (!C)
    return false;
  // How LHS - RHS changes from one iteration to the next.
  int64_t Delta;
  if (__builtin_mul_overflow(*C, Step, &Delta))
    return false;
  CmpKind K = P.cmpKind();
  if (Negated)
    K = K == CmpKind::LT   ? CmpKind::GE
        : K == CmpKind::LE ? CmpKind::GT
        : K == CmpKind::GT ? CmpKind::LE
        : K == CmpKind::GE ? CmpKind::LT
        : K == CmpKind::EQ ? CmpKind::NE
                           : CmpKind::EQ;
  switch (K) {
  case CmpKind::GT:
  case CmpKind::GE:
    return Delta >= 0;
  case CmpKind::LT:
  case CmpKind::LE:
    return Delta <= 0;
  case CmpKind::EQ:
  case CmpKind::NE:
    return Delta == 0;
  }
  return false;
}

} // namespace

std::optional<Predicate>
KernelWalker::stayedInLoop(const Predicate &Exit, unsigned LoopId,
                           size_t UniformsBefore) const {
  const Loop &L = K.Loops[LoopId];
  if (!L.UnknownReason.empty() || L.Step != Loop::StepKind::Add ||
      L.StepExpr || Exit.hasUnknown())
    return std::nullopt;
  // The exit condition must be the same function of the loop variable in
  // every iteration: no values loaded in the loop (one symbol stands for
  // all iterations' loads), no variables of loops inside it.
  Symbol I{SymbolKind::LoopVar, LoopId};
  for (Symbol Sym : Exit.symbols()) {
    if (Sym.Kind == SymbolKind::Uniform && Sym.Index >= UniformsBefore)
      return std::nullopt;
    if (Sym.Kind == SymbolKind::LoopVar && Sym.Index != LoopId &&
        !llvm::is_contained(L.Parents, Sym.Index))
      return std::nullopt;
  }
  if (!staysTrue(Exit, I, L.StepValue, /*Negated=*/false))
    return std::nullopt;
  Expr Var = Expr::symbol(I);
  Predicate Previous = Exit.substitute([&](Symbol Sym) -> std::optional<Expr> {
    if (Sym == I)
      return Var - Expr(L.StepValue);
    return std::nullopt;
  });
  return Predicate::disj({Predicate::cmp(CmpKind::EQ, Var, L.Init),
                          Predicate::negate(Previous)});
}

Flow KernelWalker::walkLoopBody(const Stmt *Body, unsigned LoopId,
                                size_t UniformsBefore) {
  ExitFinder EF;
  EF.TraverseStmt(const_cast<Stmt *>(Body));
  if (!EF.Found)
    return walkStmt(Body);
  // A thread that left the loop in an earlier iteration does not execute the
  // body again. Find out how it may leave with a first pass, then walk again
  // under that guard. Deep nests skip the first pass to stay linear.
  bool Dep = true, ExitOnData = false;
  std::optional<Predicate> Stayed;
  if (LoopStack.size() <= 4) {
    size_t NA = K.Accesses.size(), NL = K.Loops.size(),
           NU = K.Uniforms.size(), NR = K.Remarks.size();
    auto Env = Frames.back().Env;
    bool Cap = CapReached;
    Flow F = walkStmt(Body);
    Predicate Exit = orElse(F.Break, F.Return);
    Dep = threadDependent(Exit);
    // An exit taken on data (a converged float, a found key) makes leaving
    // data too: any thread may have left, or none.
    ExitOnData = Exit.hasUnknown() && Exit.unknownsFromData();
    Stayed = stayedInLoop(Exit, LoopId, UniformsBefore);
    K.Accesses.resize(NA);
    K.Loops.resize(NL);
    LoopThreadDep.resize(NL);
    K.Uniforms.resize(NU);
    K.Remarks.resize(NR);
    Frames.back().Env = Env;
    CapReached = Cap;
  }
  Guards.push_back(Stayed ? *Stayed
                          : Predicate::unknown(
                                "whether the thread left the loop '" +
                                    K.Loops[LoopId].VarName +
                                    "' in an earlier iteration",
                                Dep, ExitOnData));
  Flow F = walkStmt(Body);
  Guards.pop_back();
  return F;
}

} // namespace warplint
