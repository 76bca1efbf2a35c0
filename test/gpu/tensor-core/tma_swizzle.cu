// Microbenchmark for the H100's tensor memory accelerator (TMA) and the
// swizzle modes of a tiled tensor map (warplint issue 40, item 3).
//
// Questions, each answered on the hardware:
//  1. Where does `cp.async.bulk.tensor.2d` with each swizzle mode (none,
//     32B, 64B, 128B) put the elements of a box? The kernel copies a box of
//     a matrix whose elements are their own indices and writes the shared
//     tile back; the host derives, per mode, the byte offset of every
//     element and checks it against the rule "the 16-byte chunk bits 4..
//     4+b-1 of the offset are XORed with bits 7..7+b-1" (b = 1, 2, 3 for
//     32B, 64B, 128B), printed as `layout MODE: ...` lines.
//  2. What does the profiler count for the bulk copy (UTMALDG) itself:
//     shared wavefronts, global sectors? (ncu source counters of its line.)
//  3. What do reads of the tile cost: ldmatrix.x4 and ld.shared.v4 of one
//     16-byte column of 8 (or 32) consecutive rows, with the addresses as
//     the logical layout gives them (no XOR) and with the mode's XOR applied
//     (the reader that matches the tensor map).
//
// Self-contained: nvcc -O3 -lineinfo -std=c++17 -arch=sm_90a; the driver's
// cuTensorMapEncodeTiled is reached through the runtime's entry-point query
// (no -lcuda). One block of 32 threads per kernel: requests = 1 per executed
// line. Every measured read is inline PTX on its own line, in a template
// kernel instantiated once per (mode, reader).
//
//   ./tma layout        question 1 (host checks, no profiler needed)
//   ./tma measure       every read kernel once (profiled by tma_swizzle.sh)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cudaTypedefs.h>
#include <cstring>
#include <vector>

#define CHECK(Call)                                                            \
  do {                                                                         \
    cudaError_t Err = (Call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,       \
                   cudaGetErrorString(Err));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// The matrix in global memory: kRows x kCols 16-bit elements, each its own
// index (row * kCols + col).
constexpr int kRows = 64;
constexpr int kCols = 256;
// The box: 64 rows, and as many columns as the mode allows in one row of
// the box (the swizzle span: 32, 64 or 128 bytes; 128 for no swizzle).
constexpr int kBoxRows = 64;

__host__ __device__ constexpr int spanBytes(int Mode) {
  return Mode == 0 ? 128 : 16 << Mode; // 0: none, 1: 32B, 2: 64B, 3: 128B
}

__device__ __forceinline__ unsigned smem(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

// The offset a reader that applies mode M's XOR gives to the logical byte
// offset O of the tile (the tile is 1024-byte aligned).
__host__ __device__ constexpr unsigned swizzled(int M, unsigned O) {
  return M == 0 ? O : O ^ (((O >> 7) & ((1u << M) - 1)) << 4);
}

// Copies the box at (0, 0) into the tile with one bulk tensor copy issued
// by lane 0, and waits for it in every lane.
__device__ __forceinline__ void load(const CUtensorMap *Map, void *Tile,
                                     uint64_t *Bar, unsigned Bytes) {
  unsigned B = smem(Bar);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(B));
    asm volatile("fence.proxy.async.shared::cta;");
  }
  __syncwarp();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 ::"r"(B), "r"(Bytes) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(smem(Tile)), "l"(Map), "r"(0), "r"(0), "r"(B) : "memory");
  }
  unsigned Done = 0;
  while (!Done)
    asm volatile("{ .reg .pred P; mbarrier.try_wait.parity.shared::cta.b64 P, [%1], 0; selp.u32 %0, 1, 0, P; }"
                 : "=r"(Done) : "r"(B) : "memory");
}

