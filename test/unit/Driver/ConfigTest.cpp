//===- ConfigTest.cpp - .warplint.yaml parsing, merging, finding ----------===//

#include "Driver/Config.h"
#include "Driver/FileSetup.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

std::optional<Config> parse(llvm::StringRef Text, std::string &Error) {
  return parseConfig(Text, "/p/.warplint.yaml", Error);
}

TEST(Config, ParamsAreIntegersMergedByName) {
  std::string Error;
  std::optional<Config> Base =
      parseConfig("Params:\n  Pitch: 1024\n  Width: 0x20\n", "a.yaml", Error);
  ASSERT_TRUE(Base) << Error;
  EXPECT_EQ(Base->Params.at("Pitch"), 1024);
  EXPECT_EQ(Base->Params.at("Width"), 32);
  std::optional<Config> Over = parseConfig("Params: {Pitch: 8}\n", "b.yaml", Error);
  ASSERT_TRUE(Over) << Error;
  Config M = mergeConfig(*Base, *Over);
  EXPECT_EQ(M.Params.at("Pitch"), 8);
  EXPECT_EQ(M.Params.at("Width"), 32);
  PipelineOptions Opts;
  applyConfig(M, Opts);
  EXPECT_EQ(Opts.ParamValues.at("Pitch"), 8);

  EXPECT_FALSE(parseConfig("Params: [1, 2]\n", "c.yaml", Error));
  EXPECT_EQ(Error, "c.yaml:1:10: Params expects a mapping of kernel parameter "
                   "names to integers (n: 1024)");
  EXPECT_FALSE(parseConfig("Params:\n  n: 1\n  n: 2\n", "d.yaml", Error));
  EXPECT_NE(Error.find("duplicate"), std::string::npos) << Error;
}

