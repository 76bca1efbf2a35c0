//===- JsonWriterTest.cpp - The public JSON output ------------------------===//
//
// Output is parsed back with llvm::json and checked field by field, and the
// whole document is validated against docs/warplint-output.schema.json.
//
//===----------------------------------------------------------------------===//

#include "Report/Writers.h"
#include "SchemaValidator.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace warplint;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

SourceLoc loc(unsigned Line, unsigned Column, unsigned Offset = 0) {
  SourceLoc L;
  L.File = "k.cu";
  L.Line = Line;
  L.Column = Column;
  L.Offset = Offset;
  return L;
}

AccessRecord sharedRecord() {
  AccessRecord R;
  R.Loc = loc(12, 20);
  R.Kernel = "transpose";
  R.Function = "transpose";
  R.Variable = "tile";
  R.Bytes = 4;
  R.Block = {{32, 8, 1}};
  R.LaunchDescription = "block 32x8x1 from the launch at k.cu:40:3";
  R.Exact = true;
  R.Wavefronts = 32;
  R.WavefrontsMean = 16.5;
  R.IdealWavefronts = 1;
  R.IdealWavefrontsMean = 0.75;
  R.Requests = 256;
  return R;
}

AccessRecord globalRecord() {
  AccessRecord R = sharedRecord();
  R.Space = MemorySpace::Global;
  R.Op = AccessOp::Store;
  R.Variable = "out";
  R.Block.reset();
  R.LaunchDescription = "no launch found: blockDim.x assumed a multiple of 32";
  R.Sectors = 5;
  R.SectorsMean = 4.0 / 3.0;
  R.IdealSectors = 4;
  R.IdealSectorsMean = 3.5;
  R.Pattern = "misaligned";
  R.Condition = "n % 8 != 0";
  return R;
}

AccessRecord unknownRecord() {
  AccessRecord R = sharedRecord();
  R.Op = AccessOp::Atomic;
  R.Exact = false;
  R.Reason = "index loaded from memory";
  R.Condition = "ignored when unknown";
  return R;
}

Diagnostic warning() {
  Diagnostic D;
  D.Check = "warplint-bank-conflict";
  D.Range = {loc(12, 20, 300), loc(12, 32, 312)};
  D.Message = "32-way shared memory bank conflict on 'tile'";
  DiagNote Decl{loc(3, 20, 50), "'tile' is declared here", {}};
  Fix Pad;
  Pad.Message = "pad the row to 33 elements";
  Pad.Preferred = true;
  Pad.Edits.push_back({{loc(3, 29, 59), loc(3, 31, 61)}, "33"});
  Decl.Fixes.push_back(Pad);
  D.Notes.push_back(Decl);
  D.Notes.push_back({SourceLoc(), "block 32x8x1 assumed", {}});
  return D;
}

std::string render(const std::vector<AccessRecord> &Records,
                   const std::vector<Diagnostic> &Diags) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeJson(OS, JsonHeader{"0.1.0", "sm_90"}, Records, {}, Diags);
  return Out;
}

Value parse(const std::string &Text) {
  llvm::Expected<Value> V = llvm::json::parse(Text);
  if (!V) {
    ADD_FAILURE() << llvm::toString(V.takeError()) << "\n" << Text;
    return nullptr;
  }
  return std::move(*V);
}

const Object &field(const Value &Doc, llvm::StringRef Array, size_t I) {
  static const Object Empty;
  const Object *Root = Doc.getAsObject();
  const llvm::json::Array *A = Root ? Root->getArray(Array) : nullptr;
  if (!A || I >= A->size() || !(*A)[I].getAsObject()) {
    ADD_FAILURE() << "no " << Array.str() << "[" << I << "]";
    return Empty;
  }
  return *(*A)[I].getAsObject();
}

std::vector<std::string> validate(const std::string &Text) {
  auto Schema = llvm::MemoryBuffer::getFile(
      WARPLINT_SOURCE_DIR "/docs/warplint-output.schema.json");
  if (!Schema)
    return {"cannot read the schema"};
  Value S = parse(std::string((*Schema)->getBuffer()));
  return validateSchema(parse(Text), S, S);
}

