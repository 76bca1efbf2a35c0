//===- Protocol.cpp - The LSP messages warplint speaks --------------------===//

#include "Lsp/Protocol.h"

#include "llvm/ADT/StringExtras.h"

namespace warplint {
namespace lsp {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::ObjectMapper;
using llvm::json::Value;

std::string uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return "";
  // An authority other than empty or localhost is a remote file.
  if (!Uri.starts_with("/")) {
    if (!Uri.consume_front("localhost"))
      return "";
  }
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size() && llvm::isHexDigit(Uri[I + 1]) &&
        llvm::isHexDigit(Uri[I + 2])) {
      Path += static_cast<char>(llvm::hexFromNibbles(Uri[I + 1], Uri[I + 2]));
      I += 2;
      continue;
    }
    Path += Uri[I];
  }
  return Path;
}

std::string pathToUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    // RFC 3986 unreserved characters and the path separator stay as they are.
    if (llvm::isAlnum(C) || C == '/' || C == '-' || C == '_' || C == '.' ||
        C == '~') {
      Uri += static_cast<char>(C);
      continue;
    }
    Uri += '%';
    Uri += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
    Uri += llvm::hexdigit(C & 15, /*LowerCase=*/false);
  }
  return Uri;
}

Value toJSON(const Position &P) {
  return Object{{"line", P.line}, {"character", P.character}};
}

bool fromJSON(const Value &V, Position &P, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("line", P.line) && O.map("character", P.character);
}

Value toJSON(const Range &R) {
  return Object{{"start", R.start}, {"end", R.end}};
}

bool fromJSON(const Value &V, Range &R, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("start", R.start) && O.map("end", R.end);
}

bool operator==(const Position &A, const Position &B) {
  return A.line == B.line && A.character == B.character;
}

bool operator<(const Position &A, const Position &B) {
  return A.line < B.line || (A.line == B.line && A.character < B.character);
}

Value toJSON(const Location &L) {
  return Object{{"uri", L.uri}, {"range", L.range}};
}

bool fromJSON(const Value &V, Location &L, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("uri", L.uri) && O.map("range", L.range);
}

Value toJSON(const DiagnosticRelatedInformation &I) {
  return Object{{"location", I.location}, {"message", I.message}};
}

bool fromJSON(const Value &V, DiagnosticRelatedInformation &I,
              llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("location", I.location) && O.map("message", I.message);
}

Value toJSON(const Diagnostic &D) {
  Object O{{"range", D.range},
           {"severity", static_cast<int>(D.severity)},
           {"source", D.source},
           {"message", D.message}};
  if (!D.code.empty())
    O["code"] = D.code;
  if (!D.relatedInformation.empty()) {
    Array Related;
    for (const DiagnosticRelatedInformation &I : D.relatedInformation)
      Related.push_back(toJSON(I));
    O["relatedInformation"] = std::move(Related);
  }
  return O;
}

bool fromJSON(const Value &V, Diagnostic &D, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  if (!O || !O.map("range", D.range) || !O.map("message", D.message) ||
      !O.mapOptional("relatedInformation", D.relatedInformation))
    return false;
  int Severity = static_cast<int>(D.severity);
  O.map("severity", Severity);
  D.severity = static_cast<DiagnosticSeverity>(Severity);
  // Other servers' codes may be numbers; only ours (strings) matter here.
  if (const Object *Obj = V.getAsObject()) {
    if (auto Code = Obj->getString("code"))
      D.code = Code->str();
    if (auto Source = Obj->getString("source"))
      D.source = Source->str();
  }
  return true;
}

Value toJSON(const PublishDiagnosticsParams &P) {
  Array Diags;
  for (const Diagnostic &D : P.diagnostics)
    Diags.push_back(toJSON(D));
  Object O{{"uri", P.uri}, {"diagnostics", std::move(Diags)}};
  if (P.version)
    O["version"] = *P.version;
  return O;
}

Value toJSON(const TextEdit &E) {
  return Object{{"range", E.range}, {"newText", E.newText}};
}

Value toJSON(const WorkspaceEdit &E) {
  Object Changes;
  for (const auto &[Uri, Edits] : E.changes) {
    Array A;
    for (const TextEdit &T : Edits)
      A.push_back(toJSON(T));
    Changes[Uri] = std::move(A);
  }
  return Object{{"changes", std::move(Changes)}};
}

Value toJSON(const CodeAction &A) {
  Array Diags;
  for (const Diagnostic &D : A.diagnostics)
    Diags.push_back(toJSON(D));
  Object O{{"title", A.title},
           {"kind", A.kind},
           {"diagnostics", std::move(Diags)},
           {"edit", A.edit}};
  if (A.isPreferred)
    O["isPreferred"] = true;
  return O;
}

bool fromJSON(const Value &V, TextDocumentItem &I, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("uri", I.uri) &&
         O.mapOptional("languageId", I.languageId) &&
         O.mapOptional("version", I.version) && O.map("text", I.text);
}

bool fromJSON(const Value &V, TextDocumentIdentifier &I,
              llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("uri", I.uri);
}

bool fromJSON(const Value &V, VersionedTextDocumentIdentifier &I,
              llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("uri", I.uri) && O.mapOptional("version", I.version);
}

bool fromJSON(const Value &V, TextDocumentContentChangeEvent &E,
              llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.mapOptional("range", E.range) && O.map("text", E.text);
}

bool fromJSON(const Value &V, DidOpenTextDocumentParams &P,
              llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.textDocument);
}

bool fromJSON(const Value &V, DidChangeTextDocumentParams &P,
              llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.textDocument) &&
         O.map("contentChanges", P.contentChanges);
}

bool fromJSON(const Value &V, DocumentParams &P, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.textDocument);
}

bool fromJSON(const Value &V, CodeActionContext &C, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.mapOptional("diagnostics", C.diagnostics);
}

bool fromJSON(const Value &V, CodeActionParams &P, llvm::json::Path Path) {
  ObjectMapper O(V, Path);
  return O && O.map("textDocument", P.textDocument) &&
         O.map("range", P.range) && O.mapOptional("context", P.context);
}

} // namespace lsp
} // namespace warplint
