//===- LaunchSites.cpp - Block shapes and argument values of launches -----===//

#include "Frontend/LaunchSites.h"
#include "Frontend/KernelPointers.h"
#include "Frontend/KernelWalker.h"
#include "Frontend/SourceLocs.h"
#include "Model/LaunchShape.h"

#include "clang/Basic/TargetInfo.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

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
          LaunchSiteIndex::Site Partial = S;
          addSite(LC, Callee, H, Known, Partial);
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

bool sameConfig(const LaunchConfig &A, const LaunchConfig &B) {
  return A.Block == B.Block && A.PartialBlock == B.PartialBlock &&
         A.Grid == B.Grid && A.ParamValues == B.ParamValues &&
         A.DynamicSharedBytes == B.DynamicSharedBytes;
}

/// The extents of `block-dim(X[,Y[,Z]])` at the start of Text, each a
/// decimal number that fits in 64 bits; nullopt when malformed.
std::optional<BlockShape> parseBlockDimAnnotation(llvm::StringRef Text) {
  Text = Text.ltrim(" \t");
  if (!Text.consume_front("("))
    return std::nullopt;
  size_t Close = Text.find(')');
  if (Close == llvm::StringRef::npos)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.take_front(Close).split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  int64_t V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::StringRef P = Parts[I].trim(" \t");
    // getAsInteger accepts a leading sign only for signed types; a "-3"
    // still parses, so that the shape check can say what is wrong with it.
    if (P.empty() || P.getAsInteger(10, V[I]))
      return std::nullopt;
  }
  return BlockShape{V[0], V[1], V[2]};
}

/// `// warplint: block-dim(X[,Y[,Z]])` on the comment lines right before the
/// kernel (or its template header). A malformed comment becomes a warning.
std::vector<LaunchConfig> annotations(ASTContext &Ctx,
                                      const FunctionDecl *Kernel,
                                      KernelModel &K) {
  std::vector<LaunchConfig> Out;
  const FunctionDecl *D = Kernel;
  if (const FunctionDecl *P = Kernel->getTemplateInstantiationPattern())
    D = P;
  SourceLocation Begin = D->getBeginLoc();
  if (const FunctionTemplateDecl *T = D->getDescribedFunctionTemplate())
    Begin = T->getBeginLoc();
  const SourceManager &SM = Ctx.getSourceManager();
  Begin = SM.getExpansionLoc(Begin);
  if (Begin.isInvalid())
    return Out;
  FileID FID = SM.getFileID(Begin);
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Out;
  unsigned Offset = SM.getFileOffset(Begin);
  // Start of the kernel's line, then walk back over comment lines.
  // (StringRef::rfind(C, From) searches the positions before From.)
  size_t LineStart = Buf.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  llvm::Regex Re("warplint:[ \t]*block-dim");
  while (LineStart > 0) {
    size_t PrevEnd = LineStart - 1;
    size_t PrevStart = Buf.rfind('\n', PrevEnd);
    PrevStart = PrevStart == llvm::StringRef::npos ? 0 : PrevStart + 1;
    llvm::StringRef Line = Buf.slice(PrevStart, PrevEnd).trim();
    if (!Line.starts_with("//"))
      break;
    llvm::SmallVector<llvm::StringRef, 1> M;
    if (Re.match(Line, &M)) {
      size_t Col = Buf.slice(PrevStart, PrevEnd).find("//");
      SourceLoc Site = toSourceLoc(
          Ctx, SM.getComposedLoc(FID, unsigned(PrevStart + Col)));
      size_t After = M[0].data() + M[0].size() - Line.data();
      if (auto B = parseBlockDimAnnotation(Line.drop_front(After))) {
        LaunchConfig L;
        L.Source = LaunchSource::Annotation;
        L.Block = *B;
        L.Site = Site;
        Out.insert(Out.begin(), L);
      } else {
        K.Warnings.emplace_back(
            Site, "malformed 'warplint: block-dim' comment for '" + K.Name +
                      "': expected block-dim(X[,Y[,Z]]) with integer "
                      "extents; it is ignored");
      }
    }
    LineStart = PrevStart;
  }
  return Out;
}

/// `blockDim.D == C` (either way round) as (D, C).
std::optional<std::pair<unsigned, int64_t>>
blockDimEquals(ASTContext &Ctx, const clang::Expr *L, const clang::Expr *R) {
  for (int Swap = 0; Swap < 2; ++Swap, std::swap(L, R)) {
    std::optional<Symbol> S = builtinVariable(L);
    clang::Expr::EvalResult V;
    if (S && S->Kind == SymbolKind::BlockDim && S->Index < 3 &&
        !R->isValueDependent() && R->EvaluateAsInt(V, Ctx))
      return std::make_pair(S->Index, V.Val.getInt().getExtValue());
  }
  return std::nullopt;
}

