//===- InductionVars.cpp - Variables that advance with a loop -------------===//
//
// Real kernels advance more than the loop variable: NVIDIA's matrixMul walks
// two matrices with `for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep,
// b += bStep)`, the classic tiled SGEMM ends its K loop with `A += BK; B +=
// BK * N;`. Such a variable changes by the same amount, invariant in the
// loop, exactly once per iteration, so in iteration k (counted from 0) it
// holds start + k * amount: an affine function of the loop variable when the
// loop's step is a constant. Anything less regular stays "changes in a
// loop".
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/LoopHelpers.h"
#include "Frontend/Walker/LoopScans.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <array>

namespace warplint {

using namespace clang;
using namespace walker;

namespace {

/// Whether the body has a `continue` that belongs to this loop: it would
/// skip a write at the end of the body in some iterations.
class ContinueFinder : public RecursiveASTVisitor<ContinueFinder> {
public:
  bool Found = false;
  bool TraverseForStmt(ForStmt *) { return true; }
  bool TraverseWhileStmt(WhileStmt *) { return true; }
  bool TraverseDoStmt(DoStmt *) { return true; }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *) { return true; }
  bool VisitContinueStmt(ContinueStmt *) {
    Found = true;
    return false;
  }
};

/// For `V += E`, `V -= E`, `V = V + E`, `V = E + V`, `V = V - E`, `++V`,
/// `V--` ...: the added expression (nullptr for ++/--) and its sign.
struct Increment {
  const clang::Expr *Amount = nullptr;
  int Sign = 1;
};
std::optional<Increment> incrementOf(const clang::Expr *Write,
                                     const ValueDecl *V) {
  if (const auto *U = dyn_cast<UnaryOperator>(Write)) {
    if (!U->isIncrementDecrementOp())
      return std::nullopt;
    return Increment{nullptr, U->isIncrementOp() ? 1 : -1};
  }
  const auto *B = dyn_cast<BinaryOperator>(Write);
  if (!B)
    return std::nullopt;
  if (B->getOpcode() == BO_AddAssign)
    return Increment{B->getRHS(), 1};
  if (B->getOpcode() == BO_SubAssign)
    return Increment{B->getRHS(), -1};
  if (B->getOpcode() != BO_Assign)
    return std::nullopt;
  const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
  if (!R || (R->getOpcode() != BO_Add && R->getOpcode() != BO_Sub))
    return std::nullopt;
  if (WrittenVars::target(R->getLHS()) == V)
    return Increment{R->getRHS(), R->getOpcode() == BO_Add ? 1 : -1};
  if (R->getOpcode() == BO_Add && WrittenVars::target(R->getRHS()) == V)
    return Increment{R->getLHS(), 1};
  return std::nullopt;
}

/// Every write of a local in a loop: its body's (LoopScans keeps them, so
/// a nest's bodies are not scanned again for each loop and each walk) and
/// its increment's and condition's.
class LoopWrites {
public:
  LoopWrites(LoopScans &Scans, const Stmt *Body, const clang::Expr *Inc,
             const clang::Expr *Cond)
      : Parts{&Scans.writeSites(Body), &Scans.writeSites(Inc),
              &Scans.writeSites(Cond)} {}

  /// How many times the loop writes V.
  size_t count(const ValueDecl *V) const {
    size_t N = 0;
    for (const LoopScans::Sites *P : Parts)
      if (auto It = P->find(V); It != P->end())
        N += It->second.size();
    return N;
  }
  /// The write of V when the loop writes it once.
  const clang::Expr *only(const ValueDecl *V) const {
    if (count(V) != 1)
      return nullptr;
    for (const LoopScans::Sites *P : Parts)
      if (auto It = P->find(V); It != P->end() && !It->second.empty())
        return It->second.front();
    return nullptr;
  }

private:
  std::array<const LoopScans::Sites *, 3> Parts;
};

/// Whether E reads a variable the loop writes (then it is not invariant).
class ReadsAny : public RecursiveASTVisitor<ReadsAny> {
public:
  explicit ReadsAny(const LoopWrites &W) : W(W) {}
  bool Found = false;
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (W.count(D->getDecl()))
      Found = true;
    return !Found;
  }

private:
  const LoopWrites &W;
};

