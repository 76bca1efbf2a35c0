//===- CompileFlagsTest.cpp - Device-side parse arguments -----------------===//
//
// deviceParseArgs for nvcc and clang commands, the toolkit and built-in CUDA
// paths, and real clang parses of a realistic kernel with both, to prove the
// argument lists (and warplint's own CUDA declarations) work.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <algorithm>

using namespace warplint;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

bool hasToolkit() {
  return llvm::sys::fs::exists(std::string(WARPLINT_TEST_CUDA_PATH) +
                               "/include/cuda_runtime.h");
}

/// Index of the first element equal to S, or -1.
long indexOf(const std::vector<std::string> &Args, llvm::StringRef S) {
  auto It = std::find(Args.begin(), Args.end(), S);
  return It == Args.end() ? -1 : It - Args.begin();
}

long countPrefix(const std::vector<std::string> &Args, llvm::StringRef P) {
  return std::count_if(Args.begin(), Args.end(), [&](const std::string &A) {
    return llvm::StringRef(A).starts_with(P);
  });
}

FrontendOptions builtinOptions() {
  FrontendOptions Opts;
  Opts.NoCudaToolkit = true;
  return Opts;
}

TEST(CompileFlagsDevice, BuiltinPathLayout) {
  CompileCommand Cmd{
      "/build", "/src/k.cu", {"nvcc", "-DX=1", "-c", "/src/k.cu", "-o", "k.o"}};
  FrontendOptions Opts = builtinOptions();
  Opts.ExtraArgs = {"-DEXTRA"};
  std::vector<std::string> Warnings;
  std::vector<std::string> Args = deviceParseArgs(Cmd, Opts, Warnings);
  EXPECT_THAT(Warnings, IsEmpty());
  ASSERT_GE(Args.size(), 8u);
  EXPECT_EQ(Args.front(), "clang++");
  EXPECT_EQ(Args.back(), "/src/k.cu");
  EXPECT_EQ(Args[Args.size() - 2], "-DEXTRA"); // extra args come last
  long X = indexOf(Args, "-x");
  ASSERT_GE(X, 0);
  EXPECT_EQ(Args[X + 1], "cuda");
  EXPECT_THAT(Args, Contains("--cuda-device-only"));
  EXPECT_THAT(Args, Contains("-fsyntax-only"));
  EXPECT_THAT(Args, Contains("--cuda-gpu-arch=sm_90")); // the default
  EXPECT_EQ(countPrefix(Args, "--cuda-gpu-arch="), 1);
  EXPECT_THAT(Args, Contains("-nocudainc"));
  EXPECT_THAT(Args, Contains("-nocudalib"));
  EXPECT_THAT(Args, Contains("-DX=1"));
  EXPECT_EQ(countPrefix(Args, "--cuda-path="), 0);
  EXPECT_THAT(Args, Not(Contains("-c")));
  EXPECT_THAT(Args, Not(Contains("k.o")));

  long Include = indexOf(Args, "-include");
  ASSERT_GE(Include, 0);
  EXPECT_TRUE(llvm::sys::fs::exists(Args[Include + 1])) << Args[Include + 1];
  EXPECT_TRUE(
      llvm::StringRef(Args[Include + 1]).ends_with("warplint_cuda_runtime.h"));

  auto Resource =
      std::find_if(Args.begin(), Args.end(), [](const std::string &A) {
        return llvm::StringRef(A).starts_with("-resource-dir=");
      });
  ASSERT_NE(Resource, Args.end());
  EXPECT_TRUE(llvm::sys::fs::is_directory(
      llvm::StringRef(*Resource).drop_front(strlen("-resource-dir=")).str() +
      "/include"));
}

TEST(CompileFlagsDevice, ToolkitPathLayout) {
  if (!hasToolkit())
    GTEST_SKIP() << "no CUDA toolkit at " << WARPLINT_TEST_CUDA_PATH;
  CompileCommand Cmd{"/build", "k.cu", {"clang++", "-x", "cuda", "k.cu"}};
  FrontendOptions Opts;
  Opts.CudaPath = WARPLINT_TEST_CUDA_PATH;
  std::vector<std::string> Warnings;
  std::vector<std::string> Args = deviceParseArgs(Cmd, Opts, Warnings);
  EXPECT_THAT(Warnings, IsEmpty());
  EXPECT_THAT(Args,
              Contains("--cuda-path=" + std::string(WARPLINT_TEST_CUDA_PATH)));
  EXPECT_THAT(Args, Contains("-Wno-unknown-cuda-version"));
  EXPECT_THAT(Args, Not(Contains("-nocudainc")));
  // Only warplint's compatibility header is force-included; the toolkit's
  // runtime comes through clang's wrapper.
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "-include"), 1);
  long Include = indexOf(Args, "-include");
  ASSERT_GE(Include, 0);
  EXPECT_TRUE(llvm::StringRef(Args[Include + 1])
                  .ends_with("warplint_cuda_compat.h"));
  EXPECT_EQ(Args.back(), "/build/k.cu"); // made absolute
}