TEST(JsonWriterTest, HeaderAndEmptyLists) {
  std::string Text = render({}, {});
  Value Doc = parse(Text);
  const Object *Root = Doc.getAsObject();
  ASSERT_TRUE(Root);
  EXPECT_EQ(Root->getString("tool"), "warplint");
  EXPECT_EQ(Root->getString("version"), "0.1.0");
  EXPECT_EQ(Root->getString("arch"), "sm_90");
  ASSERT_TRUE(Root->getArray("accesses"));
  EXPECT_TRUE(Root->getArray("accesses")->empty());
  ASSERT_TRUE(Root->getArray("diagnostics"));
  EXPECT_TRUE(Root->getArray("diagnostics")->empty());
  EXPECT_THAT(validate(Text), ::testing::IsEmpty());
}

TEST(JsonWriterTest, SharedAccess) {
  Value Doc = parse(render({sharedRecord()}, {}));
  const Object &A = field(Doc, "accesses", 0);
  EXPECT_EQ(A.getString("file"), "k.cu");
  EXPECT_EQ(A.getInteger("line"), 12);
  EXPECT_EQ(A.getInteger("column"), 20);
  EXPECT_EQ(A.getString("kernel"), "transpose");
  EXPECT_EQ(A.getString("function"), "transpose");
  EXPECT_EQ(A.getString("variable"), "tile");
  EXPECT_EQ(A.getString("space"), "shared");
  EXPECT_EQ(A.getString("op"), "load");
  EXPECT_EQ(A.getInteger("bytes"), 4);
  EXPECT_EQ(*A.get("block"), Value(Array{32, 8, 1}));
  EXPECT_EQ(A.getString("launch"), "block 32x8x1 from the launch at k.cu:40:3");
  EXPECT_EQ(A.getString("status"), "exact");
  EXPECT_EQ(A.getInteger("wavefronts"), 32);
  EXPECT_EQ(A.getNumber("wavefronts_mean"), 16.5);
  EXPECT_EQ(A.getInteger("ideal_wavefronts"), 1);
  EXPECT_EQ(A.getNumber("ideal_wavefronts_mean"), 0.75);
  EXPECT_EQ(A.getInteger("requests"), 256);
  // Global-only, unknown-only and empty fields are left out.
  for (const char *Absent : {"sectors", "sectors_mean", "ideal_sectors",
                             "pattern", "condition", "reason"})
    EXPECT_FALSE(A.get(Absent)) << Absent;
}

TEST(JsonWriterTest, LaunchTotalsBesideTheMeans) {
  AccessRecord Sh = sharedRecord();
  Sh.Grid = {{40, 2, 1}};
  Sh.Launch = LaunchTotalsRecord{20480, 337920, 15360};
  AccessRecord Gl = globalRecord();
  Gl.Grid = {{196, 1, 1}};
  Gl.Launch = LaunchTotalsRecord{1563, 6250, 6250};
  std::string Text = render({Sh, Gl}, {});
  Value Doc = parse(Text);
  const Object &S = field(Doc, "accesses", 0);
  EXPECT_EQ(*S.get("grid"), Value(Array{40, 2, 1}));
  EXPECT_EQ(S.getInteger("launch_requests"), 20480);
  EXPECT_EQ(S.getInteger("launch_wavefronts"), 337920);
  EXPECT_EQ(S.getInteger("launch_ideal_wavefronts"), 15360);
  EXPECT_FALSE(S.get("launch_sectors"));
  const Object &G = field(Doc, "accesses", 1);
  EXPECT_EQ(G.getInteger("launch_requests"), 1563);
  EXPECT_EQ(G.getInteger("launch_sectors"), 6250);
  EXPECT_EQ(G.getInteger("launch_ideal_sectors"), 6250);
  EXPECT_FALSE(G.get("launch_wavefronts"));
  // Only exact answers carry totals; an unknown one says nothing.
  AccessRecord U = unknownRecord();
  U.Launch = LaunchTotalsRecord{1, 1, 1};
  EXPECT_FALSE(field(parse(render({U}, {})), "accesses", 0)
                   .get("launch_requests"));
  EXPECT_THAT(validate(Text), ::testing::IsEmpty());
}

