//===- SarifWriterTest.cpp - Diagnostics as SARIF 2.1.0 -------------------===//
//
// The output is parsed back with llvm::json and checked object by object:
// URIs relative to %SRCROOT%, regions with UTF-16 columns, notes as related
// locations, fixes as replacements. The lit test under
// test/lit/integration validates real output against the SARIF schema.
//
//===----------------------------------------------------------------------===//

#include "Report/Writers.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

SourceLoc loc(const std::string &File, unsigned Line, unsigned Column) {
  SourceLoc L;
  L.File = File;
  L.Line = Line;
  L.Column = Column;
  return L;
}

SarifRun run() {
  SarifRun R;
  R.Version = "1.2.3";
  R.InformationUri = "https://example.org/warplint/README.md";
  R.BaseDir = "/src/proj";
  SarifRule Rule;
  Rule.Id = "warplint-bank-conflict";
  Rule.ShortDescription = "short";
  Rule.FullDescription = "full";
  Rule.HelpUri = "https://example.org/warplint/docs/checks/bank-conflict.md";
  R.Rules.push_back(Rule);
  return R;
}

Diagnostic conflict(const std::string &File) {
  Diagnostic D;
  D.Check = "warplint-bank-conflict";
  D.Range.Begin = loc(File, 4, 3);
  D.Range.End = loc(File, 4, 21);
  D.Message = "2-way shared memory bank conflict on 's'";
  DiagNote Explained;
  Explained.Message = "why";
  DiagNote Launch;
  Launch.Loc = loc(File, 9, 14);
  Launch.Message = "assuming block 32x1x1";
  Fix Pad;
  Pad.Message = "pad the row";
  Pad.Preferred = true;
  TextEdit E;
  E.Range.Begin = loc(File, 3, 22);
  E.Range.End = loc(File, 3, 24);
  E.Replacement = "33";
  Pad.Edits.push_back(E);
  Launch.Fixes.push_back(Pad);
  D.Notes = {Explained, Launch};
  return D;
}

Value write(const SarifRun &Run, const std::vector<Diagnostic> &Diags,
            SourceCache &Sources) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeSarif(OS, Run, Diags, Sources);
  OS.flush();
  auto Parsed = llvm::json::parse(Out);
  EXPECT_TRUE(bool(Parsed)) << llvm::toString(Parsed.takeError());
  return Parsed ? *Parsed : Value(nullptr);
}

const Object &runOf(const Value &Log) {
  return *Log.getAsObject()->getArray("runs")->front().getAsObject();
}

TEST(SarifWriter, RulesAndInvocation) {
  SourceCache Sources;
  SarifRun R = run();
  R.ExitCode = 2;
  R.FailedFiles = {"broken.cu"};
  Value Log = write(R, {}, Sources);
  EXPECT_EQ(*Log.getAsObject()->getString("version"), "2.1.0");
  const Object &Run = runOf(Log);
  const Object &Driver = *Run.getObject("tool")->getObject("driver");
  EXPECT_EQ(*Driver.getString("name"), "warplint");
  EXPECT_EQ(*Driver.getString("version"), "1.2.3");
  const Object &Rule = *Driver.getArray("rules")->front().getAsObject();
  EXPECT_EQ(*Rule.getString("id"), "warplint-bank-conflict");
  EXPECT_EQ(*Rule.getObject("shortDescription")->getString("text"), "short");
  EXPECT_EQ(*Rule.getObject("fullDescription")->getString("text"), "full");
  EXPECT_EQ(*Rule.getObject("defaultConfiguration")->getString("level"),
            "warning");
  const Object &Inv = *Run.getArray("invocations")->front().getAsObject();
  EXPECT_EQ(Inv.getBoolean("executionSuccessful"), false);
  EXPECT_EQ(Inv.getInteger("exitCode"), 2);
  EXPECT_EQ(Inv.getArray("toolExecutionNotifications")->size(), 1u);
  EXPECT_EQ(*Run.getObject("originalUriBaseIds")
                 ->getObject("%SRCROOT%")
                 ->getString("uri"),
            "file:///src/proj/");
  EXPECT_TRUE(Run.getArray("results")->empty());
}

