//===- Extract.cpp - Parse a CUDA file and extract its access model -------===//
//
// Entry points of the front end: run clang (device side) on a file or on
// in-memory code, collect its diagnostics as text, and walk every kernel of
// the resulting AST (each instantiation of a kernel template separately).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Frontend.h"
#include "Frontend/Embedding.h"
#include "Frontend/Command/ErrorTriage.h"
#include "Frontend/Command/SharedInitRetry.h"
#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Launch/LaunchSites.h"
#include "Frontend/Walker/SourceLocs.h"
#include "Frontend/Toolkit.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace warplint {

using namespace clang;

namespace {

/// Every __global__ function with a body that is not a dependent template
/// pattern, in source order.
class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  std::vector<const FunctionDecl *> Kernels;

  /// Instances of kernel templates whose body clang did not instantiate
  /// (or left invalid): an error in it that the triage tolerates (a
  /// __shared__ object with a constructor, as nvcc accepts) does that.
  std::vector<const FunctionDecl *> Dropped;

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->hasAttr<CUDAGlobalAttr>() || F->isDependentContext())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
      return true;
    if (!F->doesThisDeclarationHaveABody() || F->isInvalidDecl()) {
      if (isDroppedInstance(F))
        Dropped.push_back(F);
      return true;
    }
    Kernels.push_back(F);
    return true;
  }

private:
  ASTContext &Ctx;
};

} // namespace

TranslationUnitModel extractModel(ASTContext &Ctx,
                                  const FrontendOptions &Opts) {
  TranslationUnitModel Out;
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    Out.MainFile = std::string(Main->getName());
  // The GPU clang parsed for: the device target, or on a host-side AST (the
  // clang-tidy plugin) the auxiliary target.
  for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
    if (Out.Arch.empty() && T && T->getTriple().isNVPTX())
      Out.Arch = T->getTargetOpts().CPU;
  KernelFinder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  LaunchSiteIndex Index(Ctx, Opts.ParamValues);
  // A kernel's model, named as diagnostics name it.
  auto Named = [&](const FunctionDecl *Kernel) {
    KernelModel K;
    llvm::raw_string_ostream OS(K.Name);
    Kernel->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(),
                                 /*Qualified=*/true);
    K.Loc = toSourceLoc(Ctx, Kernel->getLocation());
    return K;
  };
  for (const FunctionDecl *Kernel : F.Kernels) {
    KernelModel K = Named(Kernel);
    KernelWalker W(Ctx, Opts, K);
    W.run(Kernel);
    chooseLaunches(Ctx, Kernel, Index, Opts, K);
    Out.Kernels.push_back(std::move(K));
  }
  // Said, not skipped in silence: no access of such an instance is listed.
  for (const FunctionDecl *Kernel : F.Dropped) {
    KernelModel K = Named(Kernel);
    Out.NotAnalyzed.push_back("kernel '" + K.Name + "' (" + K.Loc.File + ":" +
                              std::to_string(K.Loc.Line) + ")");
  }
  return Out;
}

namespace {

/// What one parse of a file is asked beside the model: the classes whose
/// __shared__ objects clang should take as nvcc does (from an earlier
/// parse), and where to say which ones it rejected in bodies it kept.
struct SharedInitPass {
  llvm::StringSet<> TakenTrivial;
  std::vector<std::string> *Rejected = nullptr;
};

class ExtractConsumer : public SemaConsumer {
public:
  ExtractConsumer(const FrontendOptions &Opts, ErrorTriage &Triage,
                  const SharedInitPass &Pass, TranslationUnitModel &Out)
      : Opts(Opts), Triage(Triage), Pass(Pass), Out(Out) {}

