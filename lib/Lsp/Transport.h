//===- Transport.h - JSON-RPC over a byte stream ----------------*- C++ -*-===//
//
// The LSP base protocol: each message is "Content-Length: N\r\n" (other
// headers allowed and ignored), an empty line, then N bytes of JSON. Reading
// happens on the message thread only; writing may come from any thread.
//
// A broken frame (no Content-Length, a negative, malformed, too large or too
// small one) is reported once and reading resynchronizes at the next
// "Content-Length:" header, wherever it starts; no length is allocated
// before it is checked against MaxMessageBytes.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_TRANSPORT_H
#define WARPLINT_LSP_TRANSPORT_H

#include "Lsp/Protocol.h"

#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

namespace warplint {
namespace lsp {

/// What one read from the stream gives.
struct Incoming {
  enum Kind {
    Message,      ///< Body holds one framed message
    FramingError, ///< Error says what was wrong; the caller answers -32700
    EndOfInput,   ///< nothing more will come
  };
  Kind K = EndOfInput;
  std::string Body;
  std::string Error;
};

class Transport {
public:
  /// The largest body accepted (64 MiB); longer frames are framing errors.
  static constexpr size_t MaxMessageBytes = size_t(64) << 20;

  Transport(std::istream &In, std::ostream &Out) : In(In), Out(Out) {}

  /// The next message or framing error, or the end of input.
  Incoming read();

  /// Frames and sends one JSON value (thread-safe).
  void send(const llvm::json::Value &Message);

  void notify(llvm::StringRef Method, llvm::json::Value Params);
  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, ErrorCode Code,
                  llvm::StringRef Message);

private:
  /// The next byte: first what a resynchronization gave back, then In.
  std::optional<char> get();
  /// One header line without its line end; nullopt at end of input. Text
  /// before a "Content-Length:" inside the line is dropped (Junk set), and
  /// a line longer than any header keeps only its tail.
  std::optional<std::string> headerLine(bool &Junk);
  /// The body of Length bytes; a "Content-Length:" outside a JSON string
  /// before its end means the length was too large.
  Incoming body(size_t Length);

  std::istream &In;
  std::ostream &Out;
  std::string Pending; ///< bytes given back, read before In
  size_t PendingPos = 0;
  std::mutex WriteLock;
};

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_TRANSPORT_H
