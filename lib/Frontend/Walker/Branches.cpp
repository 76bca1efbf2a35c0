//===- Branches.cpp - Regions that only some lanes run --------------------===//
//
// The warp-divergence analysis needs, for each region a branch
// decides, the lanes that run it and those that reach the decision. Both are
// guards the walker already holds when it enters the region: the region is
// recorded there, with the same guard stack, loop stack and call chain as
// an access, plus what decides whether nvcc if-converts it (its size, and
// whether it holds memory accesses, loops, calls or barriers).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

#include <set>

namespace warplint {

using namespace clang;

namespace {

const clang::Expr *bare(const clang::Expr *E) {
  return E ? E->IgnoreParenImpCasts() : nullptr;
}

bool isFloatMultiply(const clang::Expr *E) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(bare(E));
  return B && B->getOpcode() == BO_Mul && B->getType()->isRealFloatingType();
}

/// Sizes a region in operations (Branch::Work) and notes what it holds.
class RegionMeasure : public RecursiveASTVisitor<RegionMeasure> {
public:
  explicit RegionMeasure(Branch &B) : B(B) {}

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->getOpcode() == BO_Assign || E->getOpcode() == BO_Comma) {
      if (E->getOpcode() == BO_Assign)
        noteAssigned(E->getLHS());
      return true;
    }
    ++B.Work;
    if (E->isCompoundAssignmentOp())
      noteAssigned(E->getLHS());
    // a * b + c is one FFMA (nvcc contracts floating-point multiply-adds).
    if ((E->getOpcode() == BO_Add || E->getOpcode() == BO_Sub ||
         E->getOpcode() == BO_AddAssign || E->getOpcode() == BO_SubAssign) &&
        E->getType()->isRealFloatingType() &&
        (isFloatMultiply(E->getLHS()) || isFloatMultiply(E->getRHS())) &&
        B.Work > 0)
      --B.Work;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    switch (E->getOpcode()) {
    case UO_Deref:
      ++B.Work;
      B.HasMemory = true;
      break;
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      noteAssigned(E->getSubExpr());
      [[fallthrough]];
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      ++B.Work;
      break;
    default:
      break;
    }
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
    ++B.Work;
    B.HasMemory = true;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (E->isArrow()) {
      ++B.Work;
      B.HasMemory = true;
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // A call is inlined or not; either way it is several instructions.
    B.Work += 4;
    const FunctionDecl *F = C->getDirectCallee();
    llvm::StringRef Name =
        F && F->getIdentifier() ? F->getName() : llvm::StringRef();
    if (Name.starts_with("__sync") || Name == "sync" ||
        Name == "__barrier_sync")
      B.HasBarrier = true;
    else if (Name.starts_with("atomic"))
      B.HasMemory = true;
    else if (!F || !isCudaHeaderFunction(F))
      B.HasCall = true;
    return true;
  }
  bool VisitForStmt(ForStmt *) { return loop(); }
  bool VisitWhileStmt(WhileStmt *) { return loop(); }
  bool VisitDoStmt(DoStmt *) { return loop(); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *) { return loop(); }
  bool VisitReturnStmt(ReturnStmt *) { return exit(); }
  bool VisitBreakStmt(BreakStmt *) { return exit(); }
  bool VisitContinueStmt(ContinueStmt *) { return exit(); }
  bool VisitGotoStmt(GotoStmt *) { return exit(); }

  void finish() { B.Assigned = unsigned(Vars.size()); }

private:
  bool loop() {
    B.HasLoop = true;
    return true;
  }
  bool exit() {
    B.HasExit = true;
    return true;
  }
  void noteAssigned(const clang::Expr *LHS) {
    if (const auto *D = dyn_cast_or_null<DeclRefExpr>(bare(LHS)))
      Vars.insert(D->getDecl());
  }

  Branch &B;
  std::set<const Decl *> Vars;
};

