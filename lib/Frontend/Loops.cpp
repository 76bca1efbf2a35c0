//===- Loops.cpp - for, while and do loops --------------------------------===//
//
// A for loop with a recognizable induction variable and constant step becomes
// a model Loop whose variable is a LoopVar symbol inside the body; anything
// else the loop writes is forgotten. while/do/range-for loops are recorded
// without an induction variable.
//
//===----------------------------------------------------------------------===//

#include "Frontend/KernelWalker.h"
#include "Frontend/LoopHelpers.h"
#include "Frontend/SourceLocs.h"

#include "clang/AST/StmtCXX.h"

namespace warplint {

using namespace clang;
using namespace walker;

Flow KernelWalker::walkLoopBody(const Stmt *Body, unsigned LoopId) {
  ExitFinder EF;
  EF.TraverseStmt(const_cast<Stmt *>(Body));
  if (!EF.Found)
    return walkStmt(Body);
  // A thread that left the loop in an earlier iteration does not execute the
  // body again. Find out whether that may split the warp with a first pass,
  // then walk again under an opaque guard. Deep nests skip the first pass to
  // stay linear.
  bool Dep = true;
  if (LoopStack.size() <= 4) {
    size_t NA = K.Accesses.size(), NL = K.Loops.size(),
           NU = K.Uniforms.size(), NR = K.Remarks.size();
    auto Env = Frames.back().Env;
    bool Cap = CapReached;
    Flow F = walkStmt(Body);
    Predicate Exit = orElse(F.Break, F.Return);
    Dep = threadDependent(Exit);
    K.Accesses.resize(NA);
    K.Loops.resize(NL);
    LoopThreadDep.resize(NL);
    K.Uniforms.resize(NU);
    K.Remarks.resize(NR);
    Frames.back().Env = Env;
    CapReached = Cap;
  }
  Guards.push_back(Predicate::unknown(
      "whether the thread left the loop '" + K.Loops[LoopId].VarName +
          "' in an earlier iteration",
      Dep));
  Flow F = walkStmt(Body);
  Guards.pop_back();
  return F;
}

std::optional<Expr> KernelWalker::uniformStep(const clang::Expr *E) {
  // blockDim.x reads a property through a call: only definite side effects
  // (assignments, increments) disqualify the step.
  if (!E || E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return std::nullopt;
  // The increment is not walked for accesses (it never was): evaluate it
  // without leaving any trace in the model.
  size_t NA = K.Accesses.size(), NU = K.Uniforms.size(), NR = K.Remarks.size();
  AbsValue V = eval(E);
  bool Clean = K.Uniforms.size() == NU;
  K.Accesses.resize(NA);
  K.Uniforms.resize(NU);
  K.Remarks.resize(NR);
  if (V.K != AbsValue::Kind::Int || !Clean)
    return std::nullopt;
  // Only launch constants and kernel parameters: the same in every thread
  // and every iteration.
  for (Symbol Sym : V.Int.symbols())
    if (Sym.Kind != SymbolKind::BlockDim && Sym.Kind != SymbolKind::GridDim &&
        Sym.Kind != SymbolKind::Param && Sym.Kind != SymbolKind::BlockIdx)
      return std::nullopt;
  return V.Int;
}

Flow KernelWalker::walkFor(const ForStmt *S) {
  if (const Stmt *Init = S->getInit())
    walkStmt(Init);
  if (const VarDecl *CV = S->getConditionVariable())
    walkDecl(CV);

  // The induction variable: declared or assigned in the init statement;
  // of several declared there (`int a = aBegin, b = bBegin`), the one the
  // increment's first operand steps. The others may be derived induction
  // variables (InductionVars.cpp).
  const ValueDecl *Var = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(S->getInit())) {
    if (DS->isSingleDecl()) {
      Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    } else if (const clang::Expr *First = S->getInc()) {
      while (const auto *C = dyn_cast<BinaryOperator>(First->IgnoreParens()))
        if (C->getOpcode() == BO_Comma)
          First = C->getLHS();
        else
          break;
      First = First->IgnoreParenImpCasts();
      const clang::Expr *Target = nullptr;
      if (const auto *U = dyn_cast<UnaryOperator>(First))
        Target = U->getSubExpr();
      else if (const auto *B = dyn_cast<BinaryOperator>(First))
        Target = B->getLHS();
      const ValueDecl *Stepped = Target ? WrittenVars::target(Target) : nullptr;
      for (const Decl *D : DS->decls())
        if (D == Stepped)
          Var = Stepped;
    }
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(S->getInit())) {
    if (B->getOpcode() == BO_Assign)
      Var = WrittenVars::target(B->getLHS());
  }

  unsigned Id = K.Loops.size();
  K.Loops.emplace_back();
  LoopThreadDep.push_back(false);
  Loop L;
  L.Id = Id;
  L.Loc = loc(S->getForLoc());
  L.Parents = LoopStack;
  L.UnrollPragma = PendingUnroll;
  PendingUnroll.reset();
  if (Var)
    L.VarName = Var->getName().str();

  // The step: i++, i--, i += c, i -= c, i *= c, i <<= c, i /= c, i >>= c,
  // i = i + c.
  const clang::Expr *Inc = S->getInc();
  if (const auto *Comma = dyn_cast_or_null<BinaryOperator>(Inc))
    if (Comma->getOpcode() == BO_Comma)
      Inc = Comma->getLHS();
  bool StepOk = false;
  auto ConstOf = [&](const clang::Expr *E) -> std::optional<int64_t> {
    clang::Expr::EvalResult R;
    if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue();
    return std::nullopt;
  };
  if (Inc && Var) {
    Inc = Inc->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
      if (U->isIncrementDecrementOp() &&
          WrittenVars::target(U->getSubExpr()) == Var) {
        L.Step = Loop::StepKind::Add;
        L.StepValue = U->isIncrementOp() ? 1 : -1;
        StepOk = true;
      }
    } else if (const auto *B = dyn_cast<BinaryOperator>(Inc)) {
      const clang::Expr *RHS = B->getRHS();
      std::optional<int64_t> C;
      BinaryOperatorKind Op = B->getOpcode();
      if (WrittenVars::target(B->getLHS()) == Var) {
        if (Op == BO_Assign) {
          // i = i + c / i = i * c / ...
          if (const auto *R =
                  dyn_cast<BinaryOperator>(RHS->IgnoreParenImpCasts()))
            if (WrittenVars::target(R->getLHS()) == Var) {
              Op = R->getOpcode() == BO_Add   ? BO_AddAssign
                   : R->getOpcode() == BO_Sub ? BO_SubAssign
                   : R->getOpcode() == BO_Mul ? BO_MulAssign
                   : R->getOpcode() == BO_Div ? BO_DivAssign
                   : R->getOpcode() == BO_Shl ? BO_ShlAssign
                   : R->getOpcode() == BO_Shr ? BO_ShrAssign
                                              : BO_Assign;
              RHS = R->getRHS();
            }
        }
        C = ConstOf(RHS);
        if (C) {
          StepOk = true;
          switch (Op) {
          case BO_AddAssign:
            L.StepValue = *C;
            break;
          case BO_SubAssign:
            L.StepValue = -*C;
            break;
          case BO_MulAssign:
            L.Step = Loop::StepKind::Multiply;
            L.StepValue = *C;
            break;
          case BO_ShlAssign:
            L.Step = Loop::StepKind::Multiply;
            L.StepValue = *C >= 0 && *C < 62 ? int64_t(1) << *C : 0;
            break;
          case BO_DivAssign:
            L.Step = Loop::StepKind::Divide;
            L.StepValue = *C;
            break;
          case BO_ShrAssign:
            L.Step = Loop::StepKind::Divide;
            L.StepValue = *C >= 0 && *C < 62 ? int64_t(1) << *C : 0;
            break;
          default:
            StepOk = false;
          }
          if (L.Step != Loop::StepKind::Add && L.StepValue < 2)
            StepOk = false;
          if (L.Step == Loop::StepKind::Add && L.StepValue == 0)
            StepOk = false;
        } else if (auto Step = uniformStep(RHS);
                   Step && (Op == BO_AddAssign || Op == BO_SubAssign)) {
          // The grid-stride loop: i += gridDim.x * blockDim.x. The solver
          // binds the launch into the step.
          L.StepExpr = Op == BO_SubAssign ? Expr(-1) * *Step : *Step;
          // A local that holds a constant (`int aStep = BLOCK_SIZE;`) is a
          // constant step after all.
          if (std::optional<int64_t> C = L.StepExpr->asConst(); C && *C != 0) {
            L.StepValue = *C;
            L.StepExpr.reset();
          }
          StepOk = true;
        } else {
          L.UnknownReason = "the step of '" + L.VarName +
                            "' is not a constant ('" + text(B) + "')";
        }
      }
    }
  }
  if (!Var)
    L.UnknownReason = "no induction variable in the loop's init statement";
  else if (!StepOk && L.UnknownReason.empty())
    L.UnknownReason = "unsupported step '" + text(S->getInc()) + "'";

