//===- ExtractTest.cpp - Extraction from in-memory CUDA translation units -===//
//
// Each test parses a small CUDA file (device side, with the toolkit) holding
// several kernels and checks the extracted model. Byte offsets are checked by
// evaluating them at concrete lanes and loop iterations, not by string.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestUtil.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <map>

using namespace warplint;

namespace {

/// Symbol values for evaluation: threadIdx, blockIdx, blockDim, loops,
/// params, uniforms.
struct Point {
  int64_t Tx = 0, Ty = 0, Tz = 0, Bx = 0, By = 0, Dx = 32, Dy = 1, Dz = 1;
  std::map<unsigned, int64_t> Loops, Params, Uniforms;

  std::optional<int64_t> operator()(Symbol S) const {
    int64_t T[] = {Tx, Ty, Tz}, B[] = {Bx, By, 0}, D[] = {Dx, Dy, Dz};
    auto Find = [](const std::map<unsigned, int64_t> &M,
                   unsigned I) -> std::optional<int64_t> {
      auto It = M.find(I);
      if (It == M.end())
        return std::nullopt;
      return It->second;
    };
    switch (S.Kind) {
    case SymbolKind::ThreadIdx:
      return T[S.Index];
    case SymbolKind::BlockIdx:
      return B[S.Index];
    case SymbolKind::BlockDim:
      return D[S.Index];
    case SymbolKind::GridDim:
      return 1;
    case SymbolKind::LoopVar:
      return Find(Loops, S.Index);
    case SymbolKind::Param:
      return Find(Params, S.Index);
    case SymbolKind::Uniform:
      return Find(Uniforms, S.Index);
    }
    return std::nullopt;
  }
};

std::optional<int64_t> offsetAt(const Access &A, const Point &P) {
  if (!A.ByteOffset)
    return std::nullopt;
  return A.ByteOffset->evaluate(P);
}

/// 1-based line and column of the first occurrence of Needle in Code.
std::pair<unsigned, unsigned> lineCol(const std::string &Code,
                                      const std::string &Needle) {
  size_t Off = Code.find(Needle);
  unsigned Line = 1, Col = 1;
  for (size_t I = 0; I < Off; ++I) {
    if (Code[I] == '\n')
      ++Line, Col = 1;
    else
      ++Col;
  }
  return {Line, Col};
}

bool hasRemark(const KernelModel &K, const std::string &Text) {
  for (const auto &R : K.Remarks)
    if (R.second.find(Text) != std::string::npos)
      return true;
  return false;
}

// ---------------------------------------------------------------------------
// Shapes: transpose, 2-D/3-D arrays, structs, float4, derived pointers.

const char *ShapesCode = R"cu(
#define TILE 32
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
void launchTranspose(float *o, const float *i) {
  dim3 block(32, 8);
  dim3 grid(4, 4);
  transpose<<<grid, block>>>(o, i, 128);
}

struct Pair { int a; float b; };
__global__ void shapes(int n) {
  __shared__ double d3[2][4][8];
  __shared__ Pair pairs[64];
  __shared__ float s[256];
  __shared__ char bytes[128];
  int t = threadIdx.x;
  d3[t % 2][t / 8 % 4][t % 8] = 1.0;
  pairs[t].b = 2.0f;
  float4 v = reinterpret_cast<float4 *>(s)[t];
  reinterpret_cast<float4 *>(s)[t ^ 1] = v;
  float *p = &s[t * 2];
  p[1] = 0.f;
  *(p + 3) = 1.f;
  bytes[t] = 1;
  s[t] += s[t + 32];
}
)cu";

class ShapesTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { R = new FrontendResult(parse(ShapesCode)); }
  static void TearDownTestSuite() { delete R; }
  static FrontendResult *R;
};
FrontendResult *ShapesTest::R = nullptr;

TEST_F(ShapesTest, ParsesCleanly) {
  ASSERT_TRUE(R->Success) << R->ClangDiagnostics;
  EXPECT_EQ(R->Model.Kernels.size(), 2u);
}