/// The text of line Line of the file (1-based), or "" past its end.
llvm::StringRef lineText(llvm::StringRef Buf, unsigned Line) {
  size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Start = Buf.find('\n', Start);
    if (Start == llvm::StringRef::npos)
      return {};
    ++Start;
  }
  return Buf.slice(Start, Buf.find('\n', Start));
}

} // namespace

Branch &KernelWalker::recordBranch(Branch::Kind Kind,
                                   llvm::ArrayRef<const Stmt *> Region,
                                   const clang::Expr *Cond,
                                   const Predicate &Own, const Predicate &Reach,
                                   const std::vector<unsigned> &ReachLoops) {
  Branch B;
  B.K = Kind;
  B.Range = range({Region.front()->getBeginLoc(), Region.back()->getEndLoc()});
  if (Cond) {
    B.CondRange = range(Cond->getSourceRange());
    B.Condition = text(Cond);
  }
  B.Function = functionName(State.Frames.back().Fn);
  for (size_t I = 1; I < State.Frames.size(); ++I)
    B.CallChain.push_back(
        {functionName(State.Frames[I].Fn), loc(State.Frames[I].CallLoc)});
  B.Guard = currentGuard();
  B.Reach = Reach;
  B.Own = Own;
  B.Loops = State.LoopStack;
  B.ReachLoops = ReachLoops;
  // A region's measure depends on its statements only: a function inlined
  // at many call sites is measured once.
  auto MeasureKey = std::make_pair(Region.front(), Region.back());
  auto Measured = Regions.Measures.find(MeasureKey);
  if (Measured == Regions.Measures.end()) {
    Branch Probe;
    RegionMeasure M(Probe);
    for (const Stmt *S : Region)
      M.TraverseStmt(const_cast<Stmt *>(S));
    M.finish();
    Measured = Regions.Measures.emplace(MeasureKey, Probe).first;
  }
  const Branch &Size = Measured->second;
  B.Work = Size.Work;
  B.Assigned = Size.Assigned;
  B.HasMemory = Size.HasMemory;
  B.HasLoop = Size.HasLoop;
  B.HasCall = Size.HasCall;
  B.HasBarrier = Size.HasBarrier;
  B.HasExit = Size.HasExit;

  // `// warplint: p=0.01` on the condition's line or the comment lines
  // right before it.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Cond ? Cond->getBeginLoc()
                                              : Region.front()->getBeginLoc());
  if (At.isValid()) {
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(At), &Invalid);
    unsigned Line = SM.getExpansionLineNumber(At);
    llvm::Regex Re("warplint:[ \t]*p[ \t]*=[ \t]*([^ \t]*)");
    for (unsigned L = Line; !Invalid && L >= 1; --L) {
      llvm::StringRef Text = lineText(Buf, L);
      if (L != Line && !Text.trim().starts_with("//"))
        break;
      llvm::SmallVector<llvm::StringRef, 2> M;
      size_t Slash = Text.find("//");
      if (Slash == llvm::StringRef::npos ||
          !Re.match(Text.drop_front(Slash), &M))
        continue;
      double P = -1;
      if (M[1].getAsDouble(P) || P < 0 || P > 1) {
        K.Warnings.push_back(
            {loc(SM.translateLineCol(SM.getFileID(At), L, unsigned(Slash + 1))),
             "'warplint: p=" + M[1].str() +
                 "' is not a probability; expected a number from 0 to 1"});
        break;
      }
      B.Probability = P;
      break;
    }
  }

  // Each region is recorded once per walk that counts: trial walks are
  // undone with everything else they recorded (restoreTrial).
  if (K.Branches.size() >= Opts.MaxBranchesPerKernel) {
    if (!State.BranchCapReached)
      remark(Region.front()->getBeginLoc(),
             "more than " + std::to_string(Opts.MaxBranchesPerKernel) +
                 " branch regions in this kernel; the rest are not analyzed "
                 "for divergence");
    State.BranchCapReached = true;
    Regions.Discarded = std::move(B);
    return Regions.Discarded;
  }
  B.Id = unsigned(K.Branches.size());
  K.Branches.push_back(std::move(B));
  return K.Branches.back();
}

} // namespace warplint