TEST(Config, EveryKey) {
  std::string Error;
  auto C = parse("Checks: '-*,warplint-bank-conflict'\n"
                 "WarningsAsErrors: [warplint-uncoalesced]\n"
                 "Arch: sm_80\n"
                 "BlockShapes:\n"
                 "  transpose: [32, 8]\n"
                 "  'ns::reduce<256>': [[256], [128, 1, 1]]\n"
                 "ReportMisaligned: false\n"
                 "AssumeWorst: true\n"
                 "ShowUnknown: yes\n",
                 Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_EQ(*C->Checks, "-*,warplint-bank-conflict");
  EXPECT_EQ(*C->WarningsAsErrors, "warplint-uncoalesced");
  EXPECT_EQ(*C->Arch, "sm_80");
  ASSERT_EQ(C->BlockShapes.size(), 2u);
  const ConfiguredBlockShapes &T = C->BlockShapes["transpose"];
  ASSERT_EQ(T.Shapes.size(), 1u);
  EXPECT_EQ(T.Shapes[0], (BlockShape{32, 8, 1}));
  EXPECT_EQ(T.Where.File, "/p/.warplint.yaml");
  EXPECT_EQ(T.Where.Line, 5u);
  EXPECT_EQ(T.Where.Column, 3u);
  const ConfiguredBlockShapes &R = C->BlockShapes["ns::reduce<256>"];
  ASSERT_EQ(R.Shapes.size(), 2u);
  EXPECT_EQ(R.Shapes[0], (BlockShape{256, 1, 1}));
  EXPECT_EQ(R.Shapes[1], (BlockShape{128, 1, 1}));
  // The keys kept from before CheckOptions are its aliases.
  EXPECT_EQ(C->CheckOptions.at("warplint-uncoalesced.ReportMisaligned"),
            "false");
  EXPECT_EQ(C->CheckOptions.at("warplint-uncoalesced.AssumeWorst"), "true");
  EXPECT_EQ(C->ShowUnknown, true);
  EXPECT_FALSE(C->InheritParentConfig);
}

TEST(Config, CheckOptionsAreTheChecksOwn) {
  std::string Error;
  auto C = parse("CheckOptions:\n"
                 "  warplint-uncoalesced.AssumeWorst: yes\n"
                 "  warplint-uncoalesced.ReportMisaligned: 'false'\n",
                 Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_EQ(C->CheckOptions,
            (std::map<std::string, std::string>{
                {"warplint-uncoalesced.AssumeWorst", "true"},
                {"warplint-uncoalesced.ReportMisaligned", "false"}}));
  // An option no check declares, a value of the wrong type, a repeat.
  EXPECT_FALSE(parse("CheckOptions:\n  warplint-bank-conflict.AssumeWorst: "
                     "true\n",
                     Error));
  EXPECT_EQ(Error, "/p/.warplint.yaml:2:3: CheckOptions: unknown option "
                   "'warplint-bank-conflict.AssumeWorst'; known options: "
                   "warplint-uncoalesced.AssumeWorst, "
                   "warplint-uncoalesced.ReportMisaligned, "
                   "warplint-warp-divergence.MinWork, "
                   "warplint-warp-divergence.MinExcessPercent");
  // A number option takes numbers only.
  EXPECT_FALSE(parse(
      "CheckOptions:\n  warplint-warp-divergence.MinWork: lots\n", Error));
  EXPECT_EQ(Error, "/p/.warplint.yaml:2:37: CheckOptions: "
                   "'warplint-warp-divergence.MinWork' expects a number, not "
                   "'lots'");
  EXPECT_FALSE(
      parse("CheckOptions:\n  warplint-uncoalesced.AssumeWorst: 2\n", Error));
  EXPECT_EQ(Error, "/p/.warplint.yaml:2:37: CheckOptions: "
                   "'warplint-uncoalesced.AssumeWorst' expects true or false, "
                   "not '2'");
  EXPECT_FALSE(parse("CheckOptions: [1]\n", Error));
  EXPECT_EQ(Error, "/p/.warplint.yaml:1:16: CheckOptions expects a mapping "
                   "of check options to values "
                   "(warplint-uncoalesced.AssumeWorst: true)");
  // A file nearer the source overrides one option, not the map.
  Config Base, Over;
  setCheckOption(Base, "warplint-uncoalesced.AssumeWorst", true);
  setCheckOption(Base, "warplint-uncoalesced.ReportMisaligned", false);
  setCheckOption(Over, "warplint-uncoalesced.AssumeWorst", false);
  Config M = mergeConfig(Base, Over);
  EXPECT_EQ(M.CheckOptions.at("warplint-uncoalesced.AssumeWorst"), "false");
  EXPECT_EQ(M.CheckOptions.at("warplint-uncoalesced.ReportMisaligned"),
            "false");
}

TEST(Config, EmptyFileSetsNothing) {
  std::string Error;
  auto C = parse("# nothing yet\n", Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_FALSE(C->Checks);
  EXPECT_TRUE(C->BlockShapes.empty());
}

TEST(Config, ErrorsNameFileLineAndColumn) {
  struct Case {
    const char *Text;
    const char *Error;
  } Cases[] = {
      {"Checks: '*'\nChekcs: '*'\n",
       "/p/.warplint.yaml:2:1: unknown key 'Chekcs'; known keys: Checks, "
       "WarningsAsErrors, CheckOptions, Arch, BlockShapes, ReportMisaligned, "
       "AssumeWorst, ShowUnknown, Sass, Params, MinSpeedup, Sort, "
       "InheritParentConfig"},
      {"AssumeWorst: maybe\n",
       "/p/.warplint.yaml:1:14: expected true or false, not 'maybe'"},
      {"Arch: sm_7\n", "/p/.warplint.yaml:1:7: unknown GPU architecture "
                       "'sm_7'; known: "},
      {"BlockShapes:\n  k: [0, 1]\n",
       "/p/.warplint.yaml:2:7: each extent of a block shape must be a "
       "positive integer, not '0'"},
      {"BlockShapes:\n  k: [64, 32]\n",
       "/p/.warplint.yaml:2:7: a block has at most 1024 threads"},
      {"BlockShapes:\n  k: [1, 2, 3, 4]\n",
       "/p/.warplint.yaml:2:16: a block shape has at most 3 extents"},
      {"BlockShapes:\n  k: 32\n",
       "/p/.warplint.yaml:2:6: expected [X, Y, Z] or a list of them for "
       "kernel 'k'"},
      {"- Checks\n", "/p/.warplint.yaml:1:1: expected a mapping of keys"},
      {"Sass: sometimes\n",
       "/p/.warplint.yaml:1:7: Sass expects auto, on or off, not 'sometimes'"},
      {"Checks: [a, b\n", "/p/.warplint.yaml:"},
  };
  for (const Case &C : Cases) {
    std::string Error;
    EXPECT_FALSE(parse(C.Text, Error)) << C.Text;
    EXPECT_EQ(Error.rfind(C.Error, 0), 0u) << "for:\n"
                                           << C.Text << "got: " << Error;
  }
}

TEST(Config, SassModeReachesThePipeline) {
  for (auto [Text, Mode] : {std::pair{"Sass: on\n", SassMode::On},
                            {"Sass: off\n", SassMode::Off},
                            {"Sass: auto\n", SassMode::Auto},
                            {"Sass: true\n", SassMode::On}}) {
    std::string Error;
    std::optional<Config> C = parse(Text, Error);
    ASSERT_TRUE(C) << Error;
    PipelineOptions Opts; // off unless configured, as in the editors
    EXPECT_EQ(Opts.Sass.Mode, SassMode::Off);
    applyConfig(*C, Opts);
    EXPECT_EQ(Opts.Sass.Mode, Mode) << Text;
  }
}

TEST(Config, MergeAppendsGlobsAndOverridesTheRest) {
  Config Parent, Child;
  Parent.Files = {"/a/.warplint.yaml"};
  Parent.Checks = "-*,warplint-bank-conflict";
  Parent.Arch = "sm_80";
  Parent.ShowUnknown = true;
  Parent.BlockShapes["k"].Shapes = {BlockShape{64, 1, 1}};
  Parent.BlockShapes["*"].Shapes = {BlockShape{128, 1, 1}};
  Child.Files = {"/a/b/.warplint.yaml"};
  Child.Checks = "warplint-uncoalesced";
  Child.WarningsAsErrors = "warplint-*";
  Child.ShowUnknown = false;
  Child.BlockShapes["k"].Shapes = {BlockShape{32, 8, 1}};
  Config M = mergeConfig(Parent, Child);
  EXPECT_EQ(M.Files, (std::vector<std::string>{"/a/b/.warplint.yaml",
                                               "/a/.warplint.yaml"}));
  EXPECT_EQ(*M.Checks, "-*,warplint-bank-conflict,warplint-uncoalesced");
  EXPECT_EQ(*M.WarningsAsErrors, "warplint-*");
  EXPECT_EQ(*M.Arch, "sm_80");
  EXPECT_EQ(M.ShowUnknown, false);
  EXPECT_EQ(M.BlockShapes["k"].Shapes[0], (BlockShape{32, 8, 1}));
  EXPECT_EQ(M.BlockShapes["*"].Shapes[0], (BlockShape{128, 1, 1}));
}

TEST(Config, ApplySetsOnlyWhatIsNamed) {
  PipelineOptions Opts;
  Config C;
  C.Checks = "-warplint-uncoalesced";
  C.Arch = "sm_80";
  setCheckOption(C, "warplint-uncoalesced.ReportMisaligned", false);
  applyConfig(C, Opts);
  EXPECT_EQ(Opts.CheckFilter, "warplint-*,-warplint-uncoalesced");
  EXPECT_EQ(Opts.Solve.Arch.Name, "sm_80");
  EXPECT_TRUE(Opts.Frontend.ArchOverrides);
  EXPECT_EQ(
      Opts.Checks.Values,
      (CheckOptionValues{{"warplint-uncoalesced.ReportMisaligned", "false"}}));
  EXPECT_FALSE(Opts.Checks.ShowUnknown);
  EXPECT_TRUE(Opts.WarningsAsErrors.empty());
}

/// The error parsing Text gives ("" when it parses).
std::string errorOf(llvm::StringRef Text) {
  std::string Error;
  std::optional<Config> C = parse(Text, Error);
  return C ? "" : Error;
}

TEST(Config, TypesAreCheckedPerKey) {
  EXPECT_EQ(errorOf("Checks: 5\n"),
            "/p/.warplint.yaml:1:9: Checks expects check globs as a string "
            "(e.g. '-*,warplint-bank-conflict'), not '5'");
  EXPECT_EQ(errorOf("WarningsAsErrors: 7\n"),
            "/p/.warplint.yaml:1:19: WarningsAsErrors expects check globs as "
            "a string (e.g. '-*,warplint-bank-conflict'), not '7'");
  EXPECT_NE(errorOf("Checks: [true]\n"), "");
  EXPECT_NE(errorOf("Checks: ~\n"), "");
  // Quoted, it is a string (a glob matching a check named 5).
  EXPECT_EQ(errorOf("Checks: '5'\n"), "");
  EXPECT_NE(errorOf("ShowUnknown: 3\n"), "");
}

TEST(Config, DuplicateKeysAreRejected) {
  EXPECT_EQ(errorOf("Checks: a\nArch: sm_90\nChecks: b\n"),
            "/p/.warplint.yaml:3:1: duplicate key 'Checks' (first at line 1)");
  EXPECT_EQ(errorOf("BlockShapes:\n  k: [32]\n  k: [64]\n"),
            "/p/.warplint.yaml:3:3: duplicate kernel 'k' in BlockShapes "
            "(first at line 2)");
}

TEST(Config, MalformedGlobsAreRejected) {
  EXPECT_EQ(errorOf("Checks: '['\n"),
            "/p/.warplint.yaml:1:9: Checks: malformed glob '[': invalid glob "
            "pattern, unmatched '['");
  EXPECT_NE(errorOf("WarningsAsErrors: [ok, '-warplint-[']\n"), "");
  llvm::Error E = validateGlobList("-*,[");
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
  EXPECT_FALSE(bool(validateGlobList("-*, warplint-*,-warplint-bank-*")));
}

TEST(Config, TabInIndentationIsReported) {
  EXPECT_EQ(errorOf("\tChecks: x\n"),
            "/p/.warplint.yaml:1:1: tab character in indentation; YAML "
            "indents with spaces");
  EXPECT_EQ(errorOf("BlockShapes:\n \tk: [32]\n"),
            "/p/.warplint.yaml:2:2: tab character in indentation; YAML "
            "indents with spaces");
  // A tab inside a value is no indentation.
  EXPECT_EQ(errorOf("Checks: 'a,\tb'\n"), "");
}

TEST(Config, AnAliasErrorPointsInsideTheFile) {
  EXPECT_EQ(errorOf("Checks: *foo\n"),
            "/p/.warplint.yaml:1:9: YAML aliases ('*foo') are not supported "
            "here; write the value");
  EXPECT_EQ(errorOf("Checks: &a x\nWarningsAsErrors: *a"),
            "/p/.warplint.yaml:2:19: YAML aliases ('*a') are not supported "
            "here; write the value");
}

TEST(Config, NoCheckEnabled) {
  EXPECT_FALSE(anyCheckEnabled("warplint-*,-*"));
  EXPECT_FALSE(anyCheckEnabled("-*,nothing-*"));
  EXPECT_TRUE(anyCheckEnabled("-*,warplint-bank-conflict"));
}

class ConfigFinderTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-config", Root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Rel) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  void write(llvm::StringRef Rel, llvm::StringRef Text) {
    std::string P = path(Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }

  llvm::SmallString<256> Root;
};

TEST_F(ConfigFinderTest, NearestWinsUnlessItInherits) {
  write(".warplint.yaml", "Checks: '-*'\nArch: sm_80\n");
  write("a/.warplint.yaml", "ShowUnknown: true\n");
  write("b/.warplint.yaml", "InheritParentConfig: true\nShowUnknown: true\n");
  write("a/deep/er/k.cu", "");
  ConfigFinder F;
  std::string Error;

  auto Top = F.find(path("k.cu"), Error);
  ASSERT_TRUE(Top) << Error;
  EXPECT_EQ(*Top->Checks, "-*");

  auto A = F.find(path("a/deep/er/k.cu"), Error);
  ASSERT_TRUE(A) << Error;
  EXPECT_EQ(A->Files, std::vector<std::string>{path("a/.warplint.yaml")});
  EXPECT_FALSE(A->Checks);
  EXPECT_EQ(A->ShowUnknown, true);

  auto B = F.find(path("b/k.cu"), Error);
  ASSERT_TRUE(B) << Error;
  EXPECT_EQ(B->Files.size(), 2u);
  EXPECT_EQ(*B->Checks, "-*");
  EXPECT_EQ(*B->Arch, "sm_80");
  EXPECT_EQ(B->ShowUnknown, true);
}

TEST_F(ConfigFinderTest, AnInvalidFileIsAnErrorForEveryFileBelowIt) {
  write(".warplint.yaml", "Checks: '*'\n");
  write("bad/.warplint.yaml", "Nope: 1\n");
  ConfigFinder F;
  std::string Error;
  EXPECT_FALSE(F.find(path("bad/sub/k.cu"), Error));
  EXPECT_EQ(Error, path("bad/.warplint.yaml") +
                       ":1:1: unknown key 'Nope'; known keys: Checks, "
                       "WarningsAsErrors, CheckOptions, Arch, BlockShapes, "
                       "ReportMisaligned, AssumeWorst, ShowUnknown, Sass, "
                       "Params, MinSpeedup, Sort, InheritParentConfig");
  EXPECT_TRUE(F.find(path("k.cu"), Error)) << Error;
}

TEST_F(ConfigFinderTest, OnlyRegularFilesOfBoundedSizeAreRead) {
  namespace fs = llvm::sys::fs;
  ConfigFinder F;
  std::string Error;
  // A link to /dev/zero would be read forever: it is not a regular file.
  ASSERT_FALSE(fs::create_directories(path("zero")));
  ASSERT_FALSE(fs::create_link("/dev/zero", path("zero/.warplint.yaml")));
  EXPECT_FALSE(F.find(path("zero/k.cu"), Error));
  EXPECT_EQ(Error, path("zero/.warplint.yaml") +
                       ": not a regular file; a configuration must be one");

  ASSERT_FALSE(fs::create_directories(path("dangling")));
  ASSERT_FALSE(fs::create_link("nowhere", path("dangling/.warplint.yaml")));
  EXPECT_FALSE(F.find(path("dangling/k.cu"), Error));
  EXPECT_EQ(Error, path("dangling/.warplint.yaml") +
                       ": a symbolic link to 'nowhere', which does not exist");

  ASSERT_FALSE(fs::create_directories(path("loop")));
  ASSERT_FALSE(
      fs::create_link(".warplint.yaml", path("loop/.warplint.yaml")));
  EXPECT_FALSE(F.find(path("loop/k.cu"), Error));
  EXPECT_EQ(Error, path("loop/.warplint.yaml") + ": a loop of symbolic links");

  write("big/.warplint.yaml",
        "# " + std::string(MaxConfigBytes, 'x') + "\nChecks: '*'\n");
  EXPECT_FALSE(F.find(path("big/k.cu"), Error));
  EXPECT_EQ(Error, path("big/.warplint.yaml") +
                       ": larger than 1 MiB; not a configuration");

  // A link to a regular file is followed.
  write("real.yaml", "Checks: '-*'\n");
  ASSERT_FALSE(fs::create_directories(path("linked")));
  ASSERT_FALSE(fs::create_link(path("real.yaml"), path("linked/.warplint.yaml")));
  auto C = F.find(path("linked/k.cu"), Error);
  ASSERT_TRUE(C) << Error;
  EXPECT_EQ(*C->Checks, "-*");
}

// The command and configuration every front end gets for a file
// (Driver/FileSetup.h).
TEST_F(ConfigFinderTest, FileCommandFromTheDatabaseAboveElseFallbackFlags) {
  write("src/k.cu", "");
  FileCommand Loose =
      commandForFile(path("src/k.cu"), {"-DLOOSE"}, Root.str().str());
  EXPECT_EQ(Loose.Source,
            "fallback flags (no compile_commands.json above the file)");
  EXPECT_EQ(Loose.Cmd.Directory, Root.str().str());
  EXPECT_EQ(Loose.Cmd.Args,
            (std::vector<std::string>{"clang++", "-DLOOSE", path("src/k.cu")}));
  write("compile_commands.json",
        "[{\"directory\": \"" + Root.str().str() +
            "\", \"command\": \"nvcc -DFROMDB -c src/k.cu\", "
            "\"file\": \"src/k.cu\"}]\n");
  FileCommand InDb = commandForFile(path("src/k.cu"), {"-DLOOSE"}, "/");
  EXPECT_EQ(InDb.Source, path("compile_commands.json"));
  EXPECT_NE(std::find(InDb.Cmd.Args.begin(), InDb.Cmd.Args.end(), "-DFROMDB"),
            InDb.Cmd.Args.end());
  // A database that cannot be read: the fallback, saying why.
  write("compile_commands.json", "[{\n");
  FileCommand Bad = commandForFile(path("src/k.cu"), {"-DLOOSE"}, "/");
  EXPECT_EQ(
      Bad.Source.rfind("fallback flags (" + path("compile_commands.json"), 0),
      0u)
      << Bad.Source;
  EXPECT_EQ(Bad.Cmd.Args[1], "-DLOOSE");
}

TEST_F(ConfigFinderTest, InvalidConfigurationIsAnErrorNamingTheFile) {
  write(".warplint.yaml", "Checks: [\n");
  write("k.cu", "");
  ConfigFinder F;
  llvm::Expected<Config> C = configForFile(F, path("k.cu"));
  ASSERT_FALSE(C);
  std::string Message = llvm::toString(C.takeError());
  EXPECT_EQ(Message.rfind("invalid configuration: ", 0), 0u) << Message;
  EXPECT_NE(Message.find(".warplint.yaml"), std::string::npos) << Message;
  write(".warplint.yaml", "Arch: sm_80\n");
  ConfigFinder G;
  llvm::Expected<Config> Good = configForFile(G, path("k.cu"));
  ASSERT_TRUE(bool(Good)) << llvm::toString(Good.takeError());
  EXPECT_EQ(Good->Arch, "sm_80");
}

} // namespace
