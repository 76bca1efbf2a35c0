//===- ApplyTest.cpp - Applying, collecting and exporting fixes -----------===//

#include "Fix/Apply.h"
#include "Fix/Verify.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <unistd.h>

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

/// A temporary file holding Text, removed at the end of the test.
class TempFile {
public:
  explicit TempFile(const std::string &Text) {
    int FD;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("fix", "cu", FD, Path));
    llvm::raw_fd_ostream OS(FD, true);
    OS << Text;
  }
  ~TempFile() { llvm::sys::fs::remove(Path); }
  std::string path() const { return std::string(Path); }
  std::string text() const {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    return Buf ? (*Buf)->getBuffer().str() : "<unreadable>";
  }

private:
  llvm::SmallString<128> Path;
};

AccessRecord shared(unsigned Wavefronts) {
  AccessRecord R;
  R.Space = MemorySpace::Shared;
  R.Exact = true;
  R.Wavefronts = Wavefronts;
  return R;
}

Diagnostic padFix(const std::string &File) {
  Diagnostic D = withFix({edit(File, 12, 14, "33")});
  D.Notes[0].Fixes[0].Impact = FixImpact{100, 10, 4096, 4224};
  return D;
}

TEST(ApplyTest, NothingIsWrittenWhenTheFixedCodeDoesNotParse) {
  TempFile F("float t[32][32];");
  FixVerifier V(F.path(), F.text(), {shared(100)}, [&](const std::string &T) {
    // Verification sees the fixed text in memory; the disk is untouched.
    EXPECT_EQ(T, "float t[32][33];");
    EXPECT_EQ(F.text(), "float t[32][32];");
    return llvm::Expected<std::vector<AccessRecord>>(
        llvm::createStringError("error: expected ';'"));
  });
  FixOutcome Out = applyFixes({padFix(F.path())}, V);
  EXPECT_TRUE(Out.Failed);
  EXPECT_FALSE(Out.NotWritable);
  EXPECT_NE(Out.Message.find("does not parse"), std::string::npos)
      << Out.Message;
  EXPECT_EQ(F.text(), "float t[32][32];");
}

TEST(ApplyTest, WritesOnlyWhatTheReanalysisConfirms) {
  TempFile F("float t[32][32];");
  unsigned After = 50;
  FixVerifier V(F.path(), F.text(), {shared(100)}, [&](const std::string &) {
    return llvm::Expected<std::vector<AccessRecord>>(
        std::vector<AccessRecord>{shared(After)});
  });
  // A re-analysis that disagrees with the promise: nothing is written.
  FixOutcome Out = applyFixes({padFix(F.path())}, V);
  EXPECT_TRUE(Out.Failed);
  EXPECT_NE(Out.Message.find("promised 10"), std::string::npos)
      << Out.Message;
  EXPECT_EQ(F.text(), "float t[32][32];");
  After = 10;
  Out = applyFixes({padFix(F.path())}, V);
  EXPECT_FALSE(Out.Failed) << Out.Message;
  EXPECT_EQ(Out.Edits, 1u);
  EXPECT_EQ(F.text(), "float t[32][33];");
}

TEST(ApplyTest, RefusesAFileChangedSinceItWasAnalyzed) {
  TempFile F("float t[32][32];");
  FixVerifier V(F.path(), "float t[32][32]; ", {shared(100)},
                [&](const std::string &) {
                  return llvm::Expected<std::vector<AccessRecord>>(
                      std::vector<AccessRecord>{shared(10)});
                });
  FixOutcome Out = applyFixes({padFix(F.path())}, V);
  EXPECT_TRUE(Out.Failed);
  EXPECT_NE(Out.Message.find("changed since it was analyzed"),
            std::string::npos);
  EXPECT_EQ(F.text(), "float t[32][32];");
}