TEST_F(ShapesTest, TransposeObjectsAndAccesses) {
  const KernelModel *K = kernel(*R, "transpose");
  ASSERT_TRUE(K);
  const MemoryObject *Tile = object(*K, "tile");
  ASSERT_TRUE(Tile);
  EXPECT_EQ(Tile->Space, MemorySpace::Shared);
  EXPECT_EQ(Tile->Extents, (std::vector<int64_t>{32, 33}));
  EXPECT_EQ(Tile->ElementBytes, 4u);
  EXPECT_EQ(Tile->ElementType, "float");
  EXPECT_FALSE(Tile->UsedOutsideSubscripts);
  // The last extent is "TILE + 1" on the declarator line.
  auto [DL, DC] = lineCol(ShapesCode, "TILE + 1]");
  EXPECT_EQ(Tile->LastExtentRange.Begin.Line, DL);
  EXPECT_EQ(Tile->LastExtentRange.Begin.Column, DC);
  EXPECT_EQ(Tile->LastExtentRange.End.Column, DC + 8);

  const MemoryObject *In = object(*K, "in");
  ASSERT_TRUE(In);
  EXPECT_EQ(In->Space, MemorySpace::Global);
  EXPECT_TRUE(In->IsParameter);
  EXPECT_EQ(In->AlignBytes, 256u);

  ASSERT_EQ(K->Accesses.size(), 4u);
  // Program order: load in, store tile, load tile, store out.
  EXPECT_EQ(K->Objects[K->Accesses[0].Object].Name, "in");
  EXPECT_EQ(K->Accesses[0].Op, AccessOp::Load);
  EXPECT_EQ(K->Objects[K->Accesses[1].Object].Name, "tile");
  EXPECT_EQ(K->Accesses[1].Op, AccessOp::Store);
  EXPECT_EQ(K->Accesses[2].Op, AccessOp::Load);
  EXPECT_EQ(K->Objects[K->Accesses[3].Object].Name, "out");

  ASSERT_EQ(K->Loops.size(), 2u);
  const Loop &L0 = K->Loops[0];
  EXPECT_EQ(L0.VarName, "j");
  EXPECT_TRUE(L0.UnknownReason.empty()) << L0.UnknownReason;
  EXPECT_EQ(L0.Init, Expr(0));
  EXPECT_EQ(L0.Step, Loop::StepKind::Add);
  EXPECT_EQ(L0.StepValue, 8);
  Point P;
  P.Loops[0] = 31;
  EXPECT_EQ(L0.Condition.evaluate(P), true);
  P.Loops[0] = 32;
  EXPECT_EQ(L0.Condition.evaluate(P), false);

  const Access &St = K->Accesses[1];
  EXPECT_EQ(St.Loops, std::vector<unsigned>{0});
  Point Q;
  Q.Tx = 3, Q.Ty = 2, Q.Loops[0] = 8;
  EXPECT_EQ(offsetAt(St, Q), ((2 + 8) * 33 + 3) * 4);
  EXPECT_EQ(St.SubscriptRanges.size(), 2u);
  auto [SL, SC] = lineCol(ShapesCode, "tile[threadIdx.y + j]");
  EXPECT_EQ(St.Range.Begin.Line, SL);
  EXPECT_EQ(St.Range.Begin.Column, SC);
  EXPECT_EQ(St.Range.Begin.File, "test.cu");

  // The transposed read walks a column: tx * 33 words.
  const Access &Ld = K->Accesses[2];
  Q.Loops[1] = 8;
  EXPECT_EQ(offsetAt(Ld, Q), (3 * 33 + 2 + 8) * 4);

  // in[(y + j) * n + x]: a product of a parameter and the thread index.
  const Access &G = K->Accesses[0];
  Point G1;
  G1.Tx = 5, G1.Ty = 1, G1.Bx = 2, G1.By = 1, G1.Loops[0] = 0;
  G1.Params[2] = 128;
  EXPECT_EQ(offsetAt(G, G1), ((32 + 1) * 128 + 64 + 5) * 4);
}

