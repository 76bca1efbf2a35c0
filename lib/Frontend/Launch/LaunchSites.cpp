//===- LaunchSites.cpp - The launches of a file: shapes and arguments -----===//

#include "Frontend/Launch/LaunchSites.h"
#include "Frontend/Launch/KernelPointers.h"
#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"
#include "Model/LaunchShape.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace warplint {

using namespace clang;

namespace {

/// Whether a function body may change a local variable after its
/// initialization (assignment to it or to one of its members, ++/--, address
/// taken, non-const reference argument). Launch shapes follow a local's
/// initializer only when it cannot have changed.
class ModifiedLocal : public RecursiveASTVisitor<ModifiedLocal> {
public:
  explicit ModifiedLocal(const VarDecl *V) : V(V) {}
  bool Found = false;

  bool refersToVar(const clang::Expr *E) const {
    E = E->IgnoreParenImpCasts();
    while (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase()->IgnoreParenImpCasts();
    const auto *D = dyn_cast<DeclRefExpr>(E);
    return D && D->getDecl() == V;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    Found |= B->isAssignmentOp() && refersToVar(B->getLHS());
    return !Found;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    Found |= C->isAssignmentOp() && C->getNumArgs() > 0 &&
             refersToVar(C->getArg(0));
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    Found |= (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
             refersToVar(U->getSubExpr());
    return !Found;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || isa<CUDAKernelCallExpr>(C))
      return true;
    for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I) {
      QualType T = F->getParamDecl(I)->getType();
      if (T->isReferenceType() &&
          !T.getNonReferenceType().isConstQualified() &&
          refersToVar(C->getArg(I)))
        Found = true;
    }
    return !Found;
  }

private:
  const VarDecl *V;
};

/// A variable and the values the case labels in front of a statement give
/// it (`case 1: case 2:` gives two).
using CaseValues = std::pair<const VarDecl *, std::vector<int64_t>>;

/// Constant evaluation of host expressions, following locals that are never
/// modified to their initializers (`int n = 256; k<<<g, n>>>`).
class HostEval {
public:
  /// Known: values that variables have where the expression is (the case
  /// label of an enclosing `switch (threads)`), used only for variables the
  /// function never modifies.
  HostEval(ASTContext &Ctx, const FunctionDecl *Fn,
           const std::vector<CaseValues> *Known = nullptr)
      : Ctx(Ctx), Fn(Fn), Known(Known) {}

  std::optional<int64_t> integer(const clang::Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 16 || E->isValueDependent())
      return std::nullopt;
    clang::Expr::EvalResult R;
    if (E->isPRValue() && E->getType()->isIntegralOrEnumerationType() &&
        E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue();
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return integer(C->getSubExpr(), Depth + 1);
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      if (const VarDecl *V = unchangedLocal(D))
        if (V->getType()->isIntegralOrEnumerationType())
          if (auto Init = integer(V->getInit(), Depth + 1))
            return Init;
      if (auto Case = caseValue(D))
        return Case;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      auto L = integer(B->getLHS(), Depth + 1);
      auto Rv = integer(B->getRHS(), Depth + 1);
      if (!L || !Rv)
        return std::nullopt;
      int64_t Out;
      switch (B->getOpcode()) {
      case BO_Add:
        return __builtin_add_overflow(*L, *Rv, &Out) ? std::nullopt
                                                     : std::optional(Out);
      case BO_Sub:
        return __builtin_sub_overflow(*L, *Rv, &Out) ? std::nullopt
                                                     : std::optional(Out);
      case BO_Mul:
        return __builtin_mul_overflow(*L, *Rv, &Out) ? std::nullopt
                                                     : std::optional(Out);
      case BO_Div:
        return applyBinary(ExprKind::Div, *L, *Rv, Out) ? std::optional(Out)
                                                        : std::nullopt;
      case BO_Rem:
        return applyBinary(ExprKind::Rem, *L, *Rv, Out) ? std::optional(Out)
                                                        : std::nullopt;
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
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const VarDecl *V = unchangedLocal(D))
        return dims(V->getInit(), Depth + 1);
    if (E->getType()->isIntegralOrEnumerationType())
      return PartialDims{integer(E, Depth + 1), 1, 1};
    return std::nullopt;
  }

private:
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
        ModifiedLocal M(V);
        M.TraverseStmt(Fn->getBody());
        if (M.Found)
          return std::nullopt;
        return It->second.front();
      }
    return std::nullopt;
  }

  const VarDecl *unchangedLocal(const DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || !V->getInit())
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

