//===- NvccFlagsTest.cpp - nvcc command translation -----------------------===//
//
// Each nvcc flag family, in the spellings real compile databases use (CMake's
// LANGUAGES CUDA output in particular), translated to clang device flags.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Frontend.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace warplint;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

/// Translates `nvcc <Flags> a.cu`, expecting no warnings.
std::vector<std::string> nvcc(std::vector<std::string> Flags) {
  Flags.insert(Flags.begin(), "/usr/local/cuda/bin/nvcc");
  Flags.push_back("a.cu");
  std::vector<std::string> Warnings;
  std::vector<std::string> Out = translateNvccArgs(Flags, Warnings);
  EXPECT_THAT(Warnings, IsEmpty());
  return Out;
}

TEST(CompileFlagsNvcc, RecognisesNvccByArgv0) {
  EXPECT_TRUE(isNvccCommand({"/usr/local/cuda/bin/nvcc", "-c"}));
  EXPECT_TRUE(isNvccCommand({"nvcc"}));
  EXPECT_TRUE(isNvccCommand({"C:\\CUDA\\v12.4\\bin\\nvcc.exe"}));
  EXPECT_FALSE(isNvccCommand({"/usr/bin/clang++", "-x", "cuda"}));
  EXPECT_FALSE(isNvccCommand({"/opt/nvcc-tools/bin/g++"}));
  EXPECT_FALSE(isNvccCommand({}));
}

TEST(CompileFlagsNvcc, CMakeCudaCommand) {
  std::vector<std::string> Warnings;
  std::vector<std::string> Out = translateNvccArgs(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DFOO",
       "-I/x", "--generate-code=arch=compute_80,code=[compute_80,sm_80]", "-x",
       "cu", "-rdc=true", "-c", "/src/a.cu", "-o", "a.o"},
      Warnings);
  EXPECT_THAT(
      Out, ElementsAre("--cuda-gpu-arch=sm_80", "-DFOO", "-I/x", "-fgpu-rdc"));
  EXPECT_THAT(Warnings, IsEmpty());
}

TEST(CompileFlagsNvcc, ArchSpellings) {
  EXPECT_THAT(nvcc({"-arch=sm_80"}), ElementsAre("--cuda-gpu-arch=sm_80"));
  EXPECT_THAT(nvcc({"-arch", "sm_86"}), ElementsAre("--cuda-gpu-arch=sm_86"));
  EXPECT_THAT(nvcc({"--gpu-architecture=sm_75"}),
              ElementsAre("--cuda-gpu-arch=sm_75"));
  EXPECT_THAT(nvcc({"--gpu-architecture", "sm_90a"}),
              ElementsAre("--cuda-gpu-arch=sm_90a"));
  // A virtual architecture alone: compiled for the matching real one.
  EXPECT_THAT(nvcc({"-arch=compute_70"}), ElementsAre("--cuda-gpu-arch=sm_70"));
  // -code names the real target of a virtual -arch.
  EXPECT_THAT(nvcc({"-arch=compute_80", "-code=sm_86,compute_80"}),
              ElementsAre("--cuda-gpu-arch=sm_86"));
  EXPECT_THAT(nvcc({"-arch", "compute_80", "--gpu-code", "sm_89"}),
              ElementsAre("--cuda-gpu-arch=sm_89"));
  // Names that pick no single architecture keep the default.
  EXPECT_THAT(nvcc({"-arch=native"}), IsEmpty());
  EXPECT_THAT(nvcc({"-arch=all"}), IsEmpty());
  EXPECT_THAT(nvcc({"-arch", "all-major"}), IsEmpty());
}

