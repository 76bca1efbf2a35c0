//===- Server.h - The warplint language server ------------------*- C++ -*-===//
//
// Reads JSON-RPC messages on the calling thread and answers them; analysis
// runs on one worker thread. Each edit restarts a short debounce timer for
// its document, and a result that is older than the document's latest edit
// is thrown away (latest edit wins). Each analysis runs in a process of its
// own (Worker.h): a crash, or a parse that outlives its deadline, ends that
// process only and is shown as an error at the top of the document; the
// server goes on. Lifecycle as LSP asks: 'initialize' exactly once and
// first, nothing but 'exit' after 'shutdown'. See docs/editors.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_SERVER_H
#define WARPLINT_LSP_SERVER_H

#include "Driver/Pipeline.h"
#include "Lsp/Analyze.h"
#include "Lsp/Transport.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace warplint {
namespace lsp {

struct ServerOptions {
  PipelineOptions Pipeline;
  /// The server's own flags (--checks, --arch) as a configuration applied
  /// over each file's .warplint.yaml, as the command line is.
  Config CommandLine;
  /// Clang flags for files no compile_commands.json knows.
  std::vector<std::string> FallbackFlags;
  std::chrono::milliseconds Debounce{200};
  /// Log every message and analysis to stderr.
  bool Verbose = false;
  std::string Version;
  /// "warplint lsp" with the server's flags (argv): each analysis runs in
  /// a process of its own (Worker.h). Empty: on a thread of this process.
  std::vector<std::string> WorkerCommand;
  /// Analyzes one document (Path, its text) on a thread of this process;
  /// unset: analyzeDocument with the options above. Tests put a failing
  /// analysis here.
  std::function<AnalyzedDocument(const std::string &, const std::string &)>
      Analyze;
};

class Server {
public:
  Server(Transport &T, ServerOptions Opts);
  ~Server();

  /// Serves until "exit" or end of input. Returns the process exit status:
  /// 0 after a shutdown request, 1 otherwise (as the protocol asks).
  int run();

private:
  struct Document {
    std::string Path;
    std::string Text;
    int64_t Version = 0;
    uint64_t Generation = 0; ///< bumped by every edit
  };

  void handleMessage(const std::string &Body);
  void handleRequest(const llvm::json::Value &Id, llvm::StringRef Method,
                     const llvm::json::Value &Params);
  void handleNotification(llvm::StringRef Method,
                          const llvm::json::Value &Params);

  llvm::json::Value initializeResult() const;
  llvm::json::Value codeActions(const CodeActionParams &P);
  void didOpen(const DidOpenTextDocumentParams &P);
  void didChange(const DidChangeTextDocumentParams &P);
  void didClose(const std::string &Uri);

  /// Analyze Uri once the debounce time has passed (Lock held).
  void schedule(const std::string &Uri);
  void workerLoop();
  /// The analysis of Snapshot, or what the document shows when it crashed
  /// or outlived its deadline.
  AnalyzedDocument analyze(const Document &Snapshot);
  void log(const llvm::Twine &Message);

  Transport &T;
  ServerOptions Opts;
  bool Initialized = false;
  bool ShutdownRequested = false;
  bool Exited = false;
  std::mutex LogLock;

  std::mutex Lock; ///< guards everything below
  std::condition_variable Wake;
  bool Stopping = false;
  std::map<std::string, Document> Docs; ///< by URI
  std::map<std::string, std::chrono::steady_clock::time_point> Pending;
  struct Result {
    uint64_t Generation = 0;
    AnalyzedDocument Analysis;
  };
  std::map<std::string, Result> Results; ///< by URI
  std::thread Worker;
  /// Set when the server stops: a child analysis still running is killed.
  std::atomic<bool> Cancel{false};
};

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_SERVER_H