TEST_F(ShapesTest, TransposeLaunch) {
  const KernelModel *K = kernel(*R, "transpose");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->Launches.size(), 1u);
  const LaunchConfig &L = K->Launches[0];
  EXPECT_EQ(L.Source, LaunchSource::LaunchSite);
  ASSERT_TRUE(L.Block);
  EXPECT_EQ(*L.Block, (BlockShape{32, 8, 1}));
  ASSERT_TRUE(L.Grid);
  EXPECT_EQ(*L.Grid, (std::array<int64_t, 3>{4, 4, 1}));
  EXPECT_EQ(L.ParamValues,
            (std::vector<std::pair<unsigned, int64_t>>{{2, 128}}));
  EXPECT_EQ(L.DynamicSharedBytes, 0);
}

TEST_F(ShapesTest, ArraysStructsVectorsPointers) {
  const KernelModel *K = kernel(*R, "shapes");
  ASSERT_TRUE(K);
  Point P;
  P.Tx = 13;
  int64_t T = 13;

  auto D3 = accessesOf(*K, "d3");
  ASSERT_EQ(D3.size(), 1u);
  EXPECT_EQ(D3[0]->Bytes, 8u);
  EXPECT_EQ(D3[0]->SubscriptRanges.size(), 3u);
  EXPECT_EQ(offsetAt(*D3[0], P), ((T % 2) * 32 + (T / 8 % 4) * 8 + T % 8) * 8);

  auto Pairs = accessesOf(*K, "pairs");
  ASSERT_EQ(Pairs.size(), 1u);
  EXPECT_EQ(Pairs[0]->Field, ".b");
  EXPECT_EQ(Pairs[0]->Bytes, 4u);
  EXPECT_EQ(offsetAt(*Pairs[0], P), T * 8 + 4);

  auto S = accessesOf(*K, "s");
  // float4 load, float4 store, p[1], *(p + 3), then s[t] += s[t + 32].
  ASSERT_EQ(S.size(), 7u);
  EXPECT_EQ(S[0]->Op, AccessOp::Load);
  EXPECT_EQ(S[0]->Bytes, 16u);
  EXPECT_EQ(offsetAt(*S[0], P), T * 16);
  EXPECT_EQ(S[1]->Op, AccessOp::Store);
  EXPECT_EQ(S[1]->Bytes, 16u);
  EXPECT_EQ(offsetAt(*S[1], P), (T ^ 1) * 16);
  EXPECT_EQ(offsetAt(*S[2], P), T * 8 + 4);
  EXPECT_EQ(offsetAt(*S[3], P), T * 8 + 12);
  EXPECT_EQ(S[4]->Op, AccessOp::Load);
  EXPECT_EQ(offsetAt(*S[4], P), (T + 32) * 4);
  EXPECT_EQ(S[5]->Op, AccessOp::Load);
  EXPECT_EQ(offsetAt(*S[5], P), T * 4);
  EXPECT_EQ(S[6]->Op, AccessOp::Store);
  EXPECT_EQ(offsetAt(*S[6], P), T * 4);

  auto Bytes = accessesOf(*K, "bytes");
  ASSERT_EQ(Bytes.size(), 1u);
  EXPECT_EQ(Bytes[0]->Bytes, 1u);
  EXPECT_EQ(object(*K, "bytes")->ElementBytes, 1u);
  // Without any launch information: one assumed configuration.
  ASSERT_EQ(K->Launches.size(), 1u);
  EXPECT_EQ(K->Launches[0].Source, LaunchSource::Assumed);
  EXPECT_FALSE(K->Launches[0].Block);
}

// ---------------------------------------------------------------------------
// Control flow: helpers, loops, guards, ternaries, swizzles, unknowns.

const char *FlowCode = R"cu(
__device__ int clampIdx(int i, int n) { if (i < n) return i; return n - 1; }
__device__ void store(float *base, int i, float v) { base[i] = v; }
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