TEST(CompileFlagsNvcc, GencodeRealArchitecturesInOrder) {
  // Every real target, in command order (deviceParseArgs picks the newest).
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_75,code=sm_75", "-gencode",
                    "arch=compute_90,code=sm_90"}),
              ElementsAre("--cuda-gpu-arch=sm_75", "--cuda-gpu-arch=sm_90"));
  // PTX only for 70, real code for 80: the real one is what runs.
  EXPECT_THAT(nvcc({"-gencode=arch=compute_70,code=compute_70",
                    "-gencode=arch=compute_80,code=sm_80"}),
              ElementsAre("--cuda-gpu-arch=sm_80"));
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_80,code=\"sm_80,compute_80\""}),
              ElementsAre("--cuda-gpu-arch=sm_80"));
  EXPECT_THAT(nvcc({"--generate-code", "arch=compute_90a,code=[sm_90a]"}),
              ElementsAre("--cuda-gpu-arch=sm_90a"));
  // Only PTX everywhere: the first virtual architecture.
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_72,code=compute_72"}),
              ElementsAre("--cuda-gpu-arch=sm_72"));
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_80,code=lto_80"}),
              ElementsAre("--cuda-gpu-arch=sm_80"));
}

TEST(CompileFlagsNvcc, PreprocessorFlagsJoinedAndSeparate) {
  EXPECT_THAT(nvcc({"-I/x", "-I", "/y", "--include-path=/z", "--include-path",
                    "rel/w"}),
              ElementsAre("-I/x", "-I/y", "-I/z", "-Irel/w"));
  EXPECT_THAT(
      nvcc({"-isystem", "/s1", "-isystem=/s2", "--system-include=/s3"}),
      ElementsAre("-isystem", "/s1", "-isystem", "/s2", "-isystem", "/s3"));
  EXPECT_THAT(
      nvcc({"-DA", "-D", "B=1", "--define-macro=C=x y", "--define-macro", "D"}),
      ElementsAre("-DA", "-DB=1", "-DC=x y", "-DD"));
  EXPECT_THAT(nvcc({"-UA", "-U", "B", "--undefine-macro=C"}),
              ElementsAre("-UA", "-UB", "-UC"));
  EXPECT_THAT(nvcc({"-include", "pre.h", "--pre-include=/p/q.h"}),
              ElementsAre("-include", "pre.h", "-include", "/p/q.h"));
}

TEST(CompileFlagsNvcc, LanguageFlags) {
  EXPECT_THAT(nvcc({"-std=c++17"}), ElementsAre("-std=c++17"));
  EXPECT_THAT(nvcc({"--std", "c++20"}), ElementsAre("-std=c++20"));
  EXPECT_THAT(nvcc({"-std", "c++14"}), ElementsAre("-std=c++14"));
  EXPECT_THAT(nvcc({"-O3"}), ElementsAre("-O3"));
  EXPECT_THAT(nvcc({"--optimize", "2"}), ElementsAre("-O2"));
  EXPECT_THAT(nvcc({"-ftemplate-depth=2048"}),
              ElementsAre("-ftemplate-depth=2048"));
  // clang needs neither: constexpr functions are host-device, lambdas work.
  EXPECT_THAT(nvcc({"--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
                    "--expt-extended-lambda", "--extended-lambda"}),
              IsEmpty());
}

TEST(CompileFlagsNvcc, RelocatableDeviceCode) {
  EXPECT_THAT(nvcc({"-rdc=true"}), ElementsAre("-fgpu-rdc"));
  EXPECT_THAT(nvcc({"--relocatable-device-code", "true"}),
              ElementsAre("-fgpu-rdc"));
  EXPECT_THAT(nvcc({"-rdc", "false"}), IsEmpty());
  EXPECT_THAT(nvcc({"-dc"}), ElementsAre("-fgpu-rdc"));
}