TEST(JsonWriterTest, GlobalAccess) {
  std::string Text = render({globalRecord()}, {});
  Value Doc = parse(Text);
  const Object &A = field(Doc, "accesses", 0);
  EXPECT_EQ(A.getString("space"), "global");
  EXPECT_EQ(A.getString("op"), "store");
  EXPECT_EQ(A.getInteger("sectors"), 5);
  EXPECT_EQ(A.getNumber("sectors_mean"), 1.3333); // rounded to 4 places
  EXPECT_EQ(A.getInteger("ideal_sectors"), 4);
  EXPECT_EQ(A.getNumber("ideal_sectors_mean"), 3.5);
  EXPECT_EQ(A.getString("pattern"), "misaligned");
  EXPECT_EQ(A.getString("condition"), "n % 8 != 0");
  ASSERT_TRUE(A.get("block"));
  EXPECT_EQ(A.get("block")->kind(), Value::Null); // assumed shape
  EXPECT_FALSE(A.get("wavefronts"));
  EXPECT_THAT(validate(Text), ::testing::IsEmpty());
}

TEST(JsonWriterTest, InlinedHeaderStatementIsNamed) {
  AccessRecord R = globalRecord();
  SourceLoc H;
  H.File = "/usr/local/cuda/include/device_atomic_functions.hpp";
  H.Line = 107;
  H.Column = 3;
  R.InlinedFrom = H;
  std::string Text = render({R}, {});
  Value Doc = parse(Text);
  const Object &A = field(Doc, "accesses", 0);
  EXPECT_EQ(A.getString("inlined_from"),
            "/usr/local/cuda/include/device_atomic_functions.hpp:107");
  EXPECT_THAT(validate(Text), ::testing::IsEmpty());
  // Absent for an access written in the user's code.
  Value Plain = parse(render({globalRecord()}, {}));
  const Object &B = field(Plain, "accesses", 0);
  EXPECT_FALSE(B.get("inlined_from"));
}

TEST(JsonWriterTest, UnknownAccessHasAReasonAndNoCounts) {
  Value Doc = parse(render({unknownRecord()}, {}));
  const Object &A = field(Doc, "accesses", 0);
  EXPECT_EQ(A.getString("status"), "unknown");
  EXPECT_EQ(A.getString("op"), "atomic");
  EXPECT_EQ(A.getString("reason"), "index loaded from memory");
  for (const char *Absent : {"wavefronts", "wavefronts_mean",
                             "ideal_wavefronts", "requests", "condition",
                             "begin_line", "begin_column"})
    EXPECT_FALSE(A.get(Absent)) << Absent;
}

TEST(JsonWriterTest, BoundedAccessHasBothCasesAndAReason) {
  AccessRecord R = sharedRecord();
  R.Exact = false;
  R.Bounded = true;
  R.End = loc(12, 31);
  // Written over lines 11-12; the instruction belongs to line 12.
  R.Begin = loc(11, 7);
  R.WavefrontsMin = 1;
  R.Wavefronts = 8;
  R.WavefrontsMeanMin = 0.5;
  R.WavefrontsMean = 8;
  R.IdealWavefrontsMeanMin = 0.5;
  R.IdealWavefronts = 1;
  R.IdealWavefrontsMean = 1;
  R.Requests = 8;
  R.Reason = "the address depends on the value loaded from 'key[i]'";
  R.WavefrontsExpected = 3.15252;
  R.ObjectElements = 256;
  std::string Text = render({R}, {});
  Value Doc = parse(Text);
  const Object &A = field(Doc, "accesses", 0);
  EXPECT_EQ(A.getString("status"), "bounded");
  EXPECT_EQ(A.getInteger("begin_line"), 11);
  EXPECT_EQ(A.getInteger("begin_column"), 7);
  EXPECT_EQ(A.getInteger("end_line"), 12);
  EXPECT_EQ(A.getInteger("end_column"), 31);
  EXPECT_EQ(A.getInteger("wavefronts_min"), 1);
  EXPECT_EQ(A.getInteger("wavefronts_max"), 8);
  EXPECT_EQ(A.getNumber("wavefronts_mean_min"), 0.5);
  EXPECT_EQ(A.getNumber("wavefronts_mean_max"), 8);
  EXPECT_EQ(A.getInteger("ideal_wavefronts_max"), 1);
  EXPECT_EQ(A.getNumber("ideal_wavefronts_mean_min"), 0.5);
  EXPECT_EQ(A.getNumber("ideal_wavefronts_mean_max"), 1);
  EXPECT_EQ(A.getInteger("requests"), 8);
  EXPECT_EQ(A.getString("reason"), R.Reason);
  EXPECT_EQ(A.getNumber("wavefronts_expected"), 3.1525);
  EXPECT_EQ(A.getString("expected_assumption"),
            "each active lane's index uniform over the 256 elements of "
            "'tile', independently of the other lanes");
  // The exact fields are not given: a bound is not a number.
  EXPECT_FALSE(A.get("wavefronts"));
  EXPECT_FALSE(A.get("wavefronts_mean"));
  EXPECT_THAT(validate(Text), ::testing::IsEmpty());
}

