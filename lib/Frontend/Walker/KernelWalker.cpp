//===- KernelWalker.cpp - Statements: guards, loops, locals ---------------===//
//
// The statement half of the abstract interpreter. Guards are a stack of
// conjuncts: entering an if-branch pushes its condition, and a statement that
// may leave the enclosing block (return, break, continue) under a condition
// pushes the negation of that condition for the statements after it, which is
// how `if (tid >= n) return;` guards the rest of the kernel.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/Arithmetic.h"
#include "Frontend/Walker/LoopHelpers.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

namespace warplint {

using namespace clang;

using namespace walker;

SourceLoc KernelWalker::loc(SourceLocation L) const {
  return toSourceLoc(Ctx, L);
}

warplint::SourceRange KernelWalker::range(clang::SourceRange R) const {
  return toSourceRange(Ctx, R);
}

std::string KernelWalker::text(const clang::Stmt *S) const {
  return S ? sourceText(Ctx, S->getSourceRange()) : std::string();
}

std::string KernelWalker::functionName(const FunctionDecl *F) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return S;
}

void KernelWalker::remark(SourceLocation L, std::string Msg) {
  K.Remarks.emplace_back(loc(L), std::move(Msg));
}

Predicate KernelWalker::currentGuard() const {
  if (State.Guards.empty())
    return true;
  return Predicate::conj(State.Guards);
}

Predicate KernelWalker::localGuard() const {
  size_t Base = State.Frames.empty() ? 0 : State.Frames.back().GuardBase;
  if (Base >= State.Guards.size())
    return true;
  return Predicate::conj(
      std::vector<Predicate>(State.Guards.begin() + Base, State.Guards.end()));
}

void KernelWalker::run(const FunctionDecl *Kernel) {
  KernelDecl = Kernel;
  for (unsigned I = 0; I < Kernel->getNumParams(); ++I) {
    const ParmVarDecl *P = Kernel->getParamDecl(I);
    Param KP;
    KP.Id = I;
    KP.Name = P->getName().str();
    KP.Type = P->getType().getAsString(Ctx.getPrintingPolicy());
    KP.IsPointer = P->getType()->isPointerType();
    K.Params.push_back(KP);
    ParamIds[P] = I;
  }
  Frame F;
  F.Fn = Kernel;
  State.Frames.push_back(std::move(F));
  if (const Stmt *Body = Kernel->getBody())
    walkStmt(Body);
  State.Frames.pop_back();
  for (unsigned I = 0; I < K.Objects.size(); ++I)
    K.Objects[I].WindowAddress = windowBase(I);
}

namespace {

/// Which kinds of exit (return, break, continue, goto) a statement contains,
/// at any depth.
class AnyExit : public RecursiveASTVisitor<AnyExit> {
public:
  bool Return = false, Break = false, Continue = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *) { return Return = true; }
  bool VisitGotoStmt(GotoStmt *) { return Return = Break = true; }
  bool VisitBreakStmt(BreakStmt *) { return Break = true; }
  bool VisitContinueStmt(ContinueStmt *) { return Continue = true; }
};

} // namespace

std::string KernelWalker::tooDeepReason() {
  return "code nested more than " + std::to_string(MaxWalkDepth) +
         " levels deep (too deep)";
}

Flow KernelWalker::skipTooDeep(const Stmt *S) {
  if (!State.TooDeepNoted) {
    K.Warnings.emplace_back(loc(S->getBeginLoc()),
                            tooDeepReason() + " in '" + K.Name +
                                "' is not analyzed: memory accesses inside "
                                "it are not modelled");
    State.TooDeepNoted = true;
  }
  return skipUnwalked(S, tooDeepReason());
}

Flow KernelWalker::skipTooLarge(const Stmt *S) {
  std::string Reason = "code past " + std::to_string(WalkWork::Max) +
                       " steps of walking the kernel (statements times "
                       "their nesting, inlined calls included; too large)";
  if (!State.TooLargeNoted) {
    K.Warnings.emplace_back(loc(S->getBeginLoc()),
                            "the rest of '" + K.Name +
                                "' is not analyzed: " + Reason +
                                "; memory accesses there are not "
                                "modelled");
    K.Remarks.emplace_back(loc(S->getBeginLoc()),
                           "the rest of this kernel is not analyzed (too "
                           "large to walk)");
    State.TooLargeNoted = true;
  }
  return skipUnwalked(S, Reason);
}

