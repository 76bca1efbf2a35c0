//===- Barriers.cpp - Barrier calls and the conditions around them --------===//
//
// Barriers are recorded like accesses: at the point the walker reaches the
// call, with the same guard stack, loop stack and call chain, so that the
// uniformity analysis sees exactly the conditions under which a thread
// arrives. Each guard conjunct is paired with the if-condition it came from
// (kept in IfConditions as the walker passes them), which gives the
// diagnostic a source range to point at.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace warplint {

using namespace clang;

namespace {

/// The class name of E's type, looking through references and pointers.
llvm::StringRef className(const clang::Expr *E) {
  if (!E)
    return {};
  QualType T = E->getType().getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    if (RD->getIdentifier())
      return RD->getName();
  return {};
}

bool inCooperativeGroups(const FunctionDecl *F) {
  return inCooperativeGroupsNamespace(F->getDeclContext());
}

/// Whether P is Q, or mentions Q (or its negation) somewhere inside.
bool mentions(const Predicate &P, const Predicate &Q, const Predicate &NotQ) {
  if (P == Q || P == NotQ)
    return true;
  for (const Predicate &Op : P.operands())
    if (mentions(Op, Q, NotQ))
      return true;
  return false;
}

} // namespace

void KernelWalker::noteCondition(const Predicate &P, const IfStmt *S) {
  if (P.kind() == PredKind::True || P.kind() == PredKind::False)
    return;
  State.IfConditions.emplace_back(P, S);
}

BarrierCondition KernelWalker::describeGuard(const Predicate &G,
                                             const CallExpr *At) const {
  BarrierCondition Out;
  Out.Cond = G;
  const SourceManager &SM = Ctx.getSourceManager();
  // The latest matching if wins: inner conditions shadow outer ones with
  // the same predicate.
  for (auto It = State.IfConditions.rbegin(); It != State.IfConditions.rend();
       ++It) {
    const auto &[P, If] = *It;
    if (!mentions(G, P, Predicate::negate(P)))
      continue;
    const clang::Expr *Cond = If->getCond();
    Out.Text = sourceText(Ctx, Cond->getSourceRange());
    Out.Range = range(Cond->getSourceRange());
    // Not inside the if statement: the condition reaches the barrier through
    // a return/break/continue in one of its branches.
    SourceLocation L = SM.getExpansionLoc(At->getBeginLoc());
    SourceLocation B = SM.getExpansionLoc(If->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(If->getEndLoc());
    bool Inside = SM.getFileID(L) == SM.getFileID(B) &&
                  !SM.isBeforeInTranslationUnit(L, B) &&
                  !SM.isBeforeInTranslationUnit(E, L);
    Out.EarlyExit = !Inside;
    return Out;
  }
  Out.Text = G.str([&](Symbol S) { return K.symbolName(S); });
  return Out;
}

std::optional<AbsValue> KernelWalker::evalBarrier(const CallExpr *C,
                                                  const FunctionDecl *F) {
  std::string Name = F->getIdentifier() ? F->getName().str() : std::string();
  Barrier B;
  AbsValue Result = AbsValue::integer(0);
  if (Name == "__syncthreads" || Name == "__barrier_sync") {
    B.K = Barrier::Kind::SyncThreads;
  } else if (Name == "__syncthreads_count" || Name == "__syncthreads_and" ||
             Name == "__syncthreads_or") {
    B.K = Barrier::Kind::SyncReduction;
    // A block-wide reduction: every thread gets the same value.
    Result = AbsValue::unknown("the result of '" + text(C) + "'",
                               /*ThreadDep=*/false);
  } else if (Name == "__syncwarp") {
    B.K = Barrier::Kind::SyncWarp;
  } else if (Name == "sync" && inCooperativeGroups(F)) {
    // thread_block::sync() or cooperative_groups::sync(block); the other
    // groups (tiles, coalesced groups, grids) are not block barriers.
    const clang::Expr *Group = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      Group = MC->getImplicitObjectArgument();
    else if (C->getNumArgs() == 1)
      Group = C->getArg(0);
    if (className(Group) != "thread_block")
      return std::nullopt;
    B.K = Barrier::Kind::BlockSync;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      eval(MC->getImplicitObjectArgument());
  } else {
    return std::nullopt;
  }
  for (const clang::Expr *A : C->arguments()) {
    AbsValue V = eval(A);
    if (B.K == Barrier::Kind::SyncWarp && !B.WarpMask) {
      AbsValue M = toInt(V, A);
      if (M.K == AbsValue::Kind::Int)
        B.WarpMask = M.Int;
    }
  }
  if (B.K == Barrier::Kind::SyncWarp && C->getNumArgs() == 0)
    B.WarpMask = Expr(int64_t(0xffffffff));

  B.Spelling = text(C);
  B.Range = range(C->getSourceRange());
  B.Function = functionName(State.Frames.back().Fn);
  for (size_t I = 1; I < State.Frames.size(); ++I)
    B.CallChain.push_back(
        {functionName(State.Frames[I].Fn), loc(State.Frames[I].CallLoc)});
  B.Guard = currentGuard();
  for (const Predicate &G : State.Guards)
    if (!G.isTrue())
      B.Conditions.push_back(describeGuard(G, C));
  B.Loops = State.LoopStack;

  // A trial walk's barriers are undone with the rest of its outputs
  // (restoreTrial), so each one walked for real is recorded once.
  B.Id = K.Barriers.size();
  K.Barriers.push_back(std::move(B));
  return Result;
}

} // namespace warplint
