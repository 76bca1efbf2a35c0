//===- WorkerTest.cpp - One analysis in a process of its own --------------===//
//
// The server's side of a child analysis, against small shell scripts that
// stand for the child: its result is read back whole, and a child that
// crashes, exits with an error, writes nonsense, outlives its deadline or
// is still running when the server stops becomes an error on the document.
//
//===----------------------------------------------------------------------===//

#include "Lsp/Worker.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <thread>

using namespace warplint::lsp;

namespace {

/// A shell script with Body, removed with the object; the child's command
/// is {sh, script}, so the inserted --analyze-one flag is its $1.
class Script {
public:
  explicit Script(const std::string &Body) {
    int FD;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("worker", "sh", FD, Path));
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Body << "\n";
    Remover.setFile(Path);
  }
  std::vector<std::string> command() const {
    auto Sh = llvm::sys::findProgramByName("sh");
    EXPECT_TRUE(bool(Sh));
    return {Sh ? *Sh : "/bin/sh", std::string(Path)};
  }

private:
  llvm::SmallString<128> Path;
  llvm::FileRemover Remover;
};

std::string message(const AnalyzedDocument &A) {
  return A.Published.size() == 1 ? A.Published[0].message : "";
}

AnalyzedDocument sample() {
  AnalyzedDocument A;
  Diagnostic D;
  D.range.start = {3, 4};
  D.range.end = {3, 9};
  D.code = "warplint-bank-conflict";
  D.message = "shared-memory store needs 32 wavefronts per request";
  DiagnosticRelatedInformation Note;
  Note.location.uri = "file:///tmp/k.cu";
  Note.location.range = D.range;
  Note.message = "pad the row by 1 element";
  D.relatedInformation.push_back(Note);
  A.Published.push_back(D);
  A.Actions.push_back(llvm::json::Array{
      llvm::json::Object{{"title", "pad the row"}, {"kind", "quickfix"}}});
  A.Parsed = true;
  A.Log = "compile command from fallback flags\n";
  return A;
}

std::string json(const llvm::json::Value &V) {
  std::string S;
  llvm::raw_string_ostream(S) << V;
  return S;
}

const std::atomic<bool> NoCancel{false};

TEST(Worker, ResultRoundTripsWhole) {
  AnalyzedDocument A = sample();
  AnalyzedDocument B;
  llvm::json::Path::Root Root;
  ASSERT_TRUE(fromJSON(toJSON(A), B, Root));
  EXPECT_EQ(json(toJSON(B)), json(toJSON(A)));
  ASSERT_EQ(B.Published.size(), 1u);
  ASSERT_EQ(B.Published[0].relatedInformation.size(), 1u);
  EXPECT_EQ(B.Published[0].relatedInformation[0].message,
            "pad the row by 1 element");
}

TEST(Worker, MoreActionListsThanDiagnosticsIsRejected) {
  AnalyzedDocument A = sample();
  A.Actions.push_back(llvm::json::Array{});
  AnalyzedDocument B;
  llvm::json::Path::Root Root;
  EXPECT_FALSE(fromJSON(toJSON(A), B, Root));
  llvm::consumeError(Root.getError());
}

TEST(Worker, ChildReadsTheTextOnStdinAndItsResultIsRead) {
  // The child echoes its stdin: the text sent is the result read.
  Script Echo("test \"$1\" = --analyze-one=/tmp/k.cu || exit 9; cat");
  std::string Text = json(toJSON(sample()));
  AnalyzedDocument A =
      analyzeInChild(Echo.command(), "/tmp/k.cu", Text, 0, NoCancel);
  EXPECT_EQ(json(toJSON(A)), Text);
  EXPECT_EQ(A.Path, "/tmp/k.cu");
  EXPECT_EQ(A.Text, Text);
}

TEST(Worker, ACrashedChildIsAnErrorOnTheDocument) {
  Script Segv("kill -SEGV $$");
  AnalyzedDocument A =
      analyzeInChild(Segv.command(), "/tmp/k.cu", "x", 0, NoCancel);
  EXPECT_FALSE(A.Parsed);
  EXPECT_EQ(A.Published.size(), 1u);
  EXPECT_EQ(A.Published[0].code, "warplint-internal");
  EXPECT_NE(message(A).find("the analysis crashed (Segmentation fault"),
            std::string::npos)
      << message(A);
}

TEST(Worker, AFailingOrGarbledChildIsAnErrorOnTheDocument) {
  Script Fails("exit 3");
  EXPECT_NE(message(analyzeInChild(Fails.command(), "/tmp/k.cu", "x", 0,
                                   NoCancel))
                .find("the analysis process ended with status 3"),
            std::string::npos);
  Script Garbled("echo '{\"published\": 7}'");
  EXPECT_NE(message(analyzeInChild(Garbled.command(), "/tmp/k.cu", "x", 0,
                                   NoCancel))
                .find("the analysis sent no readable result"),
            std::string::npos);
}

TEST(Worker, AChildPastItsDeadlineAndGraceIsKilled) {
  Script Sleeps("exec sleep 60");
  auto Start = std::chrono::steady_clock::now();
  AnalyzedDocument A = analyzeInChild(Sleeps.command(), "/tmp/k.cu", "x", 1,
                                      NoCancel, std::chrono::milliseconds(0));
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(30));
  EXPECT_NE(message(A).find("the analysis did not finish within 1 s (its "
                            "process was killed; --timeout)"),
            std::string::npos)
      << message(A);
}

TEST(Worker, AChildRunningWhenTheServerStopsIsKilled) {
  Script Sleeps("exec sleep 60");
  std::atomic<bool> Cancel{false};
  std::thread Stop([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    Cancel = true;
  });
  auto Start = std::chrono::steady_clock::now();
  AnalyzedDocument A =
      analyzeInChild(Sleeps.command(), "/tmp/k.cu", "x", 0, Cancel);
  Stop.join();
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(30));
  EXPECT_NE(message(A).find("the analysis was stopped with the server"),
            std::string::npos)
      << message(A);
}

} // namespace