Flow KernelWalker::skipUnwalked(const Stmt *S, const std::string &Reason) {
  havocAssigned(S, nullptr, "is assigned in " + Reason);
  AnyExit X;
  X.TraverseStmt(const_cast<Stmt *>(S));
  Flow F;
  if (X.Return)
    F.Return = Predicate::unknown("a return in " + Reason, true);
  if (X.Break)
    F.Break = Predicate::unknown("a break in " + Reason, true);
  if (X.Continue)
    F.Continue = Predicate::unknown("a continue in " + Reason, true);
  return F;
}

AbsValue KernelWalker::forgottenPointer(const AbsValue &P, std::string Reason) {
  // Still a pointer into the same object (pointer arithmetic cannot leave
  // it): its accesses are listed, with an unknown offset.
  AbsValue Out = AbsValue::pointer(P.Object, std::nullopt);
  Out.Reason = std::move(Reason);
  Out.ThreadDep = true;
  Out.Derived = true;
  return Out;
}

AbsValue KernelWalker::boundDepth(AbsValue V) const {
  unsigned D = 0;
  switch (V.K) {
  case AbsValue::Kind::Int:
    D = V.Int.depth();
    break;
  case AbsValue::Kind::Bool:
    D = V.Bool.depth();
    break;
  case AbsValue::Kind::Pointer:
    if (V.Offset && V.Offset->depth() > MaxValueDepth) {
      V.Offset.reset();
      V.Reason = "an address computed in more than " +
                 std::to_string(MaxValueDepth) + " steps (too deep)";
      V.ThreadDep = true;
    }
    return V;
  case AbsValue::Kind::Unknown:
  case AbsValue::Kind::Real:
    return V;
  }
  if (D <= MaxValueDepth)
    return V;
  return AbsValue::unknown("a value computed in more than " +
                               std::to_string(MaxValueDepth) +
                               " steps (too deep)",
                           threadDependent(V));
}

/// The unroll pragma on a loop (Loop::UnrollPragma): `#pragma unroll` is 0,
/// `#pragma unroll N` is N, `#pragma nounroll` and `unroll 1` are 1.
static std::optional<unsigned> unrollPragma(const ASTContext &Ctx,
                                            const AttributedStmt *A) {
  for (const Attr *At : A->getAttrs()) {
    const auto *H = dyn_cast<LoopHintAttr>(At);
    if (!H)
      continue;
    if (H->getOption() == LoopHintAttr::Unroll)
      return H->getState() == LoopHintAttr::Disable ? 1u : 0u;
    if (H->getOption() == LoopHintAttr::UnrollCount && H->getValue()) {
      clang::Expr::EvalResult R;
      if (!H->getValue()->isValueDependent() &&
          H->getValue()->EvaluateAsInt(R, Ctx))
        return unsigned(R.Val.getInt().getZExtValue());
      return 0u;
    }
  }
  return std::nullopt;
}

void KernelWalker::recordArithmetic(const Stmt *S) {
  // Only what surely runs: under a guard the work may be skipped.
  if (!currentGuard().isTrue())
    return;
  FpInstructions C = countFpInstructions(S);
  if (C.Fp32 || C.Fp64)
    K.Arithmetic.push_back(
        {loc(S->getBeginLoc()), State.LoopStack, C.Fp32, C.Fp64});
}