// warplint: block-dim(128)
__global__ void reduce(float *out, int n) {
  __shared__ float sm[256];
  unsigned tid = threadIdx.x;
  if (tid >= n) return;
  sm[tid] = 0.f;
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sm[tid] += sm[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sm[0];
}

__global__ void __launch_bounds__(256) helpers(int n) {
  __shared__ float t2[32][33];
  int tx = threadIdx.x, ty = threadIdx.y;
  store(&t2[ty][0], tx, 1.f);
  int k = clampIdx(tx, n);
  t2[0][k] = 2.f;
  int sw = t2[ty][tx ^ ty];
  int c = tx < 16 ? tx * 2 : tx - 16;
  t2[1][c] = 3.f;
  for (int i = 0; i < tx; ++i)
    for (int j = i; j < 32; j++)
      t2[i][j] = 0.f;
  int r = ty * 4;
  if (tx > 8)
    r += 1;
  t2[2][r] = 4.f;
  auto f = [&](int q) { t2[3][q] = 1.f; };
  f(tx);
}

struct P3 { float x, y, z; };
__device__ int gcount;
__global__ void misc(const int *idx, P3 *pts, float *out, const int *offs) {
  __shared__ int hist[64];
  __shared__ float zero[0];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[idx[t] % 64], 1);
  float v = pts[t].y;
  float w = __ldg(&out[t]);
  int base = offs[blockIdx.x];
  out[base + threadIdx.x] = v + w;
  hist[fact(3)] = 0;
  zero[threadIdx.x] = 1.f;
  atomicAdd(&gcount, 1);
}
)cu";

class FlowTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { R = new FrontendResult(parse(FlowCode)); }
  static void TearDownTestSuite() { delete R; }
  static FrontendResult *R;
};
FrontendResult *FlowTest::R = nullptr;

TEST_F(FlowTest, ReductionGuardsAndHalvingLoop) {
  ASSERT_TRUE(R->Success) << R->ClangDiagnostics;
  const KernelModel *K = kernel(*R, "reduce");
  ASSERT_TRUE(K);
  auto Sm = accessesOf(*K, "sm");
  ASSERT_EQ(Sm.size(), 5u);
  // sm[tid] = 0 runs only where the early return did not happen.
  Point P;
  P.Tx = 5, P.Params[1] = 10;
  EXPECT_EQ(Sm[0]->Guard.evaluate(P), true);
  P.Tx = 12;
  EXPECT_EQ(Sm[0]->Guard.evaluate(P), false);

  ASSERT_EQ(K->Loops.size(), 1u);
  const Loop &L = K->Loops[0];
  EXPECT_EQ(L.Step, Loop::StepKind::Divide);
  EXPECT_EQ(L.StepValue, 2);
  Point D;
  D.Dx = 128;
  EXPECT_EQ(L.Init.evaluate(D), 64);
  // sm[tid] += sm[tid + s]: load of sm[tid + s], then load and store of
  // sm[tid], all under tid < s.
  EXPECT_EQ(Sm[1]->Op, AccessOp::Load);
  EXPECT_EQ(Sm[2]->Op, AccessOp::Load);
  EXPECT_EQ(Sm[3]->Op, AccessOp::Store);
  Point Q;
  Q.Tx = 3, Q.Params[1] = 100, Q.Loops[0] = 16;
  EXPECT_EQ(offsetAt(*Sm[1], Q), (3 + 16) * 4);
  EXPECT_EQ(offsetAt(*Sm[2], Q), 3 * 4);
  EXPECT_EQ(Sm[1]->Guard.evaluate(Q), true);
  Q.Tx = 20;
  EXPECT_EQ(Sm[1]->Guard.evaluate(Q), false);
  EXPECT_EQ(Sm[1]->Loops, std::vector<unsigned>{0});

  ASSERT_EQ(K->Launches.size(), 1u);
  EXPECT_EQ(K->Launches[0].Source, LaunchSource::Annotation);
  EXPECT_EQ(*K->Launches[0].Block, (BlockShape{128, 1, 1}));
}

