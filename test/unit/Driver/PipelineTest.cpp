//===- PipelineTest.cpp - Crash isolation and the per-file budget ---------===//

#include "Driver/Isolation.h"
#include "Driver/Pipeline.h"

#include "../Frontend/FrontendTestUtil.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <thread>

using namespace warplint;

namespace {

TEST(Pipeline, IsolatedWorkThatEndsNormally) {
  int Ran = 0;
  llvm::Error E = runCrashIsolated([&] { Ran = 42; });
  EXPECT_FALSE(bool(E));
  llvm::consumeError(std::move(E));
  EXPECT_EQ(Ran, 42);
}

TEST(Pipeline, CrashesAreCaughtAndNamed) {
  auto Crash = [](llvm::function_ref<void()> Work) {
    llvm::Error E = runCrashIsolated(Work);
    EXPECT_TRUE(bool(E));
    return E ? llvm::toString(std::move(E)) : std::string();
  };
  EXPECT_EQ(Crash([] { std::raise(SIGSEGV); }), strsignal(SIGSEGV));
  EXPECT_EQ(Crash([] { std::raise(SIGFPE); }), strsignal(SIGFPE));
  EXPECT_EQ(Crash([] { std::abort(); }), strsignal(SIGABRT));
  EXPECT_EQ(Crash([] { llvm::report_fatal_error("out of memory"); }),
            "fatal error: out of memory");
  EXPECT_EQ(Crash([] {
              llvm::report_fatal_error("bad input", /*GenCrashDiag=*/false);
            }),
            "fatal error: bad input");
  // The process goes on: a later run is not affected.
  llvm::Error E = runCrashIsolated([] {});
  EXPECT_FALSE(bool(E));
  llvm::consumeError(std::move(E));
}

// An overflowed stack cannot run a signal handler: the crash recovery's
// handlers run on an alternate stack, so an endless recursion is a caught
// crash too (found by scripts/mutate: a stack overflow in the solver killed
// the process). AddressSanitizer handles stack overflows itself.
#if !defined(__has_feature)
#define __has_feature(X) 0
#endif
#if !__has_feature(address_sanitizer)
TEST(Pipeline, StackOverflowIsACaughtCrash) {
  struct Endless {
    static unsigned go(unsigned N) {
      volatile char Pad[4096];
      Pad[0] = char(N);
      // Ends only past 2^32 frames: long after the stack.
      return N == ~0u ? Pad[0] : go(N + 1) + Pad[0];
    }
  };
  llvm::Error E = runCrashIsolated([] { (void)Endless::go(0); });
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(llvm::toString(std::move(E)),
            std::string("stack overflow (") + strsignal(SIGSEGV) +
                "): code nested too deeply");
  // The process goes on, and so does a later crash.
  llvm::Error Again = runCrashIsolated([] { (void)Endless::go(0); });
  ASSERT_TRUE(bool(Again));
  llvm::consumeError(std::move(Again));
}

// An allocation that fails (a parse that needs more memory than the
// limit: found by scripts/mutate) ends the isolated work, not the process,
// and the memory set aside at start leaves room to report it. With
// AddressSanitizer an impossible allocation is its own error.
TEST(Pipeline, AllocationFailureIsACaughtCrash) {
  // As InitLLVM does in the tool: operator new reports through LLVM.
  if (!std::get_new_handler())
    llvm::install_out_of_memory_new_handler();
  llvm::Error E = runCrashIsolated([] {
    volatile char *P = new char[size_t(1) << 52];
    P[0] = 1;
  });
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(llvm::toString(std::move(E)), "fatal error: out of memory");
  llvm::Error After = runCrashIsolated([] { std::string S(1 << 20, 'x'); });
  EXPECT_FALSE(bool(After));
  llvm::consumeError(std::move(After));
}
#endif

// What a crashed work registered for deletion is deleted after the crash;
// a crash in that deletion (objects left half built by an allocation that
// failed: found by scripts/lsp-survival, the server died in ~ASTContext)
// is caught too, and the first crash is the one reported.
TEST(Pipeline, ACrashWhileFreeingACrashedWorkIsCaught) {
  struct Bomb {
    ~Bomb() { std::raise(SIGSEGV); }
  };
  static int Freed = 0;
  struct Counted {
    ~Counted() { ++Freed; }
  };
  llvm::Error E = runCrashIsolated([] {
    llvm::CrashRecoveryContextCleanupRegistrar<Counted> Kept(new Counted);
    std::raise(SIGFPE);
  });
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(llvm::toString(std::move(E)), strsignal(SIGFPE));
  EXPECT_EQ(Freed, 1);
  llvm::Error Twice = runCrashIsolated([] {
    llvm::CrashRecoveryContextCleanupRegistrar<Bomb> Armed(new Bomb);
    std::raise(SIGFPE);
  });
  ASSERT_TRUE(bool(Twice));
  EXPECT_EQ(llvm::toString(std::move(Twice)), strsignal(SIGFPE));
}

// Work past its deadline is abandoned: the call returns with the phase it
// was in, and the work goes on, on its own state, until it ends.
TEST(Pipeline, WorkPastItsDeadlineIsAbandoned) {
  auto Release = std::make_shared<std::atomic<bool>>(false);
  auto Ended = std::make_shared<std::atomic<bool>>(false);
  IsolationLimits Limits;
  Limits.TimeoutSeconds = 1;
  llvm::Error E = runCrashIsolated(
      [Release, Ended] {
        setCrashPhase("clang's parse");
        while (!*Release)
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
        *Ended = true;
      },
      Limits);
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(describeIsolationFailure(std::move(E)),
            "did not finish within 1 s (still in clang's parse; --timeout)");
  EXPECT_TRUE(hasAbandonedWork());
  EXPECT_FALSE(*Ended);
  *Release = true;
  for (int I = 0; I < 1000 && !*Ended; ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(*Ended);

  // Work that ends in time returns as without a limit; a crash is still
  // described as one.
  int Ran = 0;
  llvm::Error Done = runCrashIsolated([&] { Ran = 7; }, Limits);
  EXPECT_FALSE(bool(Done));
  llvm::consumeError(std::move(Done));
  EXPECT_EQ(Ran, 7);
  EXPECT_EQ(describeIsolationFailure(
                runCrashIsolated([] { std::raise(SIGFPE); }, Limits)),
            std::string("crashed (") + strsignal(SIGFPE) + ")");
}

TEST(Pipeline, IsolatedWorkHasTheLargeStack) {
  // A recursion that needs more than a default 8 MiB thread stack (and
  // less than AnalysisStackBytes) completes.
  struct Deep {
    static unsigned go(unsigned N) {
      volatile char Pad[4096];
      Pad[0] = char(N);
      return N == 0 ? Pad[0] : go(N - 1) + 1;
    }
  };
  unsigned Got = 0;
  llvm::Error E = runCrashIsolated([&] { Got = Deep::go(3000); });
  EXPECT_FALSE(bool(E));
  llvm::consumeError(std::move(E));
  EXPECT_EQ(Got, 3000u);
}

TEST(Pipeline, OrdinaryFailureIsNotACrash) {
  // A command that crashes cannot be written portably; a missing file at
  // least shows that an ordinary failure is not mistaken for a crash.
  CompileCommand Cmd;
  Cmd.File = "/nonexistent/warplint-test.cu";
  Cmd.Args = {"clang++", Cmd.File};
  FileReport R = analyzeCommand(Cmd, PipelineOptions());
  EXPECT_FALSE(R.Parsed);
  EXPECT_TRUE(R.Failure.empty());
  EXPECT_NE(R.ClangDiagnostics.find("no such file"), std::string::npos);
}

const char *TwoAccesses = R"cu(
__global__ void k(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x * 2] = s[threadIdx.x][0];
}
void host(float *o) { k<<<1, 32>>>(o); }
)cu";