TEST(CompileFlagsDevice, MissingToolkitFallsBackWithAWarning) {
  CompileCommand Cmd{"", "k.cu", {"nvcc", "k.cu"}};
  FrontendOptions Opts;
  Opts.CudaPath = "/nonexistent/cuda";
  std::vector<std::string> Warnings;
  std::vector<std::string> Args = deviceParseArgs(Cmd, Opts, Warnings);
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_THAT(Warnings[0], HasSubstr("/nonexistent/cuda"));
  EXPECT_THAT(Args, Contains("-nocudainc"));
  EXPECT_EQ(countPrefix(Args, "--cuda-path="), 0);
}

TEST(CompileFlagsDevice, ArchitectureFromCommandUnlessOverridden) {
  CompileCommand Cmd{"",
                     "k.cu",
                     {"nvcc", "-gencode", "arch=compute_80,code=sm_80",
                      "-gencode", "arch=compute_90,code=sm_90", "k.cu"}};
  FrontendOptions Opts = builtinOptions();
  std::vector<std::string> W;
  std::vector<std::string> Args = deviceParseArgs(Cmd, Opts, W);
  // Several targets: the newest is analyzed, and the plan says so.
  EXPECT_THAT(Args, Contains("--cuda-gpu-arch=sm_90"));
  EXPECT_EQ(countPrefix(Args, "--cuda-gpu-arch="), 1);
  DeviceParsePlan Plan = planDeviceParse(Cmd, Opts);
  EXPECT_EQ(Plan.Arch, "sm_90");
  EXPECT_THAT(Plan.CommandArchs, ElementsAre("sm_80", "sm_90"));
  ASSERT_EQ(Plan.Notes.size(), 1u);
  EXPECT_THAT(Plan.Notes[0], HasSubstr("built for sm_80, sm_90; analyzing "
                                       "sm_90, the newest"));
  EXPECT_TRUE(Plan.Error.empty());

  Opts.Arch = "sm_75";
  Opts.ArchOverrides = true;
  Args = deviceParseArgs(Cmd, Opts, W);
  EXPECT_THAT(Args, Contains("--cuda-gpu-arch=sm_75"));
  EXPECT_EQ(countPrefix(Args, "--cuda-gpu-arch="), 1);

  // A clang command with two architectures: still one device compilation.
  CompileCommand Clang{"",
                       "k.cu",
                       {"clang++", "--cuda-gpu-arch=sm_70",
                        "--offload-arch=sm_86", "-x", "cuda", "k.cu"}};
  Args = deviceParseArgs(Clang, builtinOptions(), W);
  EXPECT_THAT(Args, Contains("--cuda-gpu-arch=sm_86"));
  EXPECT_EQ(countPrefix(Args, "--cuda-gpu-arch="), 1);
  EXPECT_EQ(countPrefix(Args, "--offload-arch="), 0);
  EXPECT_THAT(W, IsEmpty());
}

TEST(CompileFlagsDevice, ArchitectureWithoutHardwareModelIsOneError) {
  CompileCommand Cmd{"", "k.cu", {"nvcc", "-arch=sm_5", "k.cu"}};
  DeviceParsePlan Plan = planDeviceParse(Cmd, builtinOptions());
  EXPECT_THAT(Plan.Error, HasSubstr("no hardware model for GPU architecture "
                                    "'sm_5' named by the compile command for "
                                    "'k.cu'"));
  // --arch decides instead: no error.
  FrontendOptions Opts = builtinOptions();
  Opts.Arch = "sm_80";
  Opts.ArchOverrides = true;
  EXPECT_TRUE(planDeviceParse(Cmd, Opts).Error.empty());
}