TEST(JsonWriterTest, DiagnosticWithNotesAndFixes) {
  Value Doc = parse(render({}, {warning()}));
  const Object &D = field(Doc, "diagnostics", 0);
  EXPECT_EQ(D.getString("check"), "warplint-bank-conflict");
  EXPECT_EQ(D.getString("severity"), "warning");
  EXPECT_EQ(D.getString("file"), "k.cu");
  EXPECT_EQ(D.getInteger("line"), 12);
  EXPECT_EQ(D.getInteger("column"), 20);
  EXPECT_EQ(D.getInteger("end_line"), 12);
  EXPECT_EQ(D.getInteger("end_column"), 32);
  EXPECT_EQ(D.getString("message"),
            "32-way shared memory bank conflict on 'tile'");
  ASSERT_TRUE(D.getArray("fixes"));
  EXPECT_TRUE(D.getArray("fixes")->empty());

  const Array *Notes = D.getArray("notes");
  ASSERT_TRUE(Notes);
  ASSERT_EQ(Notes->size(), 2u);
  const Object &Decl = *(*Notes)[0].getAsObject();
  EXPECT_EQ(Decl.getInteger("line"), 3);
  EXPECT_EQ(Decl.getInteger("column"), 20);
  EXPECT_EQ(Decl.getString("message"), "'tile' is declared here");
  const Object &Fix = *(*Decl.getArray("fixes"))[0].getAsObject();
  EXPECT_EQ(Fix.getString("message"), "pad the row to 33 elements");
  EXPECT_EQ(Fix.getBoolean("preferred"), true);
  const Object &Edit = *(*Fix.getArray("edits"))[0].getAsObject();
  EXPECT_EQ(Edit.getString("file"), "k.cu");
  EXPECT_EQ(Edit.getInteger("offset"), 59);
  EXPECT_EQ(Edit.getInteger("length"), 2);
  EXPECT_EQ(Edit.getInteger("line"), 3);
  EXPECT_EQ(Edit.getInteger("column"), 29);
  EXPECT_EQ(Edit.getString("replacement"), "33");

  // A note without a place of its own sits at its diagnostic's.
  const Object &Shape = *(*Notes)[1].getAsObject();
  EXPECT_EQ(Shape.getInteger("line"), 12);
  EXPECT_EQ(Shape.getInteger("column"), 20);
  EXPECT_EQ(Shape.getString("message"), "block 32x8x1 assumed");
}

TEST(JsonWriterTest, DiagnosticWithoutRangeEndsWhereItBegins) {
  Diagnostic D = warning();
  D.Range.End = SourceLoc();
  Value Doc = parse(render({}, {D}));
  const Object &O = field(Doc, "diagnostics", 0);
  EXPECT_EQ(O.getInteger("end_line"), 12);
  EXPECT_EQ(O.getInteger("end_column"), 20);
}

