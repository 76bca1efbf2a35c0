//===- Worker.h - One analysis in a process of its own ----------*- C++ -*-===//
//
// The server runs each analysis in a child process, "warplint lsp" with the
// server's own flags and --analyze-one=PATH: the document's text on its
// stdin, the analyzed document as JSON on its stdout. clang cannot stop a
// parse midway, and a parse abandoned at its deadline in the server's own
// process would keep its memory and a core until it ended (hours, for some
// inputs); a child is killed instead, and everything it held is the
// system's again. A crash the child cannot catch (a stack overflow outside
// the isolated thread, an out-of-memory abort) ends only the child.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_WORKER_H
#define WARPLINT_LSP_WORKER_H

#include "Lsp/Analyze.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace warplint {
namespace lsp {

/// The flag of "warplint lsp" that makes it analyze one document and exit.
inline constexpr llvm::StringLiteral AnalyzeOneFlag = "--analyze-one=";

/// The analyzed document as the child sends it; Path and Text stay with
/// the server, which has them.
llvm::json::Value toJSON(const AnalyzedDocument &A);
bool fromJSON(const llvm::json::Value &V, AnalyzedDocument &A,
              llvm::json::Path Path);

/// Analyzes one document (its path, its text).
using AnalyzeFn =
    std::function<AnalyzedDocument(const std::string &, const std::string &)>;

/// Analyze(Path, Text) on an isolated thread (crashes caught;
/// TimeoutSeconds: its deadline, 0: none), or crashedAnalysis saying why
/// it did not return. Past the deadline the work is abandoned.
AnalyzedDocument analyzeIsolated(const AnalyzeFn &Analyze,
                                 const std::string &Path,
                                 const std::string &Text,
                                 unsigned TimeoutSeconds);

/// The child's side: analyzeIsolated on the text of Path (read from the
/// child's stdin by the caller), the result written to Out, failed
/// analyses included.
void analyzeOne(const std::string &Path, llvm::StringRef Text,
                const AnalyzeFn &Analyze, unsigned TimeoutSeconds,
                llvm::raw_ostream &Out);

/// The server's side: runs Command (argv, its first element the program;
/// AnalyzeOneFlag and Path are inserted after the second) on Text and
/// reads its result. The child has TimeoutSeconds (0: none) and Grace to
/// start and say that it passed its own deadline; past that, or once
/// Cancel is set (the server is stopping), it is killed. A child that crashed, was killed or wrote no
/// readable result gives crashedAnalysis saying so.
AnalyzedDocument analyzeInChild(const std::vector<std::string> &Command,
                                const std::string &Path,
                                const std::string &Text,
                                unsigned TimeoutSeconds,
                                const std::atomic<bool> &Cancel,
                                std::chrono::milliseconds Grace =
                                    std::chrono::seconds(10));

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_WORKER_H