/// The blockDim extents that hold whenever Cond is Holds: conjunctions of
/// `blockDim.D == C` (or, negated, disjunctions of `blockDim.D != C`).
void blockDimFacts(ASTContext &Ctx, const clang::Expr *Cond, bool Holds,
                   std::optional<int64_t> (&Dims)[3], unsigned Depth = 0) {
  if (!Cond || Depth > 16)
    return;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CXXStaticCastExpr>(Cond))
    return blockDimFacts(Ctx, C->getSubExpr(), Holds, Dims, Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    if (U->getOpcode() == UO_LNot)
      return blockDimFacts(Ctx, U->getSubExpr(), !Holds, Dims, Depth + 1);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return;
  BinaryOperatorKind Op = B->getOpcode();
  if ((Op == BO_LAnd && Holds) || (Op == BO_LOr && !Holds)) {
    blockDimFacts(Ctx, B->getLHS(), Holds, Dims, Depth + 1);
    blockDimFacts(Ctx, B->getRHS(), Holds, Dims, Depth + 1);
    return;
  }
  if ((Op == BO_EQ && Holds) || (Op == BO_NE && !Holds))
    if (auto E = blockDimEquals(Ctx, B->getLHS(), B->getRHS()))
      Dims[E->first] = E->second;
}

/// Whether S only leaves the kernel (`return;`, `{ return; }`, a trap).
bool onlyLeaves(const Stmt *S) {
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return C->size() == 1 && onlyLeaves(C->body_front());
  if (isa<ReturnStmt>(S))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = Call->getDirectCallee()) {
      // The C libraries' assertion failures (the device-side declaration of
      // glibc's is not marked noreturn).
      llvm::StringRef N = F->getIdentifier() ? F->getName() : "";
      return F->isNoReturn() || F->getBuiltinID() == Builtin::BI__builtin_trap ||
             N == "__assert_fail" || N == "__assertfail" ||
             N == "__assert_rtn" || N == "_wassert";
    }
  return false;
}

/// The block extents the kernel itself insists on, from the statements at
/// the top of its body: `assert(blockDim.x == 4)`, `__builtin_assume(...)`,
/// and early exits `if (blockDim.x != 4) return;`. Where says where the
/// first of them is.
void kernelBlockFacts(ASTContext &Ctx, const FunctionDecl *Kernel,
                      std::optional<int64_t> (&Dims)[3], SourceLoc &Where) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return;
  for (const Stmt *S : Body->body()) {
    std::optional<int64_t> Found[3];
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (!If->getElse() && !If->getInit() && !If->getConditionVariable() &&
          onlyLeaves(If->getThen()))
        blockDimFacts(Ctx, If->getCond(), /*Holds=*/false, Found);
    } else if (const auto *E = dyn_cast<clang::Expr>(S)) {
      E = E->IgnoreParenImpCasts();
      if (const auto *V = dyn_cast<CStyleCastExpr>(E))
        E = V->getSubExpr()->IgnoreParenImpCasts();
      // assert(c): `c ? (void)0 : __assert_fail(...)` and its variants.
      if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
        const auto *Fail =
            dyn_cast<CallExpr>(CO->getFalseExpr()->IgnoreParenImpCasts());
        if (Fail && onlyLeaves(Fail))
          blockDimFacts(Ctx, CO->getCond(), true, Found);
      } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
        if (Call->getBuiltinCallee() == Builtin::BI__builtin_assume &&
            Call->getNumArgs() == 1)
          blockDimFacts(Ctx, Call->getArg(0), true, Found);
      }
    }
    for (unsigned D = 0; D < 3; ++D)
      if (Found[D] && !Dims[D]) {
        Dims[D] = Found[D];
        if (!Where.isValid())
          Where = toSourceLoc(Ctx, S->getBeginLoc());
      }
  }
}

/// Whether anything the kernel computes reads the thread index or the block
/// extent in dimension 1 or 2: if not, the rows of a warp repeat the same
/// addresses, which changes no request's numbers, and a 1-D shape stands
/// for every one. Atomics are the exception (lanes on one address are
/// serialized), so a kernel with atomics counts as reading them.
bool usesHigherDims(const KernelModel &K) {
  auto Higher = [](const std::vector<Symbol> &Syms) {
    for (const Symbol &S : Syms)
      if ((S.Kind == SymbolKind::ThreadIdx ||
           S.Kind == SymbolKind::BlockDim) &&
          S.Index > 0)
        return true;
    return false;
  };
  for (const Access &A : K.Accesses)
    if ((A.ByteOffset && Higher(A.ByteOffset->symbols())) ||
        Higher(A.Guard.symbols()) || A.Op == AccessOp::Atomic)
      return true;
  for (const Loop &L : K.Loops)
    if (Higher(L.Init.symbols()) || Higher(L.Condition.symbols()) ||
        (L.StepExpr && Higher(L.StepExpr->symbols())))
      return true;
  for (const Barrier &B : K.Barriers)
    if (Higher(B.Guard.symbols()))
      return true;
  return false;
}

