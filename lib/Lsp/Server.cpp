//===- Server.cpp - The warplint language server --------------------------===//

#include "Lsp/Server.h"

#include "Lsp/Convert.h"
#include "Lsp/Worker.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>

namespace warplint {
namespace lsp {

using llvm::json::Object;
using llvm::json::Value;

namespace {

/// Parses Params into T; on failure answers InvalidParams when Id is given.
template <typename T>
bool parseParams(const Value &Params, T &Out, std::string &Error) {
  llvm::json::Path::Root Root("params");
  if (fromJSON(Params, Out, Root))
    return true;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::toString(Root.getError());
  Error = OS.str();
  return false;
}

bool overlaps(const Range &A, const Range &B) {
  return !(A.end < B.start) && !(B.end < A.start);
}

} // namespace

Server::Server(Transport &T, ServerOptions Opts) : T(T), Opts(std::move(Opts)) {
  if (!this->Opts.Analyze && this->Opts.WorkerCommand.empty())
    // By value: an analysis abandoned at its deadline may outlive the
    // server.
    this->Opts.Analyze = [Pipeline = this->Opts.Pipeline,
                          Fallback = this->Opts.FallbackFlags,
                          CommandLine = this->Opts.CommandLine](
                             const std::string &Path, const std::string &Text) {
      return analyzeDocument(Path, Text, Pipeline, Fallback, CommandLine);
    };
  Worker = std::thread([this] { workerLoop(); });
}

Server::~Server() {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Stopping = true;
  }
  Cancel = true;
  Wake.notify_all();
  Worker.join();
}

void Server::log(const llvm::Twine &Message) {
  std::string S = Message.str();
  std::lock_guard<std::mutex> Guard(LogLock);
  llvm::errs() << "warplint lsp: " << S << "\n";
}

int Server::run() {
  while (true) {
    Incoming In = T.read();
    if (In.K == Incoming::EndOfInput)
      break;
    if (In.K == Incoming::FramingError) {
      // JSON-RPC has no id for a message it could not read.
      log("framing error: " + In.Error);
      T.replyError(nullptr, ErrorCode::ParseError, In.Error);
      continue;
    }
    if (!In.Error.empty())
      log(In.Error);
    if (Opts.Verbose)
      log("<-- " + In.Body);
    handleMessage(In.Body);
    if (Exited)
      return ShutdownRequested ? 0 : 1;
  }
  log("end of input before 'exit'");
  return 1;
}

void Server::handleMessage(const std::string &Body) {
  llvm::Expected<Value> Parsed = llvm::json::parse(Body);
  if (!Parsed) {
    std::string Why = llvm::toString(Parsed.takeError());
    log("malformed message: " + Why);
    T.replyError(nullptr, ErrorCode::ParseError, "invalid JSON: " + Why);
    return;
  }
  const Object *Msg = Parsed->getAsObject();
  if (!Msg) {
    T.replyError(nullptr, ErrorCode::InvalidRequest,
                 "a message must be a JSON object");
    return;
  }
  const Value *Id = Msg->get("id");
  std::optional<llvm::StringRef> Method = Msg->getString("method");
  if (!Method) {
    if (!Id)
      T.replyError(nullptr, ErrorCode::InvalidRequest,
                   "a message needs a 'method' or an 'id'");
    return; // a response to a request of ours: we send none
  }
  static const Value NoParams = nullptr;
  const Value *Params = Msg->get("params");
  if (!Params)
    Params = &NoParams;
  if (Id)
    handleRequest(*Id, *Method, *Params);
  else
    handleNotification(*Method, *Params);
}

void Server::handleRequest(const Value &Id, llvm::StringRef Method,
                           const Value &Params) {
  // After 'shutdown' every request is an error, 'initialize' included.
  if (ShutdownRequested) {
    T.replyError(Id, ErrorCode::InvalidRequest,
                 "the server is shutting down; only 'exit' is accepted");
    return;
  }
  if (Method == "initialize") {
    if (Initialized) {
      T.replyError(Id, ErrorCode::InvalidRequest,
                   "'initialize' may be sent only once");
      return;
    }
    Initialized = true;
    T.reply(Id, initializeResult());
    return;
  }
  if (!Initialized) {
    T.replyError(Id, ErrorCode::ServerNotInitialized,
                 "'initialize' must come first");
    return;
  }
  if (Method == "shutdown") {
    ShutdownRequested = true;
    T.reply(Id, nullptr);
    return;
  }
  if (Method == "textDocument/codeAction") {
    CodeActionParams P;
    std::string Error;
    if (!parseParams(Params, P, Error)) {
      T.replyError(Id, ErrorCode::InvalidParams, Error);
      return;
    }
    T.reply(Id, codeActions(P));
    return;
  }
  T.replyError(Id, ErrorCode::MethodNotFound,
               ("method not found: " + Method).str());
}

void Server::handleNotification(llvm::StringRef Method, const Value &Params) {
  if (Method == "exit") {
    Exited = true;
    return;
  }
  // The protocol drops notifications before 'initialize' and after
  // 'shutdown'; only 'exit' counts then.
  if (!Initialized || ShutdownRequested) {
    log("'" + Method + "' ignored: " +
        (ShutdownRequested ? "the server is shutting down"
                           : "'initialize' has not come yet"));
    return;
  }
  std::string Error;
  if (Method == "textDocument/didOpen") {
    DidOpenTextDocumentParams P;
    if (parseParams(Params, P, Error))
      didOpen(P);
  } else if (Method == "textDocument/didChange") {
    DidChangeTextDocumentParams P;
    if (parseParams(Params, P, Error))
      didChange(P);
  } else if (Method == "textDocument/didSave") {
    // Includes or the compilation database may have changed on disk.
    DocumentParams P;
    if (parseParams(Params, P, Error)) {
      std::lock_guard<std::mutex> Guard(Lock);
      if (Docs.count(P.textDocument.uri))
        schedule(P.textDocument.uri);
    }
  } else if (Method == "textDocument/didClose") {
    DocumentParams P;
    if (parseParams(Params, P, Error))
      didClose(P.textDocument.uri);
  }
  // Everything else ("initialized", "$/cancelRequest", "$/setTrace",
  // configuration changes) needs nothing from us; the protocol says unknown
  // notifications are ignored.
  if (!Error.empty())
    log("bad parameters for '" + Method + "': " + Error);
}

Value Server::initializeResult() const {
  return Object{
      {"capabilities",
       Object{{"textDocumentSync",
               Object{{"openClose", true},
                      {"change", 1}, // full text on every change
                      {"save", Object{{"includeText", false}}}}},
              {"codeActionProvider",
               Object{{"codeActionKinds", llvm::json::Array{"quickfix"}}}}}},
      {"serverInfo", Object{{"name", "warplint"}, {"version", Opts.Version}}}};
}

void Server::didOpen(const DidOpenTextDocumentParams &P) {
  std::string Path = uriToPath(P.textDocument.uri);
  if (Path.empty()) {
    log("not a local file, not analyzed: " + P.textDocument.uri);
    return;
  }
  std::lock_guard<std::mutex> Guard(Lock);
  Document &D = Docs[P.textDocument.uri];
  D.Path = Path;
  D.Text = P.textDocument.text;
  D.Version = P.textDocument.version;
  ++D.Generation;
  schedule(P.textDocument.uri);
}

void Server::didChange(const DidChangeTextDocumentParams &P) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Docs.find(P.textDocument.uri);
  if (It == Docs.end()) {
    log("change to a document that is not open: " + P.textDocument.uri);
    return;
  }
  Document &D = It->second;
  for (const TextDocumentContentChangeEvent &C : P.contentChanges) {
    if (!C.range) {
      D.Text = C.text;
      continue;
    }
    size_t Begin = offsetOf(D.Text, C.range->start);
    size_t End = std::max(Begin, offsetOf(D.Text, C.range->end));
    D.Text.replace(Begin, End - Begin, C.text);
  }
  if (P.textDocument.version)
    D.Version = *P.textDocument.version;
  ++D.Generation;
  schedule(P.textDocument.uri);
}

