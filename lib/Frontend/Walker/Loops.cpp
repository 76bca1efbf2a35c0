//===- Loops.cpp - for, while and do loops --------------------------------===//
//
// A for loop with a recognizable induction variable and a constant or
// block-uniform step becomes a model Loop whose variable is a LoopVar symbol
// inside the body; so does a while or do loop whose body steps a variable
// the condition tests (InductionVars.cpp finds it). Anything else the loop
// writes is forgotten. Range-for loops are recorded without an induction
// variable. How a body may leave its loop is LoopExits.cpp's.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/LoopHelpers.h"
#include "Frontend/Walker/RuntimeUnroll.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/StmtCXX.h"

namespace warplint {

using namespace clang;
using namespace walker;

std::optional<Expr> KernelWalker::uniformStep(const clang::Expr *E) {
  // blockDim.x reads a property through a call: only definite side effects
  // (assignments, increments) disqualify the step.
  if (!E || E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return std::nullopt;
  // Evaluated without leaving any trace in the model: the increment is
  // walked for its accesses after the body (walkLoopBody).
  Trial Saved = saveTrial();
  AbsValue V = eval(E);
  bool Clean = K.Uniforms.size() == Saved.Mark.Uniforms;
  restoreTrial(Saved);
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

std::optional<AbsValue> KernelWalker::valueBeforeLoop(const ValueDecl *Var) {
  auto &Env = State.Frames.back().Env;
  if (auto It = Env.find(Var); It != Env.end())
    return It->second;
  // A kernel parameter the loop steps starts from the parameter's value.
  if (paramIndex(Var))
    return lookupVar(Var, nullptr);
  return std::nullopt;
}

void KernelWalker::setLoopVarType(const ValueDecl *Var, Loop &L) {
  QualType T = Var->getType().getNonReferenceType();
  if (!T->isIntegerType() || T->isDependentType())
    return;
  L.VarBits = unsigned(Ctx.getTypeSize(T));
  L.VarSigned = T->isSignedIntegerType();
}

void KernelWalker::setLoopInit(const ValueDecl *Var, Loop &L) {
  std::optional<AbsValue> V = valueBeforeLoop(Var);
  if (V && V->K == AbsValue::Kind::Int) {
    L.Init = V->Int;
    return;
  }
  L.UnknownReason = "the initial value of '" + L.VarName + "' depends on " +
                    (V ? V->Reason : std::string("unknown"));
  L.StartIsData = V && V->isUnknown() && V->Data;
}

bool KernelWalker::loopStep(const clang::Expr *Write, const ValueDecl *Var,
                            Loop &L) {
  // i++, i--, i += c, i -= c, i *= c, i <<= c, i /= c, i >>= c, i = i op c;
  // c a constant, or for += and -= a block-uniform value.
  auto ConstOf = [&](const clang::Expr *E) -> std::optional<int64_t> {
    clang::Expr::EvalResult R;
    if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue();
    return std::nullopt;
  };
  const clang::Expr *Inc = Write->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (!U->isIncrementDecrementOp() ||
        WrittenVars::target(U->getSubExpr()) != Var)
      return false;
    L.Step = Loop::StepKind::Add;
    L.StepValue = U->isIncrementOp() ? 1 : -1;
    L.StepUnsigned = U->getType()->isUnsignedIntegerType();
    return true;
  }
  const auto *B = dyn_cast<BinaryOperator>(Inc);
  if (!B || WrittenVars::target(B->getLHS()) != Var)
    return false;
  const clang::Expr *RHS = B->getRHS();
  BinaryOperatorKind Op = B->getOpcode();
  // The type the addition is computed in: `int i; i += blockDim.x` adds
  // in unsigned, `i += (int)blockDim.x` in int.
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(B))
    L.StepUnsigned = CA->getComputationResultType()->isUnsignedIntegerType();
  if (Op == BO_Assign) {
    // i = i + c / i = i * c / ... (and c + i, c * i)
    if (const auto *R = dyn_cast<BinaryOperator>(RHS->IgnoreParenImpCasts())) {
      L.StepUnsigned = R->getType()->isUnsignedIntegerType();
      if (WrittenVars::target(R->getLHS()) == Var) {
        Op = R->getOpcode() == BO_Add   ? BO_AddAssign
             : R->getOpcode() == BO_Sub ? BO_SubAssign
             : R->getOpcode() == BO_Mul ? BO_MulAssign
             : R->getOpcode() == BO_Div ? BO_DivAssign
             : R->getOpcode() == BO_Shl ? BO_ShlAssign
             : R->getOpcode() == BO_Shr ? BO_ShrAssign
                                        : BO_Assign;
        RHS = R->getRHS();
      } else if (WrittenVars::target(R->getRHS()) == Var &&
                 (R->getOpcode() == BO_Add || R->getOpcode() == BO_Mul)) {
        // i = c + i / i = 2 * i
        Op = R->getOpcode() == BO_Add ? BO_AddAssign : BO_MulAssign;
        RHS = R->getLHS();
      }
    }
  }
  if (std::optional<int64_t> C = ConstOf(RHS)) {
    auto Pow2 = [](int64_t S) {
      return S >= 0 && S < 62 ? int64_t(1) << S : 0;
    };
    switch (Op) {
    case BO_AddAssign:
      L.StepValue = *C;
      break;
    case BO_SubAssign:
      L.StepValue = -*C;
      break;
    case BO_MulAssign:
    case BO_ShlAssign:
      L.Step = Loop::StepKind::Multiply;
      L.StepValue = Op == BO_MulAssign ? *C : Pow2(*C);
      break;
    case BO_DivAssign:
    case BO_ShrAssign:
      L.Step = Loop::StepKind::Divide;
      L.StepValue = Op == BO_DivAssign ? *C : Pow2(*C);
      break;
    default:
      return false;
    }
    if (L.Step != Loop::StepKind::Add)
      return L.StepValue >= 2;
    return L.StepValue != 0;
  }
  if (auto Step = uniformStep(RHS);
      Step && (Op == BO_AddAssign || Op == BO_SubAssign)) {
    // The grid-stride loop: i += gridDim.x * blockDim.x. The solver binds
    // the launch into the step.
    L.StepExpr = Op == BO_SubAssign ? Expr(-1) * *Step : *Step;
    // A local that holds a constant (`int aStep = BLOCK_SIZE;`) is a
    // constant step after all.
    if (std::optional<int64_t> C = L.StepExpr->asConst(); C && *C != 0) {
      L.StepValue = *C;
      L.StepExpr.reset();
    }
    return true;
  }
  L.UnknownReason =
      "the step of '" + L.VarName + "' is not a constant ('" + text(B) + "')";
  return false;
}

Flow KernelWalker::walkFor(const ForStmt *S) {
  if (const Stmt *Init = S->getInit())
    walkStmt(Init);
  if (const VarDecl *CV = S->getConditionVariable())
    walkDecl(CV);

  // The induction variable: declared or assigned in the init statement;
  // of several declared there (`int a = aBegin, b = bBegin`), or with no
  // init statement at all (`for (; idx < n; idx += stride)`, which starts
  // from the value the variable has), the one the increment's first operand
  // steps. The others may be derived induction variables (InductionVars.cpp).
  std::vector<const clang::Expr *> Incs;
  commaOperands(S->getInc(), Incs);
  const ValueDecl *FirstStepped = Incs.empty() ? nullptr : writtenBy(Incs[0]);
  const ValueDecl *Var = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(S->getInit())) {
    if (DS->isSingleDecl())
      Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    else if (llvm::is_contained(DS->decls(), FirstStepped))
      Var = FirstStepped;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(S->getInit())) {
    if (B->getOpcode() == BO_Assign)
      Var = WrittenVars::target(B->getLHS());
    else if (writtenBy(B) == FirstStepped)
      Var = FirstStepped; // `for (it += tid; ...)`: the init was walked
  } else if (!S->getInit()) {
    Var = FirstStepped;
  }

