//===- ProtocolTest.cpp - LSP structs from and to JSON --------------------===//

#include "Lsp/Protocol.h"

#include "gtest/gtest.h"

using namespace warplint::lsp;

namespace {

template <typename T> bool parse(llvm::StringRef Text, T &Out) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  if (!V) {
    llvm::consumeError(V.takeError());
    return false;
  }
  llvm::json::Path::Root Root;
  bool Ok = fromJSON(*V, Out, Root);
  if (!Ok)
    llvm::consumeError(Root.getError());
  return Ok;
}

TEST(Uri, RoundTripsWithEscapes) {
  EXPECT_EQ(pathToUri("/a b/c#d.cu"), "file:///a%20b/c%23d.cu");
  EXPECT_EQ(uriToPath("file:///a%20b/c%23d.cu"), "/a b/c#d.cu");
  EXPECT_EQ(uriToPath("file://localhost/x.cu"), "/x.cu");
  EXPECT_EQ(uriToPath("untitled:Untitled-1"), "");
  EXPECT_EQ(uriToPath("file://server/share/x.cu"), "");
  EXPECT_EQ(uriToPath("file:///bad%zz"), "/bad%zz");
}

TEST(Protocol, DidChangeWithFullAndRangedChanges) {
  DidChangeTextDocumentParams P;
  ASSERT_TRUE(parse(R"({"textDocument":{"uri":"file:///k.cu","version":3},
      "contentChanges":[{"text":"all"},{"range":{"start":{"line":0,
      "character":1},"end":{"line":0,"character":2}},"text":"x"}]})",
                    P));
  EXPECT_EQ(P.textDocument.version, 3);
  ASSERT_EQ(P.contentChanges.size(), 2u);
  EXPECT_FALSE(P.contentChanges[0].range);
  ASSERT_TRUE(P.contentChanges[1].range);
  EXPECT_EQ(P.contentChanges[1].range->end.character, 2);
}

TEST(Protocol, CodeActionParamsAcceptOtherServersDiagnostics) {
  CodeActionParams P;
  ASSERT_TRUE(parse(R"({"textDocument":{"uri":"file:///k.cu"},
      "range":{"start":{"line":1,"character":0},"end":{"line":1,
      "character":0}},"context":{"diagnostics":[{"range":{"start":{"line":1,
      "character":0},"end":{"line":1,"character":3}},"message":"m",
      "code":1234,"source":"clangd"},{"range":{"start":{"line":1,
      "character":0},"end":{"line":1,"character":3}},"message":"w",
      "code":"warplint-bank-conflict","severity":2}]}})",
                    P));
  ASSERT_EQ(P.context.diagnostics.size(), 2u);
  EXPECT_EQ(P.context.diagnostics[0].code, "");
  EXPECT_EQ(P.context.diagnostics[0].source, "clangd");
  EXPECT_EQ(P.context.diagnostics[1].code, "warplint-bank-conflict");
}

TEST(Protocol, MissingFieldsAreErrors) {
  DidOpenTextDocumentParams Open;
  EXPECT_FALSE(parse(R"({"textDocument":{"uri":"file:///k.cu"}})", Open));
  CodeActionParams Action;
  EXPECT_FALSE(parse(R"({"range":3})", Action));
}

TEST(Protocol, PublishDiagnosticsOmitsAbsentVersion) {
  PublishDiagnosticsParams P;
  P.uri = "file:///k.cu";
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << toJSON(P);
  EXPECT_EQ(OS.str(), R"({"diagnostics":[],"uri":"file:///k.cu"})");
}

} // namespace
