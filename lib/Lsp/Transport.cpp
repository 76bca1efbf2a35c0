//===- Transport.cpp - JSON-RPC over a byte stream ------------------------===//

#include "Lsp/Transport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <istream>
#include <ostream>

namespace warplint {
namespace lsp {

std::optional<std::string> Transport::readMessage(std::string &Error) {
  Error.clear();
  while (true) {
    std::optional<size_t> Length;
    bool SawHeader = false;
    std::string Line;
    while (std::getline(In, Line)) {
      llvm::StringRef L = llvm::StringRef(Line).rtrim("\r");
      if (L.empty()) {
        if (SawHeader)
          break;
        continue; // stray blank lines between messages
      }
      SawHeader = true;
      auto [Name, Value] = L.split(':');
      if (Name.trim().equals_insensitive("Content-Length")) {
        size_t N;
        if (!Value.trim().getAsInteger(10, N))
          Length = N;
      }
    }
    if (!In)
      return std::nullopt;
    if (!Length) {
      Error = "message header without a valid Content-Length; skipped";
      continue;
    }
    std::string Body(*Length, '\0');
    In.read(Body.data(), static_cast<std::streamsize>(*Length));
    if (static_cast<size_t>(In.gcount()) != *Length)
      return std::nullopt;
    return Body;
  }
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