  unsigned Id = K.Loops.size();
  size_t UniformsBefore = K.Uniforms.size();
  K.Loops.emplace_back();
  State.LoopThreadDep.push_back(false);
  State.Carried.emplace_back();
  Loop L;
  L.Id = Id;
  L.Loc = loc(S->getForLoc());
  L.Parents = State.LoopStack;
  L.UnrollPragma = State.PendingUnroll;
  State.PendingUnroll.reset();
  if (Var) {
    L.VarName = Var->getName().str();
    setLoopVarType(Var, L);
  }

  // The step: the one operand of the increment's comma list that writes
  // Var.
  bool StepOk = false;
  if (Var) {
    auto Writes = llvm::make_filter_range(
        Incs, [&](const clang::Expr *E) { return writtenBy(E) == Var; });
    if (llvm::hasSingleElement(Writes))
      StepOk = loopStep(*Writes.begin(), Var, L);
  }
  if (!Var)
    L.UnknownReason = "no induction variable in the loop's init statement";
  else if (!StepOk && L.UnknownReason.empty())
    L.UnknownReason = "unsupported step '" + text(S->getInc()) + "'";

  if (L.UnknownReason.empty()) {
    for (const Stmt *Part :
         {S->getBody(), static_cast<const Stmt *>(S->getCond())}) {
      const LoopScans::Written &W = Scans.writtenVars(Part);
      auto It = W.find(Var);
      if (It == W.end())
        continue;
      L.UnknownReason = "the loop body writes '" + L.VarName + "' (" +
                        locString(Ctx, It->second) + ")";
      break;
    }
  }
  if (L.UnknownReason.empty())
    setLoopInit(Var, L);

