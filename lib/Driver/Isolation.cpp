//===- Isolation.cpp - One file's work, isolated from the process ---------===//

#include "Driver/Isolation.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <sys/resource.h>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace warplint {

char DeadlinePassed::ID = 0;

void DeadlinePassed::log(llvm::raw_ostream &OS) const {
  OS << "did not finish within " << Seconds << " s (";
  if (!Phase.empty())
    OS << "still in " << Phase << "; ";
  OS << "--timeout)";
}

std::error_code DeadlinePassed::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
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
  /// Read by the caller at a deadline while the work goes on.
  std::atomic<const char *> Phase{nullptr};
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


/// One run of isolated work: what its thread and its caller share. Owned
/// by both, so that work abandoned at its deadline still has it.
struct IsolatedRun {
  std::function<void()> Work;
  std::vector<char> AltStack = std::vector<char>(AltStackBytes);
  std::string Reason;
  CrashScene Where;
  bool Ok = false;
  int RetCode = 0;
  pid_t Thread = 0; ///< the kernel's id of the work's thread
  std::mutex Lock;
  std::condition_variable Ended;
  bool Finished = false;
};

std::atomic<unsigned> Abandoned{0};

/// The body of the work's thread. The crash recovery context lives and
/// dies on this thread: it is the thread's own (thread-local) context, and
/// the cleanups registered with it run here.
void runOnItsThread(const std::shared_ptr<IsolatedRun> &Run) {
  stack_t Alt = {};
  Alt.ss_sp = Run->AltStack.data();
  Alt.ss_size = Run->AltStack.size();
  sigaltstack(&Alt, nullptr);
  std::tie(Run->Where.StackLow, Run->Where.StackHigh) = threadStack();
  {
    std::lock_guard<std::mutex> Guard(Run->Lock);
    Run->Thread = gettid();
  }
  FatalReason = &Run->Reason;
  Scene = &Run->Where;
  // The inner context deletes what the crashed work registered with it
  // (the parse's compiler instance) as it goes; the outer one catches a
  // crash in that deletion, since a crash can leave the objects half
  // built (an allocation that failed midway), and the rest then leaks.
  llvm::CrashRecoveryContext Outer;
  Outer.RunSafely([&] {
    llvm::CrashRecoveryContext CRC;
    Run->Ok = CRC.RunSafely(Run->Work);
    Run->RetCode = CRC.RetCode;
  });
  Scene = nullptr;
  FatalReason = nullptr;
  stack_t Off = {};
  Off.ss_flags = SS_DISABLE;
  sigaltstack(&Off, nullptr);
  std::lock_guard<std::mutex> Guard(Run->Lock);
  Run->Finished = true;
  Run->Ended.notify_all();
}

/// The error of work that did not return: the signal, or LLVM's fatal
/// error and its reason.
llvm::Error crashError(const IsolatedRun &Run) {
  const char *Phase = Run.Where.Phase.load();
  std::string During = Phase ? std::string(" during ") + Phase : std::string();
  // A signal is reported as 128 + its number; an LLVM fatal error as the
  // status it wanted to exit with, and its reason.
  int Code = Run.RetCode;
  if (Code > 128 && Code < 128 + NSIG) {
    std::string What = strsignal(Code - 128);
    if (isStackOverflow(Run.Where))
      What = "stack overflow (" + What + "): code nested too deeply";
    return llvm::createStringError(What + During);
  }
  if (!Run.Reason.empty())
    return llvm::createStringError("fatal error" + During + ": " +
                                   Run.Reason);
  return llvm::createStringError("fatal error" + During + ", exit status " +
                                 std::to_string(Code));
}

} // namespace

llvm::Error runCrashIsolated(std::function<void()> Work,
                             IsolationLimits Limits) {
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
  auto Run = std::make_shared<IsolatedRun>();
  Run->Work = std::move(Work);
  llvm::thread Thread(std::optional<unsigned>(Limits.StackBytes),
                      [Run] { runOnItsThread(Run); });
  {
    std::unique_lock<std::mutex> Wait(Run->Lock);
    auto Done = [&] { return Run->Finished; };
    if (!Limits.TimeoutSeconds) {
      Run->Ended.wait(Wait, Done);
    } else if (!Run->Ended.wait_for(
                   Wait, std::chrono::seconds(Limits.TimeoutSeconds), Done)) {
      // The work keeps its core only where nothing else wants it.
      if (Run->Thread)
        setpriority(PRIO_PROCESS, Run->Thread, 19);
      const char *Phase = Run->Where.Phase.load();
      Wait.unlock();
      Thread.detach();
      ++Abandoned;
      return llvm::make_error<DeadlinePassed>(Limits.TimeoutSeconds,
                                              Phase ? Phase : "");
    }
  }
  Thread.join();
  if (Run->Ok)
    return llvm::Error::success();
  return crashError(*Run);
}

std::string describeIsolationFailure(llvm::Error E) {
  std::string Out;
  llvm::handleAllErrors(
      std::move(E), [&](const DeadlinePassed &D) { Out = D.message(); },
      [&](const llvm::ErrorInfoBase &B) {
        Out = "crashed (" + B.message() + ")";
      });
  return Out;
}

void setCrashPhase(const char *Phase) {
  if (Scene)
    Scene->Phase = Phase;
}

bool hasAbandonedWork() { return Abandoned.load() > 0; }

int leaveProcess(int Code) {
  if (!hasAbandonedWork())
    return Code;
  llvm::outs().flush();
  llvm::errs().flush();
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(Code);
}

} // namespace warplint