TEST(SarifWriter, ResultLocationsNotesAndFixes) {
  SourceCache Sources; // the files do not exist: columns stay as they are
  Diagnostic D = conflict("/src/proj/k dir/k.cu");
  D.Level = Severity::Error;
  Value Log = write(run(), {D}, Sources);
  const Object &Run = runOf(Log);
  const Array &Artifacts = *Run.getArray("artifacts");
  ASSERT_EQ(Artifacts.size(), 1u);
  const Object &ArtLoc = *Artifacts[0].getAsObject()->getObject("location");
  // Under the base folder: relative, percent-encoded.
  EXPECT_EQ(*ArtLoc.getString("uri"), "k%20dir/k.cu");
  EXPECT_EQ(*ArtLoc.getString("uriBaseId"), "%SRCROOT%");

  const Object &Res = *Run.getArray("results")->front().getAsObject();
  EXPECT_EQ(*Res.getString("ruleId"), "warplint-bank-conflict");
  EXPECT_EQ(Res.getInteger("ruleIndex"), 0);
  EXPECT_EQ(*Res.getString("level"), "error");
  const Object &Phys = *Res.getArray("locations")
                            ->front()
                            .getAsObject()
                            ->getObject("physicalLocation");
  EXPECT_EQ(Phys.getObject("artifactLocation")->getInteger("index"), 0);
  const Object &Region = *Phys.getObject("region");
  EXPECT_EQ(Region.getInteger("startLine"), 4);
  EXPECT_EQ(Region.getInteger("startColumn"), 3);
  EXPECT_EQ(Region.getInteger("endLine"), 4);
  EXPECT_EQ(Region.getInteger("endColumn"), 21);

  const Array &Related = *Res.getArray("relatedLocations");
  ASSERT_EQ(Related.size(), 2u);
  // A note without a place of its own sits at the diagnostic's.
  const Object &First = *Related[0].getAsObject();
  EXPECT_EQ(First.getInteger("id"), 0);
  EXPECT_EQ(First.getObject("physicalLocation")
                ->getObject("region")
                ->getInteger("startLine"),
            4);
  const Object &Second = *Related[1].getAsObject();
  EXPECT_EQ(*Second.getObject("message")->getString("text"),
            "assuming block 32x1x1");
  EXPECT_EQ(Second.getObject("physicalLocation")
                ->getObject("region")
                ->getInteger("startColumn"),
            14);

  // The note's fix is offered on the result.
  const Object &F = *Res.getArray("fixes")->front().getAsObject();
  EXPECT_EQ(*F.getObject("description")->getString("text"), "pad the row");
  const Object &Change = *F.getArray("artifactChanges")->front().getAsObject();
  EXPECT_EQ(*Change.getObject("artifactLocation")->getString("uri"),
            "k%20dir/k.cu");
  const Object &Rep = *Change.getArray("replacements")->front().getAsObject();
  const Object &Deleted = *Rep.getObject("deletedRegion");
  EXPECT_EQ(Deleted.getInteger("startLine"), 3);
  EXPECT_EQ(Deleted.getInteger("startColumn"), 22);
  EXPECT_EQ(Deleted.getInteger("endColumn"), 24);
  EXPECT_EQ(*Rep.getObject("insertedContent")->getString("text"), "33");
}

TEST(SarifWriter, FilesOutsideTheBaseAreAbsoluteUris) {
  SourceCache Sources;
  Value Log = write(run(), {conflict("/elsewhere/k.cu")}, Sources);
  const Object &ArtLoc = *runOf(Log)
                              .getArray("artifacts")
                              ->front()
                              .getAsObject()
                              ->getObject("location");
  EXPECT_EQ(*ArtLoc.getString("uri"), "file:///elsewhere/k.cu");
  EXPECT_EQ(ArtLoc.getString("uriBaseId"), std::nullopt);
  // A sibling whose name starts like the base is not under it.
  Log = write(run(), {conflict("/src/project2/k.cu")}, Sources);
  EXPECT_EQ(*runOf(Log)
                 .getArray("artifacts")
                 ->front()
                 .getAsObject()
                 ->getObject("location")
                 ->getString("uri"),
            "file:///src/project2/k.cu");
}

TEST(SarifWriter, ColumnsCountUtf16CodeUnits) {
  // "é" is two UTF-8 bytes but one UTF-16 unit; "😀" is four bytes, two
  // units. The access starts at byte column 14 of the line.
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("sarif-utf", "cu", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << "/*\xC3\xA9\xF0\x9F\x98\x80*/ s[i];\n";
  }
  SourceCache Sources;
  Diagnostic D = conflict(std::string(Path));
  D.Range.Begin.Line = D.Range.End.Line = 1;
  D.Range.Begin.Column = 14;
  D.Range.End.Column = 18;
  D.Notes.clear();
  // The first result's region.
  auto RegionOf = [](const Value &Log) -> const Object & {
    return *runOf(Log)
                .getArray("results")
                ->front()
                .getAsObject()
                ->getArray("locations")
                ->front()
                .getAsObject()
                ->getObject("physicalLocation")
                ->getObject("region");
  };
  Value Log = write(run(), {D}, Sources);
  EXPECT_EQ(RegionOf(Log).getInteger("startColumn"), 11);
  EXPECT_EQ(RegionOf(Log).getInteger("endColumn"), 15);
  // An end past the line's 16 bytes (13 units) counts one unit a byte.
  D.Range.End.Column = 20;
  Value Past = write(run(), {D}, Sources);
  EXPECT_EQ(RegionOf(Past).getInteger("endColumn"), 17);
  llvm::sys::fs::remove(Path);
}

} // namespace
