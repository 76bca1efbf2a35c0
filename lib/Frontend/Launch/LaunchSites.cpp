//===- LaunchSites.cpp - The launches of a file: shapes and arguments -----===//

#include "Frontend/Launch/LaunchSites.h"
#include "Frontend/Launch/KernelPointers.h"
#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"
#include "Model/LaunchShape.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

#include <deque>
#include <functional>
#include <set>

namespace warplint {

using namespace clang;

namespace {

/// Whether a function body may change a local variable after its
/// initialization (assignment to it or to one of its members, ++/--, address
/// taken, non-const reference argument). Launch shapes follow a local's
/// initializer only when it cannot have changed.
class ModifiedLocal : public RecursiveASTVisitor<ModifiedLocal> {
public:
  explicit ModifiedLocal(const VarDecl *V, unsigned Depth = 0)
      : V(V), Depth(Depth) {}
  bool Found = false;

  /// A reference or pointer that may write it (`int &r = n;`, `int *p =
  /// sizes;`); the hidden range of a range-for is judged by its loop
  /// variable instead.
  bool VisitVarDecl(VarDecl *D) {
    if (D->isImplicit() || !D->getInit())
      return true;
    QualType T = D->getType();
    bool Writes =
        (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
        (T->isPointerType() && !T->getPointeeType().isConstQualified());
    Found |= Writes && refersToVar(D->getInit());
    return !Found;
  }
  /// `for (int &s : sizes) s *= 2;`
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) {
    const VarDecl *Loop = S->getLoopVariable();
    QualType T = Loop ? Loop->getType() : QualType();
    Found |= !T.isNull() && T->isReferenceType() &&
             !T.getNonReferenceType().isConstQualified() &&
             refersToVar(S->getRangeInit());
    return !Found;
  }

  bool refersToVar(const clang::Expr *E) const {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *M = dyn_cast<MemberExpr>(E))
        E = M->getBase()->IgnoreParenImpCasts();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
        E = A->getBase()->IgnoreParenImpCasts();
      else if (const clang::Expr *Arg = forwarded(E))
        E = Arg->IgnoreParenImpCasts();
      else
        break;
    }
    const auto *D = dyn_cast<DeclRefExpr>(E);
    return D && D->getDecl() == V;
  }
  /// A lambda's body is not in its function's control flow: an assignment
  /// there is no plain one for reachingDefinitions.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    ++InLambda;
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    --InLambda;
    return R;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    bool Plain = B->getOpcode() == BO_Assign && InLambda == 0 &&
                 isa<DeclRefExpr>(B->getLHS()->IgnoreParens());
    Found |= B->isAssignmentOp() && refersToVar(B->getLHS()) &&
             !(AllowPlainAssignments && Plain) && !before(B);
    return !Found;
  }
  /// Plain assignments `V = expr` are not counted (reachingValues follows
  /// them through the control flow).
  bool AllowPlainAssignments = false;
  /// With SM: assignments and increments that end before After, outside a
  /// lambda, are not counted (a call taking it by reference, a reference
  /// or the address taken still is: it may write later).
  const SourceManager *SM = nullptr;
  SourceLocation After;
  bool before(const Stmt *S) const {
    return SM && After.isValid() && InLambda == 0 &&
           SM->isBeforeInTranslationUnit(S->getEndLoc(), After);
  }
  unsigned InLambda = 0;
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    Found |= C->isAssignmentOp() && C->getNumArgs() > 0 &&
             refersToVar(C->getArg(0)) && !before(C);
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    Found |= ((U->isIncrementDecrementOp() && !before(U)) ||
              U->getOpcode() == UO_AddrOf) &&
             refersToVar(U->getSubExpr());
    return !Found;
  }
  /// A call that takes it by a reference (or an array by a pointer) that
  /// may write. A callee whose body the file has is asked in turn whether
  /// it writes its parameter: a timing harness's forwarding references
  /// (`template <class... A> void bench(F f, A &&...a)`) only pass the
  /// value on. std::forward and std::move write nothing themselves: their
  /// result is judged where it goes.
  bool VisitCallExpr(CallExpr *C) {
    if (isa<CUDAKernelCallExpr>(C) || forwarded(C))
      return true;
    const FunctionDecl *F = C->getDirectCallee();
    const FunctionProtoType *Proto = nullptr;
    if (!F)
      if (QualType T = C->getCallee()->getType(); !T.isNull()) {
        if (const auto *P = T->getAs<PointerType>())
          T = P->getPointeeType();
        Proto = T->getAs<FunctionProtoType>();
      }
    unsigned N = F ? F->getNumParams() : Proto ? Proto->getNumParams() : 0;
    // A member operator's object is its call's first argument, no
    // parameter (an assignment to it is VisitCXXOperatorCallExpr's).
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
    unsigned First = isa<CXXOperatorCallExpr>(C) && M && !M->isStatic();
    for (unsigned I = 0; I + First < C->getNumArgs() && I < N; ++I) {
      QualType T = F ? F->getParamDecl(I)->getType() : Proto->getParamType(I);
      // A reference, or a pointer an array decays to, that may write.
      bool Writes = (T->isReferenceType() &&
                     !T.getNonReferenceType().isConstQualified()) ||
                    (T->isPointerType() &&
                     !T->getPointeeType().isConstQualified() &&
                     V->getType()->isArrayType());
      if (!Writes || !refersToVar(C->getArg(I + First)))
        continue;
      if (F && T->isReferenceType() && F->getBody() && Depth < MaxDepth) {
        ModifiedLocal Inner(F->getParamDecl(I), Depth + 1);
        Inner.TraverseStmt(F->getBody());
        if (!Inner.Found)
          continue;
      }
      Found = true;
    }
    return !Found;
  }

private:
  /// The argument of a call to std::forward or std::move.
  static const clang::Expr *forwarded(const clang::Expr *E) {
    const auto *C = dyn_cast<CallExpr>(E);
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    if (!F || C->getNumArgs() != 1 || !F->isInStdNamespace() ||
        !F->getIdentifier() ||
        (F->getName() != "forward" && F->getName() != "move"))
      return nullptr;
    return C->getArg(0);
  }

  /// How many callees deep a parameter passed by reference is followed.
  static constexpr unsigned MaxDepth = 3;
  const VarDecl *V;
  unsigned Depth;
};

