//===- TransportTest.cpp - Content-Length framing -------------------------===//

#include "Lsp/Transport.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace warplint::lsp;

namespace {

TEST(Transport, ReadsFramedMessagesAndSkipsBadHeaders) {
  std::istringstream In("Content-Length: 2\r\n\r\n{}"
                        "X-Other: 1\r\n\r\n"
                        "content-length: 4\r\nContent-Type: x\r\n\r\nnull"
                        "Content-Length: 10\r\n\r\nshort");
  std::ostringstream Out;
  Transport T(In, Out);
  std::string Error;
  EXPECT_EQ(T.readMessage(Error), std::optional<std::string>("{}"));
  EXPECT_TRUE(Error.empty());
  // The header block without a length is skipped with an error.
  EXPECT_EQ(T.readMessage(Error), std::optional<std::string>("null"));
  EXPECT_FALSE(Error.empty());
  // A body cut short by the end of input ends the stream.
  EXPECT_EQ(T.readMessage(Error), std::nullopt);
}

TEST(Transport, WritesFramedJson) {
  std::istringstream In;
  std::ostringstream Out;
  Transport T(In, Out);
  T.replyError(1, ErrorCode::MethodNotFound, "no");
  std::string Body =
      R"({"error":{"code":-32601,"message":"no"},"id":1,"jsonrpc":"2.0"})";
  EXPECT_EQ(Out.str(), "Content-Length: " + std::to_string(Body.size()) +
                           "\r\n\r\n" + Body);
}

} // namespace