  if (L.UnknownReason.empty()) {
    WrittenVars W;
    W.TraverseStmt(const_cast<Stmt *>(S->getBody()));
    if (S->getCond())
      W.TraverseStmt(const_cast<clang::Expr *>(S->getCond()));
    auto It = W.Vars.find(Var);
    if (It != W.Vars.end())
      L.UnknownReason = "the loop body writes '" + L.VarName + "' (" +
                        locString(Ctx, It->second) + ")";
  }
  if (L.UnknownReason.empty()) {
    auto It = Frames.back().Env.find(Var);
    if (It != Frames.back().Env.end() &&
        It->second.K == AbsValue::Kind::Int) {
      L.Init = It->second.Int;
    } else {
      std::string Why = It == Frames.back().Env.end() ? std::string("unknown")
                                                      : It->second.Reason;
      L.UnknownReason = "the initial value of '" + L.VarName +
                        "' depends on " + Why;
    }
  }

  // Variables that advance with the loop variable keep an exact value in
  // the body; everything else the loop writes is unknown inside and after
  // it.
  std::vector<DerivedInduction> Derived;
  if (L.UnknownReason.empty() && L.Step == Loop::StepKind::Add &&
      !L.StepExpr)
    Derived = derivedInductions(S, Var);
  havocAssigned(S->getBody(), L.UnknownReason.empty() ? Var : nullptr,
                "changes in a loop");
  havocAssigned(S->getInc(), L.UnknownReason.empty() ? Var : nullptr,
                "changes in a loop");
  bindDerivedInductions(Derived, L);
  if (Var) {
    if (L.UnknownReason.empty())
      Frames.back().Env[Var] =
          AbsValue::integer(Expr::symbol(SymbolKind::LoopVar, Id));
    else
      Frames.back().Env[Var] = AbsValue::unknown(
          "the loop variable '" + L.VarName + "' (" + L.UnknownReason + ")",
          true);
  }
  LoopThreadDep[Id] = !L.UnknownReason.empty() || threadDependent(L.Init);
  LoopStack.push_back(Id);
  if (S->getCond())
    L.Condition = toPred(eval(S->getCond()), S->getCond());
  K.Loops[Id] = L;