/// The definitions of a local integer variable that reach Use, a
/// reference to it in Fn, through Fn's control flow (clang's CFG): for
/// `int b; if (n >= 4096) b = 512; else b = 128; k<<<g, b>>>(...)` the two
/// right-hand sides. Empty when the variable is written other than by plain
/// assignments (++, +=, its address or a reference taken), when some path
/// reaches Use with it unset, or when Use is not found in the graph.
std::vector<const clang::Expr *> reachingDefinitions(ASTContext &Ctx,
                                                     const FunctionDecl *Fn,
                                                     const VarDecl *V,
                                                     const clang::Expr *Use) {
  // A static local keeps what a later call assigns; a template's
  // uninstantiated body has no control flow clang builds.
  if (!Fn || !Fn->getBody() || Fn->isDependentContext() ||
      !V->isLocalVarDecl() || !V->hasLocalStorage() || isa<ParmVarDecl>(V))
    return {};
  ModifiedLocal M(V);
  M.AllowPlainAssignments = true;
  M.TraverseStmt(Fn->getBody());
  if (M.Found)
    return {};
  // Every expression its own element, so that Use is found in the graph.
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  std::unique_ptr<CFG> G = CFG::buildCFG(Fn, Fn->getBody(), &Ctx, Options);
  if (!G)
    return {};
  // A definition: the DeclStmt's initializer (nullptr: declared unset) or
  // an assignment's right-hand side, by the element that makes it.
  auto DefOf = [&](const Stmt *S, bool &Is) -> const clang::Expr * {
    Is = false;
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (X == V) {
          Is = true;
          return V->getInit();
        }
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      if (B->getOpcode() == BO_Assign)
        if (const auto *L = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
            L && L->getDecl() == V) {
          Is = true;
          return B->getRHS();
        }
    return nullptr;
  };
  using Defs = std::set<const clang::Expr *>;
  std::map<const CFGBlock *, Defs> Out;
  std::map<const CFGBlock *, std::optional<Defs>> Last; // a block's own
  for (const CFGBlock *B : *G)
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>()) {
        bool Is;
        const clang::Expr *D = DefOf(S->getStmt(), Is);
        if (Is)
          Last[B] = Defs{D};
      }
  auto In = [&](const CFGBlock *B) {
    Defs R;
    for (const CFGBlock::AdjacentBlock &P : B->preds())
      if (const CFGBlock *PB = P.getReachableBlock())
        R.insert(Out[PB].begin(), Out[PB].end());
    return R;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : *G) {
      auto L = Last.find(B);
      Defs New = L != Last.end() && L->second ? *L->second : In(B);
      if (New != Out[B]) {
        Out[B] = std::move(New);
        Changed = true;
      }
    }
  }
  for (const CFGBlock *B : *G) {
    std::optional<Defs> Here;
    for (const CFGElement &E : *B) {
      auto S = E.getAs<CFGStmt>();
      if (!S)
        continue;
      if (S->getStmt() == Use) {
        Defs R = Here ? *Here : In(B);
        if (R.empty() || R.count(nullptr))
          return {};
        // In source order, so that the values are listed alike every run.
        std::vector<const clang::Expr *> Sorted(R.begin(), R.end());
        const SourceManager &SM = Ctx.getSourceManager();
        llvm::sort(Sorted, [&](const clang::Expr *A, const clang::Expr *B) {
          return SM.isBeforeInTranslationUnit(A->getBeginLoc(),
                                              B->getBeginLoc());
        });
        return Sorted;
      }
      bool Is;
      const clang::Expr *D = DefOf(S->getStmt(), Is);
      if (Is)
        Here = Defs{D};
    }
  }
  return {};
}

/// A variable and the values the statements around a launch give it: the
/// case labels in front of it (`case 1: case 2:` gives two), or a loop over
/// constants (`for (int s = 0; s < 3; ++s)`, `for (int b : sizes)`).
struct CaseValues {
  CaseValues(const VarDecl *V, std::vector<int64_t> Values, bool Fixed)
      : first(V), second(std::move(Values)), Fixed(Fixed) {}
  const VarDecl *first;
  std::vector<int64_t> second;
  /// A loop's variable, which only the loop's own increment changes: known
  /// without asking whether the function modifies it.
  bool Fixed;
};

/// One way host code reaches a function: the call that binds its
/// parameters, in Caller, and how Caller itself was reached (null: from
/// nowhere this file shows, its parameters unknown).
struct CallContext {
  const CallExpr *Call = nullptr;
  const FunctionDecl *Caller = nullptr;
  const CallContext *Up = nullptr;
  /// The values the statements around the call give Caller's variables
  /// (case labels, a loop over constants), one value for each loop whose
  /// variable the call's arguments use: one context per iteration.
  std::vector<CaseValues> Known;
};

/// A visitor of the file's code, template instantiations included, that
/// knows the function it is in.
template <typename Derived>
class InFunctionVisitor : public RecursiveASTVisitor<Derived> {
  using Base = RecursiveASTVisitor<Derived>;

public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Current;
    Current = F;
    bool R = Base::TraverseFunctionDecl(F);
    Current = Saved;
    return R;
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    const FunctionDecl *Saved = Current;
    Current = F;
    bool R = Base::TraverseCXXMethodDecl(F);
    Current = Saved;
    return R;
  }

protected:
  const FunctionDecl *Current = nullptr;
};

/// Constant evaluation of host expressions, following locals that are never
/// modified to their initializers (`int n = 256; k<<<g, n>>>`).
class HostEval {
  /// At most this many values a local's assignments give are followed.
  static constexpr size_t MaxChoices = 8;
  /// The most threads a block can have (every architecture since sm_20).
  static constexpr int64_t MaxBlockThreads = 1024;

public:
  /// Known: values that variables have where the expression is (the case
  /// label of an enclosing `switch (threads)`), used only for variables the
  /// function never modifies.
  /// Via: how Fn was reached, which binds its parameters.
  HostEval(ASTContext &Ctx, const FunctionDecl *Fn,
           const std::vector<CaseValues> *Known = nullptr,
           const CallContext *Via = nullptr)
      : Ctx(Ctx), Fn(Fn), Known(Known), Via(Via) {}

  /// Whether some value was taken from a call that bound a parameter.
  bool usedCall() const { return UsedCall; }
  /// Whether some value was taken from a loop over constants.
  bool usedLoop() const { return UsedLoop; }