TEST(VerifyTest, RefusesEditsOutsideTheMainFileAndLostAccesses) {
  FixVerifier V("a.cu", "float t[32][32];", {shared(100), shared(4)},
                [&](const std::string &) {
                  return llvm::Expected<std::vector<AccessRecord>>(
                      std::vector<AccessRecord>{shared(10)});
                });
  Diagnostic Other = padFix("other.cuh");
  llvm::Error E = V.verify({&Other.Notes[0].Fixes[0]});
  EXPECT_NE(llvm::toString(std::move(E)).find("not the analyzed file"),
            std::string::npos);
  // One access fewer is modelled after the fix: whatever the sum, no.
  Diagnostic Pad = padFix("a.cu");
  Pad.Notes[0].Fixes[0].Impact = FixImpact{100, 6, 0, 0};
  E = V.verify({&Pad.Notes[0].Fixes[0]});
  EXPECT_NE(llvm::toString(std::move(E)).find("modelled 1 shared accesses"),
            std::string::npos);
  EXPECT_EQ(V.reanalyses(), 1u);
}

TEST(VerifyTest, EachFixIsReanalyzedOnce) {
  unsigned After = 10;
  FixVerifier V("a.cu", "float t[32][32];", {shared(100)},
                [&](const std::string &) {
                  return llvm::Expected<std::vector<AccessRecord>>(
                      std::vector<AccessRecord>{shared(After)});
                });
  // Two diagnostics on one array carry the same fix.
  std::vector<Diagnostic> Diags = {padFix("a.cu"), padFix("a.cu")};
  EXPECT_TRUE(allFixesVerify(Diags, V));
  EXPECT_EQ(V.reanalyses(), 1u);
  Diagnostic Worse = padFix("a.cu");
  Worse.Notes[0].Fixes[0].Impact = FixImpact{100, 5, 4096, 4224};
  Diags.push_back(Worse);
  EXPECT_FALSE(allFixesVerify(Diags, V));
  EXPECT_EQ(V.reanalyses(), 2u);
}

/// A shared record of array Name declared on line Line of a.cu.
AccessRecord sharedOf(const std::string &Name, unsigned Line,
                      unsigned Wavefronts) {
  AccessRecord R = shared(Wavefronts);
  R.Variable = Name;
  R.ObjectDecl = {"a.cu", Line, 18, 0};
  return R;
}

/// A padding fix of Name (declared on Line) at [Begin, Begin + 2) that
/// promises Before -> After wavefronts.
Diagnostic padOf(const std::string &Name, unsigned Line, unsigned Begin,
                 double Before, double After) {
  Diagnostic D = withFix({edit("a.cu", Begin, Begin + 2, "33")});
  D.Notes[0].Fixes[0].Impact =
      FixImpact{Before, After, 4096, 4224, Name, {"a.cu", Line, 18, 0}};
  return D;
}

TEST(VerifyTest, FixesOfDifferentArraysShareOneReanalysis) {
  // a[32][32] and b[32][32] on lines 1 and 2 (offsets 12 and 29 hold the
  // row lengths); the re-analysis reads both extents from the text.
  std::string Text = "float a[32][32];\nfloat b[32][32];";
  auto Reanalyze = [](const std::string &T) {
    bool A = T.find("a[32][33]") != std::string::npos;
    bool B = T.find("b[32][33]") != std::string::npos;
    return llvm::Expected<std::vector<AccessRecord>>(std::vector<AccessRecord>{
        sharedOf("a", 1, A ? 2 : 32), sharedOf("b", 2, B ? 4 : 16)});
  };
  FixVerifier V("a.cu", Text, {sharedOf("a", 1, 32), sharedOf("b", 2, 16)},
                Reanalyze);
  std::vector<Diagnostic> Diags = {padOf("a", 1, 12, 32, 2),
                                   padOf("b", 2, 29, 16, 4)};
  EXPECT_TRUE(allFixesVerify(Diags, V));
  EXPECT_EQ(V.reanalyses(), 1u);

  // A promise that is wrong for its own array fails together, and is then
  // judged alone (with the reason), while the other array's stays proved.
  FixVerifier W("a.cu", Text, {sharedOf("a", 1, 32), sharedOf("b", 2, 16)},
                Reanalyze);
  std::vector<Diagnostic> Wrong = {padOf("a", 1, 12, 32, 2),
                                   padOf("b", 2, 29, 16, 1)};
  EXPECT_FALSE(allFixesVerify(Wrong, W));
  EXPECT_EQ(W.reanalyses(), 2u); // together, then b alone
  EXPECT_FALSE(bool(W.verify({&Wrong[0].Notes[0].Fixes[0]})));
  EXPECT_EQ(W.reanalyses(), 2u); // a was proved in the first one
  llvm::Error E = W.verify({&Wrong[1].Notes[0].Fixes[0]});
  EXPECT_NE(llvm::toString(std::move(E)).find("promised"), std::string::npos);
}