  std::vector<DerivedInduction> Derived = bindLoopVariables(
      S->getBody(), S->getInc(), S->getCond(), Var, L);
  State.LoopReach.push_back({currentGuard(), State.LoopStack});
  State.LoopStack.push_back(Id);
  if (S->getCond())
    L.Condition = toPred(eval(S->getCond()), S->getCond());
  setRuntimeUnroll(L, Scans.unrollFacts(S->getBody()));
  K.Loops[Id] = L;

  LoopWalk Body;
  bool Walked = L.Condition.kind() != PredKind::False;
  if (Walked)
    Body = walkLoopBody(S->getBody(), Id, UniformsBefore, S->getInc(),
                        /*NextIsStep=*/true, S->getCond());
  State.LoopStack.pop_back();
  State.LoopReach.pop_back();
  forgetLoopVariables(Var, Derived, Id, Body.F, S->getForLoc());
  finishLoop(Body, Id, Walked);
  return exitFromLoop(Body.F, S->getForLoc());
}

std::vector<KernelWalker::DerivedInduction>
KernelWalker::bindLoopVariables(const Stmt *Body, const clang::Expr *Inc,
                                const clang::Expr *Cond, const ValueDecl *Var,
                                const Loop &L) {
  // Variables that advance with the loop variable keep an exact value in
  // the body; everything else the loop writes is unknown inside and after
  // it.
  bool Modelled = Var && L.UnknownReason.empty();
  std::vector<DerivedInduction> Derived;
  if (Modelled && L.Step == Loop::StepKind::Add)
    Derived = derivedInductions(Body, Inc, Cond, Var);
  std::vector<CarriedVar> Carries;
  auto Sequences = geometricLocals(Body, Inc, Cond, Modelled ? Var : nullptr);
  for (const Stmt *Part : {static_cast<const Stmt *>(Body),
                           static_cast<const Stmt *>(Inc),
                           static_cast<const Stmt *>(Cond)})
    for (auto &Forgotten : havocAssigned(Part, Modelled ? Var : nullptr,
                                         "changes in a loop")) {
      const ValueDecl *D = Forgotten.first;
      // Written in two parts (body and step): the first value is the one
      // before the loop.
      if (D == Var || llvm::any_of(Carries, [&](const CarriedVar &C) {
            return C.Var == D;
          }))
        continue;
      Carries.push_back(
          {D, Forgotten.second, State.Frames.back().Env[D].Reason});
      if (auto It = Sequences.find(D); It != Sequences.end())
        Carries.back().Sequence = It->second;
    }
  bindDerivedInductions(Derived, L);
  // Derived induction variables keep their exact values.
  llvm::erase_if(Carries, [&](const CarriedVar &C) {
    return llvm::any_of(
        Derived, [&](const DerivedInduction &D) { return D.Var == C.Var; });
  });
  State.Carried[L.Id] = std::move(Carries);
  if (Var) {
    if (Modelled)
      State.Frames.back().Env[Var] =
          AbsValue::integer(Expr::symbol(SymbolKind::LoopVar, L.Id));
    else
      // Data plus a count of steps is any value: data. Anything else the
      // loop failed to model is a gap.
      State.Frames.back().Env[Var] =
          L.StartIsData ? AbsValue::data("the loop variable '" + L.VarName +
                                             "' (" + L.UnknownReason + ")",
                                         true)
                        : AbsValue::unknown("the loop variable '" + L.VarName +
                                                "' (" + L.UnknownReason + ")",
                                            true);
  }
  State.LoopThreadDep[L.Id] = !Modelled || threadDependent(L.Init);
  return Derived;
}