  std::optional<int64_t> integer(const clang::Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 16 || E->isValueDependent())
      return std::nullopt;
    if (auto It = Assumed.find(E->IgnoreParenImpCasts()); It != Assumed.end())
      return It->second;
    clang::Expr::EvalResult R;
    if (E->isPRValue() && E->getType()->isIntegralOrEnumerationType() &&
        E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue();
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return integer(C->getSubExpr(), Depth + 1);
    if (const auto *L = dyn_cast<InitListExpr>(E)) // `int n{N};`
      return L->getNumInits() == 1 && L->getType()->isScalarType()
                 ? integer(L->getInit(0), Depth + 1)
                 : std::nullopt;
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl()))
        if (auto It = Bound.find(P); It != Bound.end())
          return It->second;
      if (const VarDecl *V = unchangedLocal(D))
        if (V->getType()->isIntegralOrEnumerationType())
          if (auto Init = integer(V->getInit(), Depth + 1))
            return Init;
      if (auto Case = caseValue(D))
        return Case;
      if (auto Values = reachingValues(D, Depth); Values && Values->size() == 1)
        return Values->front();
      if (auto Arg = boundArgument(D)) {
        HostEval Outer(Ctx, Via->Caller, &Via->Known, Via->Up);
        auto V = Outer.integer(*Arg, Depth + 1);
        UsedCall |= V.has_value();
        return V;
      }
      // Last: what the host code fixes itself wins over what the user says.
      if (auto G = given(D))
        return G;
    }
    // A device's warp size as cudaGetDeviceProperties reports it: 32 on
    // every GPU CUDA runs on (the programming guide's warpSize), so a sweep
    // `for (int b = props.warpSize; b <= 1024; b *= 2)` has its values.
    if (const auto *M = dyn_cast<MemberExpr>(E))
      if (const auto *R =
              (M->isArrow() ? M->getBase()->getType()->getPointeeType()
                            : M->getBase()->getType())
                  ->getAsRecordDecl())
        if (R->getName() == "cudaDeviceProp" &&
            M->getMemberDecl()->getName() == "warpSize")
          return int64_t(32);
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      if (const InitListExpr *Init = constantTable(A->getBase()))
        if (auto I = integer(A->getIdx(), Depth + 1);
            I && *I >= 0 && *I < int64_t(Init->getNumInits()))
          return integer(Init->getInit(*I), Depth + 1);
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      std::optional<HostEval> In = helper(C, Depth);
      return In ? In->integer(In->Returned, Depth + 1) : std::nullopt;
    }
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      auto Cond = integer(C->getCond(), Depth + 1);
      if (!Cond)
        return std::nullopt;
      return integer(*Cond ? C->getTrueExpr() : C->getFalseExpr(), Depth + 1);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      auto V = integer(U->getSubExpr(), Depth + 1);
      int64_t Out;
      if (V && U->getOpcode() == UO_Minus)
        return __builtin_sub_overflow(0, *V, &Out) ? std::nullopt
                                                   : std::optional(Out);
      if (V && U->getOpcode() == UO_LNot)
        return int64_t(*V == 0);
      return std::nullopt;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      auto L = integer(B->getLHS(), Depth + 1);
      auto Rv = integer(B->getRHS(), Depth + 1);
      if (!L || !Rv)
        return std::nullopt;
      // C's operations on int64 (Model/Expr.h's applyBinary), no value on
      // overflow, division by zero or a shift out of range.
      auto Apply = [&](ExprKind K, int64_t A, int64_t B) {
        int64_t Out;
        return applyBinary(K, A, B, Out) ? std::optional(Out) : std::nullopt;
      };
      switch (B->getOpcode()) {
      case BO_LT:
        return int64_t(*L < *Rv);
      case BO_GT:
        return int64_t(*L > *Rv);
      case BO_LE:
        return int64_t(*L <= *Rv);
      case BO_GE:
        return int64_t(*L >= *Rv);
      case BO_EQ:
        return int64_t(*L == *Rv);
      case BO_NE:
        return int64_t(*L != *Rv);
      case BO_LAnd:
        return int64_t(*L && *Rv);
      case BO_LOr:
        return int64_t(*L || *Rv);
      case BO_Add:
        return Apply(ExprKind::Add, *L, *Rv);
      case BO_Sub: {
        int64_t Out;
        return __builtin_sub_overflow(*L, *Rv, &Out) ? std::nullopt
                                                     : std::optional(Out);
      }
      case BO_Mul:
        return Apply(ExprKind::Mul, *L, *Rv);
      case BO_Div:
        return Apply(ExprKind::Div, *L, *Rv);
      case BO_Rem:
        return Apply(ExprKind::Rem, *L, *Rv);
      case BO_Shl:
        return Apply(ExprKind::Shl, *L, *Rv);
      case BO_Shr:
        return Apply(ExprKind::Shr, *L, *Rv);
      default:
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// A dim3 (or integer converted to dim3) expression.
  std::optional<std::array<int64_t, 3>> dim3(const clang::Expr *E) {
    auto P = dims(E);
    if (!P || !(*P)[0] || !(*P)[1] || !(*P)[2])
      return std::nullopt;
    return std::array<int64_t, 3>{*(*P)[0], *(*P)[1], *(*P)[2]};
  }

  /// The extents of a dim3 expression one by one, those that are constant
  /// (`dim3(32, rows)` gives 32 and nothing); nullopt when the expression
  /// is not one warplint follows.
  using PartialDims = std::array<std::optional<int64_t>, 3>;
  std::optional<PartialDims> dims(const clang::Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 16)
      return std::nullopt;
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *C = dyn_cast<CXXFunctionalCastExpr>(E))
      return dims(C->getSubExpr(), Depth + 1);
    if (const auto *C = dyn_cast<CastExpr>(E))
      return dims(C->getSubExpr(), Depth + 1);
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      return dims(M->getSubExpr(), Depth + 1);
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      const CXXConstructorDecl *Ctor = C->getConstructor();
      if (Ctor && Ctor->isCopyOrMoveConstructor() && C->getNumArgs() >= 1)
        return dims(C->getArg(0), Depth + 1);
      PartialDims Out = {1, 1, 1};
      for (unsigned I = 0; I < C->getNumArgs() && I < 3; ++I)
        Out[I] = integer(C->getArg(I), Depth + 1);
      return Out;
    }
    if (const auto *C = dyn_cast<CallExpr>(E);
        C && !E->getType()->isIntegralOrEnumerationType()) {
      std::optional<HostEval> In = helper(C, Depth);
      return In ? In->dims(In->Returned, Depth + 1) : std::nullopt;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      if (const VarDecl *V = unchangedLocal(D))
        return dims(V->getInit(), Depth + 1);
      if (!E->getType()->isIntegralOrEnumerationType())
        if (auto Arg = boundArgument(D)) {
          HostEval Outer(Ctx, Via->Caller, &Via->Known, Via->Up);
          auto P = Outer.dims(*Arg, Depth + 1);
          UsedCall |= P && ((*P)[0] || (*P)[1] || (*P)[2]);
          return P;
        }
    }
    if (E->getType()->isIntegralOrEnumerationType())
      return PartialDims{integer(E, Depth + 1), 1, 1};
    return std::nullopt;
  }

  /// A local of E (or of the initializers of the unchanged locals E names:
  /// `dim3 block(block_size)`) that different paths to E set to different
  /// constants, and those values in the order of their assignments: the
  /// launch is analyzed once per value.
  std::optional<std::pair<const VarDecl *, std::vector<int64_t>>>
  pathChoice(const clang::Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 8)
      return std::nullopt;
    if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
      if (const VarDecl *V = unchangedLocal(D))
        return pathChoice(V->getInit(), Depth + 1);
      // A value no launch can run with (a sentinel such as 0 or -1 that
      // a switch's cases overwrite) is not a block size: the paths that
      // keep it do not launch.
      auto Values = reachingValues(D, Depth);
      if (!Values || Values->size() < 2)
        return std::nullopt;
      std::vector<int64_t> Sizes;
      for (int64_t X : *Values)
        if (X >= 1 && X <= MaxBlockThreads)
          Sizes.push_back(X);
      if (Sizes.empty())
        return std::nullopt;
      return std::make_pair(cast<VarDecl>(D->getDecl()), Sizes);
    }
    for (const Stmt *Child : E->children())
      if (const auto *C = dyn_cast_or_null<clang::Expr>(Child))
        if (auto R = pathChoice(C, Depth))
          return R;
    return std::nullopt;
  }

  /// A size capped by a constant, `std::min(n, 1024)` or `n < 256 ? n :
  /// 256`, with n not a constant here (in E, or in the initializers of the
  /// unchanged locals E names: `dim3 block(std::min(n, 256))`): the
  /// capping expression, the cap, and the capped expression.
  struct Cap {
    const clang::Expr *Whole;
    int64_t Value;
    const clang::Expr *Capped;
  };
  std::optional<Cap> capped(const clang::Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 8)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    auto Try = [&](const clang::Expr *A,
                   const clang::Expr *B) -> std::optional<Cap> {
      // std::min takes references: a literal comes materialized.
      A = A->IgnoreImplicit();
      B = B->IgnoreImplicit();
      auto CA = integer(A, Depth + 1), CB = integer(B, Depth + 1);
      if (CA.has_value() == CB.has_value())
        return std::nullopt;
      return Cap{E, CA ? *CA : *CB, CA ? B : A};
    };
    if (const auto *C = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *F = C->getDirectCallee();
          F && F->getIdentifier() && F->getName() == "min" &&
          C->getNumArgs() == 2 && E->getType()->isIntegralOrEnumerationType())
        return Try(C->getArg(0), C->getArg(1));
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      if (const auto *B =
              dyn_cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts())) {
        // a < b ? a : b (also <=), and a > b ? b : a (also >=): the least.
        auto Same = [&](const clang::Expr *X, const clang::Expr *Y) {
          const auto *DX = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
          const auto *DY = dyn_cast<DeclRefExpr>(Y->IgnoreParenImpCasts());
          if (DX && DY)
            return DX->getDecl() == DY->getDecl();
          auto VX = integer(X, Depth + 1), VY = integer(Y, Depth + 1);
          return VX && VY && *VX == *VY;
        };
        const clang::Expr *L = B->getLHS(), *R = B->getRHS();
        const clang::Expr *T = C->getTrueExpr(), *Fa = C->getFalseExpr();
        bool Least = ((B->getOpcode() == BO_LT || B->getOpcode() == BO_LE) &&
                      Same(L, T) && Same(R, Fa)) ||
                     ((B->getOpcode() == BO_GT || B->getOpcode() == BO_GE) &&
                      Same(L, Fa) && Same(R, T));
        if (Least && !integer(E, Depth + 1))
          return Try(L, R);
      }
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const VarDecl *V = unchangedLocal(D))
        return capped(V->getInit(), Depth + 1);
    for (const Stmt *Child : E->children())
      if (const auto *C = dyn_cast_or_null<clang::Expr>(Child))
        if (auto R = capped(C, Depth + 1))
          return R;
    return std::nullopt;
  }
  /// Values taken for expressions (a capped size at its cap).
  std::map<const clang::Expr *, int64_t> Assumed;

