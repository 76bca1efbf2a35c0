//===- ServerTest.cpp - The server survives crashing analyses -------------===//
//
// The server runs against in-memory pipes with an analysis that crashes in
// the ways seen in the field (SIGSEGV, SIGFPE, abort): each crash becomes
// an error at the top of its document and the server keeps answering.
//
//===----------------------------------------------------------------------===//

#include "Driver/Isolation.h"
#include "Driver/Pipeline.h"
#include "Lsp/CrashIsolation.h"
#include "Lsp/Server.h"

#include "gtest/gtest.h"

#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <mutex>
#include <ostream>
#include <streambuf>

using namespace warplint::lsp;
using llvm::json::Object;
using llvm::json::Value;

namespace {

/// A stream buffer fed by the test and read by the server: reads block
/// until the test writes more or closes it.
class Pipe : public std::streambuf {
public:
  void write(const std::string &S) {
    std::lock_guard<std::mutex> G(M);
    Data += S;
    CV.notify_all();
  }
  void close() {
    std::lock_guard<std::mutex> G(M);
    Closed = true;
    CV.notify_all();
  }

protected:
  int_type underflow() override {
    std::unique_lock<std::mutex> L(M);
    CV.wait(L, [&] { return Pos < Data.size() || Closed; });
    if (Pos >= Data.size())
      return traits_type::eof();
    Current = Data[Pos++];
    setg(&Current, &Current, &Current + 1);
    return traits_type::to_int_type(Current);
  }

private:
  std::mutex M;
  std::condition_variable CV;
  std::string Data;
  size_t Pos = 0;
  bool Closed = false;
  char Current = 0;
};

/// Collects what the server writes and parses each framed message.
class Sink : public std::streambuf {
public:
  /// The first message (after those already taken) that Pred accepts.
  Value waitFor(std::function<bool(const Object &)> Pred) {
    std::unique_lock<std::mutex> L(M);
    while (true) {
      for (size_t I = 0; I < Messages.size(); ++I)
        if (Pred(*Messages[I].getAsObject())) {
          Value V = Messages[I];
          Messages.erase(Messages.begin() + I);
          return V;
        }
      if (!CV.wait_for(L, std::chrono::seconds(20), [&, N = Messages.size()] {
            return Messages.size() != N;
          }))
        return nullptr;
    }
  }

protected:
  int_type overflow(int_type C) override {
    if (C == traits_type::eof())
      return 0;
    std::lock_guard<std::mutex> G(M);
    Raw += traits_type::to_char_type(C);
    size_t Split = Raw.find("\r\n\r\n");
    if (Split != std::string::npos) {
      size_t Len = std::stoul(Raw.substr(16, Split - 16));
      if (Raw.size() == Split + 4 + Len) {
        Messages.push_back(*llvm::json::parse(Raw.substr(Split + 4)));
        Raw.clear();
        CV.notify_all();
      }
    }
    return C;
  }

private:
  std::mutex M;
  std::condition_variable CV;
  std::string Raw;
  std::vector<Value> Messages;
};

std::string frame(const Value &V) {
  std::string Body;
  llvm::raw_string_ostream(Body) << V;
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
}

void didOpen(Pipe &In, const std::string &Uri, const std::string &Text) {
  In.write(frame(Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/didOpen"},
      {"params",
       Object{{"textDocument", Object{{"uri", Uri},
                                      {"languageId", "cuda"},
                                      {"version", 1},
                                      {"text", Text}}}}}}));
}

Value request(Pipe &In, Sink &Out, int Id, const std::string &Method) {
  In.write(frame(Object{{"jsonrpc", "2.0"},
                        {"id", Id},
                        {"method", Method},
                        {"params", Object{}}}));
  return Out.waitFor([&](const Object &M) {
    return M.getInteger("id") == Id && !M.get("method");
  });
}

const Object *published(Sink &Out, const std::string &Uri) {
  static Value Keep = nullptr;
  Keep = Out.waitFor([&](const Object &M) {
    auto Method = M.getString("method");
    return Method && *Method == "textDocument/publishDiagnostics" &&
           M.getObject("params")->getString("uri") == Uri;
  });
  return Keep.getAsObject() ? Keep.getAsObject()->getObject("params")
                            : nullptr;
}