  Flow Body;
  if (L.Condition.kind() != PredKind::False)
    Body = walkLoopBody(S->getBody(), Id);
  LoopStack.pop_back();

  bool TripDep = LoopThreadDep[Id] || threadDependent(K.Loops[Id].Condition);
  if (Var)
    Frames.back().Env[Var] = AbsValue::unknown(
        "the value of '" + L.VarName + "' after its loop", TripDep);
  for (const DerivedInduction &D : Derived)
    Frames.back().Env[D.Var] = AbsValue::unknown(
        "the value of '" + D.Var->getName().str() + "' after the loop '" +
            L.VarName + "'",
        TripDep || threadDependent(D.Start));
  Flow Out;
  if (Body.Return.kind() != PredKind::False)
    Out.Return = Predicate::unknown("a return inside the loop at " +
                                        locString(Ctx, S->getForLoc()),
                                    threadDependent(Body.Return));
  return Out;
}

Flow KernelWalker::walkWhile(const Stmt *S, const clang::Expr *CondE,
                             const Stmt *Body, bool IsDo) {
  unsigned Id = K.Loops.size();
  K.Loops.emplace_back();
  LoopThreadDep.push_back(true);
  Loop L;
  L.Id = Id;
  L.Loc = loc(S->getBeginLoc());
  L.Parents = LoopStack;
  L.UnrollPragma = PendingUnroll;
  PendingUnroll.reset();
  L.UnknownReason = isa<CXXForRangeStmt>(S)
                        ? "range-based for loops are not modelled"
                        : std::string(IsDo ? "do" : "while") +
                              " loops have no modelled induction variable";
  havocAssigned(Body, nullptr, "changes in a loop");
  if (CondE)
    havocAssigned(CondE, nullptr, "changes in a loop");
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
    if (const VarDecl *LV = R->getLoopVariable())
      Frames.back().Env[LV] = AbsValue::unknown(
          "the range-for variable '" + LV->getName().str() + "'", true);
  }
  LoopStack.push_back(Id);
  Predicate C = true;
  if (CondE && !IsDo)
    C = toPred(eval(CondE), CondE);
  L.Condition = C;
  K.Loops[Id] = L;
  Flow Body1;
  if (C.kind() != PredKind::False) {
    Guards.push_back(C);
    Body1 = walkLoopBody(Body, Id);
    Guards.pop_back();
  }
  if (CondE && IsDo)
    K.Loops[Id].Condition = toPred(eval(CondE), CondE);
  LoopStack.pop_back();
  Flow Out;
  if (Body1.Return.kind() != PredKind::False)
    Out.Return = Predicate::unknown("a return inside the loop at " +
                                        locString(Ctx, S->getBeginLoc()),
                                    threadDependent(Body1.Return));
  return Out;
}

} // namespace warplint