private:
  /// The values of the definitions of D's local that reach D (at most
  /// MaxCaseValues distinct ones), when each is a constant here.
  std::optional<std::vector<int64_t>> reachingValues(const DeclRefExpr *D,
                                                     unsigned Depth) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || !V->getType()->isIntegralOrEnumerationType() || Depth > 8)
      return std::nullopt;
    std::vector<const clang::Expr *> Defs = reachingDefinitions(Ctx, Fn, V, D);
    if (Defs.empty())
      return std::nullopt;
    std::vector<int64_t> Values;
    for (const clang::Expr *Def : Defs) {
      auto X = integer(Def, Depth + 1);
      if (!X)
        return std::nullopt;
      if (!llvm::is_contained(Values, *X))
        Values.push_back(*X);
    }
    if (Values.size() > MaxChoices)
      return std::nullopt;
    return Values;
  }

  /// A call of a helper whose body is one return statement
  /// (`ceil_div(n, block)`, a `dim3 grid_for(int n)`), as an evaluator of
  /// what it returns with its parameters bound to the values of the call's
  /// arguments here (a parameter whose argument has no value stays
  /// unknown). Where those values came from (a launcher's call, a loop) is
  /// this evaluator's: the helper's own call is no launch context.
  std::optional<HostEval> helper(const CallExpr *C, unsigned Depth) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || isa<CXXOperatorCallExpr>(C) || isa<CUDAKernelCallExpr>(C) ||
        (isa<CXXMethodDecl>(F) && !cast<CXXMethodDecl>(F)->isStatic()))
      return std::nullopt;
    const FunctionDecl *Def = F->getDefinition();
    const auto *Body =
        Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
    if (!Body || Body->size() != 1 || C->getNumArgs() != Def->getNumParams())
      return std::nullopt;
    const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
    if (!Ret || !Ret->getRetValue())
      return std::nullopt;
    HostEval In(Ctx, Def);
    In.Returned = Ret->getRetValue();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      QualType T = P->getType().getNonReferenceType();
      if (!T->isIntegralOrEnumerationType())
        continue;
      if (auto V = integer(C->getArg(I), Depth + 1))
        In.Bound[P] = *V;
    }
    return In;
  }

  /// The value of D's variable under the innermost enclosing case label
  /// that fixes it, when the function never modifies the variable.
  std::optional<int64_t> caseValue(const DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || !Known || !Fn || !Fn->getBody())
      return std::nullopt;
    for (auto It = Known->rbegin(); It != Known->rend(); ++It)
      if (It->first == V) {
        if (It->second.size() != 1)
          return std::nullopt;
        if (!It->Fixed) {
          ModifiedLocal M(V);
          M.TraverseStmt(Fn->getBody());
          if (M.Found)
            return std::nullopt;
        }
        UsedLoop |= It->Fixed;
        return It->second.front();
      }
    return std::nullopt;
  }

public:
  /// The initializer of an array the expression names, when the array is
  /// a local Fn never modifies or a const one (`int sizes[] = {64, 256}`).
  const InitListExpr *constantTable(const clang::Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (!D)
      return nullptr;
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || !V->getType()->isConstantArrayType())
      return nullptr;
    const VarDecl *Plain = unchangedLocal(D);
    bool Const = V->getType().isConstQualified() ||
                 Ctx.getAsArrayType(V->getType())
                     ->getElementType()
                     .isConstQualified();
    if (!Plain && !(Const && V->getInit()))
      return nullptr;
    return dyn_cast_or_null<InitListExpr>(V->getInit()->IgnoreImplicit());
  }

private:
  /// The argument the call in Via passes for D, a parameter of Fn that Fn
  /// never modifies; nullopt otherwise.
  std::optional<const clang::Expr *> boundArgument(const DeclRefExpr *D) {
    const auto *P = dyn_cast<ParmVarDecl>(D->getDecl());
    if (!P || !Via || !Via->Call || !Fn || !Fn->getBody())
      return std::nullopt;
    const auto *Owner = dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!Owner || Owner->getCanonicalDecl() != Fn->getCanonicalDecl())
      return std::nullopt;
    unsigned I = P->getFunctionScopeIndex();
    if (I >= Via->Call->getNumArgs())
      return std::nullopt;
    ModifiedLocal M(P);
    M.TraverseStmt(Fn->getBody());
    if (M.Found)
      return std::nullopt;
    return Via->Call->getArg(I);
  }

  /// The value the user gives the kernel parameter that the launch passes
  /// D's variable for, when nothing in the launching function writes the
  /// variable after D in the source (D is the launch's grid, read before
  /// the launch): D then reads the value the launch passes. Asked only
  /// when the host code fixes no value itself. (A loop left by a `break`
  /// between a write and D would let the launch see a later write than D:
  /// not told apart.)
  std::optional<int64_t> given(const DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    auto It = V ? Given.find(V) : Given.end();
    if (It == Given.end() || !Fn || !Fn->getBody())
      return std::nullopt;
    ModifiedLocal M(V);
    M.SM = &Ctx.getSourceManager();
    M.After = D->getBeginLoc();
    M.TraverseStmt(Fn->getBody());
    if (M.Found)
      return std::nullopt;
    return It->second;
  }

public:
  /// Fn's variables passed for kernel parameters whose values the user
  /// gives (--param), with those values.
  std::map<const VarDecl *, int64_t> Given;

private:
  const VarDecl *unchangedLocal(const DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    // A parameter's "initializer" is its default argument, not its value.
    if (!V || isa<ParmVarDecl>(V) || !V->getInit())
      return nullptr;
    if (V->getType().isConstQualified())
      return V;
    if (!V->isLocalVarDecl() || !Fn || !Fn->getBody())
      return nullptr;
    ModifiedLocal M(V);
    M.TraverseStmt(Fn->getBody());
    return M.Found ? nullptr : V;
  }

  ASTContext &Ctx;
  const FunctionDecl *Fn;
  const std::vector<CaseValues> *Known;
  const CallContext *Via;
  /// A helper's parameters with the values its call passes (helper()), and
  /// what it returns.
  std::map<const ParmVarDecl *, int64_t> Bound;
  const clang::Expr *Returned = nullptr;
  bool UsedCall = false;
  bool UsedLoop = false;
};