void KernelWalker::forgetLoopVariables(
    const ValueDecl *Var, const std::vector<DerivedInduction> &Derived,
    unsigned LoopId, const Flow &Body, SourceLocation At) {
  const Loop &L = K.Loops[LoopId];
  bool TripDep = State.LoopThreadDep[LoopId] || threadDependent(L.Condition);
  // Threads that leave only on data (`i < bitsize / 32`, bitsize loaded)
  // stop at a count of steps the data decides: any value, as data is.
  bool Data = (L.UnknownReason.empty() || L.StartIsData) &&
              tripClass(LoopId, orElse(Body.Break, Body.Return)) ==
                  CarriedClass::Data;
  auto After = [&](std::string Why, bool Dep) {
    return Data ? AbsValue::data(std::move(Why), true)
                : AbsValue::unknown(std::move(Why), Dep);
  };
  if (Var)
    State.Frames.back().Env[Var] =
        After("the value of '" + L.VarName + "' after its loop", TripDep);
  bool Together = !Data && tripClass(LoopId, orElse(Body.Break, Body.Return)) ==
                               CarriedClass::Uniform;
  for (const DerivedInduction &D : Derived) {
    AbsValue &V = State.Frames.back().Env[D.Var];
    if (Together) {
      // Every thread ran as many steps: its start plus that many amounts
      // (a pointer advanced in an inner loop is then one move of the
      // outer loop's, LoopCarried.cpp).
      Expr Steps =
          newUniform("the number of iterations the loop '" + L.VarName +
                         "' at " + locString(Ctx, At) + " ran",
                     At, !State.LoopStack.empty())
              .Int;
      V = D.Start;
      if (V.K == AbsValue::Kind::Int)
        V.Int = V.Int + Steps * D.Step;
      else {
        V.Offset = *V.Offset + Steps * D.Step;
        V.Derived = true;
        V.Site = nullptr;
      }
      V = boundDepth(V);
      continue;
    }
    V = After("the value of '" + D.Var->getName().str() + "' after the loop '" +
                  L.VarName + "'",
              TripDep || threadDependent(D.Start));
  }
}

Flow KernelWalker::exitFromLoop(const Flow &Body, SourceLocation At) {
  // break and continue end with the loop; a return leaves the function
  // under a condition the walker does not track across iterations.
  Flow Out;
  if (Body.Return.kind() != PredKind::False)
    Out.Return = Predicate::unknown("a return inside the loop at " +
                                        locString(Ctx, At),
                                    threadDependent(Body.Return));
  return Out;
}

