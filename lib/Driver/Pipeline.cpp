//===- Pipeline.cpp - One file through every step -------------------------===//
//
// Parse, model, solve, check, suppress, fix: in that order, under one budget
// per file, and (for whole files) isolated from crashes.
//
//===----------------------------------------------------------------------===//

#include "Driver/Pipeline.h"

#include "Checks/Analysis.h"
#include "Cost/Impact.h"
#include "Driver/Analyze.h"
#include "Facts/CompilerFacts.h"
#include "Facts/SourceMerge.h"
#include "Fix/FixIts.h"
#include "Model/Arch.h"
#include "Report/Writers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <csignal>
#include <cstdlib>
#include <pthread.h>
#include <tuple>
#include <cstring>
#include <mutex>
#include <set>
#include <vector>

namespace warplint {

namespace {

/// Solves the accesses of the kernels with a finding that no enabled check
/// needed: what a finding costs its launch (attachImpact) is read against
/// the time of every access of its kernel.
void solveKernelsOfFindings(const TranslationUnitModel &Model,
                            const std::vector<Diagnostic> &Diags,
                            const SolveOptions &Solve,
                            std::vector<AccessAnalysis> &Analyses) {
  std::set<unsigned> Kernels;
  for (const Diagnostic &D : Diags)
    if (D.Source)
      Kernels.insert(D.Source->Kernel);
  std::set<const Access *> Solved;
  for (const AccessAnalysis &A : Analyses)
    Solved.insert(A.Acc);
  bool Missing = false;
  for (unsigned K : Kernels)
    for (const Access &A : Model.Kernels[K].Accesses)
      Missing |= !Solved.count(&A);
  if (!Missing)
    return;
  std::vector<AccessAnalysis> More = analyzeAccesses(
      Model, Solve, [&](const KernelModel &K, const Access &A) {
        return Kernels.count(unsigned(&K - Model.Kernels.data())) &&
               !Solved.count(&A);
      });
  for (AccessAnalysis &A : More)
    Analyses.push_back(std::move(A));
}

} // namespace

FileReport analyzeModel(const FrontendResult &Parsed,
                        const PipelineOptions &Opts, FileBudget *Budget) {
  FileReport R;
  R.File = Parsed.Model.MainFile;
  R.Parsed = Parsed.Success;
  R.ClangDiagnostics = Parsed.ClangDiagnostics;
  R.FlagWarnings = Parsed.FlagWarnings;
  R.Notes = Parsed.Notes;
  // One target decision: the GPU the file was parsed for is the one every
  // number, note and fix is about, unless the caller chose one explicitly.
  SolveOptions Solve = Opts.Solve;
  if (!Opts.Frontend.ArchOverrides)
    if (std::optional<ArchInfo> A = findArch(Parsed.Model.Arch))
      Solve.Arch = *A;
  R.Arch = Solve.Arch.Name;
  if (!Parsed.Success)
    return R;
  R.Kernels = Parsed.Model.Kernels.size();
  for (const KernelModel &K : Parsed.Model.Kernels)
    R.KernelNames.push_back(K.Name);
  for (const KernelModel &K : Parsed.Model.Kernels)
    for (const auto &[Loc, Message] : K.Warnings) {
      Diagnostic D;
      D.Level = Severity::Warning;
      D.Range = {Loc, Loc};
      D.Message = Message;
      R.InputWarnings.push_back(std::move(D));
    }

  // One budget for everything the solver does for this file.
  FileBudget Own =
      FileBudget::start(Opts.TimeBudgetSeconds, Opts.LaneEvaluationBudget);
  Solve.File = Budget ? Budget : &Own;

  // What nvcc emits for each access (merged, split), before the solver
  // counts requests: the hardware counts instructions, not expressions.
  TranslationUnitModel Model = Parsed.Model;
  applySourceRules(Model);
  bindParamValues(Model, Opts.ParamValues);
  std::vector<std::unique_ptr<Check>> Enabled;
  for (auto &C : createAllChecks())
    if (checkEnabled(Opts.CheckFilter, C->id()))
      Enabled.push_back(std::move(C));
  // Only what the enabled checks read is solved.
  AnalysisNeeds Needs = Opts.EveryAnalysis ? AnalysisNeeds::all() : AnalysisNeeds();
  for (const auto &C : Enabled)
    Needs |= C->needs();
  std::vector<AccessAnalysis> Analyses =
      analyzeAccesses(Model, Solve, [&](const KernelModel &K, const Access &A) {
        return Needs.wants(K.Objects[A.Object].Space);
      });
  std::vector<BranchAnalysis> Branches;
  if (Needs.Branches)
    Branches = analyzeBranches(Model, Solve, Opts.BranchProbability);
  for (const BranchAnalysis &B : Branches)
    R.Branches.push_back(toRecord(B));

  SourceCache Sources;
  for (const auto &[File, Text] : Opts.Overlay)
    Sources.setText(File, Text);
  std::vector<Diagnostic> Suppressed;
  CheckOptions Checking = Opts.Checks;
  Checking.Arch = Solve.Arch;
  for (Diagnostic &D :
       runChecks(Model, Analyses, Branches, Enabled, Checking)) {
    if (isSuppressed(Sources, D.Range.Begin, D.Check)) {
      ++R.Suppressed;
      Suppressed.push_back(std::move(D));
      continue;
    }
    if (D.Level == Severity::Warning && !Opts.WarningsAsErrors.empty() &&
        checkEnabled(Opts.WarningsAsErrors, D.Check))
      D.Level = Severity::Error;
    R.Diagnostics.push_back(std::move(D));
  }
  // What each finding costs its launch, before merging keeps the worst:
  // its launch's time needs every access of its kernel solved.
  solveKernelsOfFindings(Model, R.Diagnostics, Solve, Analyses);
  for (const AccessAnalysis &A : Analyses)
    R.Records.push_back(toRecord(A));
  std::set<const Access *> Solved, Unknown;
  for (const AccessAnalysis &A : Analyses) {
    Solved.insert(A.Acc);
    if (!A.exact() && !A.bounded())
      Unknown.insert(A.Acc);
  }
  R.UnknownAccesses = Unknown.size();
  for (const KernelModel &K : Model.Kernels)
    R.Accesses += K.Accesses.size();
  R.UnsolvedAccesses = R.Accesses - Solved.size();
  attachImpact(R.Diagnostics, Analyses, Solve.Arch);
  // Fixes come last: they need every finding of an array, and an array with
  // a suppressed finding is left alone.
  if (Opts.LayoutFixes)
    attachLayoutFixes(Model, R.Diagnostics, Solve, Suppressed, Opts.Overlay,
                      &Analyses);
  // What costs too little to matter goes (MinSpeedup), once the fixes
  // have seen every finding of their arrays.
  if (Opts.MinSpeedup > 0)
    llvm::erase_if(R.Diagnostics, [&](const Diagnostic &D) {
      bool Below = D.Impact && D.Level != Severity::Error &&
                   D.Impact->Speedup < Opts.MinSpeedup;
      R.BelowMinSpeedup += Below;
      return Below;
    });
  // One finding per problem: instantiations, launch shapes and accesses of
  // one line are merged once each has its fixes.
  mergeDuplicates(R.Diagnostics);
  R.BudgetLeft = Solve.File->left();
  return R;
}

namespace {

/// Where the reason of an LLVM fatal error that ends this thread's isolated
/// work goes, for the message about it.
thread_local std::string *FatalReason = nullptr;

/// LLVM's fatal errors (report_fatal_error) end the process with exit(1),
/// which no signal handler sees. Inside isolated work they end only that
/// work, as a crash does; elsewhere they are printed as LLVM prints them.
void onFatalError(void *, const char *Reason, bool) {
  if (llvm::CrashRecoveryContext *CRC =
          llvm::CrashRecoveryContext::GetCurrent()) {
    if (FatalReason)
      *FatalReason = Reason;
    CRC->HandleExit(1);
  }
  llvm::errs() << "LLVM ERROR: " << Reason << "\n";
}

/// Memory set aside at start and given back when an allocation fails, so
/// that what follows an out-of-memory crash (its message, the next file)
/// has room: the failed work's own memory is never freed, a crash jumps
/// past its destructors.
void *Reserve = nullptr;
constexpr size_t ReserveBytes = size_t(32) << 20;
std::mutex ReserveLock;

/// Taken once: after an out-of-memory crash the process is short of
/// memory for good, and taking it again would eat the room just given back.
void takeReserve() {
  std::lock_guard<std::mutex> Lock(ReserveLock);
  Reserve = std::malloc(ReserveBytes);
}

void giveBackReserve() {
  std::lock_guard<std::mutex> Lock(ReserveLock);
  std::free(Reserve);
  Reserve = nullptr;
}

/// An allocation that fails (operator new, or LLVM's own allocators) ends
/// the isolated work it happens in, as a crash does; elsewhere it ends the
/// process as LLVM would.
void onOutOfMemory(void *, const char *Reason, bool) {
  giveBackReserve();
  if (llvm::CrashRecoveryContext *CRC =
          llvm::CrashRecoveryContext::GetCurrent()) {
    if (FatalReason)
      *FatalReason = "out of memory";
    CRC->HandleExit(1);
  }
  llvm::errs() << "LLVM ERROR: out of memory (" << Reason << ")\n";
  std::abort();
}

/// What isolated work on this thread was doing, and where a memory fault
/// hit: for the message about a crash.
struct CrashScene {
  const char *Phase = nullptr;
  uintptr_t StackLow = 0, StackHigh = 0; ///< the work thread's own stack
  uintptr_t FaultAddress = 0;
  bool Faulted = false;
};
thread_local CrashScene *Scene = nullptr;

/// The crash recovery's handlers for SIGSEGV and SIGBUS, which the
/// recording handler below hands each fault to.
struct sigaction RecoveryHandlers[2];

/// Records the fault's address for the message, then lets the crash
/// recovery handle the fault as before.
void recordFault(int Sig, siginfo_t *Info, void *Context) {
  if (Scene && Info) {
    Scene->Faulted = true;
    Scene->FaultAddress = reinterpret_cast<uintptr_t>(Info->si_addr);
  }
  const struct sigaction &Next = RecoveryHandlers[Sig == SIGSEGV ? 0 : 1];
  if (Next.sa_flags & SA_SIGINFO)
    Next.sa_sigaction(Sig, Info, Context);
  else
    Next.sa_handler(Sig);
}

/// A stack overflow raises SIGSEGV on the exhausted stack, where no handler
/// can run, and the process dies. The crash recovery's handlers for the
/// memory faults are made to run on an alternate signal stack instead
/// (each analysis thread gets one), so an overflow is a caught crash too;
/// the fault's address, recorded first, tells an overflow from other
/// faults.
void handleFaultsOnAltStack() {
  int Slot = 0;
  for (int Sig : {SIGSEGV, SIGBUS}) {
    struct sigaction A;
    int Index = Slot++;
    if (sigaction(Sig, nullptr, &A) != 0 ||
        (!(A.sa_flags & SA_SIGINFO) &&
         (A.sa_handler == SIG_DFL || A.sa_handler == SIG_IGN)))
      continue;
    RecoveryHandlers[Index] = A;
    struct sigaction Mine = A;
    Mine.sa_sigaction = recordFault;
    Mine.sa_flags |= SA_ONSTACK | SA_SIGINFO;
    sigaction(Sig, &Mine, nullptr);
  }
}

/// The bounds of the calling thread's stack; {0, 0} when not known.
std::pair<uintptr_t, uintptr_t> threadStack() {
  pthread_attr_t Attr;
  if (pthread_getattr_np(pthread_self(), &Attr) != 0)
    return {0, 0};
  void *Low = nullptr;
  size_t Size = 0;
  int Got = pthread_attr_getstack(&Attr, &Low, &Size);
  pthread_attr_destroy(&Attr);
  if (Got != 0)
    return {0, 0};
  return {reinterpret_cast<uintptr_t>(Low),
          reinterpret_cast<uintptr_t>(Low) + Size};
}

/// A fault within a few pages below the lowest 64 KiB of the stack (its
/// guard) is the stack running out.
bool isStackOverflow(const CrashScene &S) {
  if (!S.Faulted || !S.StackLow)
    return false;
  constexpr uintptr_t Near = uintptr_t(64) << 10;
  return S.FaultAddress + Near >= S.StackLow &&
         S.FaultAddress < S.StackLow + Near;
}

/// Bytes of the alternate signal stack: the handler only records the
/// signal and jumps back.
constexpr size_t AltStackBytes = size_t(64) * 1024;

} // namespace

llvm::Error runCrashIsolated(llvm::function_ref<void()> Work,
                             unsigned StackBytes) {
  // Installs the signal handlers that turn a crash on a thread running
  // inside a CrashRecoveryContext into a return from RunSafely, and the
  // fatal error handler that does the same for LLVM's fatal errors.
  static std::once_flag Enabled;
  std::call_once(Enabled, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(onFatalError);
    llvm::install_bad_alloc_error_handler(onOutOfMemory);
    handleFaultsOnAltStack();
    takeReserve();
  });
  llvm::CrashRecoveryContext CRC;
  std::string Reason;
  CrashScene Where;
  // Outlives the thread (a crash jumps past the thread's own frames).
  std::vector<char> AltStack(AltStackBytes);
  bool Ok = CRC.RunSafelyOnThread(
      [&] {
        stack_t Alt = {};
        Alt.ss_sp = AltStack.data();
        Alt.ss_size = AltStack.size();
        sigaltstack(&Alt, nullptr);
        std::tie(Where.StackLow, Where.StackHigh) = threadStack();
        FatalReason = &Reason;
        Scene = &Where;
        Work();
        Scene = nullptr;
        FatalReason = nullptr;
      },
      StackBytes);
  if (Ok)
    return llvm::Error::success();
  std::string During =
      Where.Phase ? std::string(" during ") + Where.Phase : std::string();
  // A signal is reported as 128 + its number; an LLVM fatal error as the
  // status it wanted to exit with, and its reason.
  int Code = CRC.RetCode;
  if (Code > 128 && Code < 128 + NSIG) {
    std::string What = strsignal(Code - 128);
    if (isStackOverflow(Where))
      What = "stack overflow (" + What + "): code nested too deeply";
    return llvm::createStringError(What + During);
  }
  if (!Reason.empty())
    return llvm::createStringError("fatal error" + During + ": " + Reason);
  return llvm::createStringError("fatal error" + During + ", exit status " +
                                 std::to_string(Code));
}