/// The variable a switch tests, when its condition is a plain variable.
const VarDecl *switchedVar(const SwitchStmt *S) {
  const clang::Expr *C = S->getCond();
  if (!C)
    return nullptr;
  const auto *D = dyn_cast<DeclRefExpr>(C->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return V && V->getType()->isIntegralOrEnumerationType() ? V : nullptr;
}

/// Whether control cannot fall through the end of S into the next case.
bool leaves(const Stmt *S) {
  return isa<BreakStmt>(S) || isa<ReturnStmt>(S) || isa<ContinueStmt>(S);
}

/// The index of the argument of a launch's configuration call that holds
/// its N-th dim3 (0: grid, 1: block). Host launches call
/// __cudaPushCallConfiguration(grid, block, smem, stream); device-side
/// launches (dynamic parallelism) call cudaLaunchDevice(func, params, grid,
/// block, smem, stream).
std::optional<unsigned> dim3Arg(const CallExpr *Config, unsigned N) {
  const FunctionDecl *F = Config->getDirectCallee();
  for (unsigned I = 0; I < Config->getNumArgs(); ++I) {
    QualType T = F && I < F->getNumParams() ? F->getParamDecl(I)->getType()
                                            : Config->getArg(I)->getType();
    const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
    if (R && R->getName() == "dim3" && N-- == 0)
      return I;
  }
  return std::nullopt;
}

/// A visitor of host code that knows which values the statements around
/// the current one give variables of the function: the case labels of a
/// switch on a variable, a loop over constants (CaseValues).
template <typename Derived>
class HostScope : public InFunctionVisitor<Derived> {
  using Base = RecursiveASTVisitor<Derived>;

public:
  explicit HostScope(ASTContext &Ctx) : Ctx(Ctx) {}

  /// A switch on a variable: the statements after `case C:` (up to a
  /// break, with no other label falling into them) see the variable as C,
  /// as `switch (threads) { case 8: reduce<8><<<g, threads>>>(); break; }`
  /// does.
  bool TraverseSwitchStmt(SwitchStmt *S) {
    const VarDecl *V = switchedVar(S);
    const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!V || !Body)
      return Base::TraverseSwitchStmt(S);
    if (S->getInit() && !this->TraverseStmt(S->getInit()))
      return false;
    if (!this->TraverseStmt(S->getCond()))
      return false;
    bool Open = false; // the previous statements may fall through
    bool Pushed = false;
    for (Stmt *Child : Body->body()) {
      if (const auto *Case = dyn_cast<CaseStmt>(Child)) {
        if (Pushed)
          Known.pop_back();
        Pushed = false;
        // `case 1: case 2:` gives each of its values; statements that fall
        // through into the label, a range or `default:` give none.
        std::vector<int64_t> Values;
        bool Ok = !Open;
        const Stmt *L = Case;
        while (Ok && L && isa<SwitchCase>(L)) {
          const auto *C = dyn_cast<CaseStmt>(L);
          clang::Expr::EvalResult R;
          Ok = C && !C->caseStmtIsGNURange() &&
               C->getLHS()->EvaluateAsInt(R, Ctx);
          if (Ok)
            Values.push_back(R.Val.getInt().getExtValue());
          L = cast<SwitchCase>(L)->getSubStmt();
        }
        if (Ok && !Values.empty()) {
          Known.emplace_back(V, std::move(Values), /*Fixed=*/false);
          Pushed = true;
        }
      } else if (isa<DefaultStmt>(Child)) {
        if (Pushed)
          Known.pop_back();
        Pushed = false;
      }
      if (!this->TraverseStmt(Child))
        return false;
      const Stmt *Last = Child;
      while (const auto *L = dyn_cast<SwitchCase>(Last))
        Last = L->getSubStmt();
      Open = !leaves(Last);
    }
    if (Pushed)
      Known.pop_back();
    return true;
  }

  /// A loop over constants around a launch (`for (int s = 0; s < 3; ++s)`,
  /// `for (int threads : {64, 128})`): the launch is analyzed once per
  /// value of the loop's variable, as under case labels.
  bool TraverseForStmt(ForStmt *S) {
    std::optional<std::pair<const VarDecl *, std::vector<int64_t>>> L =
        countedLoop(S);
    if (L)
      Known.emplace_back(L->first, std::move(L->second), /*Fixed=*/true);
    bool R = Base::TraverseForStmt(S);
    if (L)
      Known.pop_back();
    return R;
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    std::optional<std::vector<int64_t>> Values = rangeValues(S);
    if (Values)
      Known.emplace_back(S->getLoopVariable(), std::move(*Values),
                         /*Fixed=*/true);
    bool R = Base::TraverseCXXForRangeStmt(S);
    if (Values)
      Known.pop_back();
    return R;
  }

protected:
  static constexpr size_t MaxCaseValues = 8;

  /// `for (int V = A; V < B; V += C)` (also <=, !=, ++V, V++; and the
  /// doubling `V *= C`, `V <<= C`, `V = V * C` of block-size sweeps) with
  /// constant A, B, C, at most MaxCaseValues iterations, and a body that
  /// leaves V alone: V and its values.
  std::optional<std::pair<const VarDecl *, std::vector<int64_t>>>
  countedLoop(const ForStmt *S) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(S->getInit());
    const auto *V = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(S->getCond());
    if (!V || !V->getType()->isIntegralOrEnumerationType() || !Cond ||
        !S->getInc() || !S->getBody())
      return std::nullopt;
    HostEval H(Ctx, this->Current, nullptr);
    auto IsV = [&](const clang::Expr *E) {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return D && D->getDecl() == V;
    };
    std::optional<int64_t> From = H.integer(V->getInit()), To;
    if (IsV(Cond->getLHS()))
      To = H.integer(Cond->getRHS());
    // The step as an operation on V and a positive constant.
    std::optional<std::pair<BinaryOperatorKind, int64_t>> Step;
    const clang::Expr *Inc = S->getInc()->IgnoreParens();
    if (const auto *U = dyn_cast<UnaryOperator>(Inc);
        U && U->isIncrementOp() && IsV(U->getSubExpr()))
      Step = {BO_Add, 1};
    if (const auto *B = dyn_cast<CompoundAssignOperator>(Inc);
        B && IsV(B->getLHS()))
      if (auto C = H.integer(B->getRHS()))
        Step = {BinaryOperator::getOpForCompoundAssignment(B->getOpcode()), *C};
    if (const auto *B = dyn_cast<BinaryOperator>(Inc);
        B && B->getOpcode() == BO_Assign && IsV(B->getLHS()))
      if (const auto *R =
              dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts())) {
        const clang::Expr *Other = IsV(R->getLHS())   ? R->getRHS()
                                   : IsV(R->getRHS()) ? R->getLHS()
                                                      : nullptr;
        bool Commutes = R->getOpcode() == BO_Add || R->getOpcode() == BO_Mul;
        if (Other && (Commutes || Other == R->getRHS()))
          if (auto C = H.integer(Other))
            Step = {R->getOpcode(), *C};
      }
    BinaryOperatorKind Op = Cond->getOpcode();
    if (!From || !To || !Step || (Op != BO_LT && Op != BO_LE && Op != BO_NE))
      return std::nullopt;
    // Only steps that grow V: adding a positive constant, multiplying by
    // one above 1, shifting left.
    auto [StepOp, By] = *Step;
    if (!((StepOp == BO_Add && By > 0) || (StepOp == BO_Mul && By > 1) ||
          (StepOp == BO_Shl && By > 0 && By < 32)) ||
        (StepOp != BO_Add && *From <= 0))
      return std::nullopt;
    std::vector<int64_t> Values;
    for (int64_t X = *From; Op == BO_LT   ? X < *To
                            : Op == BO_LE ? X <= *To
                                          : X != *To;) {
      if (Values.size() >= MaxCaseValues || X > *To)
        return std::nullopt;
      Values.push_back(X);
      if (__builtin_mul_overflow(X, StepOp == BO_Mul ? By : 1, &X) ||
          __builtin_add_overflow(X, StepOp == BO_Add ? By : 0, &X) ||
          (StepOp == BO_Shl && __builtin_mul_overflow(X, int64_t(1) << By, &X)))
        return std::nullopt;
    }
    ModifiedLocal M(V);
    M.TraverseStmt(const_cast<Stmt *>(S->getBody()));
    if (M.Found || Values.empty())
      return std::nullopt;
    return std::make_pair(V, std::move(Values));
  }

  /// The values of a range-for's variable over a constant table (a local
  /// array, a braced list), when the body leaves the variable alone.
  std::optional<std::vector<int64_t>> rangeValues(const CXXForRangeStmt *S) {
    const VarDecl *V = S->getLoopVariable();
    if (!V ||
        !V->getType().getNonReferenceType()->isIntegralOrEnumerationType())
      return std::nullopt;
    HostEval H(Ctx, this->Current, nullptr);
    const clang::Expr *Range = S->getRangeInit()->IgnoreImplicit();
    const InitListExpr *Init = dyn_cast<InitListExpr>(Range);
    if (const auto *Std = dyn_cast<CXXStdInitializerListExpr>(Range))
      Init = dyn_cast<InitListExpr>(Std->getSubExpr()->IgnoreImplicit());
    if (!Init)
      Init = H.constantTable(Range);
    if (!Init || Init->getNumInits() == 0 ||
        Init->getNumInits() > MaxCaseValues)
      return std::nullopt;
    std::vector<int64_t> Values;
    for (const clang::Expr *E : Init->inits()) {
      auto X = H.integer(E);
      if (!X)
        return std::nullopt;
      Values.push_back(*X);
    }
    ModifiedLocal M(V);
    M.TraverseStmt(const_cast<Stmt *>(S->getBody()));
    if (M.Found)
      return std::nullopt;
    return Values;
  }

  ASTContext &Ctx;
  /// Variables fixed by the case labels and loops around the current
  /// statement.
  std::vector<CaseValues> Known;
};