// Question 1: the tile, written back word by word.
template <int Mode>
__global__ void dumpTile(const __grid_constant__ CUtensorMap Map,
                         uint16_t *Out) {
  __shared__ alignas(1024) uint16_t Tile[kBoxRows * 64];
  __shared__ alignas(8) uint64_t Bar;
  constexpr int Elems = kBoxRows * spanBytes(Mode) / 2;
  load(&Map, Tile, &Bar, Elems * 2);
  for (int I = threadIdx.x; I < Elems; I += blockDim.x)
    Out[I] = Tile[I];
}

// Question 2 and 3. Reader 0: ldmatrix.x4, lanes 8j..8j+7 give rows 0..7 of
// column chunk j (j = 0..3; a row of the box has span/16 chunks, j taken
// modulo that); reader 1: ld.shared.v4.b32, lane l reads column chunk 0 of
// row l. XOR: the addresses are swizzled(Mode, logical), else logical.
template <int Mode, int Reader, bool Xor>
__global__ void readTile(const __grid_constant__ CUtensorMap Map,
                         uint32_t *Out) {
  __shared__ alignas(1024) uint16_t Tile[kBoxRows * 64];
  __shared__ alignas(8) uint64_t Bar;
  constexpr int Span = spanBytes(Mode);
  load(&Map, Tile, &Bar, kBoxRows * Span);
  unsigned Lane = threadIdx.x, Base = smem(Tile), Logical;
  if (Reader == 0)
    Logical = (Lane % 8) * Span + ((Lane / 8) % (Span / 16)) * 16;
  else
    Logical = Lane * Span;
  unsigned Addr = Base + (Xor ? swizzled(Mode, Logical) : Logical);
  uint32_t A, B, C, D;
  if (Reader == 0)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(A), "=r"(B), "=r"(C), "=r"(D) : "r"(Addr));
  else
    asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(A), "=r"(B), "=r"(C), "=r"(D) : "r"(Addr));
  Out[Lane * 4 + 0] = A;
  Out[Lane * 4 + 1] = B;
  Out[Lane * 4 + 2] = C;
  Out[Lane * 4 + 3] = D;
}

static PFN_cuTensorMapEncodeTiled_v12000 encodeTiled() {
  void *Fn = nullptr;
  cudaDriverEntryPointQueryResult Q;
  CHECK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &Fn, 12000,
                                         cudaEnableDefault, &Q));
  if (!Fn || Q != cudaDriverEntryPointSuccess) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled not found\n");
    std::exit(1);
  }
  return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(Fn);
}

