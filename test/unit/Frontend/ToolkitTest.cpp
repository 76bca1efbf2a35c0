//===- ToolkitTest.cpp - Finding the CUDA toolkit and nvcc's includes -----===//
//
// Each test builds a small fake toolkit in a temporary folder: the files
// warplint reads (include/cuda_runtime.h, include/cuda.h, version.json,
// bin/nvcc.profile), laid out as CUDA 12 and CUDA 13 lay them out.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Frontend.h"
#include "Frontend/Toolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstdlib>

namespace warplint {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

/// A fake toolkit root, removed at the end of the test.
class FakeToolkit {
public:
  FakeToolkit() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-cuda", Root));
  }
  ~FakeToolkit() { llvm::sys::fs::remove_directories(Root); }

  void write(llvm::StringRef Rel, llvm::StringRef Text) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  void mkdir(llvm::StringRef Rel) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(P);
  }
  std::string path(llvm::StringRef Rel) const {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  llvm::SmallString<256> Root;
};

/// CUDA 13's layout: include/ is targets/x86_64-linux/include, the CCCL
/// headers are in include/cccl, and only nvcc.profile names them.
void makeCuda13(FakeToolkit &T) {
  T.write("targets/x86_64-linux/include/cuda_runtime.h", "");
  T.write("targets/x86_64-linux/include/cuda.h",
          "#define CUDA_VERSION 13000\n");
  T.mkdir("targets/x86_64-linux/include/cccl");
  llvm::sys::fs::create_link(T.path("targets/x86_64-linux/include"),
                             T.path("include"));
  T.write("bin/nvcc.profile",
          "\nTOP              = $(_HERE_)/..\n"
          "INCLUDES        +=  \"-I$(TOP)/$(_TARGET_DIR_)/include\" "
          "$(_SPACE_)\n"
          "SYSTEM_INCLUDES +=  \"-isystem\" "
          "\"$(TOP)/$(_TARGET_DIR_)/include/cccl\" $(_SPACE_)\n"
          "LIBRARIES        =+ $(_SPACE_) \"-L$(TOP)/lib\"\n");
}

TEST(Toolkit, Cuda13ProfileAddsCcclAsSystemInclude) {
  FakeToolkit T;
  makeCuda13(T);
  std::optional<CudaToolkit> Found = readCudaToolkit(T.Root, "test");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Version, "13.0");
  // include/ itself is clang's (--cuda-path): only cccl is added.
  ASSERT_EQ(Found->ExtraIncludeArgs.size(), 2u);
  EXPECT_EQ(Found->ExtraIncludeArgs[0], "-isystem");
  EXPECT_TRUE(llvm::StringRef(Found->ExtraIncludeArgs[1])
                  .ends_with("bin/../targets/x86_64-linux/include/cccl"))
      << Found->ExtraIncludeArgs[1];
}

TEST(Toolkit, Cuda12WithoutCcclFolderAddsNothing) {
  FakeToolkit T;
  T.write("include/cuda_runtime.h", "");
  T.write("version.json", "{\"cuda\": {\"name\": \"CUDA SDK\", "
                          "\"version\": \"12.4.131\"}}");
  T.write("bin/nvcc.profile",
          "TOP = $(_HERE_)/..\nINCLUDES += \"-I$(TOP)/include\" $(_SPACE_)\n");
  std::optional<CudaToolkit> Found = readCudaToolkit(T.Root, "test");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Version, "12.4");
  EXPECT_THAT(Found->ExtraIncludeArgs, IsEmpty());
}

TEST(Toolkit, CcclFolderWithoutProfileIsStillFound) {
  FakeToolkit T;
  T.write("include/cuda_runtime.h", "");
  T.mkdir("include/cccl");
  std::optional<CudaToolkit> Found = readCudaToolkit(T.Root, "test");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Version, "");
  EXPECT_THAT(Found->ExtraIncludeArgs,
              ElementsAre("-isystem", T.path("include/cccl")));
}

TEST(Toolkit, NoRuntimeHeaderIsNoToolkit) {
  FakeToolkit T;
  T.write("include/cuda.h", "#define CUDA_VERSION 12000\n");
  EXPECT_FALSE(readCudaToolkit(T.Root, "test"));
}

TEST(Toolkit, FoundThroughTheCompileCommandsNvcc) {
  FakeToolkit T;
  makeCuda13(T);
  T.write("bin/nvcc", "");
  CompileCommand Cmd{"", "k.cu", {T.path("bin/nvcc"), "-c", "k.cu"}};
  FrontendOptions Opts;
  std::vector<std::string> Warnings;
  std::optional<CudaToolkit> Found = findCudaToolkit(Cmd, Opts, "", Warnings);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->FoundBy, "the compile command's nvcc");
  EXPECT_THAT(Warnings, IsEmpty());

  // --cuda-path wins over everything; --no-cuda-toolkit turns it off.
  FakeToolkit Other;
  Other.write("include/cuda_runtime.h", "");
  Opts.CudaPath = std::string(Other.Root);
  Found = findCudaToolkit(Cmd, Opts, "", Warnings);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Root, std::string(Other.Root));
  Opts.NoCudaToolkit = true;
  EXPECT_FALSE(findCudaToolkit(Cmd, Opts, "", Warnings));
}

TEST(Toolkit, FoundThroughCudaPathVariable) {
  FakeToolkit T;
  makeCuda13(T);
  const char *Saved = std::getenv("CUDA_PATH");
  std::string Old = Saved ? Saved : "";
  setenv("CUDA_PATH", T.Root.c_str(), 1);
  CompileCommand Cmd{"", "k.cu", {"clang++", "-x", "cuda", "k.cu"}};
  std::vector<std::string> Warnings;
  std::optional<CudaToolkit> Found =
      findCudaToolkit(Cmd, FrontendOptions(), "", Warnings);
  if (Saved)
    setenv("CUDA_PATH", Old.c_str(), 1);
  else
    unsetenv("CUDA_PATH");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Root, std::string(T.Root));
  EXPECT_EQ(Found->FoundBy, "CUDA_PATH");

  // The plan passes the toolkit and its CCCL folder to clang.
  setenv("CUDA_PATH", T.Root.c_str(), 1);
  DeviceParsePlan Plan = planDeviceParse(Cmd, FrontendOptions());
  if (Saved)
    setenv("CUDA_PATH", Old.c_str(), 1);
  else
    unsetenv("CUDA_PATH");
  EXPECT_EQ(Plan.ToolkitRoot, std::string(T.Root));
  EXPECT_EQ(Plan.ToolkitVersion, "13.0");
  auto Cccl = std::find_if(Plan.Args.begin(), Plan.Args.end(),
                           [](const std::string &A) {
                             return llvm::StringRef(A).ends_with("/cccl");
                           });
  ASSERT_NE(Cccl, Plan.Args.end());
  EXPECT_EQ(*(Cccl - 1), "-isystem");
}

} // namespace
} // namespace warplint