/// A direct call in host code: the call, the function it is in, and the
/// values the statements around it give that function's variables.
struct CallSite {
  const CallExpr *Call;
  const FunctionDecl *Caller;
  std::vector<CaseValues> Known;
};

/// The direct calls of each function in the file's host code, by callee,
/// in source order: the launcher functions a launch's sizes come through.
class CallerIndex : public HostScope<CallerIndex> {
public:
  explicit CallerIndex(ASTContext &Ctx) : HostScope(Ctx) {}

  bool VisitCallExpr(CallExpr *C) {
    if (!Current || Current->isDependentContext() || C->isValueDependent() ||
        isa<CUDAKernelCallExpr>(C) || isa<CXXOperatorCallExpr>(C))
      return true;
    const FunctionDecl *F = C->getDirectCallee();
    if (F && F->getBody() && !F->hasAttr<CUDAGlobalAttr>())
      Calls[F->getCanonicalDecl()].push_back({C, Current, Known});
    return true;
  }
  /// Every mention of a function: more mentions than direct calls means it
  /// is also reached in ways the index does not follow (its address taken:
  /// a function pointer, a thread, a table).
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (Current && Current->isDependentContext())
      return true;
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      ++Mentions[F->getCanonicalDecl()];
    return true;
  }

  /// Whether F is reached other than by the direct calls callsOf lists.
  bool reachedOtherwise(const FunctionDecl *F) const {
    auto It = Mentions.find(F->getCanonicalDecl());
    return It != Mentions.end() && It->second > callsOf(F).size();
  }

  const std::vector<CallSite> &callsOf(const FunctionDecl *F) const {
    static const std::vector<CallSite> None;
    auto It = Calls.find(F->getCanonicalDecl());
    return It == Calls.end() ? None : It->second;
  }

private:
  std::map<const FunctionDecl *, std::vector<CallSite>> Calls;
  std::map<const FunctionDecl *, size_t> Mentions;
};

/// One launch as the finder reads it: the call that holds its grid and
/// block (the <<<>>>'s configuration call, or a runtime API call) and the
/// kernel's arguments when they are passed one by one.
struct LaunchCall {
  const CallExpr *Whole = nullptr; ///< where the launch is, for its location
  const CallExpr *Config = nullptr;
  std::optional<unsigned> GridArg, BlockArg, SmemArg;
  std::vector<const clang::Expr *> Args;
};