TEST(CompileFlagsClang, KeepsLanguageDropsOutputsAndHostCodegen) {
  CompileCommand Cmd{"/build",
                     "a.cu",
                     {"/usr/bin/clang++-22",
                      "-x",
                      "cuda",
                      "--cuda-gpu-arch=sm_80",
                      "-DFOO",
                      "-Iinc",
                      "-isystem",
                      "sys",
                      "-O2",
                      "-g",
                      "-fPIC",
                      "-c",
                      "a.cu",
                      "-o",
                      "a.o",
                      "-MD",
                      "-MF",
                      "a.d",
                      "-Werror",
                      "-Werror=unused",
                      "-Wall",
                      "-march=native",
                      "-std=c++17",
                      "-pthread",
                      "-fno-rtti",
                      "-Xclang",
                      "-fno-validate-pch"}};
  std::vector<std::string> W;
  std::vector<std::string> Args = deviceParseArgs(Cmd, builtinOptions(), W);
  EXPECT_THAT(W, IsEmpty());
  for (const char *Kept :
       {"-DFOO", "-I/build/inc", "-O2", "-Wall", "-std=c++17", "-fno-rtti",
        "-fno-validate-pch", "--cuda-gpu-arch=sm_80"})
    EXPECT_THAT(Args, Contains(Kept));
  long Sys = indexOf(Args, "/build/sys");
  ASSERT_GE(Sys, 1);
  EXPECT_EQ(Args[Sys - 1], "-isystem");
  for (const char *Dropped :
       {"-c", "-o", "a.o", "-MD", "-MF", "a.d", "-Werror", "-Werror=unused",
        "-march=native", "-g", "-fPIC", "-pthread"})
    EXPECT_THAT(Args, Not(Contains(Dropped)));
  EXPECT_EQ(Args.back(), "/build/a.cu");
  EXPECT_EQ(std::count(Args.begin(), Args.end(), "/build/a.cu"), 1);
}

TEST(CompileFlagsClang, UnknownFlagWarned) {
  CompileCommand Cmd{
      "", "a.cu", {"g++", "--no-such-flag", "-DA", "-c", "a.cu"}};
  std::vector<std::string> W;
  std::vector<std::string> Args = deviceParseArgs(Cmd, builtinOptions(), W);
  ASSERT_EQ(W.size(), 1u);
  EXPECT_THAT(W[0], HasSubstr("'--no-such-flag'"));
  EXPECT_THAT(W[0], HasSubstr("'a.cu'"));
  EXPECT_THAT(Args, Contains("-DA"));
  EXPECT_THAT(Args, Not(Contains("--no-such-flag")));
}

/// A scratch directory removed at the end of the test.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> P;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-flags", P));
    Path = std::string(P);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(const std::string &Name, const std::string &Text) const {
    std::string Full = Path + "/" + Name;
    std::error_code EC;
    llvm::raw_fd_ostream OS(Full, EC);
    EXPECT_FALSE(EC) << Full;
    OS << Text;
    return Full;
  }
  std::string Path;
};

TEST(CompileFlagsDevice, OptionsFilesAreReadFromTheCommandDirectory) {
  TempDir Dir;
  Dir.write("includes.rsp", "-I\"inc dir\" -DFROM_FILE=\"a b\"\n");
  Dir.write("more.rsp", "-isystem sys -arch=sm_86\n");
  CompileCommand Cmd{Dir.Path,
                     "k.cu",
                     {"nvcc", "--options-file", "includes.rsp", "@more.rsp",
                      "-optf", "missing.rsp", "-c", "k.cu"}};
  std::vector<std::string> W;
  std::vector<std::string> Args = deviceParseArgs(Cmd, builtinOptions(), W);
  EXPECT_THAT(Args, Contains("-I" + Dir.Path + "/inc dir"));
  EXPECT_THAT(Args, Contains("-DFROM_FILE=a b"));
  EXPECT_THAT(Args, Contains(Dir.Path + "/sys"));
  EXPECT_THAT(Args, Contains("--cuda-gpu-arch=sm_86"));
  ASSERT_EQ(W.size(), 1u);
  EXPECT_THAT(W[0], HasSubstr("'missing.rsp'"));
}

// A realistic CUDA file: templates, __launch_bounds__, 2-D shared tiles,
// dim3, vector types, half, atomics, shuffles, math, printf and host launch
// code with a stream. The static_asserts check CUDA's layout rules and that
// the command's architecture reached clang.
const char *const RealisticKernel = R"cu(
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <vector>

static_assert(__CUDA_ARCH__ == 800, "the command's sm_80 reaches clang");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "");
static_assert(alignof(double2) == 16 && alignof(int4) == 16, "");
static_assert(sizeof(int3) == 12 && alignof(int3) == 4, "");
static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4, "");

constexpr int Tile = 32;

template <int Block>
__global__ void __launch_bounds__(Block)
transpose(float *out, const float *in, int n) {
  __shared__ float tile[Tile][Tile + 1];
  int x = blockIdx.x * Tile + threadIdx.x;
  int y = blockIdx.y * Tile + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = __ldg(&in[y * n + x]);
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
}

__device__ __forceinline__ float warpSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