Flow KernelWalker::walkWhile(const Stmt *S, const clang::Expr *CondE,
                             const Stmt *Body, bool IsDo) {
  unsigned Id = K.Loops.size();
  size_t UniformsBefore = K.Uniforms.size();
  K.Loops.emplace_back();
  State.LoopThreadDep.push_back(true);
  State.Carried.emplace_back();
  Loop L;
  L.Id = Id;
  L.Loc = loc(S->getBeginLoc());
  L.Parents = State.LoopStack;
  L.UnrollPragma = State.PendingUnroll;
  State.PendingUnroll.reset();
  // A variable stepped once per iteration and tested by the condition
  // (`while (i < n) { ...; i += stride; }`) makes the loop a modelled one,
  // as if written as a for loop.
  const ValueDecl *Var = nullptr;
  if (!isa<CXXForRangeStmt>(S))
    Var = whileInduction(Body, CondE, L);
  if (Var && IsDo && L.UnknownReason.empty() &&
      L.Step != Loop::StepKind::Add)
    L.UnknownReason = "do loops that step '" + L.VarName +
                      "' by multiplication or division are not modelled";
  if (!Var)
    L.UnknownReason =
        isa<CXXForRangeStmt>(S)
            ? "range-based for loops are not modelled"
            : std::string(IsDo ? "do" : "while") +
                  " loops have no modelled induction variable" +
                  (L.UnknownReason.empty() ? "" : " (" + L.UnknownReason + ")");
  bool Modelled = Var && L.UnknownReason.empty();
  std::vector<DerivedInduction> Derived =
      bindLoopVariables(Body, nullptr, CondE, Var, L);
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
    if (const VarDecl *LV = R->getLoopVariable())
      State.Frames.back().Env[LV] = AbsValue::unknown(
          "the range-for variable '" + LV->getName().str() + "'", true);
  }
  State.LoopReach.push_back({currentGuard(), State.LoopStack});
  State.LoopStack.push_back(Id);
  Predicate C = true;
  if (CondE && !IsDo)
    C = toPred(eval(CondE), CondE);
  L.Condition = C;
  setRuntimeUnroll(L, Scans.unrollFacts(Body));
  K.Loops[Id] = L;
  LoopWalk Body1;
  bool Walked = C.kind() != PredKind::False;
  if (Walked) {
    // A modelled loop's condition bounds its iterations, as for a for loop.
    if (!Modelled)
      State.Guards.push_back(C);
    Body1 = walkLoopBody(Body, Id, UniformsBefore, IsDo ? CondE : nullptr,
                         /*NextIsStep=*/false, IsDo ? nullptr : CondE,
                         /*CondIsGuard=*/!Modelled);
    if (!Modelled)
      State.Guards.pop_back();
  }
  if (CondE && IsDo)
    K.Loops[Id].Condition = doCondition(CondE, Modelled, L);
  State.LoopStack.pop_back();
  State.LoopReach.pop_back();
  forgetLoopVariables(Var, Derived, Id, Body1.F, S->getBeginLoc());
  finishLoop(Body1, Id, Walked);
  return exitFromLoop(Body1.F, S->getBeginLoc());
}

Predicate KernelWalker::doCondition(const clang::Expr *CondE, bool Modelled,
                                    const Loop &L) {
  Predicate End = toPred(eval(CondE), CondE);
  if (!Modelled)
    return End;
  // The condition is tested after the body, where the variable already
  // holds the next iteration's value v + step: iteration v runs when it is
  // the first, or when the test at the end of iteration v - step held.
  Expr I = Expr::symbol(SymbolKind::LoopVar, L.Id);
  Expr Step = L.StepExpr ? *L.StepExpr : Expr(L.StepValue);
  End = End.substitute([&](Symbol Sym) -> std::optional<Expr> {
    if (Sym == Symbol{SymbolKind::LoopVar, L.Id})
      return I - Step;
    return std::nullopt;
  });
  return Predicate::disj({Predicate::cmp(CmpKind::EQ, I, L.Init), End});
}

} // namespace warplint
