//===- Isolation.h - One file's work where nothing takes the process down -===//
//
// Each file's clang and warplint work runs on its own thread, where a crash
// (a fatal signal, a stack overflow, abort, an LLVM fatal error, an
// allocation that fails) ends that work and not the process, and where a
// deadline bounds how long the caller waits. The command line, the language
// server and fix verification all go through here.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_ISOLATION_H
#define WARPLINT_DRIVER_ISOLATION_H

#include "llvm/Support/Error.h"

#include <functional>
#include <string>

namespace warplint {

/// Stack of the thread that runs one file's analysis: twice what clang
/// gives its own front end (clang::DesiredStackSize, 8 MiB), so warplint
/// parses whatever clang does, with room for warplint's bounded walkers.
/// Not more: clang's name lookup costs the nesting depth per name, so code
/// nested as deep as a 64 MiB stack allows (macro-generated, tens of
/// thousands of levels) took minutes to reach the overflow that clang
/// itself reaches in two seconds.
constexpr unsigned AnalysisStackBytes = 16u << 20;

/// How isolated work may run.
struct IsolationLimits {
  unsigned StackBytes = AnalysisStackBytes;
  /// Seconds the caller waits for the work; 0: until it ends. Past them
  /// the call returns a DeadlinePassed error and the work is abandoned: it
  /// goes on, on its own thread at the lowest priority, until it ends or
  /// the process does, because clang has no way to stop a parse midway
  /// (some inputs make clang itself take hours).
  unsigned TimeoutSeconds = 0;
};

/// The error of isolated work that did not end within its deadline.
class DeadlinePassed : public llvm::ErrorInfo<DeadlinePassed> {
public:
  static char ID;
  DeadlinePassed(unsigned Seconds, std::string Phase)
      : Seconds(Seconds), Phase(std::move(Phase)) {}
  /// "did not finish within 20 s (still in clang's parse)"
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

  unsigned Seconds;
  std::string Phase; ///< setCrashPhase's last word; empty when none
};

/// Runs Work on a thread of its own with Limits.StackBytes of stack. A
/// crash inside it is caught and described ("Segmentation fault", "stack
/// overflow (Segmentation fault): code nested too deeply during clang's
/// parse", "fatal error: out of memory"); what Work had allocated is leaked
/// unless it registered a llvm::CrashRecoveryContextCleanup. With a
/// deadline, Work must own what it reads and writes (captures by value or
/// shared_ptr): when the deadline passes the call returns, and Work may go
/// on long after the caller's locals are gone.
llvm::Error runCrashIsolated(std::function<void()> Work,
                             IsolationLimits Limits = {});

/// The predicate of a sentence about an error of runCrashIsolated, for
/// "the analysis of 'f.cu' <predicate>; no results for it": "crashed
/// (Segmentation fault)" or "did not finish within 20 s (still in clang's
/// parse; --timeout)".
std::string describeIsolationFailure(llvm::Error E);

/// Names what isolated work on this thread is doing now ("clang's parse"),
/// for the message about a crash: "stack overflow (Segmentation fault):
/// code nested too deeply during clang's parse". Outside isolated work it
/// does nothing. Phase must outlive the work (a string literal).
void setCrashPhase(const char *Phase);

/// Whether isolated work was abandoned at its deadline and may still run.
bool hasAbandonedWork();

/// What main returns: Code. When isolated work was abandoned, the process
/// ends here instead, with Code, after flushing the standard streams: the
/// destructors of static objects that run at a normal exit would run under
/// the abandoned work still using them.
int leaveProcess(int Code);

} // namespace warplint

#endif // WARPLINT_DRIVER_ISOLATION_H