TEST(JsonWriterTest, WholeDocumentMatchesTheSchema) {
  Diagnostic R = warning();
  R.Level = Severity::Remark;
  R.Check = "warplint-unknown";
  std::string Text =
      render({sharedRecord(), globalRecord(), unknownRecord()}, {warning(), R});
  EXPECT_THAT(validate(Text), ::testing::IsEmpty()) << Text;
}

TEST(JsonWriterTest, ImpactPerLaunchMatchesTheSchema) {
  Diagnostic D = warning();
  FindingImpact I;
  I.Excess = 1015808;
  I.TimeUs = 15.1234;
  I.TimeAfterUs = 10.25;
  I.Speedup = I.TimeUs / I.TimeAfterUs;
  I.Bottleneck = "shared memory";
  I.BottleneckAfter = "DRAM";
  I.Site = "k.cu:40:3";
  I.Grid = "1024x1x1";
  FindingImpact Other = I;
  Other.Grid = "1x1x1";
  Other.Speedup = 1.5;
  I.Launches = {I, Other};
  D.Impact = I;
  std::string Text = render({}, {D});
  EXPECT_THAT(validate(Text), ::testing::IsEmpty()) << Text;
  Value Doc = parse(Text);
  const Object &O = field(Doc, "diagnostics", 0);
  const Object *J = O.getObject("impact");
  ASSERT_TRUE(J);
  EXPECT_EQ(J->getInteger("excess_wavefronts"), 1015808);
  EXPECT_EQ(J->getString("per"), "launch");
  EXPECT_EQ(J->getNumber("est_time_us"), 15.123);
  EXPECT_EQ(J->getNumber("est_speedup"), 1.475);
  EXPECT_EQ(J->getString("bottleneck"), "shared memory");
  EXPECT_EQ(J->getString("grid"), "1024x1x1");
  ASSERT_TRUE(J->getArray("launches"));
  ASSERT_EQ(J->getArray("launches")->size(), 2u);
  EXPECT_EQ(
      (*J->getArray("launches"))[1].getAsObject()->getNumber("est_speedup"),
      1.5);
}

BranchRecord branchRecord(const char *Status) {
  BranchRecord B;
  B.Begin = loc(12, 24, 300);
  B.End = loc(15, 3, 360);
  B.Kernel = B.Function = "oddLanes";
  B.Kind = "if";
  B.Condition = "threadIdx.x % 2";
  B.ConditionLine = 12;
  B.Block = std::array<int64_t, 3>{128, 1, 1};
  B.LaunchDescription = "block 128x1x1 from the launch at k.cu:40:3";
  B.Status = Status;
  B.Emission = "branched";
  B.Warps = B.WarpsRunning = B.WarpsDiverging = 8;
  B.PerLaunch = true;
  B.LanesMean = 16;
  B.ReachLanesMean = 32;
  B.Reason = "which lanes run it depends on n";
  if (std::string(Status) == "expected")
    B.Probability = 0.25;
  return B;
}

TEST(JsonWriterTest, BranchesListTheirNumbersOrTheirReason) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeJson(OS, JsonHeader{"0.1.0", "sm_90"}, {},
            {branchRecord("exact"), branchRecord("unknown"),
             branchRecord("expected")},
            {});
  Value Doc = parse(Text);
  const Object &Exact = field(Doc, "branches", 0);
  EXPECT_EQ(Exact.getString("kind"), "if");
  EXPECT_EQ(Exact.getInteger("condition_line"), 12);
  EXPECT_EQ(Exact.getBoolean("predicated"), false);
  EXPECT_EQ(Exact.getNumber("lanes_mean"), 16.0);
  EXPECT_EQ(Exact.getNumber("warps_diverging"), 8.0);
  EXPECT_EQ(Exact.getString("per"), "launch");
  EXPECT_FALSE(Exact.get("reason"));
  const Object &Unknown = field(Doc, "branches", 1);
  EXPECT_EQ(Unknown.getString("reason"), "which lanes run it depends on n");
  EXPECT_FALSE(Unknown.get("lanes_mean"));
  EXPECT_EQ(field(Doc, "branches", 2).getNumber("probability"), 0.25);
  EXPECT_THAT(validate(Text), ::testing::IsEmpty()) << Text;
}