TEST(CompileFlagsNvcc, DropsWhatHasNoMeaningForAnalysis) {
  EXPECT_THAT(nvcc({"-Xptxas",
                    "-v",
                    "-Xnvlink",
                    "--suppress-stack-size-warning",
                    "-Xlinker",
                    "-rpath",
                    "-Xcudafe",
                    "--diag_suppress=177",
                    "--ptxas-options=-O3",
                    "-ccbin",
                    "/usr/bin/g++-12",
                    "--compiler-bindir=/usr/bin/g++",
                    "-c",
                    "-o",
                    "a.o",
                    "-x",
                    "cu",
                    "-M",
                    "-MD",
                    "-MF",
                    "a.d",
                    "-MT",
                    "a.o",
                    "--use_fast_math",
                    "-use_fast_math",
                    "-maxrregcount=32",
                    "-maxrregcount",
                    "64",
                    "-Werror",
                    "all-warnings",
                    "-Werror=cross-execution-space-call",
                    "-Wno-deprecated-gpu-targets",
                    "--threads",
                    "4",
                    "-t",
                    "2",
                    "-diag-suppress",
                    "177",
                    "--diag-suppress=20012",
                    "--default-stream",
                    "per-thread",
                    "-shared",
                    "-G",
                    "-g",
                    "-lineinfo",
                    "--keep",
                    "--keep-dir",
                    "/tmp/k",
                    "-lcudart",
                    "-L/usr/local/cuda/lib64",
                    "-m64",
                    "--resource-usage",
                    "-w",
                    "-ftz=true",
                    "--prec-div=false",
                    "-fmad",
                    "false",
                    "--allow-unsupported-compiler",
                    "-dlto",
                    "-time",
                    "t.csv"}),
              IsEmpty());
}

TEST(CompileFlagsNvcc, HostCompilerFlagsKeepOnlyWhatThePreprocessorSees) {
  EXPECT_THAT(nvcc({"-Xcompiler=-fPIC,-Wall,-DHOST=1"}),
              ElementsAre("-DHOST=1"));
  EXPECT_THAT(nvcc({"-Xcompiler", "-fopenmp,-O2,-funsigned-char"}),
              ElementsAre("-funsigned-char"));
  EXPECT_THAT(nvcc({"--compiler-options", "-isystem,/h,-std=gnu++17"}),
              ElementsAre("-isystem", "/h", "-std=gnu++17"));
  EXPECT_THAT(nvcc({"--compiler-options=-I/inc -march=native"}),
              ElementsAre("-I/inc"));
}

TEST(CompileFlagsNvcc, ForwardedUnknownFlagsGoToTheHostFilter) {
  EXPECT_THAT(nvcc({"-forward-unknown-to-host-compiler", "-fPIC", "-pthread",
                    "-fno-rtti", "-Wextra"}),
              ElementsAre("-fno-rtti"));
}

TEST(CompileFlagsNvcc, UnknownFlagWarnedOnce) {
  std::vector<std::string> Warnings;
  std::vector<std::string> Out = translateNvccArgs(
      {"nvcc", "--frobnicate", "-c", "src/a.cu", "--frobnicate", "-DX",
       "--colour=blue", "--colour=red"},
      Warnings);
  EXPECT_THAT(Out, ElementsAre("-DX"));
  ASSERT_EQ(Warnings.size(), 2u);
  EXPECT_EQ(Warnings[0], "warplint: warning: ignoring unknown nvcc flag "
                         "'--frobnicate' in the compile command for "
                         "'src/a.cu'");
  EXPECT_THAT(Warnings[1], HasSubstr("'--colour'"));
  // Translating the same command again reports nothing new.
  translateNvccArgs({"nvcc", "--frobnicate", "-c", "src/a.cu"}, Warnings);
  EXPECT_EQ(Warnings.size(), 2u);
}

TEST(CompileFlagsNvcc, ArgumentsWithoutArgv0) {
  std::vector<std::string> Warnings;
  EXPECT_THAT(translateNvccArgs({"-arch=sm_80", "-DX"}, Warnings),
              ElementsAre("--cuda-gpu-arch=sm_80", "-DX"));
  EXPECT_THAT(Warnings, IsEmpty());
}

TEST(CompileFlagsNvcc, ValueOptionAtTheEndIsHarmless) {
  std::vector<std::string> Warnings;
  EXPECT_THAT(translateNvccArgs({"nvcc", "a.cu", "-I"}, Warnings), IsEmpty());
  EXPECT_THAT(translateNvccArgs({"nvcc", "a.cu", "-Xcompiler"}, Warnings),
              IsEmpty());
  EXPECT_THAT(Warnings, IsEmpty());
}

} // namespace
