//===- Transport.cpp - JSON-RPC over a byte stream ------------------------===//

#include "Lsp/Transport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <istream>
#include <ostream>

namespace warplint {
namespace lsp {

namespace {

const llvm::StringLiteral LengthHeader = "content-length:";
/// No header warplint or any client writes comes near this.
const size_t MaxHeaderLine = 8192;

bool endsWithHeader(llvm::StringRef S) {
  return S.ends_with_insensitive(LengthHeader);
}

/// A header name: letters, digits and '-' (RFC 7230 token, simplified).
bool isHeaderName(llvm::StringRef S) {
  return !S.empty() && llvm::all_of(S, [](char C) {
    return llvm::isAlnum(C) || C == '-' || C == '_';
  });
}

Incoming framingError(std::string Why) {
  Incoming R;
  R.K = Incoming::FramingError;
  R.Error = std::move(Why);
  return R;
}

} // namespace

std::optional<char> Transport::get() {
  if (PendingPos < Pending.size())
    return Pending[PendingPos++];
  if (!Pending.empty()) {
    Pending.clear();
    PendingPos = 0;
  }
  int C = In.get();
  if (C == std::char_traits<char>::eof())
    return std::nullopt;
  return static_cast<char>(C);
}

std::optional<std::string> Transport::headerLine(bool &Junk) {
  std::string Line;
  while (std::optional<char> C = get()) {
    if (*C == '\n') {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      return Line;
    }
    Line += *C;
    if (Line.size() > MaxHeaderLine) {
      // Keep only what could still become the start of a header.
      Line.erase(0, Line.size() - LengthHeader.size());
      Junk = true;
    }
    if (Line.size() > LengthHeader.size() && endsWithHeader(Line)) {
      // A header begins in the middle of the line: the rest of a message
      // whose length was too small, or bytes that were never a message.
      Line.erase(0, Line.size() - LengthHeader.size());
      Junk = true;
    }
  }
  return std::nullopt;
}

Incoming Transport::body(size_t Length) {
  Incoming R;
  // Grows as bytes arrive: a length that lies costs nothing up front.
  R.Body.reserve(std::min<size_t>(Length, size_t(1) << 20));
  bool InString = false, Escape = false;
  for (size_t I = 0; I < Length; ++I) {
    std::optional<char> C = get();
    if (!C)
      return Incoming{};
    R.Body += *C;
    if (InString) {
      if (Escape)
        Escape = false;
      else if (*C == '\\')
        Escape = true;
      else if (*C == '"')
        InString = false;
      continue;
    }
    if (*C == '"') {
      InString = true;
      continue;
    }
    // Outside a string "Content-Length:" is no JSON: the next message has
    // begun, so the length was too large. It is read again from there.
    if (*C == ':' && endsWithHeader(R.Body)) {
      std::string Rest = R.Body.substr(R.Body.size() - LengthHeader.size());
      Pending = Rest + Pending.substr(PendingPos);
      PendingPos = 0;
      return framingError("Content-Length " + std::to_string(Length) +
                          " is larger than the message: another header "
                          "began after " +
                          std::to_string(R.Body.size() - Rest.size()) +
                          " bytes");
    }
  }
  R.K = Incoming::Message;
  return R;
}

Incoming Transport::read() {
  bool Junk = false, SawHeader = false;
  std::optional<size_t> Length;
  std::string Bad;
  while (std::optional<std::string> Line = headerLine(Junk)) {
    llvm::StringRef L(*Line);
    if (L.empty()) {
      if (!SawHeader)
        continue; // stray blank lines between messages
      if (!Bad.empty())
        return framingError(Bad);
      if (!Length)
        return framingError("a message header without Content-Length");
      Incoming R = body(*Length);
      if (R.K == Incoming::Message && Junk)
        R.Error = "skipped bytes that were not part of a message";
      return R;
    }
    size_t Colon = L.find(':');
    llvm::StringRef Name = L.take_front(Colon).trim();
    if (Colon == llvm::StringRef::npos || !isHeaderName(Name)) {
      // Not a header: leftovers of a broken frame. Start afresh.
      Junk = true;
      SawHeader = false;
      Length.reset();
      Bad.clear();
      continue;
    }
    SawHeader = true;
    if (!Name.equals_insensitive("Content-Length"))
      continue;
    llvm::StringRef V = L.drop_front(Colon + 1).trim();
    uint64_t N = 0;
    if (V.empty() || !llvm::all_of(V, llvm::isDigit))
      Bad = "invalid Content-Length '" + V.take_front(40).str() + "'";
    else if (V.size() > 19 || V.getAsInteger(10, N) || N > MaxMessageBytes)
      Bad = "Content-Length " + V.take_front(40).str() +
            " exceeds the limit of " + std::to_string(MaxMessageBytes) +
            " bytes";
    else
      Length = static_cast<size_t>(N);
  }
  return Incoming{};
}

void Transport::send(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  OS << Message;
  OS.flush();
  std::lock_guard<std::mutex> Guard(WriteLock);
  Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
  Out.flush();
}

void Transport::notify(llvm::StringRef Method, llvm::json::Value Params) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

void Transport::reply(const llvm::json::Value &Id, llvm::json::Value Result) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void Transport::replyError(const llvm::json::Value &Id, ErrorCode Code,
                           llvm::StringRef Message) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"},
      {"id", Id},
      {"error", llvm::json::Object{{"code", static_cast<int>(Code)},
                                   {"message", Message}}}});
}

} // namespace lsp
} // namespace warplint