/// A launch whose block has run-time extents the kernel reads, kept with
/// its constant ones when the solver models such warps (LaunchSpace.h): an
/// x extent that is a multiple of 32 (each warp in one row), or one that
/// divides 32 with blockDim.z = 1 (each warp over 32 / x rows).
std::optional<LaunchConfig> partialLaunch(const LaunchSiteIndex::Site &S) {
  if (!S.Config || !S.Config->Block || S.Config->UnknownExtents[0])
    return std::nullopt;
  LaunchConfig P = *S.Config;
  const int64_t Extent[3] = {P.Block->X, P.Block->Y, P.Block->Z};
  for (unsigned D = 0; D < 3; ++D)
    if (!P.UnknownExtents[D])
      P.PartialBlock[D] = Extent[D];
  int64_t X = Extent[0];
  bool Rows =
      X > 0 && 32 % X == 0 && !P.PartialBlock[1] && P.PartialBlock[2] == 1;
  if (X % 32 != 0 && !Rows)
    return std::nullopt;
  P.Block.reset();
  P.UnknownExtents = {false, false, false};
  P.RuntimeBlock = S.BlockText;
  return P;
}

/// Where a launch configuration comes from, for a warning about it.
std::string sourcePhrase(LaunchSource S) {
  switch (S) {
  case LaunchSource::LaunchSite:
    return "the launch";
  case LaunchSource::CommandLine:
    return "--block-dim";
  case LaunchSource::Annotation:
    return "the 'warplint: block-dim' comment";
  case LaunchSource::ConfigFile:
    return "the BlockShapes entry";
  case LaunchSource::LaunchBounds:
    return "__launch_bounds__";
  case LaunchSource::KernelCondition:
    return "the kernel's condition on blockDim";
  case LaunchSource::Assumed:
    break;
  }
  return "the assumed launch";
}

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