static CUtensorMap tensorMap(void *Global, int Mode) {
  static const CUtensorMapSwizzle Modes[] = {
      CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_SWIZZLE_32B,
      CU_TENSOR_MAP_SWIZZLE_64B, CU_TENSOR_MAP_SWIZZLE_128B};
  CUtensorMap Map;
  cuuint64_t Dims[2] = {kCols, kRows};
  cuuint64_t Strides[1] = {kCols * 2};
  cuuint32_t Box[2] = {static_cast<cuuint32_t>(spanBytes(Mode) / 2),
                       kBoxRows};
  cuuint32_t ElemStrides[2] = {1, 1};
  CUresult R = encodeTiled()(
      &Map, CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, Global, Dims, Strides, Box,
      ElemStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, Modes[Mode],
      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (R != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled(mode %d): %d\n", Mode, R);
    std::exit(1);
  }
  return Map;
}

static const char *ModeName[] = {"none", "32B", "64B", "128B"};

// Question 1 for one mode: prints the rule's verdict and the first chunk
// rows, and returns the number of elements where the rule is wrong.
template <int Mode> static int layout(uint16_t *Global, uint16_t *Out) {
  constexpr int Span = spanBytes(Mode), Elems = kBoxRows * Span / 2;
  dumpTile<Mode><<<1, 32>>>(tensorMap(Global, Mode), Out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<uint16_t> Tile(Elems);
  CHECK(cudaMemcpy(Tile.data(), Out, Elems * 2, cudaMemcpyDeviceToHost));
  int Wrong = 0;
  for (int Off = 0; Off < Elems; ++Off) {
    // The element at physical offset Off*2 is (Row, Col) of the matrix.
    int Row = Tile[Off] / kCols, Col = Tile[Off] % kCols;
    unsigned Logical = Row * Span + Col * 2;
    if (swizzled(Mode, Logical) != static_cast<unsigned>(Off * 2))
      ++Wrong;
  }
  std::printf("layout %s: span %d bytes, %d elements, %d where offset != "
              "swizzled(logical)\n",
              ModeName[Mode], Span, Elems, Wrong);
  // The 16-byte chunk of the logical row each physical chunk holds, rows
  // 0..9 (the pattern repeats every 8 rows of 128 bytes).
  for (int R = 0; R < 10 && R * Span < Elems * 2; ++R) {
    std::printf("  row %d:", R);
    for (int C = 0; C < Span / 16; ++C) {
      uint16_t V = Tile[(R * Span + C * 16) / 2];
      std::printf(" %d", (V % kCols) * 2 / 16);
    }
    std::printf("\n");
  }
  return Wrong;
}

template <int Mode, int Reader, bool Xor>
static void read(uint16_t *Global, uint32_t *Out) {
  readTile<Mode, Reader, Xor><<<1, 32>>>(tensorMap(Global, Mode), Out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  // The reader that matches the tensor map reads the logical elements.
  std::vector<uint32_t> Got(128);
  CHECK(cudaMemcpy(Got.data(), Out, 512, cudaMemcpyDeviceToHost));
  int Lane = 0, Wrong = 0;
  for (; Lane < 32; ++Lane) {
    // Reader 1 reads row Lane's chunk 0; check its first element.
    unsigned Row = Reader == 1 ? Lane : Lane / 4 % 8;
    if (Reader == 1 && (Got[Lane * 4] & 0xffff) != Row * kCols)
      ++Wrong;
  }
  std::printf("read mode %s reader %s xor %d:%s\n", ModeName[Mode],
              Reader ? "ld.shared.v4" : "ldmatrix.x4", Xor,
              Reader == 1 ? (Wrong ? " reads other elements"
                                   : " reads the logical elements")
                          : "");
}

int main(int Argc, char **Argv) {
  const char *What = Argc > 1 ? Argv[1] : "all";
  std::vector<uint16_t> Host(kRows * kCols);
  for (int I = 0; I < kRows * kCols; ++I)
    Host[I] = static_cast<uint16_t>(I);
  uint16_t *Global, *Out16;
  uint32_t *Out32;
  CHECK(cudaMalloc(&Global, Host.size() * 2));
  CHECK(cudaMalloc(&Out16, kBoxRows * 128 * 2));
  CHECK(cudaMalloc(&Out32, 512));
  CHECK(cudaMemcpy(Global, Host.data(), Host.size() * 2,
                   cudaMemcpyHostToDevice));
  bool All = !std::strcmp(What, "all");
  if (All || !std::strcmp(What, "layout")) {
    int Wrong = layout<0>(Global, Out16) + layout<1>(Global, Out16) +
                layout<2>(Global, Out16) + layout<3>(Global, Out16);
    std::printf("layout rule wrong on %d elements\n", Wrong);
  }
  if (All || !std::strcmp(What, "measure")) {
    read<0, 0, false>(Global, Out32);
    read<0, 1, false>(Global, Out32);
    read<1, 0, false>(Global, Out32);
    read<1, 0, true>(Global, Out32);
    read<1, 1, false>(Global, Out32);
    read<1, 1, true>(Global, Out32);
    read<2, 0, false>(Global, Out32);
    read<2, 0, true>(Global, Out32);
    read<2, 1, false>(Global, Out32);
    read<2, 1, true>(Global, Out32);
    read<3, 0, false>(Global, Out32);
    read<3, 0, true>(Global, Out32);
    read<3, 1, false>(Global, Out32);
    read<3, 1, true>(Global, Out32);
  }
  return 0;
}