TEST_F(FlowTest, HelpersTernariesSwizzleTriangularLoops) {
  const KernelModel *K = kernel(*R, "helpers");
  ASSERT_TRUE(K);
  auto T2 = accessesOf(*K, "t2");
  ASSERT_GE(T2.size(), 6u);
  Point P;
  P.Tx = 20, P.Ty = 3, P.Params[0] = 16;

  // store(&t2[ty][0], tx, v): inlined, written in 'store'.
  EXPECT_EQ(T2[0]->Function, "store");
  ASSERT_EQ(T2[0]->CallChain.size(), 1u);
  EXPECT_EQ(T2[0]->CallChain[0].Callee, "store");
  EXPECT_EQ(offsetAt(*T2[0], P), (3 * 33 + 20) * 4);
  EXPECT_TRUE(object(*K, "t2")->UsedOutsideSubscripts);

  // clampIdx: select(tx < n, tx, n - 1).
  EXPECT_EQ(offsetAt(*T2[1], P), 15 * 4);
  P.Params[0] = 64;
  EXPECT_EQ(offsetAt(*T2[1], P), 20 * 4);

  // XOR swizzle.
  EXPECT_EQ(T2[2]->Op, AccessOp::Load);
  EXPECT_EQ(offsetAt(*T2[2], P), (3 * 33 + (20 ^ 3)) * 4);

  // Ternary: tx < 16 ? tx * 2 : tx - 16.
  EXPECT_EQ(offsetAt(*T2[3], P), (33 + 4) * 4);
  P.Tx = 7;
  EXPECT_EQ(offsetAt(*T2[3], P), (33 + 14) * 4);

  // Triangular nest: j starts at i.
  ASSERT_EQ(K->Loops.size(), 2u);
  EXPECT_EQ(K->Loops[1].Parents, std::vector<unsigned>{0});
  Point L;
  L.Loops[0] = 5;
  EXPECT_EQ(K->Loops[1].Init.evaluate(L), 5);
  EXPECT_EQ(T2[4]->Loops, (std::vector<unsigned>{0, 1}));

  // r assigned in a branch: select(tx > 8, ty * 4 + 1, ty * 4).
  Point B;
  B.Tx = 9, B.Ty = 2;
  EXPECT_EQ(offsetAt(*T2[5], B), (66 + 9) * 4);
  B.Tx = 8;
  EXPECT_EQ(offsetAt(*T2[5], B), (66 + 8) * 4);

  EXPECT_TRUE(hasRemark(*K, "lambda"));
  ASSERT_EQ(K->Launches.size(), 1u);
  EXPECT_EQ(K->Launches[0].Source, LaunchSource::LaunchBounds);
  EXPECT_EQ(*K->Launches[0].Block, (BlockShape{256, 1, 1}));
  EXPECT_EQ(K->MaxThreadsPerBlock, 256);
}

TEST_F(FlowTest, GlobalAtomicsUnknownsRecursion) {
  const KernelModel *K = kernel(*R, "misc");
  ASSERT_TRUE(K);
  auto Hist = accessesOf(*K, "hist");
  ASSERT_EQ(Hist.size(), 2u);
  EXPECT_EQ(Hist[0]->Op, AccessOp::Atomic);
  EXPECT_FALSE(Hist[0]->ByteOffset);
  EXPECT_NE(Hist[0]->UnknownReason.find("idx[t]"), std::string::npos)
      << Hist[0]->UnknownReason;
  // hist[fact(3)]: recursion is not followed.
  EXPECT_FALSE(Hist[1]->ByteOffset);
  EXPECT_TRUE(hasRemark(*K, "recursive call to 'fact'"));

  auto Pts = accessesOf(*K, "pts");
  ASSERT_EQ(Pts.size(), 1u);
  EXPECT_EQ(Pts[0]->Field, ".y");
  EXPECT_EQ(Pts[0]->Bytes, 4u);
  Point P;
  P.Tx = 7, P.Bx = 2, P.Dx = 64;
  EXPECT_EQ(offsetAt(*Pts[0], P), (128 + 7) * 12 + 4);

  auto Out = accessesOf(*K, "out");
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0]->Op, AccessOp::Load); // __ldg
  EXPECT_EQ(offsetAt(*Out[0], P), (128 + 7) * 4);
  // out[base + threadIdx.x]: base is loaded from offs[blockIdx.x], a
  // block-uniform value.
  ASSERT_TRUE(Out[1]->ByteOffset);
  bool HasUniform = false;
  for (Symbol S : Out[1]->ByteOffset->symbols())
    HasUniform |= S.Kind == SymbolKind::Uniform;
  EXPECT_TRUE(HasUniform) << Out[1]->ByteOffset->str();
  ASSERT_FALSE(K->Uniforms.empty());
  EXPECT_NE(K->Uniforms[0].Description.find("offs[blockIdx.x]"),
            std::string::npos);

  auto Zero = accessesOf(*K, "zero");
  ASSERT_EQ(Zero.size(), 1u);
  EXPECT_FALSE(Zero[0]->ByteOffset);
  EXPECT_EQ(object(*K, "zero")->Extents, std::vector<int64_t>{0});

  auto G = accessesOf(*K, "gcount");
  ASSERT_EQ(G.size(), 1u);
  EXPECT_EQ(G[0]->Op, AccessOp::Atomic);
  EXPECT_EQ(object(*K, "gcount")->Space, MemorySpace::Global);
  EXPECT_EQ(offsetAt(*G[0], P), 0);
}