  void InitializeSema(Sema &S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Before the triage: the instances it gives back are analyzed like any
    // other, and the errors that dropped them stay tolerated.
    if (TheSema)
      retryInstancesDroppedForSharedInit(*TheSema, Triage.sharedInitErrors());
    // Errors that nvcc would not report (host code, nvcc dialect) leave the
    // device code intact; any other error may leave it incomplete, and
    // nothing is proved on an incomplete AST.
    Triage.classify(Ctx);
    if (Triage.stopsAnalysis())
      return;
    // Statements lost with a rejected object: the file is parsed again
    // (runParse) instead of analyzed without them.
    if (Pass.Rejected) {
      *Pass.Rejected = classesRejectedInBodies(Ctx, Triage.sharedInitErrors());
      if (!Pass.Rejected->empty())
        return;
    }
    Out = extractModel(Ctx, Opts);
  }

  void HandleTagDeclDefinition(TagDecl *D) override {
    if (TheSema && !Pass.TakenTrivial.empty())
      takeTrivialIfNamed(*TheSema, D, Pass.TakenTrivial);
  }

  /// Asked for each function body while SkipFunctionBodies is on (clang has
  /// already kept constexpr functions and undeduced return types). A body is
  /// left unparsed only when nothing warplint reads can be in it: a host-only
  /// function of a system header is neither device code nor a user's launch
  /// site, and such bodies (the C++ library, the CUDA runtime's host API)
  /// are a fifth of a CUDA file's parse. Device and __host__ __device__
  /// functions (the wrappers' math, cooperative groups) stay whole.
  bool shouldSkipFunctionBody(Decl *D) override {
    const FunctionDecl *FD = D->getAsFunction();
    if (!FD || FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>())
      return false;
    return D->getASTContext().getSourceManager().isInSystemHeader(
        D->getLocation());
  }

private:
  const FrontendOptions &Opts;
  ErrorTriage &Triage;
  const SharedInitPass &Pass;
  TranslationUnitModel &Out;
  Sema *TheSema = nullptr;
};

class ExtractAction : public ASTFrontendAction {
public:
  ExtractAction(const FrontendOptions &Opts, ErrorTriage &Triage,
                const SharedInitPass &Pass, TranslationUnitModel &Out)
      : Opts(Opts), Triage(Triage), Pass(Pass), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // clang's closing "N errors generated" counts the tolerated errors too;
    // the diagnostics themselves (ErrorTriage) say everything that matters.
    CI.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return std::make_unique<ExtractConsumer>(Opts, Triage, Pass, Out);
  }

private:
  const FrontendOptions &Opts;
  ErrorTriage &Triage;
  const SharedInitPass &Pass;
  TranslationUnitModel &Out;
};

/// Runs an ExtractAction in a compiler instance that a crash recovery
/// context deletes when the parse crashes (as libclang's ASTUnit does):
/// the parse's memory (the AST, the sources, the preprocessor) is given
/// back after a caught crash instead of leaking, so a language server
/// survives any number of them. The rest is tooling's
/// FrontendActionFactory::runInvocation.
class RecoverableExtract : public tooling::ToolAction {
public:
  RecoverableExtract(const FrontendOptions &Opts, ErrorTriage &Triage,
                     const SharedInitPass &Pass, TranslationUnitModel &Out)
      : Opts(Opts), Triage(Triage), Pass(Pass), Out(Out) {}

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    auto Compiler = std::make_unique<CompilerInstance>(std::move(Invocation),
                                                       std::move(PCH));
    llvm::CrashRecoveryContextCleanupRegistrar<CompilerInstance> Cleanup(
        Compiler.get());
    Compiler->setVirtualFileSystem(Files->getVirtualFileSystemPtr());
    Compiler->setFileManager(Files);
    Compiler->createDiagnostics(Diags, /*ShouldOwnClient=*/false);
    if (!Compiler->hasDiagnostics())
      return false;
    Compiler->createSourceManager();
    // The parse accepts what nvcc accepts without -rdc as well: clang
    // rejects `extern __shared__ Storage s;` (any type but an unsized
    // array: nvcc's dynamic shared memory) unless the code is relocatable.
    // What the command really compiles stays the model's (where ptxas
    // places static shared objects, MemoryObjects.cpp).
    FrontendOptions Local = Opts;
    LangOptions &LO = Compiler->getInvocation().getLangOpts();
    Local.RelocatableDeviceCode = bool(LO.GPURelocatableDeviceCode);
    LO.GPURelocatableDeviceCode = true;
    auto Action = std::make_unique<ExtractAction>(Local, Triage, Pass, Out);
    llvm::CrashRecoveryContextCleanupRegistrar<ExtractAction> ActionCleanup(
        Action.get());
    bool Ok = Compiler->ExecuteAction(*Action);
    Files->clearStatCache();
    return Ok;
  }