class LaunchFinder : public HostScope<LaunchFinder> {
public:
  LaunchFinder(
      ASTContext &Ctx, const CallerIndex &Callers,
      std::map<const FunctionDecl *, std::vector<LaunchSiteIndex::Site>> &Out,
      const std::map<std::string, int64_t> &Given)
      : HostScope(Ctx), Callers(Callers), Out(Out), Given(Given) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *C) {
    if (C->isValueDependent() || C->isTypeDependent() ||
        (Current && Current->isDependentContext()))
      return true;
    LaunchCall L;
    L.Whole = C;
    L.Config = C->getConfig();
    if (L.Config) {
      L.GridArg = dim3Arg(L.Config, 0);
      L.BlockArg = dim3Arg(L.Config, 1);
      if (L.BlockArg && L.Config->getNumArgs() > *L.BlockArg + 1)
        L.SmemArg = *L.BlockArg + 1;
    }
    for (const clang::Expr *A : C->arguments())
      L.Args.push_back(A);
    if (const FunctionDecl *Callee = C->getDirectCallee())
      return visitLaunch(L, Callee);
    return visitPointerLaunch(L, C->getCallee());
  }

  /// The runtime API's launches, cudaLaunchKernel(func, grid, block, args,
  /// smem, stream) and cudaLaunchCooperativeKernel with the same
  /// arguments (the template overloads too): the block and grid as for
  /// <<<>>>; the kernel's arguments travel through a void** and bind
  /// nothing.
  bool VisitCallExpr(CallExpr *C) {
    if (isa<CUDAKernelCallExpr>(C) || C->isValueDependent() ||
        C->isTypeDependent() || (Current && Current->isDependentContext()))
      return true;
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || !F->getIdentifier() || C->getNumArgs() < 3)
      return true;
    llvm::StringRef N = F->getName();
    if (N != "cudaLaunchKernel" && N != "cudaLaunchCooperativeKernel")
      return true;
    const clang::Expr *Fn = C->getArg(0)->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Fn);
        U && U->getOpcode() == UO_AddrOf)
      Fn = U->getSubExpr()->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Fn);
    const auto *Kernel = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    LaunchCall L;
    L.Whole = C;
    L.Config = C;
    L.GridArg = dim3Arg(C, 0);
    L.BlockArg = dim3Arg(C, 1);
    if (C->getNumArgs() > 4)
      L.SmemArg = 4;
    if (Kernel && Kernel->hasAttr<CUDAGlobalAttr>())
      return visitLaunch(L, Kernel);
    return visitPointerLaunch(L, Fn);
  }

  /// A launch through a kernel pointer: a local one, once for every kernel
  /// the function stores in it (KernelPointers.h); a parameter of the
  /// launching function (a harness, `bench(kernel, grid, block)`), once for
  /// every call that passes a kernel, with that call's sizes.
  bool visitPointerLaunch(const LaunchCall &LC, const clang::Expr *Callee) {
    for (const FunctionDecl *Target : kernelPointerTargets(Callee, Current))
      visitLaunch(LC, Target);
    const auto *D = dyn_cast<DeclRefExpr>(Callee->IgnoreParenImpCasts());
    const auto *P = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    if (!P || !Current)
      return true;
    for (const CallContext *Via : contexts(Current))
      if (const FunctionDecl *K = kernelPassed(P, Current, Via))
        visitLaunchVia(LC, K, Via);
    return true;
  }

  /// The kernel the call in Via passes for parameter P of Fn, following a
  /// kernel parameter of the caller to its own callers; null when it is not
  /// a kernel named in the file.
  const FunctionDecl *kernelPassed(const ParmVarDecl *P, const FunctionDecl *Fn,
                                   const CallContext *Via, unsigned Depth = 0) {
    if (!Via || !Via->Call || Depth > MaxCallDepth)
      return nullptr;
    const auto *Owner = dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!Owner || Owner->getCanonicalDecl() != Fn->getCanonicalDecl() ||
        P->getFunctionScopeIndex() >= Via->Call->getNumArgs())
      return nullptr;
    if (Fn->getBody()) {
      ModifiedLocal M(P);
      M.TraverseStmt(Fn->getBody());
      if (M.Found) // `if (alt) k = naive;`: not only what the caller passed
        return nullptr;
    }
    const clang::Expr *Arg = Via->Call->getArg(P->getFunctionScopeIndex());
    if (const FunctionDecl *K = namedKernel(Arg))
      return K;
    const auto *D = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *Q = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    return Q ? kernelPassed(Q, Via->Caller, Via->Up, Depth + 1) : nullptr;
  }

  /// The ways host code reaches F (CallContext), at most MaxContexts, each
  /// followed up to MaxCallDepth calls; {null} when the file never calls F
  /// (main, or an entry point of a library), and null among them when
  /// there are more ways than are followed (the rest as unknown values).
  std::vector<const CallContext *> contexts(const FunctionDecl *F,
                                            unsigned Depth = 0) {
    if (!F || Depth >= MaxCallDepth || Callers.callsOf(F).empty())
      return {nullptr};
    // Each function's ways are found once (a launcher with many launches,
    // a helper called from many places).
    auto Key = std::make_pair(F->getCanonicalDecl(), Depth);
    if (auto It = Ways.find(Key); It != Ways.end())
      return It->second;
    std::vector<const CallContext *> Out;
    bool Cut = false;
    for (const CallSite &Site : Callers.callsOf(F)) {
      // A recursive caller is not followed into itself.
      bool Cycle = Site.Caller->getCanonicalDecl() == F->getCanonicalDecl();
      std::vector<const CallContext *> Ups =
          Cycle ? std::vector<const CallContext *>{nullptr}
                : contexts(Site.Caller, Depth + 1);
      for (const CallContext *Up : Ups) {
        for (std::vector<CaseValues> &Values : iterations(Site)) {
          if (Out.size() >= MaxContexts) {
            Cut = true;
            break;
          }
          Storage.push_back({Site.Call, Site.Caller, Up, std::move(Values)});
          Out.push_back(&Storage.back());
        }
        if (Cut)
          break;
      }
      if (Cut)
        break;
    }
    // Ways not followed (more than MaxContexts, or a call through a pointer
    // to F) are one launch whose values stay unknown.
    if (Cut || Callers.reachedOtherwise(F))
      Out.push_back(nullptr);
    Ways[Key] = Out;
    return Out;
  }

  /// The values around a call, once per iteration of each loop over
  /// constants whose variable the call's arguments use (`for (int j = 0;
  /// j < 6; j++) { int b = sizes[j]; run(b); }` is six calls); a loop
  /// that only repeats the call is one. Innermost loops first: when not
  /// every combination fits in MaxContexts, the loop nearest the call (the
  /// block sizes a harness tries) keeps its values and an outer one (the
  /// kernel versions it runs them for) is left unknown.
  std::vector<std::vector<CaseValues>> iterations(const CallSite &Site) {
    std::vector<std::vector<CaseValues>> Out = {Site.Known};
    for (size_t I = Site.Known.size(); I-- > 0;) {
      const CaseValues &Loop = Site.Known[I];
      if (!Loop.Fixed || Loop.second.size() < 2 ||
          Out.size() * Loop.second.size() > MaxContexts)
        continue;
      bool Used = false;
      for (const clang::Expr *A : Site.Call->arguments())
        Used |= usesVariable(A, Loop.first);
      if (!Used)
        continue;
      std::vector<std::vector<CaseValues>> Next;
      for (const std::vector<CaseValues> &Values : Out)
        for (int64_t V : Loop.second) {
          Next.push_back(Values);
          Next.back()[I].second = {V};
        }
      Out = std::move(Next);
    }
    return Out;
  }

  /// Whether S reads V, directly or through the initializers of locals it
  /// names (Depth counts those).
  static bool usesVariable(const Stmt *S, const VarDecl *V,
                           unsigned Depth = 0) {
    if (!S || Depth > 8)
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      if (D->getDecl() == V)
        return true;
      const auto *L = dyn_cast<VarDecl>(D->getDecl());
      return L && !isa<ParmVarDecl>(L) && L->isLocalVarDecl() &&
             usesVariable(L->getInit(), V, Depth + 1);
    }
    for (const Stmt *Child : S->children())
      if (usesVariable(Child, V, Depth))
        return true;
    return false;
  }

  bool visitLaunch(const LaunchCall &LC, const FunctionDecl *Callee) {
    for (const CallContext *Via : contexts(Current))
      visitLaunchVia(LC, Callee, Via);
    return true;
  }

  bool visitLaunchVia(const LaunchCall &LC, const FunctionDecl *Callee,
                      const CallContext *Via) {
    HostEval H(Ctx, Current, &Known, Via);
    LaunchSiteIndex::Site S;
    const CallExpr *C = LC.Whole;
    S.Loc = toSourceLoc(Ctx, C->getBeginLoc());
    const CallExpr *Config = LC.Config;
    std::optional<std::array<int64_t, 3>> Block;
    std::optional<unsigned> GridArg = LC.GridArg, BlockArg = LC.BlockArg;
    // A launch in host code with errors (tolerated: ErrorTriage.h) may hold
    // recovery expressions: its shape is not known.
    if (GridArg && BlockArg && !C->containsErrors())
      Block = H.dim3(Config->getArg(*BlockArg));
    // Under `case 1: case 2:` the launch is analyzed once per value; in a
    // loop over constants, once per iteration whatever the value sets (a
    // block, a grid, a size).
    if (!Known.empty() && (!Block || Known.back().Fixed) && GridArg &&
        BlockArg && !C->containsErrors() && Known.back().second.size() > 1 &&
        Known.back().second.size() <= MaxCaseValues &&
        sitePerValue(LC, Callee, S, Via, Known, Known.back().second, {}))
      return true;
    // A block size the paths to the launch choose among constants (`int
    // b; if (n >= 4096) b = 512; else b = 128;`): once per value.
    if (!Block && GridArg && BlockArg && !C->containsErrors())
      if (auto Choice = H.pathChoice(Config->getArg(*BlockArg))) {
        std::vector<CaseValues> One = Known;
        One.emplace_back(Choice->first, Choice->second, /*Fixed=*/true);
        std::string Values;
        for (int64_t X : Choice->second)
          Values += (Values.empty() ? "" : ", ") + std::to_string(X);
        auto Note = [&](int64_t V) {
          return Choice->first->getNameAsString() + " = " + std::to_string(V) +
                 ", one of the values " + Values +
                 " that the paths to it assign";
        };
        if (sitePerValue(LC, Callee, S, Via, One, Choice->second, Note))
          return true;
      }
    // A block capped by a constant (`dim3 block(std::min(n, 1024))`, n read
    // at run time): the cap's shape, the block of every size at least as
    // large; the note says so, and smaller sizes are not analyzed.
    if (!Block && GridArg && BlockArg && !C->containsErrors())
      if (auto Cap = H.capped(Config->getArg(*BlockArg))) {
        HostEval HV(Ctx, Current, &Known, Via);
        HV.Assumed[Cap->Whole] = Cap->Value;
        if (auto B = HV.dim3(Config->getArg(*BlockArg))) {
          std::string Capped =
              sourceText(Ctx, Cap->Capped->getSourceRange(), /*MaxLen=*/40);
          addSite(LC, Callee, HV, *B, S, Via);
          Out[Callee->getCanonicalDecl()].back().Config->PathChoice =
              "'" +
              sourceText(Ctx, Cap->Whole->getSourceRange(), /*MaxLen=*/60) +
              "' at its cap " + std::to_string(Cap->Value) +
              ", the block when " + Capped +
              " >= " + std::to_string(Cap->Value) +
              "; smaller values are not analyzed";
          return true;
        }
      }
    if (!Block) {
      S.Why = "launch at " + S.Loc.File + ":" + std::to_string(S.Loc.Line) +
              ":" + std::to_string(S.Loc.Column) +
              " skipped: its block shape is not a compile-time constant";
      if (BlockArg && !C->containsErrors())
        S.BlockText = sourceText(
            Ctx, Config->getArg(*BlockArg)->getSourceRange(), /*MaxLen=*/40);
      // Keep what is constant: chooseLaunches decides whether the rest
      // matters to the kernel.
      if (GridArg && BlockArg && !C->containsErrors())
        if (auto P = H.dims(Config->getArg(*BlockArg)); P && (*P)[0]) {
          std::array<int64_t, 3> Known = {*(*P)[0], (*P)[1].value_or(1),
                                          (*P)[2].value_or(1)};
          addSite(LC, Callee, H, Known, S, Via);
          LaunchConfig &L = *Out[Callee->getCanonicalDecl()].back().Config;
          L.UnknownExtents = {!(*P)[0], !(*P)[1], !(*P)[2]};
          Out[Callee->getCanonicalDecl()].back().Why = S.Why;
          return true;
        }
      Out[Callee->getCanonicalDecl()].push_back(S);
      return true;
    }
    addSite(LC, Callee, H, *Block, S, Via);
    return true;
  }