void Server::didClose(const std::string &Uri) {
  std::lock_guard<std::mutex> Guard(Lock);
  Docs.erase(Uri);
  Pending.erase(Uri);
  Results.erase(Uri);
  // Clear what the editor shows for the closed file.
  PublishDiagnosticsParams Empty;
  Empty.uri = Uri;
  T.notify("textDocument/publishDiagnostics", toJSON(Empty));
}

void Server::schedule(const std::string &Uri) {
  Pending[Uri] = std::chrono::steady_clock::now() + Opts.Debounce;
  Wake.notify_all();
}

void Server::workerLoop() {
  std::unique_lock<std::mutex> L(Lock);
  while (!Stopping) {
    if (Pending.empty()) {
      Wake.wait(L);
      continue;
    }
    auto Next = std::min_element(
        Pending.begin(), Pending.end(),
        [](const auto &A, const auto &B) { return A.second < B.second; });
    if (std::chrono::steady_clock::now() < Next->second) {
      Wake.wait_until(L, Next->second);
      continue;
    }
    std::string Uri = Next->first;
    Pending.erase(Next);
    auto DocIt = Docs.find(Uri);
    if (DocIt == Docs.end())
      continue;
    Document Snapshot = DocIt->second;

    L.unlock();
    auto Start = std::chrono::steady_clock::now();
    AnalyzedDocument A = analyze(Snapshot);
    auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
    if (Opts.Verbose || !A.Parsed)
      log(A.Log + "analyzed " + Snapshot.Path + " in " + std::to_string(Ms) +
          " ms: " + std::to_string(A.Published.size()) + " diagnostics");
    L.lock();

    // Latest edit wins: a result for an older text is dropped (the newer
    // text is already scheduled), and so is one for a closed document.
    DocIt = Docs.find(Uri);
    if (DocIt == Docs.end() || DocIt->second.Generation != Snapshot.Generation)
      continue;
    PublishDiagnosticsParams P;
    P.uri = Uri;
    P.version = Snapshot.Version;
    P.diagnostics = A.Published;
    Results[Uri] = {Snapshot.Generation, std::move(A)};
    // Published under the lock so that a didClose cannot slip in between.
    T.notify("textDocument/publishDiagnostics", toJSON(P));
  }
}

