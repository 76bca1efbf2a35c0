//===- CompilationDbTest.cpp - Reading compile_commands.json --------------===//

#include "Frontend/Frontend.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace warplint;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

/// A build directory holding one compile_commands.json.
class BuildDir {
public:
  explicit BuildDir(const std::string &Json) {
    llvm::SmallString<128> P;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-db", P));
    Path = std::string(P);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path + "/compile_commands.json", EC);
    EXPECT_FALSE(EC);
    OS << Json;
  }
  ~BuildDir() { llvm::sys::fs::remove_directories(Path); }
  std::string Path;
};

// CMake's LANGUAGES CUDA output (an nvcc "command" string), a clang CUDA
// entry in "arguments" form, a host-only C++ file, and the CUDA file built a
// second time by another target.
const char *const MixedDatabase = R"json([
  {"directory": "/build",
   "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DFOO -I/x --generate-code=arch=compute_80,code=[compute_80,sm_80] -x cu -rdc=true -c /src/a.cu -o a.o",
   "file": "/src/a.cu"},
  {"directory": "/build",
   "arguments": ["clang++", "-x", "cuda", "--cuda-gpu-arch=sm_86", "-c", "/src/b.cpp", "-o", "b.o"],
   "file": "/src/b.cpp"},
  {"directory": "/build",
   "arguments": ["c++", "-O2", "-c", "/src/host.cpp", "-o", "host.o"],
   "file": "/src/host.cpp"},
  {"directory": "/build/other",
   "arguments": ["/usr/local/cuda/bin/nvcc", "-c", "../../src/a.cu"],
   "file": "../../src/a.cu"}
])json";

std::vector<std::string> files(const std::vector<CompileCommand> &Cmds) {
  std::vector<std::string> Out;
  for (const CompileCommand &C : Cmds)
    Out.push_back(C.File);
  return Out;
}

TEST(CompileDb, WithoutFilesEveryCudaEntryOnce) {
  BuildDir Dir(MixedDatabase);
  std::string Error;
  std::vector<CompileCommand> Cmds = loadCompileCommands(Dir.Path, {}, Error);
  EXPECT_EQ(Error, "");
  EXPECT_THAT(files(Cmds), ElementsAre("/src/a.cu", "/src/b.cpp"));
  ASSERT_EQ(Cmds.size(), 2u);
  EXPECT_EQ(Cmds[0].Directory, "/build");
  EXPECT_TRUE(isNvccCommand(Cmds[0].Args));
  EXPECT_EQ(Cmds[0].Args.back(), "a.o");
  EXPECT_EQ(Cmds[1].Args.front(), "clang++");
}

TEST(CompileDb, NamedFileGetsItsOwnCommand) {
  BuildDir Dir(MixedDatabase);
  std::string Error;
  std::vector<CompileCommand> Cmds =
      loadCompileCommands(Dir.Path, {"/src/b.cpp"}, Error);
  EXPECT_EQ(Error, "");
  ASSERT_EQ(Cmds.size(), 1u);
  EXPECT_EQ(Cmds[0].File, "/src/b.cpp");
  EXPECT_THAT(Cmds[0].Args, ::testing::Contains("--cuda-gpu-arch=sm_86"));
}

TEST(CompileDb, FileMissingFromTheDatabaseGetsAnInferredCommand) {
  BuildDir Dir(MixedDatabase);
  std::string Error;
  std::vector<CompileCommand> Cmds =
      loadCompileCommands(Dir.Path, {"/src/new_kernel.cu"}, Error);
  EXPECT_EQ(Error, "");
  ASSERT_EQ(Cmds.size(), 1u);
  EXPECT_EQ(Cmds[0].File, "/src/new_kernel.cu");
  // Borrowed from the nearest .cu entry: nvcc with its flags.
  EXPECT_TRUE(isNvccCommand(Cmds[0].Args));
  EXPECT_THAT(Cmds[0].Args, ::testing::Contains("-DFOO"));
}