/// c when E is c * Step (or Step itself), nullopt otherwise.
std::optional<int64_t> constantMultiple(const Expr &E, const Expr &Step) {
  if (E == Step)
    return 1;
  if (E.kind() != ExprKind::Mul)
    return std::nullopt;
  if (std::optional<int64_t> C = E.lhs().asConst(); C && E.rhs() == Step)
    return C;
  if (std::optional<int64_t> C = E.rhs().asConst(); C && E.lhs() == Step)
    return C;
  return std::nullopt;
}

/// The expressions a loop runs exactly once per iteration, in order: the
/// operands of the increment's comma list and the expression statements at
/// the top level of the body, unless a continue of this loop may skip some.
std::vector<const clang::Expr *> everyIteration(const Stmt *Body,
                                                const clang::Expr *Inc) {
  std::vector<const clang::Expr *> Out;
  commaOperands(Inc, Out);
  ContinueFinder CF;
  CF.TraverseStmt(const_cast<Stmt *>(Body));
  if (CF.Found)
    return Out;
  if (const auto *E = dyn_cast_or_null<clang::Expr>(Body))
    commaOperands(E, Out);
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body))
    for (const Stmt *Child : C->body())
      if (const auto *E = dyn_cast<clang::Expr>(Child))
        commaOperands(E, Out);
  return Out;
}

/// Whether E reads the variable V.
class ReadsVar : public RecursiveASTVisitor<ReadsVar> {
public:
  explicit ReadsVar(const ValueDecl *V) : V(V) {}
  bool Found = false;
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    Found |= D->getDecl() == V;
    return !Found;
  }

private:
  const ValueDecl *V;
};

/// The locals other than LoopVar that the loop writes exactly once, in an
/// expression it runs once per iteration, each with that write, in address
/// order. Only the variables those expressions write are candidates: a
/// nest's inner loops write many more, and they were looked at for every
/// loop of the nest.
std::vector<std::pair<const ValueDecl *, const clang::Expr *>>
writtenOncePerIteration(LoopScans &Scans, const LoopWrites &W, const Stmt *Body,
                        const clang::Expr *Inc, const ValueDecl *LoopVar) {
  std::vector<const clang::Expr *> Regular = everyIteration(Body, Inc);
  std::vector<const ValueDecl *> Candidates;
  for (const clang::Expr *E : Regular)
    for (const auto &Entry : Scans.writeSites(E))
      Candidates.push_back(Entry.first);
  llvm::sort(Candidates, std::less<const ValueDecl *>());
  Candidates.erase(std::unique(Candidates.begin(), Candidates.end()),
                   Candidates.end());
  std::vector<std::pair<const ValueDecl *, const clang::Expr *>> Out;
  for (const ValueDecl *Var : Candidates)
    if (const clang::Expr *Write = W.only(Var))
      if (Var != LoopVar && llvm::is_contained(Regular, Write->IgnoreParens()))
        Out.push_back({Var, Write});
  return Out;
}

} // namespace

const ValueDecl *KernelWalker::whileInduction(const Stmt *Body,
                                              const clang::Expr *Cond,
                                              Loop &L) {
  if (!Cond)
    return nullptr;
  LoopWrites W(Scans, Body, nullptr, Cond);
  for (const clang::Expr *E : everyIteration(Body, nullptr)) {
    const ValueDecl *Var = writtenBy(E);
    if (!Var || W.count(Var) != 1)
      continue;
    ReadsVar R(Var);
    R.TraverseStmt(const_cast<clang::Expr *>(Cond));
    std::optional<AbsValue> Start = valueBeforeLoop(Var);
    if (!R.Found || !Start || Start->K != AbsValue::Kind::Int)
      continue;
    Loop Candidate = L;
    Candidate.VarName = Var->getName().str();
    setLoopVarType(Var, Candidate);
    // A variable the body sets otherwise (`r = *p;`) is no induction
    // variable: it stays a local the loop carries (LoopCarried.cpp), and
    // the condition is read with its class.
    if (!loopStep(E, Var, Candidate)) {
      if (L.UnknownReason.empty()) // said if no other variable does
        L.UnknownReason = "'" + Candidate.VarName + "' is set by '" +
                          text(E) + "', not stepped";
      continue;
    }
    L = std::move(Candidate);
    L.UnknownReason.clear();
    setLoopInit(Var, L);
    return Var;
  }
  return nullptr;
}