// ---------------------------------------------------------------------------
// Templates and launch sites.

const char *TemplateCode = R"cu(
template <int BS, typename T>
__global__ void tk(T *data, int stride) {
  extern __shared__ unsigned char dyn[];
  __shared__ T buf[BS];
  buf[threadIdx.x * stride % BS] = data[threadIdx.x];
  reinterpret_cast<T *>(dyn)[threadIdx.x] = buf[0];
}
constexpr int kThreads = 64;
void host(float *f, double *d, int s) {
  tk<128, float><<<1, 128>>>(f, 2);
  dim3 b(kThreads);
  tk<64, double><<<2, b, 512>>>(d, s);
  tk<64, double><<<2, b, 512>>>(d, s);
}
__global__ void noLaunch(float *p) { p[threadIdx.x] = 0; }
)cu";

TEST(ExtractTemplates, InstantiationsAndLaunches) {
  FrontendOptions Opts;
  Opts.BlockDims = {BlockShape{64, 2, 1}};
  FrontendResult R = parse(TemplateCode, Opts);
  ASSERT_TRUE(R.Success) << R.ClangDiagnostics;
  const KernelModel *A = kernel(R, "tk<128, float>");
  const KernelModel *B = kernel(R, "tk<64, double>");
  ASSERT_TRUE(A && B);
  ASSERT_EQ(A->Launches.size(), 1u);
  EXPECT_EQ(*A->Launches[0].Block, (BlockShape{128, 1, 1}));
  EXPECT_EQ(A->Launches[0].ParamValues,
            (std::vector<std::pair<unsigned, int64_t>>{{1, 2}}));
  ASSERT_EQ(B->Launches.size(), 1u) << "identical launches are merged";
  EXPECT_EQ(*B->Launches[0].Block, (BlockShape{64, 1, 1}));
  EXPECT_EQ(B->Launches[0].DynamicSharedBytes, 512);
  EXPECT_TRUE(B->Launches[0].ParamValues.empty());

  EXPECT_EQ(object(*A, "buf")->Extents, std::vector<int64_t>{128});
  EXPECT_EQ(object(*B, "buf")->ElementBytes, 8u);
  const MemoryObject *Dyn = object(*B, "dyn");
  ASSERT_TRUE(Dyn);
  EXPECT_TRUE(Dyn->IsExtern);
  EXPECT_EQ(Dyn->Extents, std::vector<int64_t>{0});
  auto DynA = accessesOf(*B, "dyn");
  ASSERT_EQ(DynA.size(), 1u);
  EXPECT_EQ(DynA[0]->Bytes, 8u);
  auto Buf = accessesOf(*B, "buf");
  ASSERT_EQ(Buf.size(), 2u);
  Point P;
  P.Tx = 10, P.Params[1] = 3;
  EXPECT_EQ(offsetAt(*Buf[0], P), (30 % 64) * 8);

  const KernelModel *N = kernel(R, "noLaunch");
  ASSERT_TRUE(N);
  ASSERT_EQ(N->Launches.size(), 1u);
  EXPECT_EQ(N->Launches[0].Source, LaunchSource::CommandLine);
  EXPECT_EQ(*N->Launches[0].Block, (BlockShape{64, 2, 1}));
}