Flow KernelWalker::walkStmt(const Stmt *S) {
  if (!S)
    return {};
  if (WalkDepth >= MaxWalkDepth)
    return skipTooDeep(S);
  Work.Steps += 1 + State.Guards.size();
  if (Work.Steps > WalkWork::Max)
    return skipTooLarge(S);
  NestingScope Nest(WalkDepth);
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return walkCompound(C);
  if (const auto *I = dyn_cast<IfStmt>(S))
    return walkIf(I);
  if (const auto *F = dyn_cast<ForStmt>(S))
    return walkFor(F);
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return walkWhile(S, W->getCond(), W->getBody(), /*IsDo=*/false);
  if (const auto *D = dyn_cast<DoStmt>(S))
    return walkWhile(S, D->getCond(), D->getBody(), /*IsDo=*/true);
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
    return walkWhile(S, nullptr, R->getBody(), /*IsDo=*/false);
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    recordArithmetic(S);
    eval(E);
    return {};
  }
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    recordArithmetic(S);
    for (const Decl *Dc : D->decls())
      if (const auto *VD = dyn_cast<VarDecl>(Dc))
        walkDecl(VD);
    return {};
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    recordArithmetic(S);
    AbsValue V = AbsValue::integer(0);
    if (const clang::Expr *E = R->getRetValue())
      V = eval(E);
    State.Frames.back().Returns.emplace_back(localGuard(), V);
    Flow F;
    F.Return = true;
    return F;
  }
  if (isa<BreakStmt>(S)) {
    if (!State.JumpTargets.empty())
      State.JumpTargets.back().Breaks.push_back(State.Frames.back().Env);
    Flow F;
    F.Break = true;
    return F;
  }
  if (isa<ContinueStmt>(S)) {
    for (auto It = State.JumpTargets.rbegin(); It != State.JumpTargets.rend();
         ++It)
      if (It->IsLoop) {
        It->Continues.push_back(State.Frames.back().Env);
        break;
      }
    Flow F;
    F.Continue = true;
    return F;
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    if (const Stmt *Init = Sw->getInit())
      walkStmt(Init);
    if (const VarDecl *CV = Sw->getConditionVariable())
      walkDecl(CV);
    AbsValue C = eval(Sw->getCond());
    if (auto Cases = switchCases(Sw))
      if (toInt(C, Sw->getCond()).K == AbsValue::Kind::Int)
        return walkSwitchCases(Sw, C, *Cases);
    auto Before = State.Frames.back().Env;
    // Which case runs is modelled as an opaque condition; values assigned in
    // the cases are forgotten afterwards.
    State.Guards.push_back(Predicate::unknown(
        "inside 'switch (" + text(Sw->getCond()) + ")'", threadDependent(C)));
    State.JumpTargets.push_back({/*IsLoop=*/false, {}, {}});
    Flow Body = walkStmt(Sw->getBody());
    State.JumpTargets.pop_back();
    State.Guards.pop_back();
    for (auto &[D, V] : State.Frames.back().Env) {
      auto It = Before.find(D);
      if (It == Before.end())
        continue;
      V = AbsValue::unknown("'" + D->getName().str() +
                                "' as assigned in a switch",
                            true);
    }
    Flow F;
    if (Body.Return.kind() != PredKind::False)
      F.Return = Predicate::unknown("a return inside a switch", true);
    if (Body.Continue.kind() != PredKind::False)
      F.Continue = Predicate::unknown("a continue inside a switch", true);
    return F;
  }
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return walkStmt(L->getSubStmt());
  if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    State.PendingUnroll = unrollPragma(Ctx, A);
    Flow R = walkStmt(A->getSubStmt());
    State.PendingUnroll.reset();
    return R;
  }
  if (const auto *C = dyn_cast<CaseStmt>(S))
    return walkStmt(C->getSubStmt());
  if (const auto *D = dyn_cast<DefaultStmt>(S))
    return walkStmt(D->getSubStmt());
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S)) {
    remark(S->getBeginLoc(), "goto is not followed; guards after it may be "
                             "incomplete");
    return {};
  }
  if (const auto *A = dyn_cast<GCCAsmStmt>(S)) {
    walkInlineAsm(A);
    return {};
  }
  // Anything else (null statements, ...) has no modelled effect; still
  // visit sub-expressions so that accesses inside are seen.
  for (const Stmt *C : S->children())
    if (C)
      walkStmt(C);
  return {};
}

Flow KernelWalker::walkCompound(const CompoundStmt *S) {
  Flow Out;
  size_t Pushed = 0;
  std::vector<Predicate> Stay; // conditions under which we are still here
  std::vector<PendingSink> Sinking;
  for (const Stmt *Child : S->body()) {
    sinkBefore(S, Child, Sinking);
    size_t AccessesBefore = K.Accesses.size();
    Flow F = walkStmt(Child);
    sinkAfter(Child, Sinking);
    if (auto P = sinkCandidate(Child, AccessesBefore))
      Sinking.push_back(*P);
    Predicate Here = Stay.empty() ? Predicate(true) : Predicate::conj(Stay);
    auto Lift = [&](const Predicate &P) {
      return P.kind() == PredKind::False ? P : Predicate::conj({Here, P});
    };
    Out.Return = orElse(Out.Return, Lift(F.Return));
    Out.Break = orElse(Out.Break, Lift(F.Break));
    Out.Continue = orElse(Out.Continue, Lift(F.Continue));
    if (alwaysExits(F))
      break; // the rest of the block is unreachable
    Predicate Leave = orElse(orElse(F.Return, F.Break), F.Continue);
    if (Leave.kind() != PredKind::False) {
      Predicate Remain = Predicate::negate(Leave);
      Predicate Reach = currentGuard();
      State.Guards.push_back(Remain);
      Stay.push_back(Remain);
      ++Pushed;
      // The statements after an exit that only some lanes take.
      if (Child != S->body_back()) {
        auto Rest = std::next(llvm::find(S->body(), Child));
        std::vector<const Stmt *> After(Rest, S->body_end());
        recordBranch(Branch::Kind::AfterExit, After, nullptr, Remain, Reach,
                     State.LoopStack);
      }
    }
  }
  State.Guards.resize(State.Guards.size() - Pushed);
  return Out;
}