/// The analysis the tests install: crashes as the text asks.
AnalyzedDocument crashOrAnalyze(const std::string &Path,
                                const std::string &Text) {
  if (Text == "segv")
    *static_cast<volatile int *>(nullptr) = 1;
  if (Text == "fpe")
    std::raise(SIGFPE);
  if (Text == "abort")
    std::abort();
  AnalyzedDocument A;
  A.Path = Path;
  A.Text = Text;
  A.Parsed = true;
  return A;
}

TEST(Server, CrashingAnalysisBecomesADiagnosticAndTheServerGoesOn) {
  Pipe In;
  Sink Out;
  std::istream InS(&In);
  std::ostream OutS(&Out);
  Transport T(InS, OutS);
  ServerOptions Opts;
  Opts.Debounce = std::chrono::milliseconds(0);
  Opts.Analyze = crashOrAnalyze;
  Server S(T, Opts);
  int Exit = -1;
  std::thread Run([&] { Exit = S.run(); });

  ASSERT_TRUE(request(In, Out, 1, "initialize").getAsObject()->get("result"));
  for (const char *Kind : {"segv", "fpe", "abort"}) {
    std::string Uri = std::string("file:///tmp/") + Kind + ".cu";
    didOpen(In, Uri, Kind);
    const Object *P = published(Out, Uri);
    ASSERT_TRUE(P) << Kind;
    const llvm::json::Array *Diags = P->getArray("diagnostics");
    ASSERT_EQ(Diags->size(), 1u) << Kind;
    const Object &D = *(*Diags)[0].getAsObject();
    EXPECT_EQ(D.getInteger("severity"), 1);
    EXPECT_EQ(D.getString("code"), "warplint-internal");
    EXPECT_TRUE(D.getString("message")->contains(
        "warplint could not analyze this file: the analysis crashed"))
        << D.getString("message")->str();
    EXPECT_EQ(D.getObject("range")->getObject("start")->getInteger("line"), 0);
  }
  // A good document after the crashes is analyzed as usual.
  didOpen(In, "file:///tmp/good.cu", "int x;");
  const Object *Good = published(Out, "file:///tmp/good.cu");
  ASSERT_TRUE(Good);
  EXPECT_TRUE(Good->getArray("diagnostics")->empty());
  Value Shut = request(In, Out, 2, "shutdown");
  ASSERT_TRUE(Shut.getAsObject());
  EXPECT_TRUE(Shut.getAsObject()->get("result"));
  EXPECT_FALSE(Shut.getAsObject()->get("error"));
  In.write(frame(Object{{"jsonrpc", "2.0"}, {"method", "exit"}}));
  Run.join();
  EXPECT_EQ(Exit, 0);
}

TEST(CrashIsolation, NamesTheSignal) {
  llvm::Error E = runIsolated([] { std::raise(SIGFPE); });
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(llvm::toString(std::move(E)),
            std::string("the analysis crashed (") + strsignal(SIGFPE) + ")");
  EXPECT_FALSE(bool(runIsolated([] {})));
}

// The server's analysis runs where a stack overflow is a caught crash too
// (the request thread once died of one). AddressSanitizer handles stack
// overflows itself.
#if !defined(__has_feature)
#define __has_feature(X) 0
#endif
#if !__has_feature(address_sanitizer)
TEST(CrashIsolation, StackOverflowIsACaughtCrash) {
  struct Endless {
    static unsigned go(unsigned N) {
      volatile char Pad[4096];
      Pad[0] = char(N);
      return N == ~0u ? Pad[0] : go(N + 1) + Pad[0];
    }
  };
  llvm::Error E = runIsolated([] {
    warplint::setCrashPhase("clang's parse");
    (void)Endless::go(0);
  });
  ASSERT_TRUE(bool(E));
  // The fault's address is at the end of the thread's stack: said as such,
  // with what the work was doing.
  EXPECT_EQ(llvm::toString(std::move(E)),
            std::string("the analysis crashed (stack overflow (") +
                strsignal(SIGSEGV) +
                "): code nested too deeply during clang's parse)");
}

TEST(CrashIsolation, OtherMemoryFaultsAreNotCalledOverflows) {
  llvm::Error E =
      runIsolated([] { *static_cast<volatile int *>(nullptr) = 1; });
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(llvm::toString(std::move(E)),
            std::string("the analysis crashed (") + strsignal(SIGSEGV) + ")");
}
#endif

} // namespace