__global__ void reduce(const float4 *in, float *out, unsigned *count,
                       __half *h) {
  extern __shared__ float partial[];
  float4 v = in[blockIdx.x * blockDim.x + threadIdx.x];
  float sum = warpSum(v.x + v.y + v.z + v.w);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(out, sqrtf(fabsf(partial[0])) + fmaxf(1.0f, expf(0.0f)));
    atomicInc(count, 10u);
    atomicMax(reinterpret_cast<int *>(count), min(3, 4));
  }
  h[threadIdx.x] = __float2half(partial[0]);
  dim3 t = threadIdx;
  unsigned ballot = __ballot_sync(__activemask(), v.x > 0.0f);
  if (__any_sync(ballot, t.x == 1))
    printf("%d %f\n", __popc(ballot), make_float2(1.0f, 2.0f).y);
}

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 1024 * sizeof(float));
  std::vector<float> host(1024);
  cudaMemcpy(d, host.data(), 4096, cudaMemcpyHostToDevice);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  dim3 grid(4, 4), block(Tile, Tile);
  transpose<Tile * Tile><<<grid, block>>>(d, d, 128);
  reduce<<<8, 256, 8 * sizeof(float), stream>>>(nullptr, d, nullptr, nullptr);
  if (cudaGetLastError() != cudaSuccess)
    return 1;
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
)cu";

/// Parses Code with the arguments deviceParseArgs builds for Cmd; the AST
/// is null when clang reported an error.
std::unique_ptr<clang::ASTUnit> parse(const std::string &Code,
                                      const CompileCommand &Cmd,
                                      const FrontendOptions &Opts) {
  std::vector<std::string> W;
  std::vector<std::string> Args = deviceParseArgs(Cmd, Opts, W);
  EXPECT_THAT(W, IsEmpty());
  // buildASTFromCodeWithArgs adds argv[0], -fsyntax-only and the file.
  std::vector<std::string> Middle(Args.begin() + 1, Args.end() - 1);
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Middle, Args.back());
  if (!AST || AST->getDiagnostics().hasErrorOccurred())
    return nullptr;
  return AST;
}

/// The kernel's launch bounds, found in the parsed AST: proof that
/// __global__ and __launch_bounds__ mean what they mean in CUDA.
bool transposeHasLaunchBounds(clang::ASTUnit &AST) {
  for (clang::Decl *D : AST.getASTContext().getTranslationUnitDecl()->decls())
    if (auto *T = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
      if (T->getName() == "transpose") {
        clang::FunctionDecl *F = T->getTemplatedDecl();
        return F->hasAttr<clang::CUDAGlobalAttr>() &&
               F->hasAttr<clang::CUDALaunchBoundsAttr>();
      }
  return false;
}

CompileCommand realisticCommand(const std::string &Dir) {
  return {Dir,
          "kernels.cu",
          {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
           "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
           "--expt-relaxed-constexpr", "-std=c++17", "-x", "cu", "-c",
           "kernels.cu", "-o", "kernels.o"}};
}

TEST(CompileFlagsParse, BuiltinDeclarationsParseARealisticFile) {
  std::unique_ptr<clang::ASTUnit> AST =
      parse(RealisticKernel, realisticCommand("/tmp"), builtinOptions());
  ASSERT_TRUE(AST);
  EXPECT_TRUE(transposeHasLaunchBounds(*AST));
}

TEST(CompileFlagsParse, ToolkitParsesARealisticFile) {
  if (!hasToolkit())
    GTEST_SKIP() << "no CUDA toolkit at " << WARPLINT_TEST_CUDA_PATH;
  FrontendOptions Opts;
  Opts.CudaPath = WARPLINT_TEST_CUDA_PATH;
  std::unique_ptr<clang::ASTUnit> AST =
      parse(RealisticKernel, realisticCommand("/tmp"), Opts);
  ASSERT_TRUE(AST);
  EXPECT_TRUE(transposeHasLaunchBounds(*AST));
}

TEST(CompileFlagsParse, WithoutAnyCudaDeclarationsTheParseFails) {
  // The control: the same file with no CUDA declarations at all does not
  // parse, so the passing tests above owe their success to the headers.
  std::vector<std::string> W;
  std::vector<std::string> Args =
      deviceParseArgs(realisticCommand("/tmp"), builtinOptions(), W);
  std::vector<std::string> Bare;
  for (size_t I = 1; I + 1 < Args.size(); ++I) {
    if (Args[I] == "-include" || Args[I] == "-isystem") {
      ++I;
      continue;
    }
    Bare.push_back(Args[I]);
  }
  clang::IgnoringDiagConsumer Quiet; // outlives the AST that refers to it
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          RealisticKernel, Bare, Args.back(), "clang-tool",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(),
          clang::tooling::FileContentMappings(), &Quiet);
  ASSERT_TRUE(AST);
  EXPECT_TRUE(AST->getDiagnostics().hasErrorOccurred());
}

} // namespace
