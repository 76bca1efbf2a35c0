//===- TransportTest.cpp - Content-Length framing -------------------------===//

#include "Lsp/Transport.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace warplint::lsp;

namespace {

std::string frame(const std::string &Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
}

/// Reads everything In holds: each message's body, or "ERROR" for each
/// framing error.
std::vector<std::string> readAll(const std::string &Input) {
  std::istringstream In(Input);
  std::ostringstream Out;
  Transport T(In, Out);
  std::vector<std::string> Got;
  while (true) {
    Incoming I = T.read();
    if (I.K == Incoming::EndOfInput)
      return Got;
    Got.push_back(I.K == Incoming::Message ? I.Body : "ERROR");
  }
}

using Strings = std::vector<std::string>;

TEST(Transport, ReadsFramedMessagesWithOtherHeaders) {
  EXPECT_EQ(readAll(frame("{}") +
                    "content-length: 4\r\nContent-Type: x\r\n\r\nnull" +
                    "\r\n" + frame("[1]")),
            (Strings{"{}", "null", "[1]"}));
}

TEST(Transport, BodyCutShortByEndOfInputEndsTheStream) {
  EXPECT_EQ(readAll(frame("{}") + "Content-Length: 10\r\n\r\nshort"),
            (Strings{"{}"}));
}

TEST(Transport, MissingLengthIsAnErrorAndTheNextMessageIsRead) {
  EXPECT_EQ(readAll("X-Other: 1\r\n\r\n{\"a\":1}" + frame("{}")),
            (Strings{"ERROR", "{}"}));
}

TEST(Transport, MalformedAndNegativeLengthsAreErrors) {
  for (const char *Bad : {"-5", "abc", "", "12x", "0x10", "+3"})
    EXPECT_EQ(readAll(std::string("Content-Length: ") + Bad +
                      "\r\n\r\n{}" + frame("[2]")),
              (Strings{"ERROR", "[2]"}))
        << Bad;
}

TEST(Transport, HugeLengthsAreRefusedBeforeAllocating) {
  // 2^64-1, 10^12, 3*10^9, beyond 2^64, and one byte over the limit: none
  // allocates; each is an error and the next frame is read.
  for (const char *Huge :
       {"18446744073709551615", "1000000000000", "3000000000",
        "99999999999999999999999", "67108865"})
    EXPECT_EQ(readAll(std::string("Content-Length: ") + Huge + "\r\n\r\n" +
                      "{\"jsonrpc\":\"2.0\"}" + frame("[3]")),
              (Strings{"ERROR", "[3]"}))
        << Huge;
}

TEST(Transport, TooLargeLengthResynchronizesAtTheNextHeader) {
  // The length claims 500 bytes; the next message begins after 17.
  std::string Body = "{\"jsonrpc\":\"2.0\"}";
  EXPECT_EQ(readAll("Content-Length: 500\r\n\r\n" + Body + frame("[4]") +
                    frame("[5]")),
            (Strings{"ERROR", "[4]", "[5]"}));
}

TEST(Transport, HeaderTextInsideAJsonStringIsBody) {
  std::string Body = "{\"text\":\"Content-Length: 3\\\"\"}";
  EXPECT_EQ(readAll(frame(Body) + frame("[6]")), (Strings{Body, "[6]"}));
}

TEST(Transport, TooSmallLengthResynchronizesAtTheNextHeader) {
  // The first message is cut after 5 bytes (its JSON parse fails at the
  // server); the rest of it is skipped up to the next header.
  std::string Body = "{\"jsonrpc\":\"2.0\",\"method\":\"x\"}";
  std::vector<std::string> Got = readAll("Content-Length: 5\r\n\r\n" + Body +
                                         frame("[7]") + frame("[8]"));
  EXPECT_EQ(Got, (Strings{Body.substr(0, 5), "[7]", "[8]"}));
}

TEST(Transport, GarbageLinesAndVeryLongLinesAreSkipped) {
  std::string Long(100000, 'x');
  EXPECT_EQ(readAll("hello world\r\n" + Long + frame("[9]")),
            (Strings{"[9]"}));
}

TEST(Transport, WritesFramedJson) {
  std::istringstream In;
  std::ostringstream Out;
  Transport T(In, Out);
  T.replyError(1, ErrorCode::MethodNotFound, "no");
  std::string Body =
      R"({"error":{"code":-32601,"message":"no"},"id":1,"jsonrpc":"2.0"})";
  EXPECT_EQ(Out.str(), frame(Body));
}

} // namespace