TEST(JsonWriterTest, SchemaRejectsBrokenDocuments) {
  // The validator and schema must actually constrain something.
  std::string Good = render({sharedRecord()}, {warning()});
  Value Doc = parse(Good);
  Object &Access = *(*Doc.getAsObject()->getArray("accesses"))[0].getAsObject();
  auto errorsOf = [](const Value &V) {
    std::string Text;
    llvm::raw_string_ostream(Text) << V;
    return validate(Text);
  };
  Value Missing = Doc;
  (*Missing.getAsObject()->getArray("accesses"))[0].getAsObject()->erase(
      "wavefronts");
  EXPECT_THAT(errorsOf(Missing),
              ::testing::ElementsAre(::testing::HasSubstr("'wavefronts'")));

  Access["space"] = "texture";
  Access["surprise"] = 1;
  Access["bytes"] = -4;
  std::vector<std::string> Errors = errorsOf(Doc);
  EXPECT_THAT(Errors, ::testing::Contains(::testing::HasSubstr("enum")));
  EXPECT_THAT(Errors, ::testing::Contains(::testing::HasSubstr("surprise")));
  EXPECT_THAT(Errors, ::testing::Contains(::testing::HasSubstr("minimum")));
}

TEST(JsonWriterTest, KeysInDocumentedOrderWithTwoSpaceIndent) {
  std::string Text = render({sharedRecord()}, {warning()});
  EXPECT_EQ(Text.rfind("{\n  \"tool\": \"warplint\",\n  \"version\": \"0.1.0\","
                       "\n  \"arch\": \"sm_90\",\n  \"accesses\": [\n    {\n"
                       "      \"file\": \"k.cu\",\n",
                       0),
            0u)
      << Text;
  std::vector<std::string> Order = {"\"file\"",
                                    "\"line\"",
                                    "\"column\"",
                                    "\"kernel\"",
                                    "\"function\"",
                                    "\"variable\"",
                                    "\"space\"",
                                    "\"op\"",
                                    "\"bytes\"",
                                    "\"block\"",
                                    "\"launch\"",
                                    "\"status\"",
                                    "\"wavefronts\"",
                                    "\"wavefronts_mean\"",
                                    "\"ideal_wavefronts\"",
                                    "\"ideal_wavefronts_mean\"",
                                    "\"requests\"",
                                    "\"diagnostics\"",
                                    "\"check\"",
                                    "\"severity\"",
                                    "\"end_line\"",
                                    "\"end_column\"",
                                    "\"message\"",
                                    "\"notes\""};
  size_t Pos = 0;
  for (const std::string &Key : Order) {
    size_t Next = Text.find(Key + ":", Pos);
    ASSERT_NE(Next, std::string::npos) << Key << " out of order";
    Pos = Next;
  }
  EXPECT_EQ(Text.back(), '\n');
  // Means are written rounded, not with every binary digit.
  EXPECT_NE(Text.find("\"wavefronts_mean\": 16.5,"), std::string::npos);
}

TEST(JsonWriterTest, DocumentedExampleMatchesTheSchema) {
  // docs/json-output.md must not show a document the schema rejects.
  auto Doc =
      llvm::MemoryBuffer::getFile(WARPLINT_SOURCE_DIR "/docs/json-output.md");
  ASSERT_TRUE(bool(Doc));
  llvm::StringRef Text = (*Doc)->getBuffer();
  size_t Begin = Text.find("```json\n");
  ASSERT_NE(Begin, llvm::StringRef::npos);
  Begin += 8;
  size_t End = Text.find("```", Begin);
  ASSERT_NE(End, llvm::StringRef::npos);
  EXPECT_THAT(validate(Text.slice(Begin, End).str()), ::testing::IsEmpty());
}

TEST(JsonWriterTest, StringsAreEscaped) {
  Diagnostic D = warning();
  D.Message = "quote \" backslash \\ newline \n tab \t";
  Value Doc = parse(render({}, {D}));
  EXPECT_EQ(field(Doc, "diagnostics", 0).getString("message"), D.Message);
}

} // namespace