AnalyzedDocument Server::analyze(const Document &Snapshot) {
  unsigned Timeout = Opts.Pipeline.TimeoutSeconds;
  if (!Opts.Analyze)
    // The child ends (or is killed) before this returns: nothing is left
    // running, nothing is kept.
    return analyzeInChild(Opts.WorkerCommand, Snapshot.Path, Snapshot.Text,
                          Timeout, Cancel);
  return analyzeIsolated(Opts.Analyze, Snapshot.Path, Snapshot.Text, Timeout);
}

Value Server::codeActions(const CodeActionParams &P) {
  llvm::json::Array Out;
  std::lock_guard<std::mutex> Guard(Lock);
  auto DocIt = Docs.find(P.textDocument.uri);
  auto ResIt = Results.find(P.textDocument.uri);
  // Fixes computed for an older text would edit the wrong places.
  if (DocIt == Docs.end() || ResIt == Results.end() ||
      ResIt->second.Generation != DocIt->second.Generation)
    return Out;
  const AnalyzedDocument &A = ResIt->second.Analysis;
  for (size_t I = 0; I < A.Actions.size(); ++I)
    if (overlaps(A.Published[I].range, P.range))
      for (const Value &Action : A.Actions[I])
        Out.push_back(Action);
  return Out;
}

} // namespace lsp
} // namespace warplint