TEST(Pipeline, SpentTimeBudgetMakesTheRestUnknown) {
  FrontendResult Parsed = analyzeCode(TwoAccesses, "test.cu", cudaArgs(), {});
  ASSERT_TRUE(Parsed.Success) << Parsed.ClangDiagnostics;
  PipelineOptions Opts;
  FileReport Full = analyzeModel(Parsed, Opts);
  ASSERT_EQ(Full.Records.size(), 2u);
  EXPECT_EQ(Full.UnknownAccesses, 0u);
  EXPECT_FALSE(Full.Diagnostics.empty());

  Opts.TimeBudgetSeconds = 0;
  FileReport Spent = analyzeModel(Parsed, Opts);
  ASSERT_EQ(Spent.Records.size(), 2u);
  EXPECT_EQ(Spent.UnknownAccesses, 2u);
  for (const AccessRecord &R : Spent.Records)
    EXPECT_EQ(R.Reason, "the analysis budget of this file is spent (0 s)");
  // Nothing unproved is reported.
  for (const Diagnostic &D : Spent.Diagnostics)
    EXPECT_NE(D.Level, Severity::Warning) << D.Message;
}

TEST(Pipeline, SpentWorkBudgetMakesTheRestUnknown) {
  FrontendResult Parsed = analyzeCode(TwoAccesses, "test.cu", cudaArgs(), {});
  ASSERT_TRUE(Parsed.Success) << Parsed.ClangDiagnostics;
  PipelineOptions Opts;
  // Enough for the first access only: one warp of 32 lanes.
  Opts.LaneEvaluationBudget = 40;
  FileReport R = analyzeModel(Parsed, Opts);
  ASSERT_EQ(R.Records.size(), 2u);
  EXPECT_EQ(R.UnknownAccesses, 1u);
  unsigned Spent = 0;
  for (const AccessRecord &A : R.Records)
    Spent += A.Reason.find("budget of this file is spent") != std::string::npos;
  EXPECT_EQ(Spent, 1u);
}

} // namespace