private:
  /// One site of the launch per value of the variable of Values.back()
  /// (Values, its last entry narrowed to each value in turn), Note(value)
  /// naming the choice when given; false when the first value gives no
  /// block.
  bool sitePerValue(const LaunchCall &LC, const FunctionDecl *Callee,
                    const LaunchSiteIndex::Site &S, const CallContext *Via,
                    std::vector<CaseValues> Values,
                    const std::vector<int64_t> &Each,
                    const std::function<std::string(int64_t)> &Note) {
    bool Any = false;
    for (int64_t V : Each) {
      Values.back().second = {V};
      HostEval HV(Ctx, Current, &Values, Via);
      auto B = HV.dim3(LC.Config->getArg(*LC.BlockArg));
      if (!B)
        break;
      Any = true;
      addSite(LC, Callee, HV, *B, S, Via);
      if (Note)
        Out[Callee->getCanonicalDecl()].back().Config->PathChoice = Note(V);
    }
    return Any;
  }

  /// How many ways to reach a launching function are followed, and how many
  /// calls deep.
  static constexpr size_t MaxContexts = 16;
  static constexpr unsigned MaxCallDepth = 4;

  /// Records the launch C of Callee with the given block, evaluating its
  /// grid, shared memory and arguments with H (which follows Via).
  void addSite(const LaunchCall &LC, const FunctionDecl *Callee, HostEval &H,
               const std::array<int64_t, 3> &Block, LaunchSiteIndex::Site S,
               const CallContext *Via) {
    const CallExpr *Config = LC.Config;
    LaunchConfig L;
    L.Source = LaunchSource::LaunchSite;
    L.Site = S.Loc;
    L.DeviceSide = Current && (Current->hasAttr<CUDAGlobalAttr>() ||
                               (Current->hasAttr<CUDADeviceAttr>() &&
                                !Current->hasAttr<CUDAHostAttr>()));
    L.Block = BlockShape{Block[0], Block[1], Block[2]};
    // A variable passed for a parameter the user gives (--param=N=8) has
    // that value where the grid reads it, unless written in between.
    const FunctionDecl *Named =
        Callee->getDefinition() ? Callee->getDefinition() : Callee;
    for (unsigned I = 0; I < LC.Args.size() && I < Named->getNumParams(); ++I) {
      const ParmVarDecl *P = Named->getParamDecl(I);
      auto It = Given.find(P->getNameAsString());
      const auto *D = dyn_cast<DeclRefExpr>(LC.Args[I]->IgnoreParenImpCasts());
      const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
      if (It != Given.end() && V && V->hasLocalStorage() &&
          P->getType()->isIntegralOrEnumerationType() &&
          V->getType()->isIntegralOrEnumerationType())
        H.Given[V] = It->second;
    }
    L.Grid = H.dim3(Config->getArg(*LC.GridArg));
    H.Given.clear(); // the grid only: what the launch passes is its own
    if (LC.SmemArg)
      L.DynamicSharedBytes = H.integer(Config->getArg(*LC.SmemArg));
    for (unsigned I = 0; I < LC.Args.size() && I < Callee->getNumParams();
         ++I) {
      QualType T = Callee->getParamDecl(I)->getType();
      if (!T->isIntegralOrEnumerationType())
        continue;
      if (auto V = H.integer(LC.Args[I]))
        L.ParamValues.emplace_back(I, *V);
    }
    // Values that came through the calls of launcher functions or a loop
    // over constants: the configuration says which calls, and what the
    // kernel's sizes are.
    if (H.usedCall())
      for (const CallContext *C = Via; C && C->Call; C = C->Up)
        L.CalledAt.push_back(toSourceLoc(Ctx, C->Call->getBeginLoc()));
    if (H.usedCall() || H.usedLoop()) {
      for (const auto &[I, V] : L.ParamValues)
        L.BoundValues += (L.BoundValues.empty() ? "" : ", ") +
                         Callee->getParamDecl(I)->getNameAsString() + " = " +
                         std::to_string(V);
    }
    S.Config = L;
    Out[Callee->getCanonicalDecl()].push_back(S);
  }

  const CallerIndex &Callers;
  std::map<const FunctionDecl *, std::vector<LaunchSiteIndex::Site>> &Out;
  const std::map<std::string, int64_t> &Given;
  /// The contexts handed out (stable addresses), and each function's ways
  /// by the depth they were asked at.
  std::deque<CallContext> Storage;
  std::map<std::pair<const FunctionDecl *, unsigned>,
           std::vector<const CallContext *>>
      Ways;
};

} // namespace

LaunchSiteIndex::LaunchSiteIndex(ASTContext &Ctx,
                                 const std::map<std::string, int64_t> &Given) {
  CallerIndex Callers(Ctx);
  Callers.TraverseDecl(Ctx.getTranslationUnitDecl());
  LaunchFinder F(Ctx, Callers, Sites, Given);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
}

const std::vector<LaunchSiteIndex::Site> &
LaunchSiteIndex::sitesOf(const FunctionDecl *Kernel) const {
  static const std::vector<Site> None;
  auto It = Sites.find(Kernel->getCanonicalDecl());
  return It == Sites.end() ? None : It->second;
}

} // namespace warplint
