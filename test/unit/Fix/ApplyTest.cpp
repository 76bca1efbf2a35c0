//===- ApplyTest.cpp - Applying, collecting and exporting fixes -----------===//

#include "Fix/Apply.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TextEdit edit(const std::string &File, unsigned Begin, unsigned End,
              std::string Text) {
  return {{{File, 1, Begin + 1, Begin}, {File, 1, End + 1, End}},
          std::move(Text)};
}

Diagnostic withFix(std::vector<TextEdit> Edits, bool InNote = true) {
  Diagnostic D;
  D.Check = "warplint-bank-conflict";
  D.Range.Begin = {"a.cu", 1, 1, 0};
  Fix F;
  F.Message = "pad";
  F.Edits = std::move(Edits);
  F.Preferred = true;
  if (InNote)
    D.Notes.push_back({{}, "pad it", {F}});
  else
    D.Fixes.push_back(F);
  return D;
}

TEST(ApplyTest, AppliesEditsInOffsetOrder) {
  std::string Out;
  ASSERT_TRUE(applyEdits("float t[32][32];",
                         {edit("a.cu", 12, 14, "33"), edit("a.cu", 8, 10, "R")},
                         Out));
  EXPECT_EQ(Out, "float t[R][33];");
  EXPECT_FALSE(applyEdits("short", {edit("a.cu", 3, 9, "x")}, Out));
}

TEST(ApplyTest, CollectsEachEditOnceAndDropsOverlaps) {
  std::vector<std::string> Dropped;
  auto ByFile = collectEdits({withFix({edit("a.cu", 12, 14, "33")}),
                              withFix({edit("a.cu", 12, 14, "33")}, false),
                              withFix({edit("a.cu", 13, 15, "x")})},
                             Dropped);
  ASSERT_EQ(ByFile["a.cu"].size(), 1u);
  EXPECT_EQ(ByFile["a.cu"][0].Replacement, "33");
  EXPECT_EQ(Dropped.size(), 1u);
}

TEST(ApplyTest, NonPreferredFixesAreNotApplied) {
  Diagnostic D = withFix({edit("a.cu", 0, 1, "x")});
  D.Notes[0].Fixes[0].Preferred = false;
  EXPECT_EQ(preferredFix(D), nullptr);
}

TEST(ApplyTest, RestoresWhenTheFixedCodeDoesNotParse) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("fix", "cu", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, true);
    OS << "float t[32][32];";
  }
  std::string File(Path);
  Diagnostic D = withFix({edit(File, 12, 14, "33")});
  FixOutcome Out = applyFixes({D}, {}, [&](auto &, std::string &Error) {
    // The file really was changed when the re-analysis runs.
    auto Buf = llvm::MemoryBuffer::getFile(File);
    EXPECT_EQ((*Buf)->getBuffer(), "float t[32][33];");
    Error = "error: expected ';'";
    return false;
  });
  EXPECT_TRUE(Out.Restored);
  EXPECT_NE(Out.Message.find("does not parse"), std::string::npos);
  auto Buf = llvm::MemoryBuffer::getFile(File);
  EXPECT_EQ((*Buf)->getBuffer(), "float t[32][32];");
  llvm::sys::fs::remove(File);
}

TEST(ApplyTest, KeepsAFixTheReanalysisConfirms) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("fix", "cu", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, true);
    OS << "float t[32][32];";
  }
  std::string File(Path);
  Diagnostic D = withFix({edit(File, 12, 14, "33")});
  D.Notes[0].Fixes[0].Impact = FixImpact{100, 10, 4096, 4224};
  AccessRecord Before;
  Before.Space = MemorySpace::Shared;
  Before.Exact = true;
  Before.Wavefronts = 100;
  AccessRecord After = Before;
  After.Wavefronts = 10;
  FixOutcome Out = applyFixes({D}, {Before}, [&](auto &Records, auto &) {
    Records = {After};
    return true;
  });
  EXPECT_FALSE(Out.Restored) << Out.Message;
  EXPECT_EQ(Out.Edits, 1u);
  // A re-analysis that disagrees with the promise restores the file.
  After.Wavefronts = 50;
  Out = applyFixes({D}, {Before}, [&](auto &Records, auto &) {
    Records = {After};
    return true;
  });
  EXPECT_TRUE(Out.Restored);
  EXPECT_NE(Out.Message.find("promised 10"), std::string::npos);
  llvm::sys::fs::remove(File);
}

TEST(ApplyTest, ExportsClangTidyYaml) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeExportedFixes(OS, "a.cu",
                     {withFix({edit("a.cu", 12, 14, "33")}),
                      withFix({edit("a.cu", 12, 14, "33")})});
  OS.flush();
  EXPECT_NE(S.find("MainSourceFile:  a.cu"), std::string::npos) << S;
  EXPECT_NE(S.find("ReplacementText: '33'"), std::string::npos) << S;
  // Two diagnostics on one array: the edit is exported once.
  EXPECT_EQ(S.find("ReplacementText", S.find("ReplacementText") + 1),
            std::string::npos);
}

} // namespace