private:
  const FrontendOptions &Opts;
  ErrorTriage &Triage;
  const SharedInitPass &Pass;
  TranslationUnitModel &Out;
};

/// The disk as a parse sees it, with a working directory of its own: the
/// parse moves it to the compile command's directory, and the process's
/// (shared by -j threads, and against which the user's relative -o,
/// --export-fixes and file names were given) must stay where warplint
/// started. getRealFileSystem() would move the process's.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> ownWorkingDirFileSystem() {
  return llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
      llvm::vfs::createPhysicalFileSystem().release());
}

/// One device-side parse of Args (argv[0] first, file last) on FS.
FrontendResult
parseOnce(const std::vector<std::string> &Args,
          const llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
          const std::string &WorkingDir, const FrontendOptions &Opts,
          const SharedInitPass &Pass) {
  FrontendResult R;
  ErrorTriage Triage;
  FileSystemOptions FSOpts;
  FSOpts.WorkingDir = WorkingDir;
  if (!WorkingDir.empty())
    (void)FS->setCurrentWorkingDirectory(
        WorkingDir); // else clang reports missing files
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(FSOpts, FS));
  R.Model.Kernels.clear();
  RecoverableExtract Action(Opts, Triage, Pass, R.Model);
  tooling::ToolInvocation Inv(Args, &Action, Files.get(),
                              std::make_shared<PCHContainerOperations>());
  Inv.setDiagnosticConsumer(&Triage);
  bool Ran = Inv.run() || Triage.getNumErrors() > 0;
  R.Success = Ran && !Triage.stopsAnalysis();
  R.ClangDiagnostics = Triage.shownText();
  R.Notes = Triage.toleratedNotes();
  for (const std::string &Kernel : R.Model.NotAnalyzed)
    R.Notes.push_back(Kernel + " not analyzed: clang instantiated no body "
                               "for it after an error in it that nvcc does "
                               "not report");
  if (!R.Success) {
    R.Model.Kernels.clear();
    if (R.ClangDiagnostics.empty())
      R.ClangDiagnostics = "error: clang could not parse the file\n";
  }
  return R;
}

/// Runs the device-side parse of Args (argv[0] first, file last) on FS. A
/// file declaring a __shared__ object whose constructor clang rejects in a
/// function written once (nvcc runs no initializer; clang drops every
/// statement that uses the object) is parsed a second time with that
/// class's constructor and destructor taken as trivial from its definition
/// on, as nvcc takes them (SharedInitRetry.h).
FrontendResult
runParse(std::vector<std::string> Args,
         const llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
         const std::string &WorkingDir, const FrontendOptions &Opts) {
  std::vector<std::string> Rejected;
  SharedInitPass First;
  First.Rejected = &Rejected;
  FrontendResult R = parseOnce(Args, FS, WorkingDir, Opts, First);
  if (Rejected.empty())
    return R;
  SharedInitPass Second;
  for (const std::string &Name : Rejected)
    Second.TakenTrivial.insert(Name);
  FrontendResult Again = parseOnce(Args, FS, WorkingDir, Opts, Second);
  if (Again.Success)
    return Again;
  // The classes taken as trivial broke the parse: analyzed as clang
  // parsed it the first time, the statements lost with those objects
  // included.
  return parseOnce(Args, FS, WorkingDir, Opts, SharedInitPass());
}