Flow KernelWalker::walkIf(const IfStmt *S) {
  if (const Stmt *Init = S->getInit())
    walkStmt(Init);
  if (const VarDecl *CV = S->getConditionVariable())
    walkDecl(CV);
  Predicate C;
  if (S->isConstexpr() || S->isConsteval()) {
    bool B = false;
    if (S->getCond() && S->getCond()->EvaluateAsBooleanCondition(B, Ctx))
      C = B;
  } else {
    C = toPred(eval(S->getCond()), S->getCond());
    noteCondition(C, S);
  }
  Flow Then, Else;
  auto Saved = State.Frames.back().Env;
  auto ThenEnv = Saved;
  bool Decided = S->isConstexpr() || S->isConsteval();
  Predicate Reach = currentGuard();
  if (C.kind() != PredKind::False) {
    State.Guards.push_back(C);
    if (!Decided) {
      Branch &B = recordBranch(Branch::Kind::If, S->getThen(), S->getCond(), C,
                               Reach, State.LoopStack);
      B.TwoSided = S->getElse() != nullptr;
      const auto *Body = State.Frames.size() == 1
                             ? dyn_cast_or_null<CompoundStmt>(
                                   State.Frames.back().Fn->getBody())
                             : nullptr;
      B.AtKernelEnd =
          !B.TwoSided && Body && !Body->body_empty() && Body->body_back() == S;
    }
    Then = walkStmt(S->getThen());
    State.Guards.pop_back();
    ThenEnv = State.Frames.back().Env;
    State.Frames.back().Env = Saved;
  }
  Predicate NotC = Predicate::negate(C);
  if (S->getElse() && NotC.kind() != PredKind::False) {
    State.Guards.push_back(NotC);
    if (!Decided)
      recordBranch(Branch::Kind::Else, S->getElse(), S->getCond(), NotC, Reach,
                   State.LoopStack)
          .TwoSided = true;
    Else = walkStmt(S->getElse());
    State.Guards.pop_back();
  }
  auto ElseEnv = State.Frames.back().Env;
  // A branch that always leaves contributes no values to what follows.
  if (C.kind() == PredKind::False || alwaysExits(Then))
    State.Frames.back().Env = ElseEnv;
  else if (NotC.kind() == PredKind::False || alwaysExits(Else))
    State.Frames.back().Env = ThenEnv;
  else
    mergeEnv(C, ThenEnv, ElseEnv);

  auto Both = [&](const Predicate &T, const Predicate &E) {
    Predicate A = T.kind() == PredKind::False ? Predicate(false)
                                               : Predicate::conj({C, T});
    Predicate B = E.kind() == PredKind::False ? Predicate(false)
                                               : Predicate::conj({NotC, E});
    return orElse(A, B);
  };
  Flow Out;
  Out.Return = Both(Then.Return, Else.Return);
  Out.Break = Both(Then.Break, Else.Break);
  Out.Continue = Both(Then.Continue, Else.Continue);
  return Out;
}