TEST(CompileDb, RelativeFileIsResolvedAgainstTheWorkingDirectory) {
  BuildDir Dir(R"json([{"directory": "/b", "file": "k.cu",
                        "arguments": ["nvcc", "-DK", "-c", "k.cu"]}])json");
  llvm::SmallString<256> Old;
  ASSERT_FALSE(llvm::sys::fs::current_path(Old));
  ASSERT_FALSE(llvm::sys::fs::set_current_path(Dir.Path));
  llvm::SmallString<256> Cwd;
  ASSERT_FALSE(llvm::sys::fs::current_path(Cwd));
  std::string Error;
  std::vector<CompileCommand> Cmds =
      loadCompileCommands(Dir.Path, {"k.cu"}, Error);
  ASSERT_FALSE(llvm::sys::fs::set_current_path(Old));
  EXPECT_EQ(Error, "");
  ASSERT_EQ(Cmds.size(), 1u);
  // The database's k.cu lives in /b, so this one's command is inferred from
  // it, for the file in the working directory.
  EXPECT_EQ(Cmds[0].File, std::string(Cwd) + "/k.cu");
  EXPECT_THAT(Cmds[0].Args, ::testing::Contains("-DK"));
}

TEST(CompileDb, MissingDatabaseNamesTheDirectory) {
  std::string Error;
  std::vector<CompileCommand> Cmds =
      loadCompileCommands("/nonexistent/build-dir", {}, Error);
  EXPECT_THAT(Cmds, IsEmpty());
  EXPECT_THAT(Error, HasSubstr("/nonexistent/build-dir"));
}

TEST(CompileDb, InvalidJsonNamesThePath) {
  BuildDir Dir("[{\"directory\": \"/b\", \"file\": ");
  std::string Error;
  std::vector<CompileCommand> Cmds = loadCompileCommands(Dir.Path, {}, Error);
  EXPECT_THAT(Cmds, IsEmpty());
  EXPECT_THAT(Error, HasSubstr(Dir.Path + "/compile_commands.json"));
}

TEST(CompileDb, AcceptsThePathOfTheJsonFile) {
  BuildDir Dir(MixedDatabase);
  std::string Error;
  std::vector<CompileCommand> Cmds = loadCompileCommands(
      Dir.Path + "/compile_commands.json", {"/src/a.cu"}, Error);
  EXPECT_EQ(Error, "");
  ASSERT_EQ(Cmds.size(), 1u);
  EXPECT_EQ(Cmds[0].Directory, "/build");
}

TEST(CompileDb, NothingToInferFromNamesTheFile) {
  BuildDir Dir("[]");
  std::string Error;
  std::vector<CompileCommand> Cmds =
      loadCompileCommands(Dir.Path, {"/src/lonely.cu"}, Error);
  EXPECT_THAT(Cmds, IsEmpty());
  EXPECT_THAT(Error, HasSubstr("/src/lonely.cu"));
}

} // namespace

namespace {

TEST(CompileDbDiscovery, WalksUpAndLooksInBuildSubfolders) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-walk", Root));
  std::string R(Root);
  ASSERT_FALSE(llvm::sys::fs::create_directories(R + "/src/kernels"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(R + "/build"));
  std::string File = R + "/src/kernels/k.cu";
  // No database anywhere above the file yet.
  EXPECT_EQ(findCompileDatabaseDir(File), "");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(R + "/build/compile_commands.json", EC);
    ASSERT_FALSE(EC);
    OS << "[]";
  }
  // Found in the build/ subfolder of an ancestor, as clangd finds it.
  EXPECT_EQ(findCompileDatabaseDir(File), R + "/build");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(R + "/src/compile_commands.json", EC);
    ASSERT_FALSE(EC);
    OS << "[]";
  }
  // The nearest one wins.
  EXPECT_EQ(findCompileDatabaseDir(File), R + "/src");
  llvm::sys::fs::remove_directories(R);
}

} // namespace