/// FS with the toolkit's headers shadowed beside clang's CUDA wrapper
/// (toolkitHeaderShims), when the parse uses a toolkit.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withToolkitShims(const llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
                 const DeviceParsePlan &Plan) {
  if (Plan.ToolkitRoot.empty() || Plan.ResourceDir.empty())
    return FS;
  std::vector<HeaderShim> Shims =
      toolkitHeaderShims(Plan.ResourceDir, Plan.ToolkitRoot);
  if (Shims.empty())
    return FS;
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FS);
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const HeaderShim &S : Shims)
    Mem->addFile(S.Path, 0, llvm::MemoryBuffer::getMemBufferCopy(S.Text, S.Path));
  Overlay->pushOverlay(Mem);
  return Overlay;
}

/// The parse of a file (on disk or shadowed by FS) as Cmd commands it.
FrontendResult
parseCommand(const CompileCommand &Cmd,
             const llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
             const FrontendOptions &Opts) {
  DeviceParsePlan Plan = planDeviceParse(Cmd, Opts);
  FrontendResult R;
  if (Plan.Error.empty())
    R = runParse(std::move(Plan.Args), withToolkitShims(FS, Plan),
                 Cmd.Directory, Opts);
  else
    R.ClangDiagnostics = "error: " + Plan.Error + "\n";
  R.FlagWarnings = std::move(Plan.Warnings);
  R.Notes.insert(R.Notes.begin(), Plan.Notes.begin(), Plan.Notes.end());
  return R;
}

} // namespace

FrontendResult analyzeFile(const CompileCommand &Cmd,
                           const FrontendOptions &Opts) {
  llvm::SmallString<256> Path(Cmd.File);
  if (!llvm::sys::path::is_absolute(Path) && !Cmd.Directory.empty()) {
    Path = Cmd.Directory;
    llvm::sys::path::append(Path, Cmd.File);
  }
  if (!llvm::sys::fs::exists(Path)) {
    FrontendResult R;
    R.ClangDiagnostics =
        "error: no such file or directory: '" + Cmd.File + "'\n";
    return R;
  }
  return parseCommand(Cmd, ownWorkingDirFileSystem(), Opts);
}

FrontendResult analyzeCode(const std::string &Code, const std::string &FileName,
                           const std::vector<std::string> &Args,
                           const FrontendOptions &Opts) {
  std::vector<std::string> Full;
  Full.push_back("clang++");
  Full.insert(Full.end(), Args.begin(), Args.end());
  Full.push_back(FileName);
  // The code lives in memory, layered over the real file system so that the
  // CUDA toolkit and clang's resource headers are still found.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      ownWorkingDirFileSystem());
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(Mem);
  llvm::SmallString<256> Cwd;
  (void)llvm::sys::fs::current_path(Cwd); // empty: paths stay as given
  llvm::SmallString<256> Abs(FileName);
  if (!llvm::sys::path::is_absolute(Abs)) {
    Abs = Cwd;
    llvm::sys::path::append(Abs, FileName);
  }
  Mem->addFile(Abs, 0, llvm::MemoryBuffer::getMemBufferCopy(Code, FileName));
  return runParse(std::move(Full), Overlay, std::string(Cwd), Opts);
}

FrontendResult analyzeBuffer(const std::string &Code,
                             const CompileCommand &Cmd,
                             const FrontendOptions &Opts) {
  llvm::SmallString<256> Abs(Cmd.File);
  if (!llvm::sys::path::is_absolute(Abs) && !Cmd.Directory.empty()) {
    Abs = Cmd.Directory;
    llvm::sys::path::append(Abs, Cmd.File);
  }
  // The buffer shadows the file on disk; its includes still come from disk,
  // resolved against the command's own directory.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      ownWorkingDirFileSystem());
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(Mem);
  Mem->addFile(Abs, 0, llvm::MemoryBuffer::getMemBufferCopy(Code, Abs));
  return parseCommand(Cmd, Overlay, Opts);
}

} // namespace warplint
