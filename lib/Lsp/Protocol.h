//===- Protocol.h - The LSP messages warplint speaks ------------*- C++ -*-===//
//
// Plain structs named as on the wire, with free toJSON/fromJSON functions,
// for exactly the part of the Language Server Protocol the server uses:
// document sync, published diagnostics and quick-fix code actions. The file
// grows only when a feature needs it.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_PROTOCOL_H
#define WARPLINT_LSP_PROTOCOL_H

#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace lsp {

/// JSON-RPC and LSP error codes.
enum class ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
};

/// A file:// URI to a local path ("" when it is not a file URI) and back.
std::string uriToPath(llvm::StringRef Uri);
std::string pathToUri(llvm::StringRef Path);

/// Zero-based line and UTF-16 code unit offset within the line.
struct Position {
  int line = 0;
  int character = 0;
};
llvm::json::Value toJSON(const Position &P);
bool fromJSON(const llvm::json::Value &V, Position &P, llvm::json::Path Path);

struct Range {
  Position start;
  Position end;
};
llvm::json::Value toJSON(const Range &R);
bool fromJSON(const llvm::json::Value &V, Range &R, llvm::json::Path Path);
bool operator==(const Position &A, const Position &B);
bool operator<(const Position &A, const Position &B);

struct Location {
  std::string uri;
  Range range;
};
llvm::json::Value toJSON(const Location &L);
bool fromJSON(const llvm::json::Value &V, Location &L, llvm::json::Path Path);

struct DiagnosticRelatedInformation {
  Location location;
  std::string message;
};
llvm::json::Value toJSON(const DiagnosticRelatedInformation &I);
bool fromJSON(const llvm::json::Value &V, DiagnosticRelatedInformation &I,
              llvm::json::Path Path);

enum class DiagnosticSeverity {
  Error = 1,
  Warning = 2,
  Information = 3,
  Hint = 4
};

struct Diagnostic {
  Range range;
  DiagnosticSeverity severity = DiagnosticSeverity::Warning;
  std::string code;
  std::string source = "warplint";
  std::string message;
  std::vector<DiagnosticRelatedInformation> relatedInformation;
};
llvm::json::Value toJSON(const Diagnostic &D);
/// Reads back what toJSON writes (the client echoes diagnostics in code
/// action requests); unknown fields are ignored.
bool fromJSON(const llvm::json::Value &V, Diagnostic &D, llvm::json::Path Path);

struct PublishDiagnosticsParams {
  std::string uri;
  std::optional<int64_t> version;
  std::vector<Diagnostic> diagnostics;
};
llvm::json::Value toJSON(const PublishDiagnosticsParams &P);

struct TextEdit {
  Range range;
  std::string newText;
};
llvm::json::Value toJSON(const TextEdit &E);

struct WorkspaceEdit {
  std::map<std::string, std::vector<TextEdit>> changes; ///< by URI
};
llvm::json::Value toJSON(const WorkspaceEdit &E);

struct CodeAction {
  std::string title;
  std::string kind = "quickfix";
  std::vector<Diagnostic> diagnostics;
  bool isPreferred = false;
  WorkspaceEdit edit;
};
llvm::json::Value toJSON(const CodeAction &A);

struct TextDocumentItem {
  std::string uri;
  std::string languageId;
  int64_t version = 0;
  std::string text;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentItem &I,
              llvm::json::Path Path);

struct TextDocumentIdentifier {
  std::string uri;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentIdentifier &I,
              llvm::json::Path Path);

struct VersionedTextDocumentIdentifier {
  std::string uri;
  std::optional<int64_t> version;
};
bool fromJSON(const llvm::json::Value &V, VersionedTextDocumentIdentifier &I,
              llvm::json::Path Path);

/// A whole new text (no range) or the replacement of a range (incremental).
struct TextDocumentContentChangeEvent {
  std::optional<Range> range;
  std::string text;
};
bool fromJSON(const llvm::json::Value &V, TextDocumentContentChangeEvent &E,
              llvm::json::Path Path);

struct DidOpenTextDocumentParams {
  TextDocumentItem textDocument;
};
bool fromJSON(const llvm::json::Value &V, DidOpenTextDocumentParams &P,
              llvm::json::Path Path);

struct DidChangeTextDocumentParams {
  VersionedTextDocumentIdentifier textDocument;
  std::vector<TextDocumentContentChangeEvent> contentChanges;
};
bool fromJSON(const llvm::json::Value &V, DidChangeTextDocumentParams &P,
              llvm::json::Path Path);

/// didSave and didClose carry the same thing we need: which document.
struct DocumentParams {
  TextDocumentIdentifier textDocument;
};
bool fromJSON(const llvm::json::Value &V, DocumentParams &P,
              llvm::json::Path Path);

struct CodeActionContext {
  std::vector<Diagnostic> diagnostics;
};
bool fromJSON(const llvm::json::Value &V, CodeActionContext &C,
              llvm::json::Path Path);

struct CodeActionParams {
  TextDocumentIdentifier textDocument;
  Range range;
  CodeActionContext context;
};
bool fromJSON(const llvm::json::Value &V, CodeActionParams &P,
              llvm::json::Path Path);

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_PROTOCOL_H