void setCrashPhase(const char *Phase) {
  if (Scene)
    Scene->Phase = Phase;
}

FileReport analyzeCommand(const CompileCommand &Cmd,
                          const PipelineOptions &Opts) {
  FileReport R;
  llvm::Error Crash = runCrashIsolated([&] {
    setCrashPhase("clang's parse");
    FrontendResult Parsed = analyzeFile(Cmd, Opts.Frontend);
    setCrashPhase("warplint's analysis");
    if (Parsed.Model.MainFile.empty())
      Parsed.Model.MainFile = Cmd.File;
    // What nvcc emits decides instruction widths before anything is solved.
    CompilerFactsResult Facts =
        applyCompilerFacts(Parsed, Cmd, Opts.Frontend, Opts.Sass);
    Parsed.Notes.insert(Parsed.Notes.end(), Facts.Notes.begin(),
                        Facts.Notes.end());
    FileReport Done = analyzeModel(Parsed, Opts);
    Done.SassDump = std::move(Facts.Dump);
    R = std::move(Done);
  });
  if (Crash) {
    R = FileReport();
    R.File = Cmd.File;
    R.Failure = "the analysis of '" + Cmd.File + "' crashed (" +
                llvm::toString(std::move(Crash)) + "); no results for it";
  }
  return R;
}

} // namespace warplint