void KernelWalker::mergeEnv(const Predicate &C,
                            const std::map<const ValueDecl *, AbsValue> &Then,
                            const std::map<const ValueDecl *, AbsValue> &Else) {
  std::map<const ValueDecl *, AbsValue> Out;
  for (const auto &[D, A] : Then) {
    auto It = Else.find(D);
    if (It == Else.end())
      continue; // declared inside the branch: out of scope now
    const AbsValue &B = It->second;
    if (A.K == AbsValue::Kind::Int && B.K == AbsValue::Kind::Int) {
      Out[D] = A.Int == B.Int ? A : AbsValue::integer(Expr::select(C, A.Int, B.Int));
    } else if (A.K == AbsValue::Kind::Real && B.K == AbsValue::Kind::Real &&
               A.Real == B.Real) {
      Out[D] = A;
    } else if (A.K == AbsValue::Kind::Bool && B.K == AbsValue::Kind::Bool) {
      Out[D] = A.Bool == B.Bool
                   ? A
                   : AbsValue::boolean(Predicate::disj(
                         {Predicate::conj({C, A.Bool}),
                          Predicate::conj({Predicate::negate(C), B.Bool})}));
    } else if (A.K == AbsValue::Kind::Pointer &&
               B.K == AbsValue::Kind::Pointer &&
               (A.Object != B.Object || !A.AlsoObjects.empty() ||
                !B.AlsoObjects.empty())) {
      Out[D] = eitherPointer(
          A, B, "'" + D->getName().str() + "' as assigned in different branches",
          threadDependent(C));
    } else if (A.K == AbsValue::Kind::Pointer &&
               B.K == AbsValue::Kind::Pointer && A.Object == B.Object) {
      AbsValue P = A;
      if (A.Offset && B.Offset)
        P.Offset = *A.Offset == *B.Offset
                       ? *A.Offset
                       : Expr::select(C, *A.Offset, *B.Offset);
      else {
        P.Offset.reset();
        P.Reason = A.Offset ? B.Reason : A.Reason;
        // Either offset, one of them data: any offset (data) covers both.
        P.Data = (A.Offset || A.Data) && (B.Offset || B.Data);
      }
      P.Derived = A.Derived || B.Derived;
      P.Site = AbsValue::mergeSites(A, B);
      Out[D] = P;
    } else if (A.isUnknown() && B.isUnknown() && A.Reason == B.Reason) {
      Out[D] = A;
    } else {
      bool Dep = threadDependent(C) || threadDependent(A) || threadDependent(B);
      const AbsValue &U = A.isUnknown() ? A : B;
      Out[D] = U.isUnknown()
                   ? U
                   : AbsValue::unknown("'" + D->getName().str() +
                                           "' as assigned in different branches",
                                       Dep);
      // An unknown from one branch and a thread-dependent value (or
      // condition) from the other differ between threads.
      Out[D].ThreadDep = Dep;
      // One branch's gap of the model is not made data by the other's data;
      // an unknown the same in every thread (a float carried by a loop, a
      // parameter) is no gap: either value may be any, as data may.
      if (A.isUnknown() && B.isUnknown())
        Out[D].Data = AbsValue::allUnknownsData({&A, &B});
    }
    Out[D] = boundDepth(std::move(Out[D]));
  }
  State.Frames.back().Env = std::move(Out);
}

void KernelWalker::walkDecl(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>() || VD->isStaticLocal() ||
      VD->hasExternalStorage())
    return; // objects are created where they are used
  QualType T = VD->getType();
  const clang::Expr *Init = VD->getInit();
  if (T->isReferenceType() && Init) {
    LValue LV = evalLValue(Init);
    State.Frames.back().Refs[VD] = LV;
    return;
  }
  if (!Init) {
    AbsValue V =
        AbsValue::unknown("uninitialized '" + VD->getName().str() + "'", true);
    V.Indeterminate = true;
    State.Frames.back().Env[VD] = V;
    return;
  }
  if (T->isArrayType())
    declareTable(VD);
  AbsValue V = T->isArrayType() && State.Frames.back().Tables.count(VD)
                   ? AbsValue()
                   : eval(Init);
  if (T->isArrayType() || T->isRecordType())
    V = AbsValue::unknown("the local '" + VD->getName().str() + "'", true);
  else if (T->isIntegralOrEnumerationType() && !T->isBooleanType())
    V = toIntOrAddress(V, Init);
  State.Frames.back().Env[VD] = V;
}

std::vector<std::pair<const ValueDecl *, AbsValue>>
KernelWalker::havocAssigned(const Stmt *Body, const ValueDecl *Except,
                            const std::string &Why) {
  std::vector<std::pair<const ValueDecl *, AbsValue>> Forgotten;
  if (!Body)
    return Forgotten;
  auto &Env = State.Frames.back().Env;
  for (const auto &[D, L] : Scans.writtenVars(Body)) {
    if (D == Except)
      continue;
    auto It = Env.find(D);
    if (It == Env.end()) {
      // A kernel parameter is read from its symbol until first written:
      // written here, it needs a place in the environment to be forgotten.
      std::optional<AbsValue> Param;
      if (paramIndex(D))
        Param = lookupVar(D, nullptr);
      if (!Param)
        continue; // declared inside the loop, or not a local
      It = Env.emplace(D, *Param).first;
    }
    bool Dep = true;
    std::string Reason = "'" + D->getName().str() + "', which " + Why + " (" +
                         locString(Ctx, L) + ")";
    Forgotten.emplace_back(D, It->second);
    if (It->second.K == AbsValue::Kind::Pointer) {
      It->second = forgottenPointer(It->second, std::move(Reason));
      continue;
    }
    It->second = AbsValue::unknown(std::move(Reason), Dep);
  }
  return Forgotten;
}

} // namespace warplint
