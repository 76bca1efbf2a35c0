//===- LoadSinking.cpp - Loads nvcc moves to where their value is used ----===//
//
// `float v = in[i]; if (c) { ...v... }` reads as a load by every lane, but
// nvcc moves a load whose value only one later statement uses down to that
// statement when nothing between them writes memory: into the then branch
// of an if that alone uses it, and past an exit (`if (c) return;`) that
// comes before its first use. The lanes that execute the load are then
// those of the use, which changes the sectors of a global load and the
// lanes of a shared one. Measured on the H100 (docs/hardware-model.md,
// "What to expect when the compiler changes an access";
// test/gpu/divergence_validate.cu: earlyExit and the size*Store
// kernels sink, oddEvenLong and dataHalf, which use the value after the if
// or in its condition, do not).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace warplint {

using namespace clang;

namespace {

/// Whether S mentions the variable V.
class UsesVar : public RecursiveASTVisitor<UsesVar> {
public:
  explicit UsesVar(const ValueDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Found |= E->getDecl() == V;
    return !Found;
  }
  static bool in(const Stmt *S, const ValueDecl *V) {
    if (!S)
      return false;
    UsesVar U(V);
    U.TraverseStmt(const_cast<Stmt *>(S));
    return U.Found;
  }

private:
  const ValueDecl *V;
  bool Found = false;
};

/// Whether S may write memory or order it (a store, an atomic, a call nvcc
/// may not see through, a barrier, inline assembly): a load is not moved
/// past it.
class WritesMemory : public RecursiveASTVisitor<WritesMemory> {
public:
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      memoryTarget(E->getLHS());
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      memoryTarget(E->getSubExpr());
    return !Found;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    bool Header = F && isCudaHeaderFunction(F);
    llvm::StringRef Name =
        F && F->getIdentifier() ? F->getName() : llvm::StringRef();
    // Math functions of the CUDA headers neither write memory nor order
    // it; atomics, barriers and everything else may.
    // (A barrier is a fence: `__syncthreads()`, `cg::sync(block)`,
    // `block.sync()`, waits of asynchronous copies.)
    Found |= !Header || Name.starts_with("atomic") || Name.contains("sync") ||
             Name.contains("fence") || Name.contains("wait") ||
             Name.contains("arrive") || Name.starts_with("__st");
    return !Found;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *) {
    Found = true;
    return false;
  }
  static bool in(const Stmt *S) {
    WritesMemory W;
    W.TraverseStmt(const_cast<Stmt *>(S));
    return W.Found;
  }

private:
  void memoryTarget(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    // A __shared__ or __device__ variable assigned by name is memory too.
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        Found |= V->hasGlobalStorage();
    Found |= isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) ||
             (isa<UnaryOperator>(E) &&
              cast<UnaryOperator>(E)->getOpcode() == UO_Deref);
  }
  bool Found = false;
};

} // namespace

std::optional<KernelWalker::PendingSink>
KernelWalker::sinkCandidate(const Stmt *Child, size_t AccessesBefore) const {
  const auto *DS = dyn_cast<DeclStmt>(Child);
  if (!DS || !DS->isSingleDecl() || AccessesBefore == K.Accesses.size())
    return std::nullopt;
  const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!VD || !VD->getInit() || VD->getType()->isReferenceType() ||
      VD->getType()->isArrayType() || VD->getType()->isRecordType() ||
      VD->getType().isVolatileQualified())
    return std::nullopt;
  for (size_t I = AccessesBefore; I < K.Accesses.size(); ++I)
    if (K.Accesses[I].Op != AccessOp::Load || K.Accesses[I].Volatile)
      return std::nullopt;
  return PendingSink{
      VD, AccessesBefore, K.Accesses.size(), State.Guards.size(), nullptr, {}};
}

void KernelWalker::sinkBefore(const CompoundStmt *S, const Stmt *Child,
                              std::vector<PendingSink> &Pending) {
  for (auto It = Pending.begin(); It != Pending.end();) {
    if (!UsesVar::in(Child, It->Var)) {
      if (WritesMemory::in(Child))
        It = Pending.erase(It); // it stays where it is written
      else
        ++It;
      continue;
    }
    // Into the then branch of an if that alone uses the value.
    const auto *If = dyn_cast<IfStmt>(Child);
    bool LaterUse = false;
    for (auto Next = std::next(llvm::find(S->body(), Child));
         Next != S->body_end() && !LaterUse; ++Next)
      LaterUse = UsesVar::in(*Next, It->Var);
    if (If && !If->getElse() && !If->getInit() && !If->getConditionVariable() &&
        !If->isConstexpr() && !UsesVar::in(If->getCond(), It->Var) &&
        !LaterUse) {
      It->IntoThenOf = If;
      It->Extra = guardsSince(It->GuardDepth);
      ++It;
      continue;
    }
    // Otherwise down to this statement: past the exits before it.
    moveLoads(*It, guardsSince(It->GuardDepth), Child->getBeginLoc(),
              "past the exit before its use");
    It = Pending.erase(It);
  }
}

void KernelWalker::sinkAfter(const Stmt *Child,
                             std::vector<PendingSink> &Pending) {
  for (auto It = Pending.begin(); It != Pending.end();) {
    if (It->IntoThenOf != Child) {
      ++It;
      continue;
    }
    // The condition of the then branch, as recorded for its region.
    SourceLoc Then = range(It->IntoThenOf->getThen()->getSourceRange()).Begin;
    for (auto B = K.Branches.rbegin(); B != K.Branches.rend(); ++B)
      if (B->K == Branch::Kind::If && B->Range.Begin == Then &&
          B->CallChain.size() + 1 == State.Frames.size()) {
        std::vector<Predicate> Extra = It->Extra;
        Extra.push_back(B->Own);
        moveLoads(*It, Extra, It->IntoThenOf->getThen()->getBeginLoc(),
                  "into the branch of 'if (" + B->Condition + ")'");
        break;
      }
    It = Pending.erase(It);
  }
}

std::vector<Predicate> KernelWalker::guardsSince(size_t Depth) const {
  if (Depth >= State.Guards.size())
    return {};
  return std::vector<Predicate>(State.Guards.begin() + Depth,
                                State.Guards.end());
}

void KernelWalker::moveLoads(const PendingSink &P,
                             const std::vector<Predicate> &Extra,
                             SourceLocation To, const std::string &Where) {
  if (Extra.empty())
    return;
  std::string Note = "nvcc moves this load " + Where + " at line " +
                     std::to_string(loc(To).Line) + ", the only place '" +
                     P.Var->getName().str() +
                     "' is used: only the lanes that get there load it";
  // The conditions met between the load and its use come on top of the
  // load's own guard (which may hold more than the guard stack did: the
  // condition of a ?: that selects it).
  for (size_t I = P.First; I < P.End && I < K.Accesses.size(); ++I) {
    std::vector<Predicate> All{K.Accesses[I].Guard};
    All.insert(All.end(), Extra.begin(), Extra.end());
    K.Accesses[I].Guard = Predicate::conj(All);
    K.Accesses[I].MovedNote = Note;
  }
}

} // namespace warplint