TEST(WriteTest, FollowsSymlinksToTheRealFile) {
  TempFile F("old");
  std::string Link = F.path() + ".link";
  ASSERT_FALSE(llvm::sys::fs::create_link(F.path(), Link));
  ASSERT_FALSE(bool(writeFileSafely(Link, "new")));
  EXPECT_EQ(F.text(), "new");
  llvm::sys::fs::file_status St;
  ASSERT_FALSE(llvm::sys::fs::status(Link, St, /*Follow=*/false));
  EXPECT_EQ(St.type(), llvm::sys::fs::file_type::symlink_file);
  llvm::sys::fs::remove(Link);
}

TEST(WriteTest, KeepsHardLinks) {
  TempFile F("old");
  std::string Other = F.path() + ".hard";
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(F.path(), Other));
  ASSERT_FALSE(bool(writeFileSafely(F.path(), "new")));
  auto Buf = llvm::MemoryBuffer::getFile(Other);
  EXPECT_EQ((*Buf)->getBuffer(), "new");
  llvm::sys::fs::UniqueID A, B;
  ASSERT_FALSE(llvm::sys::fs::getUniqueID(F.path(), A));
  ASSERT_FALSE(llvm::sys::fs::getUniqueID(Other, B));
  EXPECT_EQ(A, B);
  llvm::sys::fs::remove(Other);
}

TEST(WriteTest, KeepsModeAndOwner) {
  TempFile F("old");
  namespace fs = llvm::sys::fs;
  ASSERT_FALSE(fs::setPermissions(F.path(), fs::perms(0640)));
  // Only root may give a file to someone else: the owner check needs it.
  bool Root = ::geteuid() == 0;
  if (Root)
    ASSERT_EQ(::chown(F.path().c_str(), 4242, 4343), 0);
  ASSERT_FALSE(bool(writeFileSafely(F.path(), "new")));
  EXPECT_EQ(F.text(), "new");
  fs::file_status St;
  ASSERT_FALSE(fs::status(F.path(), St));
  EXPECT_EQ(St.permissions(), fs::perms(0640));
  if (Root) {
    EXPECT_EQ(St.getUser(), 4242u);
    EXPECT_EQ(St.getGroup(), 4343u);
  }
}

TEST(WriteTest, RefusesReadOnlyFilesUnlessAllowed) {
  TempFile F("old");
  namespace fs = llvm::sys::fs;
  ASSERT_FALSE(fs::setPermissions(F.path(), fs::perms(0444)));
  llvm::Error E = writeFileSafely(F.path(), "new");
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find("'" + F.path() + "' is read-only"), std::string::npos)
      << Msg;
  EXPECT_EQ(F.text(), "old");
  WriteOptions W;
  W.AllowReadOnly = true;
  ASSERT_FALSE(bool(writeFileSafely(F.path(), "new", W)));
  EXPECT_EQ(F.text(), "new");
  fs::file_status St;
  ASSERT_FALSE(fs::status(F.path(), St));
  EXPECT_EQ(St.permissions(), fs::perms(0444));
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