void chooseLaunches(ASTContext &Ctx, const FunctionDecl *Kernel,
                    const LaunchSiteIndex &Index, const FrontendOptions &Opts,
                    KernelModel &K) {
  // The limits of the GPU the file is parsed for (the one target decision,
  // CompileFlags.cpp), else of the one the caller chose.
  std::optional<ArchInfo> Arch;
  for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
    if (!Arch && T && T->getTriple().isNVPTX() && !Opts.ArchOverrides)
      Arch = findArch(T->getTargetOpts().CPU);
  if (!Arch)
    Arch = findArch(Opts.Arch);
  if (!Arch)
    Arch = findArch("sm_90");
  std::optional<int64_t> Bounds;
  if (const auto *A = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    clang::Expr::EvalResult R;
    if (A->getMaxThreads() && !A->getMaxThreads()->isValueDependent() &&
        A->getMaxThreads()->EvaluateAsInt(R, Ctx))
      Bounds = R.Val.getInt().tryExtValue();
  }

  // Every shape, whatever its source, passes the target's limits before it
  // is analyzed; one that does not is a warning at its source.
  auto Add = [&](const LaunchConfig &L) {
    if (auto Problem = launchShapeProblem(*Arch, L)) {
      std::string Msg = sourcePhrase(L.Source) + " of '" + K.Name +
                        "' has an invalid launch shape: " + *Problem +
                        "; it is not analyzed";
      for (const auto &W : K.Warnings)
        if (W.first == L.Site && W.second == Msg)
          return;
      K.Warnings.emplace_back(L.Site, std::move(Msg));
      return;
    }
    for (const LaunchConfig &E : K.Launches)
      if (E.Source == L.Source && sameConfig(E, L))
        return;
    K.Launches.push_back(L);
  };
  // __launch_bounds__ is checked whether or not it gives the shape: the
  // occupancy estimate reads it.
  if (Bounds) {
    LaunchConfig L;
    L.Source = LaunchSource::LaunchBounds;
    L.Block = BlockShape{*Bounds, 1, 1};
    L.Site = toSourceLoc(Ctx, Kernel->getAttr<CUDALaunchBoundsAttr>()
                                  ->getLocation());
    if (launchShapeProblem(*Arch, L)) {
      Add(L); // the warning
      Bounds.reset();
    }
  }
  K.MaxThreadsPerBlock = Bounds;

  // Launches whose block the analysis cannot take: the assumed shape, if
  // it comes to that, names the first of them.
  std::vector<const LaunchSiteIndex::Site *> RuntimeSites;
  for (const LaunchSiteIndex::Site &S : Index.sitesOf(Kernel)) {
    // A launch whose y or z extent is not constant stands for all of them
    // when nothing in the kernel reads those dimensions.
    bool Partial = S.Config && (S.Config->UnknownExtents[1] ||
                                S.Config->UnknownExtents[2]);
    if (S.Config && (!Partial || !usesHigherDims(K))) {
      Add(*S.Config);
    } else if (auto P = partialLaunch(S)) {
      Add(*P);
    } else {
      K.Remarks.emplace_back(S.Loc, S.Why);
      if (!S.BlockText.empty())
        RuntimeSites.push_back(&S);
    }
  }
  if (!K.Launches.empty())
    return;
  for (const BlockShape &B : Opts.BlockDims) {
    LaunchConfig L;
    L.Source = LaunchSource::CommandLine;
    L.Block = B;
    Add(L);
  }
  if (!K.Launches.empty())
    return;
  for (const LaunchConfig &L : annotations(Ctx, Kernel, K))
    Add(L);
  if (!K.Launches.empty())
    return;
  // .warplint.yaml BlockShapes: the most specific spelling of the kernel's
  // name that the file uses wins; "*" comes only after __launch_bounds__,
  // which is about this kernel.
  auto AddConfigured = [&](const std::string &Name) {
    auto It = Opts.KernelBlockDims.find(Name);
    if (It == Opts.KernelBlockDims.end())
      return false;
    for (const BlockShape &B : It->second.Shapes) {
      LaunchConfig L;
      L.Source = LaunchSource::ConfigFile;
      L.Block = B;
      L.Site = It->second.Where;
      Add(L);
    }
    return !K.Launches.empty();
  };
  if (AddConfigured(K.Name) ||
      AddConfigured(Kernel->getQualifiedNameAsString()) ||
      AddConfigured(Kernel->getNameAsString()))
    return;
  if (Bounds && *Bounds > 0) {
    LaunchConfig L;
    L.Source = LaunchSource::LaunchBounds;
    L.Block = BlockShape{*Bounds, 1, 1};
    L.Site = toSourceLoc(Ctx, Kernel->getAttr<CUDALaunchBoundsAttr>()
                                  ->getLocation());
    Add(L);
    return;
  }
  if (AddConfigured("*"))
    return;
  // The kernel's own conditions on blockDim (assert, __builtin_assume, an
  // early exit): a shape they fix entirely, or fix in x when nothing reads
  // the other dimensions.
  std::optional<int64_t> Dims[3];
  SourceLoc Where;
  kernelBlockFacts(Ctx, Kernel, Dims, Where);
  if (Dims[0] && ((Dims[1] && Dims[2]) || !usesHigherDims(K))) {
    LaunchConfig L;
    L.Source = LaunchSource::KernelCondition;
    L.Block = BlockShape{*Dims[0], Dims[1].value_or(1), Dims[2].value_or(1)};
    L.Site = Where;
    Add(L);
    if (!K.Launches.empty())
      return;
  }
  LaunchConfig L;
  L.Source = LaunchSource::Assumed;
  if (!RuntimeSites.empty()) {
    const LaunchSiteIndex::Site &S = *RuntimeSites.front();
    L.Site = S.Loc;
    L.RuntimeBlock = S.BlockText;
    L.DeviceSide = S.Config && S.Config->DeviceSide;
    L.MoreRuntimeLaunches = unsigned(RuntimeSites.size() - 1);
    // The launch fixes the x extent: a multiple of 32 is one of the shapes
    // the assumed one stands for; any other value contradicts it (its
    // warps span rows whose count is a run-time value), so no shape is
    // analyzed rather than a wrong one.
    for (const LaunchSiteIndex::Site *R : RuntimeSites)
      if (R->Config && !R->Config->UnknownExtents[0] &&
          R->Config->Block->X % 32 != 0) {
        L.NotModelled =
            "the launch at " + R->Loc.File + ":" + std::to_string(R->Loc.Line) +
            " gives blockDim.x = " + std::to_string(R->Config->Block->X) +
            " and takes the extents the kernel also reads from run-time "
            "values ('" +
            R->BlockText +
            "'): warps that span a run-time number of rows are not modelled";
        break;
      }
  }
  K.Launches.push_back(L);
}

} // namespace warplint