std::map<const ValueDecl *, GeometricSequence>
KernelWalker::geometricLocals(const Stmt *Body, const clang::Expr *Inc,
                              const clang::Expr *Cond,
                              const ValueDecl *LoopVar) {
  std::map<const ValueDecl *, GeometricSequence> Out;
  LoopWrites W(Scans, Body, Inc, Cond);
  for (const auto &[Var, Write] :
       writtenOncePerIteration(Scans, W, Body, Inc, LoopVar)) {
    Loop Step; // what loopStep reads from the write: kind and factor
    Step.VarName = Var->getName().str();
    if (!loopStep(Write, Var, Step) || Step.Step == Loop::StepKind::Add ||
        Step.StepExpr)
      continue;
    std::optional<AbsValue> Before = valueBeforeLoop(Var);
    if (!Before || Before->K != AbsValue::Kind::Int)
      continue;
    std::optional<int64_t> Start = Before->Int.asConst();
    if (!Start)
      continue;
    setLoopVarType(Var, Step);
    Out[Var] = {*Start, Step.Step == Loop::StepKind::Divide, Step.StepValue,
                Step.VarBits, Step.VarSigned, Step.VarName};
  }
  return Out;
}

std::vector<KernelWalker::DerivedInduction>
KernelWalker::derivedInductions(const Stmt *Body, const clang::Expr *Inc,
                                const clang::Expr *Cond,
                                const ValueDecl *LoopVar) {
  std::vector<DerivedInduction> Out;
  LoopWrites W(Scans, Body, Inc, Cond);
  for (const auto &[Var, Write] :
       writtenOncePerIteration(Scans, W, Body, Inc, LoopVar)) {
    std::optional<Increment> Step = incrementOf(Write, Var);
    if (!Step)
      continue;
    std::optional<AbsValue> Before = valueBeforeLoop(Var);
    if (!Before)
      continue; // declared inside the loop, or not a local
    const AbsValue &Start = *Before;
    bool IsPointer = Start.K == AbsValue::Kind::Pointer && Start.Offset;
    if (Start.K != AbsValue::Kind::Int && !IsPointer)
      continue;

    Expr Amount(1);
    if (Step->Amount) {
      ReadsAny R(W);
      R.TraverseStmt(const_cast<clang::Expr *>(Step->Amount));
      if (R.Found ||
          Step->Amount->HasSideEffects(Ctx, /*IncludePossibleEffects=*/true))
        continue;
      // Evaluated without leaving a trace: the step is walked again in its
      // place (in the body, or after it for a for loop's increment).
      Trial Saved = saveTrial();
      AbsValue V = eval(Step->Amount);
      restoreTrial(Saved);
      if (V.K != AbsValue::Kind::Int)
        continue;
      Amount = V.Int;
    }
    if (IsPointer) {
      QualType Pointee = Var->getType()->getPointeeType();
      if (Pointee.isNull() || Pointee->isIncompleteType())
        continue;
      Amount = Amount * Expr(Ctx.getTypeSizeInChars(Pointee).getQuantity());
    }
    if (Step->Sign < 0)
      Amount = Expr(-1) * Amount;
    Out.push_back({Var, Start, Amount});
  }
  return Out;
}

void KernelWalker::bindDerivedInductions(std::vector<DerivedInduction> &Derived,
                                         const Loop &L) {
  Expr I = Expr::symbol(SymbolKind::LoopVar, L.Id);
  std::vector<DerivedInduction> Bound;
  for (const DerivedInduction &D : Derived) {
    // Iteration k = (I - Init) / StepValue is exact: I - Init is a multiple
    // of the step in every iteration. Written as (I - Init) * (Step /
    // StepValue) when the amount divides, so the model stays affine.
    Expr Advance =
        Expr::binary(ExprKind::Div, I - L.Init, Expr(L.StepValue)) * D.Step;
    if (L.StepExpr) {
      // A block-uniform step (`i += step, p += step`): only an amount that
      // is a constant multiple of it keeps the model free of division.
      std::optional<int64_t> PerUnit = constantMultiple(D.Step, *L.StepExpr);
      if (!PerUnit)
        continue; // a local the loop carries (LoopCarried.cpp)
      Advance = (I - L.Init) * Expr(*PerUnit);
    } else if (std::optional<Expr> PerUnit =
                   exactQuotient(D.Step, L.StepValue)) {
      Advance = (I - L.Init) * *PerUnit;
    }
    AbsValue V = D.Start;
    if (V.K == AbsValue::Kind::Int)
      V.Int = V.Int + Advance;
    else {
      V.Offset = *V.Offset + Advance;
      V.Derived = true;
    }
    State.Frames.back().Env[D.Var] = boundDepth(V);
    Bound.push_back(D);
  }
  Derived = std::move(Bound);
}

} // namespace warplint
