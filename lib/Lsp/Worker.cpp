//===- Worker.cpp - One analysis in a process of its own ------------------===//

#include "Lsp/Worker.h"

#include "Lsp/CrashIsolation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <memory>
#include <thread>

namespace warplint {
namespace lsp {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

Value toJSON(const AnalyzedDocument &A) {
  Array Published;
  for (const Diagnostic &D : A.Published)
    Published.push_back(toJSON(D));
  Array Actions;
  for (const Array &Of : A.Actions)
    Actions.push_back(Array(Of));
  return Object{{"published", std::move(Published)},
                {"actions", std::move(Actions)},
                {"parsed", A.Parsed},
                {"log", A.Log}};
}

bool fromJSON(const Value &V, AnalyzedDocument &A, llvm::json::Path Path) {
  llvm::json::ObjectMapper O(V, Path);
  if (!O || !O.map("published", A.Published) || !O.map("parsed", A.Parsed) ||
      !O.map("log", A.Log))
    return false;
  const Array *Actions = V.getAsObject()->getArray("actions");
  if (!Actions) {
    Path.field("actions").report("expected an array");
    return false;
  }
  for (const Value &Of : *Actions) {
    const Array *List = Of.getAsArray();
    if (!List) {
      Path.field("actions").report("expected arrays of code actions");
      return false;
    }
    A.Actions.push_back(*List);
  }
  // Each finding's actions belong to one of the first published diagnostics.
  if (A.Actions.size() > A.Published.size()) {
    Path.field("actions").report("more lists of actions than diagnostics");
    return false;
  }
  return true;
}

AnalyzedDocument analyzeIsolated(const AnalyzeFn &Analyze,
                                 const std::string &Path,
                                 const std::string &Text,
                                 unsigned TimeoutSeconds) {
  // Past the deadline the work is abandoned and may end after the caller
  // is long gone, so it owns what it reads and writes.
  auto Out = std::make_shared<std::unique_ptr<AnalyzedDocument>>();
  if (llvm::Error Failed = runIsolated(
          [Out, Analyze, Path, Text] {
            *Out = std::make_unique<AnalyzedDocument>(Analyze(Path, Text));
          },
          TimeoutSeconds))
    // Whatever the failed analysis had built is abandoned, not reused.
    return crashedAnalysis(Path, Text, llvm::toString(std::move(Failed)));
  return std::move(**Out);
}

void analyzeOne(const std::string &Path, llvm::StringRef Text,
                const AnalyzeFn &Analyze, unsigned TimeoutSeconds,
                llvm::raw_ostream &Out) {
  Out << toJSON(analyzeIsolated(Analyze, Path, Text.str(), TimeoutSeconds));
  Out.flush();
}

namespace {

/// Writes Text to a new temporary file; its path, or an error.
llvm::Expected<std::string> writeTemporary(llvm::StringRef Suffix,
                                           llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("warplint-lsp", Suffix, Path))
    return llvm::createStringError(EC, "a temporary file: " + EC.message());
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      })) {
    llvm::sys::fs::remove(Path);
    return std::move(E);
  }
  return std::string(Path);
}

/// Waits for PI to end, polling, until Deadline or Cancel; past either the
/// child is killed. Returns how it ended, or why it was killed.
llvm::Expected<llvm::sys::ProcessInfo>
waitOrKill(const llvm::sys::ProcessInfo &PI,
           std::chrono::steady_clock::time_point Deadline,
           unsigned TimeoutSeconds, const std::atomic<bool> &Cancel) {
  auto Poll = std::chrono::milliseconds(1);
  while (true) {
    std::string Error;
    llvm::sys::ProcessInfo Now = llvm::sys::Wait(PI, /*SecondsToWait=*/0,
                                                 &Error);
    if (Now.Pid != 0) {
      if (Now.ReturnCode == -2)
        return llvm::createStringError("crashed (" + Error + ")");
      if (Now.ReturnCode < 0)
        return llvm::createStringError("could not be waited for (" + Error +
                                       ")");
      return Now;
    }
    bool Late = std::chrono::steady_clock::now() >= Deadline;
    if (Late || Cancel.load()) {
      ::kill(PI.Pid, SIGKILL);
      (void)llvm::sys::Wait(PI, /*SecondsToWait=*/std::nullopt);
      if (!Late)
        return llvm::createStringError("was stopped with the server");
      return llvm::createStringError(
          "did not finish within " + std::to_string(TimeoutSeconds) +
          " s (its process was killed; --timeout)");
    }
    std::this_thread::sleep_for(Poll);
    // Most analyses end within tens of milliseconds; longer ones are
    // polled less often.
    Poll = std::min(Poll * 2, std::chrono::milliseconds(50));
  }
}

} // namespace

AnalyzedDocument analyzeInChild(const std::vector<std::string> &Command,
                                const std::string &Path,
                                const std::string &Text,
                                unsigned TimeoutSeconds,
                                const std::atomic<bool> &Cancel,
                                std::chrono::milliseconds Grace) {
  auto Failed = [&](const llvm::Twine &Why) {
    return crashedAnalysis(Path, Text, ("the analysis " + Why).str());
  };
  llvm::Expected<std::string> In = writeTemporary("cu", Text);
  if (!In)
    return Failed("could not start (" + llvm::toString(In.takeError()) + ")");
  llvm::FileRemover RemoveIn(*In);
  llvm::Expected<std::string> OutPath = writeTemporary("json", "");
  if (!OutPath)
    return Failed("could not start (" + llvm::toString(OutPath.takeError()) +
                  ")");
  llvm::FileRemover RemoveOut(*OutPath);

  std::string Flag = (AnalyzeOneFlag + Path).str();
  std::vector<llvm::StringRef> Args(Command.begin(), Command.end());
  Args.insert(Args.begin() + std::min<size_t>(2, Args.size()), Flag);
  // stderr stays the server's: the child's log lines join its log.
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(*In),
                                                llvm::StringRef(*OutPath),
                                                std::nullopt};
  std::string Error;
  bool NotStarted = false;
  llvm::sys::ProcessInfo PI =
      llvm::sys::ExecuteNoWait(Command.front(), Args, std::nullopt, Redirects,
                               /*MemoryLimit=*/0, &Error, &NotStarted);
  if (NotStarted || PI.Pid <= 0)
    return Failed("could not start (" + Command.front() + ": " + Error + ")");

  auto Deadline = TimeoutSeconds
                      ? std::chrono::steady_clock::now() +
                            std::chrono::seconds(TimeoutSeconds) + Grace
                      : std::chrono::steady_clock::time_point::max();
  llvm::Expected<llvm::sys::ProcessInfo> Ended =
      waitOrKill(PI, Deadline, TimeoutSeconds, Cancel);
  if (!Ended)
    return Failed(llvm::toString(Ended.takeError()));
  if (Ended->ReturnCode != 0)
    return Failed("process ended with status " +
                  std::to_string(Ended->ReturnCode));

  auto Buffer = llvm::MemoryBuffer::getFile(*OutPath);
  if (!Buffer)
    return Failed("sent no result (" + Buffer.getError().message() + ")");
  llvm::Expected<Value> Json = llvm::json::parse((*Buffer)->getBuffer());
  if (!Json)
    return Failed("sent no readable result (" +
                  llvm::toString(Json.takeError()) + ")");
  AnalyzedDocument A;
  llvm::json::Path::Root Root("result");
  if (!fromJSON(*Json, A, Root))
    return Failed("sent no readable result (" +
                  llvm::toString(Root.getError()) + ")");
  A.Path = Path;
  A.Text = Text;
  return A;
}

} // namespace lsp
} // namespace warplint
