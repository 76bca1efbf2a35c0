//===- Transport.h - JSON-RPC over a byte stream ----------------*- C++ -*-===//
//
// The LSP base protocol: each message is "Content-Length: N\r\n" (other
// headers allowed and ignored), an empty line, then N bytes of JSON. Reading
// happens on the message thread only; writing may come from any thread.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_TRANSPORT_H
#define WARPLINT_LSP_TRANSPORT_H

#include "Lsp/Protocol.h"

#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

namespace warplint {
namespace lsp {

class Transport {
public:
  Transport(std::istream &In, std::ostream &Out) : In(In), Out(Out) {}

  /// The body of the next message, or nullopt at end of input. A header
  /// block without a usable Content-Length is skipped (reported through
  /// Error) and reading goes on with the next one.
  std::optional<std::string> readMessage(std::string &Error);

  /// Frames and sends one JSON value (thread-safe).
  void send(const llvm::json::Value &Message);

  void notify(llvm::StringRef Method, llvm::json::Value Params);
  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, ErrorCode Code,
                  llvm::StringRef Message);

private:
  std::istream &In;
  std::ostream &Out;
  std::mutex WriteLock;
};

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_TRANSPORT_H