TEST(ExtractTemplates, AccessCapGivesRemark) {
  FrontendOptions Opts;
  Opts.MaxAccessesPerKernel = 1;
  FrontendResult R = parse(TemplateCode, Opts);
  ASSERT_TRUE(R.Success) << R.ClangDiagnostics;
  const KernelModel *A = kernel(R, "tk<128, float>");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Accesses.size(), 1u);
  EXPECT_TRUE(hasRemark(*A, "accesses in this kernel"));
}

// ---------------------------------------------------------------------------
// Bad input.

TEST(ExtractErrors, SyntaxErrorFails) {
  FrontendResult R = parse("__global__ void k() { int x = ; }\n");
  EXPECT_FALSE(R.Success);
  EXPECT_NE(R.ClangDiagnostics.find("error"), std::string::npos);
  EXPECT_NE(R.ClangDiagnostics.find("test.cu:1"), std::string::npos)
      << R.ClangDiagnostics;
}

// Host-only bodies of system headers are not parsed (nothing warplint reads
// is in them); device and host-device bodies there are, and so is every body
// of a user header. An undeclared name is an error wherever clang parses it.
TEST(ExtractSystemHeaders, OnlyHostBodiesOfSystemHeadersAreSkipped) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-sys", Dir));
  auto Write = [&](const char *Name, const char *Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  };
  Write(
      "sys_helpers.h",
      "inline void sysHost() { sys_host_undeclared(); }\n"
      "template <class T> void sysHostT(T) { sys_template_undeclared(); }\n"
      "__device__ inline int sysDev(int t) { return sys_dev_undeclared(t); }\n"
      "__host__ __device__ inline int sysBoth(int t) {\n"
      "  return sys_both_undeclared(t);\n}\n");
  llvm::SmallString<128> User(Dir);
  llvm::sys::path::append(User, "user");
  ASSERT_FALSE(llvm::sys::fs::create_directory(User));
  Write("user/user_helpers.h",
        "inline void userHost() { user_host_undeclared(); }\n");
  std::vector<std::string> Args = cudaArgs();
  Args.insert(Args.end(),
              {"-isystem", std::string(Dir), "-I", std::string(User)});
  FrontendResult R =
      analyzeCode("#include <sys_helpers.h>\n#include \"user_helpers.h\"\n"
                  "__global__ void k(float *g) { g[threadIdx.x] = 0.f; }\n",
                  "test.cu", Args, FrontendOptions());
  llvm::sys::fs::remove_directories(Dir);
  const std::string &D = R.ClangDiagnostics;
  EXPECT_EQ(D.find("sys_host_undeclared"), std::string::npos) << D;
  EXPECT_EQ(D.find("sys_template_undeclared"), std::string::npos) << D;
  EXPECT_NE(D.find("sys_dev_undeclared"), std::string::npos) << D;
  EXPECT_NE(D.find("sys_both_undeclared"), std::string::npos) << D;
  EXPECT_NE(D.find("user_host_undeclared"), std::string::npos) << D;
}

TEST(ExtractErrors, MissingFileNamed) {
  CompileCommand Cmd;
  Cmd.File = "/nonexistent/dir/missing_kernel.cu";
  Cmd.Args = {"clang++", Cmd.File};
  FrontendResult R = analyzeFile(Cmd, FrontendOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_NE(R.ClangDiagnostics.find("missing_kernel.cu"), std::string::npos);
}

} // namespace

