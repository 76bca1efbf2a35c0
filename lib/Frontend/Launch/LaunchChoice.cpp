//===- LaunchChoice.cpp - Which launch shapes a kernel is analyzed for ----===//
//
// The rules of docs/model.md, "Launch configurations", in their order: the
// file's launch sites (partly constant blocks kept with their constant
// extents), --block-dim, `// warplint: block-dim(...)` comments,
// .warplint.yaml BlockShapes, __launch_bounds__, the kernel's own
// conditions on blockDim, and last the assumed shape. Every shape passes
// the target's limits first.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Launch/LaunchSites.h"
#include "Frontend/Walker/SourceLocs.h"
#include "Model/LaunchShape.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/Regex.h"

namespace warplint {

using namespace clang;

namespace {

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
std::vector<LaunchConfig>
annotations(ASTContext &Ctx, const FunctionDecl *Kernel, KernelModel &K) {
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
      SourceLoc Site =
          toSourceLoc(Ctx, SM.getComposedLoc(FID, unsigned(PrevStart + Col)));
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
      return F->isNoReturn() ||
             F->getBuiltinID() == Builtin::BI__builtin_trap ||
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
      if ((S.Kind == SymbolKind::ThreadIdx || S.Kind == SymbolKind::BlockDim) &&
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
  if (partialWarps(P.PartialBlock) == PartialWarps::NotModelled)
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

/// One kernel's choice of launch shapes (chooseLaunches), step by step.
class LaunchChooser {
public:
  LaunchChooser(ASTContext &Ctx, const FunctionDecl *Kernel,
                const FrontendOptions &Opts, KernelModel &K)
      : Ctx(Ctx), Kernel(Kernel), Opts(Opts), K(K), Arch(targetArch()) {}

  void choose(const LaunchSiteIndex &Index) {
    checkLaunchBounds();
    fromSites(Index);
    if (K.Launches.empty())
      fromOtherRules();
    if (K.Launches.empty())
      K.Launches.push_back(assumed());
  }

private:
  /// The limits of the GPU the file is parsed for (the one target
  /// decision, CompileFlags.cpp), else of the one the caller chose.
  ArchInfo targetArch() const {
    std::optional<ArchInfo> A;
    for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
      if (!A && T && T->getTriple().isNVPTX() && !Opts.ArchOverrides)
        A = findArch(T->getTargetOpts().CPU);
    if (!A)
      A = findArch(Opts.Arch);
    return A ? *A : *findArch("sm_90");
  }

  /// Every shape, whatever its source, passes the target's limits before
  /// it is analyzed; one that does not is a warning at its source.
  void add(const LaunchConfig &L) {
    if (auto Problem = launchShapeProblem(Arch, L)) {
      std::string Msg = sourcePhrase(L.Source) + " of '" + K.Name +
                        "' has an invalid launch shape: " + *Problem +
                        "; the kernel is not analyzed for it";
      for (const auto &W : K.Warnings)
        if (W.first == L.Site && W.second == Msg)
          return;
      K.Warnings.emplace_back(L.Site, std::move(Msg));
      if (Refused.empty())
        Refused = sourcePhrase(L.Source) +
                  (L.Site.isValid() ? " at " + L.Site.File + ":" +
                                          std::to_string(L.Site.Line)
                                    : std::string());
      else
        ++MoreRefused;
      return;
    }
    for (const LaunchConfig &E : K.Launches)
      if (E.Source == L.Source && sameConfig(E, L))
        return;
    K.Launches.push_back(L);
  }

  LaunchConfig boundsShape() const {
    LaunchConfig L;
    L.Source = LaunchSource::LaunchBounds;
    L.Block = BlockShape{*Bounds, 1, 1};
    L.Site = toSourceLoc(
        Ctx, Kernel->getAttr<CUDALaunchBoundsAttr>()->getLocation());
    return L;
  }

  /// __launch_bounds__ is checked whether or not it gives the shape: the
  /// occupancy estimate reads it.
  void checkLaunchBounds() {
    if (const auto *A = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
      clang::Expr::EvalResult R;
      if (A->getMaxThreads() && !A->getMaxThreads()->isValueDependent() &&
          A->getMaxThreads()->EvaluateAsInt(R, Ctx))
        Bounds = R.Val.getInt().tryExtValue();
    }
    if (Bounds && launchShapeProblem(Arch, boundsShape())) {
      add(boundsShape()); // the warning
      Bounds.reset();
    }
    K.MaxThreadsPerBlock = Bounds;
  }

  /// The file's launches. Those whose block the analysis cannot take are
  /// remarks; the assumed shape, if it comes to that, names the first.
  void fromSites(const LaunchSiteIndex &Index) {
    for (const LaunchSiteIndex::Site &S : Index.sitesOf(Kernel)) {
      // A launch whose y or z extent is not constant stands for all of
      // them when nothing in the kernel reads those dimensions.
      bool Partial = S.Config && (S.Config->UnknownExtents[1] ||
                                  S.Config->UnknownExtents[2]);
      if (S.Config && (!Partial || !usesHigherDims(K))) {
        add(*S.Config);
      } else if (auto P = partialLaunch(S)) {
        add(*P);
      } else {
        K.Remarks.emplace_back(S.Loc, S.Why);
        if (!S.BlockText.empty())
          RuntimeSites.push_back(&S);
      }
    }
  }

  /// .warplint.yaml BlockShapes under one spelling of the kernel's name.
  bool fromConfig(const std::string &Name) {
    auto It = Opts.KernelBlockDims.find(Name);
    if (It == Opts.KernelBlockDims.end())
      return false;
    for (const BlockShape &B : It->second.Shapes) {
      LaunchConfig L;
      L.Source = LaunchSource::ConfigFile;
      L.Block = B;
      L.Site = It->second.Where;
      add(L);
    }
    return !K.Launches.empty();
  }

  /// Rules 2 to 5, the first that gives a shape.
  void fromOtherRules() {
    for (const BlockShape &B : Opts.BlockDims) {
      LaunchConfig L;
      L.Source = LaunchSource::CommandLine;
      L.Block = B;
      add(L);
    }
    if (!K.Launches.empty())
      return;
    for (const LaunchConfig &L : annotations(Ctx, Kernel, K))
      add(L);
    if (!K.Launches.empty())
      return;
    // The most specific spelling of the kernel's name that the file uses
    // wins; "*" comes only after __launch_bounds__, which is about this
    // kernel.
    if (fromConfig(K.Name) || fromConfig(Kernel->getQualifiedNameAsString()) ||
        fromConfig(Kernel->getNameAsString()))
      return;
    if (Bounds && *Bounds > 0) {
      add(boundsShape());
      return;
    }
    if (fromConfig("*"))
      return;
    // The kernel's own conditions on blockDim (assert, __builtin_assume, an
    // early exit): a shape they fix entirely, or fix in x when nothing
    // reads the other dimensions.
    std::optional<int64_t> Dims[3];
    SourceLoc Where;
    kernelBlockFacts(Ctx, Kernel, Dims, Where);
    if (Dims[0] && ((Dims[1] && Dims[2]) || !usesHigherDims(K))) {
      LaunchConfig L;
      L.Source = LaunchSource::KernelCondition;
      L.Block = BlockShape{*Dims[0], Dims[1].value_or(1), Dims[2].value_or(1)};
      L.Site = Where;
      add(L);
    }
  }

  /// No shape: the assumed one, naming the first launch whose block is a
  /// run-time value, or no shape at all where that launch contradicts it.
  LaunchConfig assumed() const {
    LaunchConfig L;
    L.Source = LaunchSource::Assumed;
    if (RuntimeSites.empty()) {
      L.Refused = Refused;
      L.MoreRefused = MoreRefused;
      return L;
    }
    const LaunchSiteIndex::Site &S = *RuntimeSites.front();
    L.Site = S.Loc;
    L.RuntimeBlock = S.BlockText;
    L.DeviceSide = S.Config && S.Config->DeviceSide;
    L.MoreRuntimeLaunches = unsigned(RuntimeSites.size() - 1);
    // A launch that fixes the x extent to a value whose warps the solver
    // cannot describe (partialLaunch) contradicts the assumed shape: no
    // shape is analyzed rather than a wrong one.
    for (const LaunchSiteIndex::Site *R : RuntimeSites)
      if (R->Config && !R->Config->UnknownExtents[0] &&
          R->Config->Block->X % WarpLanes != 0) {
        L.NotModelled =
            "the launch at " + R->Loc.File + ":" + std::to_string(R->Loc.Line) +
            " gives blockDim.x = " + std::to_string(R->Config->Block->X) +
            " and takes the extents the kernel also reads from run-time "
            "values ('" +
            R->BlockText +
            "'): warps that span a run-time number of rows are not modelled";
        break;
      }
    return L;
  }

  ASTContext &Ctx;
  const FunctionDecl *Kernel;
  const FrontendOptions &Opts;
  KernelModel &K;
  const ArchInfo Arch;
  std::optional<int64_t> Bounds;
  std::vector<const LaunchSiteIndex::Site *> RuntimeSites;
  /// The first shape the target refused (LaunchConfig::Refused) and how
  /// many more.
  std::string Refused;
  unsigned MoreRefused = 0;
};

} // namespace

void chooseLaunches(ASTContext &Ctx, const FunctionDecl *Kernel,
                    const LaunchSiteIndex &Index, const FrontendOptions &Opts,
                    KernelModel &K) {
  LaunchChooser(Ctx, Kernel, Opts, K).choose(Index);
}

} // namespace warplint