/// One launch as the finder reads it: the call that holds its grid and
/// block (the <<<>>>'s configuration call, or a runtime API call) and the
/// kernel's arguments when they are passed one by one.
struct LaunchCall {
  const CallExpr *Whole = nullptr; ///< where the launch is, for its location
  const CallExpr *Config = nullptr;
  std::optional<unsigned> GridArg, BlockArg, SmemArg;
  std::vector<const clang::Expr *> Args;
};

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(ASTContext &Ctx,
               std::map<const FunctionDecl *,
                        std::vector<LaunchSiteIndex::Site>> &Out)
      : Ctx(Ctx), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Current;
    Current = F;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Current = Saved;
    return R;
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    const FunctionDecl *Saved = Current;
    Current = F;
    bool R = RecursiveASTVisitor::TraverseCXXMethodDecl(F);
    Current = Saved;
    return R;
  }

  /// A switch on a variable: the statements after `case C:` (up to a
  /// break, with no other label falling into them) see the variable as C,
  /// as `switch (threads) { case 8: reduce<8><<<g, threads>>>(); break; }`
  /// does.
  bool TraverseSwitchStmt(SwitchStmt *S) {
    const VarDecl *V = switchedVar(S);
    const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!V || !Body)
      return RecursiveASTVisitor::TraverseSwitchStmt(S);
    if (S->getInit() && !TraverseStmt(S->getInit()))
      return false;
    if (!TraverseStmt(S->getCond()))
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
          Known.emplace_back(V, std::move(Values));
          Pushed = true;
        }
      } else if (isa<DefaultStmt>(Child)) {
        if (Pushed)
          Known.pop_back();
        Pushed = false;
      }
      if (!TraverseStmt(Child))
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
    // A launch through a local kernel pointer: once for every kernel the
    // function stores in it (KernelPointers.h).
    for (const FunctionDecl *Target :
         kernelPointerTargets(C->getCallee(), Current))
      visitLaunch(L, Target);
    return true;
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
    // Through a local kernel pointer, as for <<<>>>.
    for (const FunctionDecl *Target : kernelPointerTargets(Fn, Current))
      visitLaunch(L, Target);
    return true;
  }

  bool visitLaunch(const LaunchCall &LC, const FunctionDecl *Callee) {
    HostEval H(Ctx, Current, &Known);
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
    // Under `case 1: case 2:` the launch is analyzed once per value.
    if (!Block && GridArg && BlockArg && !C->containsErrors() &&
        !Known.empty() && Known.back().second.size() > 1 &&
        Known.back().second.size() <= MaxCaseValues) {
      std::vector<CaseValues> One = Known;
      bool Any = false;
      for (int64_t V : Known.back().second) {
        One.back().second = {V};
        HostEval HV(Ctx, Current, &One);
        auto B = HV.dim3(Config->getArg(*BlockArg));
        if (!B)
          break;
        Any = true;
        addSite(LC, Callee, HV, *B, S);
      }
      if (Any)
        return true;
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
          addSite(LC, Callee, H, Known, S);
          LaunchConfig &L = *Out[Callee->getCanonicalDecl()].back().Config;
          L.UnknownExtents = {!(*P)[0], !(*P)[1], !(*P)[2]};
          Out[Callee->getCanonicalDecl()].back().Why = S.Why;
          return true;
        }
      Out[Callee->getCanonicalDecl()].push_back(S);
      return true;
    }
    addSite(LC, Callee, H, *Block, S);
    return true;
  }

private:
  static constexpr size_t MaxCaseValues = 8;

  /// Records the launch C of Callee with the given block, evaluating its
  /// grid, shared memory and arguments with H.
  void addSite(const LaunchCall &LC, const FunctionDecl *Callee, HostEval &H,
               const std::array<int64_t, 3> &Block, LaunchSiteIndex::Site S) {
    const CallExpr *Config = LC.Config;
    LaunchConfig L;
    L.Source = LaunchSource::LaunchSite;
    L.Site = S.Loc;
    L.DeviceSide = Current && (Current->hasAttr<CUDAGlobalAttr>() ||
                               (Current->hasAttr<CUDADeviceAttr>() &&
                                !Current->hasAttr<CUDAHostAttr>()));
    L.Block = BlockShape{Block[0], Block[1], Block[2]};
    L.Grid = H.dim3(Config->getArg(*LC.GridArg));
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
    S.Config = L;
    Out[Callee->getCanonicalDecl()].push_back(S);
  }

  ASTContext &Ctx;
  std::map<const FunctionDecl *, std::vector<LaunchSiteIndex::Site>> &Out;
  const FunctionDecl *Current = nullptr;
  /// Variables fixed by the case labels around the current statement.
  std::vector<CaseValues> Known;
};

} // namespace

LaunchSiteIndex::LaunchSiteIndex(ASTContext &Ctx) {
  LaunchFinder F(Ctx, Sites);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
}

const std::vector<LaunchSiteIndex::Site> &
LaunchSiteIndex::sitesOf(const FunctionDecl *Kernel) const {
  static const std::vector<Site> None;
  auto It = Sites.find(Kernel->getCanonicalDecl());
  return It == Sites.end() ? None : It->second;
}

} // namespace warplint