namespace {

// Deep loop nests with early exits, while loops, and thousands of accesses:
// extraction terminates and stays within the cap.
TEST(ExtractRobustness, DeepNestsAndManyAccesses) {
  std::string Code = "__global__ void deep(int n) {\n"
                     "  __shared__ float s[1024];\n  int t = threadIdx.x;\n";
  for (int I = 0; I < 12; ++I)
    Code += "  for (int i" + std::to_string(I) + " = 0; i" +
            std::to_string(I) + " < n; ++i" + std::to_string(I) +
            ") { if (s[t] > 0.f) break;\n";
  Code += "  s[t + i11] = 1.f;\n";
  for (int I = 0; I < 12; ++I)
    Code += "  }\n";
  Code += "  int w = t;\n  while (w < 512) { s[w] = 0.f; w += 32; }\n}\n"
          "__global__ void many() {\n  __shared__ int m[64];\n";
  for (int I = 0; I < 3000; ++I)
    Code += "  m[(threadIdx.x + " + std::to_string(I) + ") % 64] = 0;\n";
  Code += "}\n";
  FrontendOptions Opts;
  Opts.MaxAccessesPerKernel = 2000;
  FrontendResult R = parse(Code, Opts);
  ASSERT_TRUE(R.Success) << R.ClangDiagnostics;
  const KernelModel *D = kernel(R, "deep");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Loops.size(), 13u);
  // The innermost store sits under an opaque "left the loop" guard per level
  // that depends on a loaded, thread-dependent value.
  auto S = accessesOf(*D, "s");
  ASSERT_FALSE(S.empty());
  const Access *Inner = nullptr;
  for (const Access *A : S)
    if (A->Op == AccessOp::Store && A->Loops.size() == 12)
      Inner = A;
  ASSERT_TRUE(Inner);
  EXPECT_TRUE(Inner->Guard.hasUnknown());
  // The while loop steps 'w' once per iteration: a modelled loop, and the
  // store after the deep nest has an exact address in terms of it.
  const Access &Last = D->Accesses.back();
  ASSERT_TRUE(Last.ByteOffset) << Last.UnknownReason;
  EXPECT_EQ(D->Loops.back().VarName, "w");
  EXPECT_EQ(D->Loops.back().UnknownReason, "");
  EXPECT_EQ(*Last.ByteOffset,
            Expr::symbol(SymbolKind::LoopVar, D->Loops.back().Id) * 4);
  const KernelModel *M = kernel(R, "many");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Accesses.size(), 2000u);
  EXPECT_TRUE(hasRemark(*M, "accesses in this kernel"));
}

TEST(ExtractArithmetic, SurelyExecutedFloatingPointWork) {
  FrontendResult R = parse(R"cu(
__device__ float twice(float x) { return x + x; }
__global__ void k(const float *In, float *Out, int n) {
  float A = In[threadIdx.x];
  float B = A * 2.0f + 1.0f;
  double D = (double)A * 3.0;
  for (int K = 0; K < 16; ++K) {
    A = fmaf(A, 0.5f, 1.0f);
    B += A * A;
  }
  if (threadIdx.x < 16)
    B = B * 3.0f;
  float C = n > 0 ? A * B : 0.0f;
  Out[threadIdx.x] = twice(B) + C + (float)D;
}
void h(const float *i, float *o) { k<<<1, 32>>>(i, o, 4); }
)cu");
  ASSERT_TRUE(R.Success) << R.ClangDiagnostics;
  const KernelModel *K = kernel(R, "k");
  ASSERT_TRUE(K);
  unsigned Once32 = 0, Once64 = 0, Looped32 = 0;
  for (const ArithmeticWork &W : K->Arithmetic) {
    if (W.Loops.empty()) {
      Once32 += W.Fp32;
      Once64 += W.Fp64;
    } else {
      EXPECT_EQ(W.Loops.size(), 1u);
      Looped32 += W.Fp32;
    }
  }
  // B's FFMA, the two FADDs of the store and the inlined twice's FADD; the
  // guarded multiply and the branches of ?: are not certain.
  EXPECT_EQ(Once32, 4u);
  EXPECT_EQ(Once64, 1u);   // D's DMUL
  EXPECT_EQ(Looped32, 2u); // fmaf, and B += A * A contracted
}

} // namespace
