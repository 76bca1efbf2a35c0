// Microbenchmarks for the H100's rules of the tensor-core-era memory
// instructions (warplint issue 40, item 3): LDSM/STSM (ldmatrix/stmatrix),
// LDGSTS (cp.async), LDS.128/STS.128 and the WMMA fragment layouts.
//
// Self-contained: nvcc -O3 -lineinfo -std=c++17 -arch=sm_90, no libraries.
// Every measured memory instruction is inline PTX (asm volatile) on its own
// source line, inside a template kernel instantiated once per question
// (instruction variant x address pattern) and launched once with 1 block of
// 32 threads (one warp, so requests = 1 per executed line). One kernel per
// launch also isolates the kernel-level counters (run.sh collects some).
//
//   ./tc measure ldsm|stsm|ldgsts|v4|wmma   measurement kernels (profiled)
//   ./tc maps                                WMMA lane -> element tables
//   ./tc                                     everything
//
// The host checks every ldmatrix/stmatrix/cp.async/v4 result against the PTX
// semantics for the addresses it gave, so the addresses measured are the
// addresses used. Results: README.md in this folder.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
#include <string>
#include <utility>
#include <vector>

using namespace nvcuda;

#define CHECK(Call)                                                            \
  do {                                                                         \
    cudaError_t Err = (Call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,       \
                   cudaGetErrorString(Err));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static void launched(const std::string &Name) {
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::printf("ran %s\n", Name.c_str());
}

constexpr int kWords = 2048;             // 8 KiB of shared memory per kernel
constexpr size_t kInWords = 1 << 20;     // 4 MiB of random input
constexpr size_t kOutWords = 1 << 16;

__device__ __forceinline__ unsigned smem(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

// Copies N words of In into S: consecutive lanes, consecutive words
// (conflict-free STS.32, one load and one store line).
__device__ __forceinline__ void fill(uint32_t *S, const uint32_t *In, int N) {
  for (int I = threadIdx.x; I < N; I += blockDim.x) {
    uint32_t V = In[I];
    S[I] = V;
  }
  __syncthreads();
}

// Copies N words of S to Out (conflict-free LDS.32).
__device__ __forceinline__ void copyOut(const uint32_t *S, uint32_t *Out, int N) {
  for (int I = threadIdx.x; I < N; I += blockDim.x) {
    uint32_t V = S[I];
    Out[I] = V;
  }
}

// ---------------------------------------------------------------------------
// ldmatrix / stmatrix: the byte offset of the row that lane L addresses.
// Lanes 8i..8i+7 give the 8 rows of matrix i (.x1 uses lanes 0-7, .x2 0-15).
// ROWxx: the usual 16x16 tile of a row-major array with a row stride of xx
// bytes: lane L -> row L%16, 16-byte chunk L/16.
enum RowPat {
  CONTIG,  // L*16: the 4 matrices back to back (conflict-free)
  ROW128,  // 64-half rows, unswizzled: expect 8-way
  ROW64,
  ROW32,
  ROW256,
  SWZ128,  // 128-byte rows, chunk ^ (row % 8)
  PAD144,  // 64-half rows padded by 8 halves (16 bytes)
  SAME,    // every matrix reads the same 8 rows (L%8)*16
  HALFDUP, // matrix i: 4 distinct rows, each given by 2 lanes, at i*64
  MIXED,   // even matrices 8 rows 128 B apart (8-way), odd ones contiguous
  kRowPats
};
static const char *RowPatName[] = {"contig16", "row128", "row64", "row32", "row256",
                                   "swz128", "pad144", "same8", "halfdup", "mixed"};

__host__ __device__ constexpr unsigned rowOffset(int P, unsigned L) {
  return P == CONTIG    ? L * 16
         : P == ROW128  ? (L % 16) * 128 + (L / 16) * 16
         : P == ROW64   ? (L % 16) * 64 + (L / 16) * 16
         : P == ROW32   ? (L % 16) * 32 + (L / 16) * 16
         : P == ROW256  ? (L % 16) * 256 + (L / 16) * 16
         : P == SWZ128  ? (L % 16) * 128 + (((L / 16) ^ (L % 8)) * 16)
         : P == PAD144  ? (L % 16) * 144 + (L / 16) * 16
         : P == SAME    ? (L % 8) * 16
         : P == HALFDUP ? (L / 8) * 64 + ((L % 8) / 2) * 16
                        : (L / 8) * 1024 + ((L / 8) % 2 == 0 ? (L % 8) * 128 : (L % 8) * 16);
}

template <int X, bool Trans, int P>
__global__ void ldsmK(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out) {
  __shared__ __align__(1024) uint32_t S[kWords];
  fill(S, In, kWords);
  unsigned A = smem(S) + rowOffset(P, threadIdx.x);
  uint32_t R0 = 0, R1 = 0, R2 = 0, R3 = 0;
  if constexpr (X == 1 && !Trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(R0) : "r"(A));
  if constexpr (X == 2 && !Trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(R0), "=r"(R1) : "r"(A));
  if constexpr (X == 4 && !Trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(A));
  if constexpr (X == 1 && Trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(R0) : "r"(A));
  if constexpr (X == 2 && Trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(R0), "=r"(R1) : "r"(A));
  if constexpr (X == 4 && Trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(A));
  reinterpret_cast<uint4 *>(Out)[threadIdx.x] = make_uint4(R0, R1, R2, R3);
}

// Salt: where in In a kernel's stmatrix registers come from, so that every
// kernel writes different data (shared memory is not cleared in between).
template <int X, bool Trans, int P> __host__ __device__ constexpr unsigned stsmSalt() {
  return 4096u * (1 + P + kRowPats * ((X / 2) + 3 * (Trans ? 1 : 0)));
}

template <int X, bool Trans, int P>
__global__ void stsmK(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out) {
  __shared__ __align__(1024) uint32_t S[kWords];
  uint4 V = reinterpret_cast<const uint4 *>(In + stsmSalt<X, Trans, P>())[threadIdx.x];
  unsigned A = smem(S) + rowOffset(P, threadIdx.x);
  if constexpr (X == 1 && !Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" : : "r"(A), "r"(V.x) : "memory");
  if constexpr (X == 2 && !Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" : : "r"(A), "r"(V.x), "r"(V.y) : "memory");
  if constexpr (X == 4 && !Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" : : "r"(A), "r"(V.x), "r"(V.y), "r"(V.z), "r"(V.w) : "memory");
  if constexpr (X == 1 && Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" : : "r"(A), "r"(V.x) : "memory");
  if constexpr (X == 2 && Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" : : "r"(A), "r"(V.x), "r"(V.y) : "memory");
  if constexpr (X == 4 && Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" : : "r"(A), "r"(V.x), "r"(V.y), "r"(V.z), "r"(V.w) : "memory");
  __syncthreads();
  copyOut(S, Out, kWords);
}

// ---------------------------------------------------------------------------
// cp.async (LDGSTS): global source pattern x shared destination pattern.
enum SrcPat { SCOAL, SSTRIDE2, SSTRIDE128, SMISAL, SBCAST, kSrcPats };
static const char *SrcPatName[] = {"coalesced", "stride2el", "stride128B", "misaligned1el", "broadcast"};
enum DstPat { DCONTIG, DSTRIDE2, DROW128, DSWZ, DPAD144, DSWZROW, kDstPats };
static const char *DstPatName[] = {"contig", "stride2el", "row128B", "swz", "pad144", "swzrow"};

__host__ __device__ constexpr unsigned srcOffset(int P, unsigned Size, unsigned L) {
  return P == SCOAL        ? L * Size
         : P == SSTRIDE2   ? 2 * L * Size
         : P == SSTRIDE128 ? L * 128
         : P == SMISAL     ? Size + L * Size
                           : 0;
}
// DSWZ: lane L's own 128-byte row, element L % (128/Size): conflict-free
// under the STS rules (for 16 bytes the XOR swizzle of chunk 0 of row L).
// DSWZROW (16 bytes): 8 lanes per 128-byte row, chunk (L%8) ^ (row%8).
__host__ __device__ constexpr unsigned dstOffset(int P, unsigned Size, unsigned L) {
  return P == DCONTIG    ? L * Size
         : P == DSTRIDE2 ? 2 * L * Size
         : P == DROW128  ? L * 128
         : P == DSWZ     ? L * 128 + (L % (128 / Size)) * Size
         : P == DPAD144  ? L * 144
                         : (L / 8) * 128 + (((L % 8) ^ ((L / 8) % 8)) * 16);
}

// In words; below 1M words (the input) for every variant.
template <int Size, bool Cg, int Src, int Dst> __host__ __device__ constexpr unsigned ldgstsSalt() {
  constexpr unsigned Variant = Size == 4 ? 0 : Size == 8 ? 1 : Cg ? 3 : 2;
  return 8192u * (1 + Src + kSrcPats * Dst + kSrcPats * kDstPats * Variant);
}

template <int Size, bool Cg, int Src, int Dst>
__global__ void ldgstsK(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out) {
  __shared__ __align__(1024) uint32_t S[kWords];
  const char *G = reinterpret_cast<const char *>(In) + 4 * ldgstsSalt<Size, Cg, Src, Dst>() +
                  srcOffset(Src, Size, threadIdx.x);
  size_t GA = __cvta_generic_to_global(G);
  unsigned A = smem(S) + dstOffset(Dst, Size, threadIdx.x);
  if constexpr (Size == 4)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" : : "r"(A), "l"(GA) : "memory");
  if constexpr (Size == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" : : "r"(A), "l"(GA) : "memory");
  if constexpr (Size == 16 && !Cg)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" : : "r"(A), "l"(GA) : "memory");
  if constexpr (Size == 16 && Cg)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(A), "l"(GA) : "memory");
  asm volatile("cp.async.commit_group;" : : : "memory");
  asm volatile("cp.async.wait_group 0;" : : : "memory");
  __syncthreads();
  copyOut(S, Out, kWords);
}

// ---------------------------------------------------------------------------
// ld.shared.v4 / st.shared.v4 (LDS.128 / STS.128): lane L -> 16-byte chunk.
enum V4Pat { V1, V2, V8, VQ, VM8, kV4Pats };
static const char *V4PatName[] = {"stride16B", "stride32B", "stride128B", "quarter-same-group", "mod8"};
__host__ __device__ constexpr unsigned v4Chunk(int P, unsigned L) {
  return P == V1 ? L : P == V2 ? 2 * L : P == V8 ? 8 * L : P == VQ ? (L % 8) * 8 + L / 8 : L % 8;
}

template <int P>
__global__ void ldsV4K(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out) {
  __shared__ __align__(1024) uint32_t S[kWords];
  fill(S, In, kWords);
  unsigned A = smem(S) + 16 * v4Chunk(P, threadIdx.x);
  uint32_t R0, R1, R2, R3;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(A));
  reinterpret_cast<uint4 *>(Out)[threadIdx.x] = make_uint4(R0, R1, R2, R3);
}

template <int P>
__global__ void stsV4K(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out) {
  __shared__ __align__(1024) uint32_t S[kWords];
  uint4 V = reinterpret_cast<const uint4 *>(In + 4096u * (1 + P))[threadIdx.x];
  unsigned A = smem(S) + 16 * v4Chunk(P, threadIdx.x);
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" : : "r"(A), "r"(V.x), "r"(V.y), "r"(V.z), "r"(V.w) : "memory");
  __syncthreads();
  copyOut(S, Out, kWords);
}

// ---------------------------------------------------------------------------
// WMMA load/store from shared memory: one load_matrix_sync or
// store_matrix_sync per kernel; the fragment goes to Out.
__device__ __forceinline__ uint32_t bitsOf(__half V) { return __half_as_ushort(V); }
__device__ __forceinline__ uint32_t bitsOf(__nv_bfloat16 V) { return __bfloat16_as_ushort(V); }
__device__ __forceinline__ uint32_t bitsOf(float V) { return static_cast<uint32_t>(V); }
__device__ __forceinline__ uint32_t bitsOf(double V) { return static_cast<uint32_t>(V); }
__device__ __forceinline__ uint32_t bitsOf(int V) { return static_cast<uint32_t>(V); }
__device__ __forceinline__ uint32_t bitsOf(unsigned V) { return V; }
__device__ __forceinline__ uint32_t bitsOf(signed char V) { return static_cast<unsigned char>(V); }
__device__ __forceinline__ uint32_t bitsOf(unsigned char V) { return V; }

template <class T> __device__ __forceinline__ T fromBits(uint32_t V);
template <> __device__ __forceinline__ __half fromBits<__half>(uint32_t V) { return __ushort_as_half(static_cast<unsigned short>(V)); }
template <> __device__ __forceinline__ float fromBits<float>(uint32_t V) { return static_cast<float>(V); }
template <> __device__ __forceinline__ double fromBits<double>(uint32_t V) { return static_cast<double>(V); }
template <> __device__ __forceinline__ int fromBits<int>(uint32_t V) { return static_cast<int>(V); }

template <class F> __device__ __forceinline__ void emit(const F &Frag, uint32_t *Out) {
  for (int I = 0; I < F::num_storage_elements; ++I)
    Out[threadIdx.x * F::num_storage_elements + I] = bitsOf(Frag.x[I]);
}

enum WmmaKind {
  HA_ROW, HA_COL, HB_ROW, HB_COL, // half m16n16k16 A/B
  BA_ROW, BB_COL,                 // bf16 m16n16k16
  TA_ROW, TB_COL,                 // tf32 m16n16k8
  CF_LOAD_ROW, CF_STORE_ROW, CF_STORE_COL, // float accumulator 16x16
  CH_LOAD_ROW, CH_STORE_ROW,      // half accumulator 16x16
  kWmmaKinds
};
static const char *WmmaKindName[] = {"half_A_row", "half_A_col", "half_B_row", "half_B_col",
                                     "bf16_A_row", "bf16_B_col", "tf32_A_row", "tf32_B_col",
                                     "f32acc_load_row", "f32acc_store_row", "f32acc_store_col",
                                     "f16acc_load_row", "f16acc_store_row"};

template <int Kind, int Ldm>
__global__ void wmmaK(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out) {
  __shared__ __align__(1024) uint32_t S[kWords];
  const __half *SH = reinterpret_cast<const __half *>(S);
  const __nv_bfloat16 *SB = reinterpret_cast<const __nv_bfloat16 *>(S);
  const float *SF = reinterpret_cast<const float *>(S);
  if constexpr (Kind != CF_STORE_ROW && Kind != CF_STORE_COL && Kind != CH_STORE_ROW)
    fill(S, In, kWords);
  if constexpr (Kind == HA_ROW) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> F;
    wmma::load_matrix_sync(F, SH, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == HA_COL) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::col_major> F;
    wmma::load_matrix_sync(F, SH, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == HB_ROW) {
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> F;
    wmma::load_matrix_sync(F, SH, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == HB_COL) {
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> F;
    wmma::load_matrix_sync(F, SH, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == BA_ROW) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> F;
    wmma::load_matrix_sync(F, SB, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == BB_COL) {
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> F;
    wmma::load_matrix_sync(F, SB, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == TA_ROW) {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> F;
    wmma::load_matrix_sync(F, SF, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == TB_COL) {
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> F;
    wmma::load_matrix_sync(F, SF, Ldm);
    emit(F, Out);
  } else if constexpr (Kind == CF_LOAD_ROW) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> F;
    wmma::load_matrix_sync(F, SF, Ldm, wmma::mem_row_major);
    emit(F, Out);
  } else if constexpr (Kind == CH_LOAD_ROW) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, __half> F;
    wmma::load_matrix_sync(F, SH, Ldm, wmma::mem_row_major);
    emit(F, Out);
  } else if constexpr (Kind == CF_STORE_ROW || Kind == CF_STORE_COL) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> F;
    for (int I = 0; I < F.num_storage_elements; ++I)
      F.x[I] = float(In[threadIdx.x * 8 + I] & 0xffff);
    wmma::store_matrix_sync(reinterpret_cast<float *>(S), F, Ldm, Kind == CF_STORE_ROW ? wmma::mem_row_major : wmma::mem_col_major);
    __syncthreads();
    copyOut(S, Out, kWords);
  } else if constexpr (Kind == CH_STORE_ROW) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, __half> F;
    for (int I = 0; I < F.num_storage_elements; ++I)
      F.x[I] = __ushort_as_half(static_cast<unsigned short>(In[threadIdx.x * 8 + I] & 0x3fff));
    wmma::store_matrix_sync(reinterpret_cast<__half *>(S), F, Ldm, wmma::mem_row_major);
    __syncthreads();
    copyOut(S, Out, kWords);
  }
}

// ---------------------------------------------------------------------------
// WMMA lane maps: memory elements encode their own index (+1), possibly in
// several passes of the element's bit width; each lane writes its fragment's
// raw storage to Out.
constexpr int kMapBytes = 4096;

template <class Frag, class MemT, int Lay> // Lay 0: layout in the type; 1 row; 2 col
__global__ void mapLoadK(const uint32_t *__restrict__ In, uint32_t *__restrict__ Out, unsigned Ldm, int Words) {
  __shared__ __align__(1024) uint32_t S[kMapBytes / 4];
  fill(S, In, Words);
  Frag F;
  const MemT *P = static_cast<const MemT *>(static_cast<const void *>(S));
  if constexpr (Lay == 0)
    wmma::load_matrix_sync(F, P, Ldm);
  else
    wmma::load_matrix_sync(F, P, Ldm, Lay == 1 ? wmma::mem_row_major : wmma::mem_col_major);
  using St = typename Frag::storage_element_type;
  St *O = reinterpret_cast<St *>(Out);
  for (int I = 0; I < Frag::num_storage_elements; ++I)
    O[threadIdx.x * Frag::num_storage_elements + I] = F.x[I];
}

template <class Frag, class MemT, int Lay>
__global__ void mapStoreK(uint32_t *__restrict__ Out, unsigned Ldm, int Words) {
  __shared__ __align__(1024) uint32_t S[kMapBytes / 4];
  for (int I = threadIdx.x; I < Words; I += blockDim.x)
    S[I] = 0;
  __syncthreads();
  Frag F;
  for (int I = 0; I < Frag::num_storage_elements; ++I)
    F.x[I] = fromBits<MemT>(threadIdx.x * Frag::num_storage_elements + I + 1);
  wmma::store_matrix_sync(reinterpret_cast<MemT *>(S), F, Ldm, Lay == 1 ? wmma::mem_row_major : wmma::mem_col_major);
  __syncthreads();
  copyOut(S, Out, Words);
}

// ===========================================================================
// Host side.
static uint32_t *DIn, *DOut;
static std::vector<uint32_t> HIn;
static int Failures = 0;

static uint16_t half16(const uint32_t *W, unsigned ByteOff) {
  uint16_t V;
  std::memcpy(&V, reinterpret_cast<const unsigned char *>(W) + ByteOff, 2);
  return V;
}
static std::vector<uint32_t> fetch(size_t Words) {
  std::vector<uint32_t> H(Words);
  CHECK(cudaMemcpy(H.data(), DOut, Words * 4, cudaMemcpyDeviceToHost));
  return H;
}
static void verdict(const std::string &Name, int Bad, int Checked) {
  std::printf("check %s: %s (%d values checked, %d wrong)\n", Name.c_str(),
              Bad ? "MISMATCH" : "ok", Checked, Bad);
  Failures += Bad != 0;
}

// The halves of lane T's register I as the PTX semantics place them:
// non-trans: word (T%4) of the row that lane 8I + T/4 addressed;
// trans: half h of row (lane 8I + 2(T%4) + h) at column T/4.
template <int P> static void expectedHalves(unsigned T, unsigned I, bool Trans, unsigned Off[2]) {
  for (unsigned H = 0; H < 2; ++H)
    Off[H] = Trans ? rowOffset(P, 8 * I + 2 * (T % 4) + H) + 2 * (T / 4)
                   : rowOffset(P, 8 * I + T / 4) + 4 * (T % 4) + 2 * H;
}

template <int X, bool Trans, int P> static void runLdsm() {
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  ldsmK<X, Trans, P><<<1, 32>>>(DIn, DOut);
  std::string Name = std::string("ldsm.x") + std::to_string(X) + (Trans ? ".trans " : " ") + RowPatName[P];
  launched(Name);
  auto O = fetch(128);
  int Bad = 0, N = 0;
  for (unsigned T = 0; T < 32; ++T)
    for (unsigned I = 0; I < X; ++I) {
      unsigned Off[2];
      expectedHalves<P>(T, I, Trans, Off);
      uint32_t Want = half16(HIn.data(), Off[0]) | uint32_t(half16(HIn.data(), Off[1])) << 16;
      Bad += O[T * 4 + I] != Want;
      ++N;
    }
  verdict(Name, Bad, N);
}

template <int X, bool Trans, int P> static void runStsm() {
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  stsmK<X, Trans, P><<<1, 32>>>(DIn, DOut);
  std::string Name = std::string("stsm.x") + std::to_string(X) + (Trans ? ".trans " : " ") + RowPatName[P];
  launched(Name);
  auto O = fetch(kWords);
  const uint32_t *V = HIn.data() + stsmSalt<X, Trans, P>();
  int Bad = 0, N = 0;
  for (unsigned T = 0; T < 32; ++T)
    for (unsigned I = 0; I < X; ++I) {
      unsigned Off[2];
      expectedHalves<P>(T, I, Trans, Off);
      uint32_t Reg = V[T * 4 + I];
      Bad += half16(O.data(), Off[0]) != (Reg & 0xffff);
      Bad += half16(O.data(), Off[1]) != (Reg >> 16);
      N += 2;
    }
  verdict(Name, Bad, N);
}

template <int Size, bool Cg, int Src, int Dst> static void runLdgsts() {
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  ldgstsK<Size, Cg, Src, Dst><<<1, 32>>>(DIn, DOut);
  std::string Name = std::string("ldgsts.") + (Cg ? "cg" : "ca") + std::to_string(Size) + " src=" +
                     SrcPatName[Src] + " dst=" + DstPatName[Dst];
  launched(Name);
  auto O = fetch(kWords);
  const unsigned char *G = reinterpret_cast<const unsigned char *>(HIn.data() + ldgstsSalt<Size, Cg, Src, Dst>());
  const unsigned char *Sh = reinterpret_cast<const unsigned char *>(O.data());
  int Bad = 0;
  for (unsigned L = 0; L < 32; ++L)
    Bad += std::memcmp(Sh + dstOffset(Dst, Size, L), G + srcOffset(Src, Size, L), Size) != 0;
  verdict(Name, Bad, 32);
}

template <int P> static void runV4() {
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  ldsV4K<P><<<1, 32>>>(DIn, DOut);
  std::string Name = std::string("lds.v4 ") + V4PatName[P];
  launched(Name);
  auto O = fetch(128);
  int Bad = 0;
  for (unsigned L = 0; L < 32; ++L)
    Bad += std::memcmp(&O[4 * L], &HIn[4 * v4Chunk(P, L)], 16) != 0;
  verdict(Name, Bad, 32);
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  stsV4K<P><<<1, 32>>>(DIn, DOut);
  Name = std::string("sts.v4 ") + V4PatName[P];
  launched(Name);
  O = fetch(kWords);
  Bad = 0;
  if (P != VM8) // several lanes store to one chunk: the winner is unspecified
    for (unsigned L = 0; L < 32; ++L)
      Bad += std::memcmp(&O[4 * v4Chunk(P, L)], &HIn[4096u * (1 + P) + 4 * L], 16) != 0;
  verdict(Name, Bad, P != VM8 ? 32 : 0);
}

template <int Kind, int Ldm> static void runWmma() {
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  wmmaK<Kind, Ldm><<<1, 32>>>(DIn, DOut);
  launched(std::string("wmma ") + WmmaKindName[Kind] + " ldm=" + std::to_string(Ldm));
}

// --- maps --------------------------------------------------------------------
enum Codec { RAW1, RAW4, RAW8, RAW16, I32, F32, F64 };
static int codecBits(Codec C) {
  return C == RAW1 ? 1 : C == RAW4 ? 4 : C == RAW8 ? 8 : C == RAW16 ? 16 : C == F64 ? 64 : 32;
}
// Puts value V into memory element E of the byte buffer B.
static void encode(std::vector<unsigned char> &B, Codec C, size_t E, uint32_t V) {
  int Bits = codecBits(C);
  if (Bits < 8) {
    size_t Bit = E * Bits;
    unsigned Mask = (1u << Bits) - 1;
    B[Bit / 8] = (unsigned char)((B[Bit / 8] & ~(Mask << (Bit % 8))) | ((V & Mask) << (Bit % 8)));
  } else if (C == RAW8) {
    B[E] = (unsigned char)V;
  } else if (C == RAW16) {
    uint16_t H = (uint16_t)V;
    std::memcpy(&B[2 * E], &H, 2);
  } else if (C == I32) {
    int32_t I = (int32_t)V;
    std::memcpy(&B[4 * E], &I, 4);
  } else if (C == F32) {
    float F = (float)V;
    std::memcpy(&B[4 * E], &F, 4);
  } else {
    double D = (double)V;
    std::memcpy(&B[8 * E], &D, 8);
  }
}
// Reads element E of a fragment's or a buffer's raw storage.
static uint32_t decode(const std::vector<unsigned char> &B, Codec C, size_t E) {
  int Bits = codecBits(C);
  if (Bits < 8) {
    size_t Bit = E * Bits;
    return (B[Bit / 8] >> (Bit % 8)) & ((1u << Bits) - 1);
  }
  if (C == RAW8)
    return B[E];
  if (C == RAW16) {
    uint16_t H;
    std::memcpy(&H, &B[2 * E], 2);
    return H;
  }
  if (C == I32) {
    int32_t I;
    std::memcpy(&I, &B[4 * E], 4);
    return (uint32_t)I;
  }
  if (C == F32) {
    float F;
    std::memcpy(&F, &B[4 * E], 4);
    return (uint32_t)F;
  }
  double D;
  std::memcpy(&D, &B[8 * E], 8);
  return (uint32_t)D;
}

// Smallest leading dimension >= Natural that is a multiple of 16 bytes (the
// wmma requirement for ldm).
static int leading(int Natural, int Bits) {
  int Step = 128 / Bits;
  return (Natural + Step - 1) / Step * Step;
}

// (row, col) of a logical index: R * Cols + C (row-major memory) or
// C * Rows + R (column-major memory); "-" for no element.
static std::string rc(long Index, int Rows, int Cols, bool ColMem) {
  if (Index < 0)
    return "-";
  if (Index >= long(Rows) * Cols)
    return "?" + std::to_string(Index);
  long R = ColMem ? Index % Rows : Index / Cols, C = ColMem ? Index / Rows : Index % Cols;
  return std::to_string(R) + "," + std::to_string(C);
}

// Loads an encoded Rows x Cols matrix (ColMem: column-major in memory) into
// Frag and prints, per lane, the (row, col) of each fragment element.
template <class Frag, class MemT, int Lay>
static void mapLoad(const char *Name, int Rows, int Cols, bool ColMem, Codec C) {
  int Bits = codecBits(C);
  int Ldm = leading(ColMem ? Rows : Cols, Bits);
  size_t N = size_t(Rows) * Cols, Bytes = size_t(ColMem ? Cols : Rows) * Ldm * Bits / 8;
  size_t Words = (Bytes + 3) / 4;
  int Need = 1;
  while ((1ul << Need) <= N)
    ++Need;
  int Passes = Bits >= 16 ? 1 : (Need + Bits - 1) / Bits;
  const int NS = Frag::num_storage_elements;
  int StBits = 8 * int(sizeof(typename Frag::storage_element_type));
  int NE = NS * StBits / (Bits > StBits ? StBits : Bits); // fragment elements per lane
  if (Bits >= 8)
    NE = NS;
  std::vector<uint32_t> Value(32 * NE, 0);
  for (int Pass = 0; Pass < Passes; ++Pass) {
    std::vector<unsigned char> B(Words * 4, 0);
    for (int R = 0; R < Rows; ++R)
      for (int Co = 0; Co < Cols; ++Co) { // element (R, Co) holds its index in R x Cols + 1
        size_t E = ColMem ? size_t(Co) * Ldm + R : size_t(R) * Ldm + Co;
        uint32_t V = uint32_t(ColMem ? Co * Rows + R : R * Cols + Co) + 1;
        encode(B, C, E, Passes == 1 ? V : V >> (Pass * Bits));
      }
    CHECK(cudaMemcpy(DIn, B.data(), B.size(), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(DOut, 0, kOutWords * 4));
    mapLoadK<Frag, MemT, Lay><<<1, 32>>>(DIn, DOut, Ldm, int(Words));
    launched(std::string("map ") + Name + " pass " + std::to_string(Pass));
    std::vector<unsigned char> O(32 * NS * sizeof(typename Frag::storage_element_type));
    CHECK(cudaMemcpy(O.data(), DOut, O.size(), cudaMemcpyDeviceToHost));
    for (int I = 0; I < 32 * NE; ++I)
      Value[I] |= Passes == 1 ? decode(O, C, I) : decode(O, C, I) << (Pass * Bits);
  }
  std::vector<int> Seen(N, 0);
  std::printf("MAP %s rows=%d cols=%d mem=%s ldm=%d elements_per_lane=%d\n", Name, Rows, Cols,
              ColMem ? "col" : "row", Ldm, NE);
  for (int L = 0; L < 32; ++L) {
    std::printf("MAP %s lane %2d:", Name, L);
    for (int I = 0; I < NE; ++I) {
      long Index = long(Value[L * NE + I]) - 1;
      if (Index >= 0 && size_t(Index) < N)
        ++Seen[Index];
      std::printf(" %s", rc(Index, Rows, Cols, ColMem).c_str());
    }
    std::printf("\n");
  }
  int Min = 1 << 30, Max = 0;
  for (int S : Seen)
    Min = S < Min ? S : Min, Max = S > Max ? S : Max;
  std::printf("MAP %s copies per element: min %d max %d\n", Name, Min, Max);
}

// Stores lane L element I = L*NS + I + 1 and prints, per lane, where each
// element went (row, col), from the buffer.
template <class Frag, class MemT, int Lay>
static void mapStore(const char *Name, int Rows, int Cols, Codec C) {
  bool ColMem = Lay == 2;
  int Ldm = leading(ColMem ? Rows : Cols, codecBits(C));
  size_t Bytes = size_t(ColMem ? Cols : Rows) * Ldm * codecBits(C) / 8;
  size_t Words = (Bytes + 3) / 4;
  const int NS = Frag::num_storage_elements;
  CHECK(cudaMemset(DOut, 0, kOutWords * 4));
  mapStoreK<Frag, MemT, Lay><<<1, 32>>>(DOut, Ldm, int(Words));
  launched(std::string("smap ") + Name);
  std::vector<unsigned char> O(Words * 4);
  CHECK(cudaMemcpy(O.data(), DOut, O.size(), cudaMemcpyDeviceToHost));
  std::vector<long> Where(32 * NS, -1);
  for (int R = 0; R < Rows; ++R)
    for (int Co = 0; Co < Cols; ++Co) {
      uint32_t V = decode(O, C, ColMem ? size_t(Co) * Ldm + R : size_t(R) * Ldm + Co);
      if (V >= 1 && V <= uint32_t(32 * NS))
        Where[V - 1] = ColMem ? long(Co) * Rows + R : long(R) * Cols + Co;
    }
  std::printf("SMAP %s rows=%d cols=%d mem=%s ldm=%d elements_per_lane=%d\n", Name, Rows, Cols,
              ColMem ? "col" : "row", Ldm, NS);
  for (int L = 0; L < 32; ++L) {
    std::printf("SMAP %s lane %2d:", Name, L);
    for (int I = 0; I < NS; ++I)
      std::printf(" %s", rc(Where[L * NS + I], Rows, Cols, ColMem).c_str());
    std::printf("\n");
  }
}

template <int M, int N, int K, class T, class MemT, Codec C> static void mapsAB(const char *Type) {
  using namespace wmma;
  std::string S = std::string(Type) + "_m" + std::to_string(M) + "n" + std::to_string(N) + "k" + std::to_string(K);
  mapLoad<fragment<matrix_a, M, N, K, T, row_major>, MemT, 0>((S + "_A_row").c_str(), M, K, false, C);
  mapLoad<fragment<matrix_a, M, N, K, T, col_major>, MemT, 0>((S + "_A_col").c_str(), M, K, true, C);
  mapLoad<fragment<matrix_b, M, N, K, T, row_major>, MemT, 0>((S + "_B_row").c_str(), K, N, false, C);
  mapLoad<fragment<matrix_b, M, N, K, T, col_major>, MemT, 0>((S + "_B_col").c_str(), K, N, true, C);
}

template <int M, int N, int K, class T, Codec C> static void mapsAcc(const char *Type) {
  using namespace wmma;
  using F = fragment<accumulator, M, N, K, T>;
  std::string S = std::string(Type) + "acc_m" + std::to_string(M) + "n" + std::to_string(N) + "k" + std::to_string(K);
  mapLoad<F, T, 1>((S + "_load_row").c_str(), M, N, false, C);
  mapLoad<F, T, 2>((S + "_load_col").c_str(), M, N, true, C);
  mapStore<F, T, 1>((S + "_store_row").c_str(), M, N, C);
  mapStore<F, T, 2>((S + "_store_col").c_str(), M, N, C);
}

static void runMaps() {
  using namespace wmma;
  mapsAB<16, 16, 16, __half, __half, RAW16>("f16");
  mapsAB<32, 8, 16, __half, __half, RAW16>("f16");
  mapsAB<8, 32, 16, __half, __half, RAW16>("f16");
  mapsAB<16, 16, 16, __nv_bfloat16, __nv_bfloat16, RAW16>("bf16");
  mapsAB<32, 8, 16, __nv_bfloat16, __nv_bfloat16, RAW16>("bf16");
  mapsAB<8, 32, 16, __nv_bfloat16, __nv_bfloat16, RAW16>("bf16");
  mapsAB<16, 16, 16, signed char, signed char, RAW8>("s8");
  mapsAB<32, 8, 16, signed char, signed char, RAW8>("s8");
  mapsAB<8, 32, 16, signed char, signed char, RAW8>("s8");
  mapsAB<16, 16, 16, unsigned char, unsigned char, RAW8>("u8");
  mapsAB<16, 16, 8, precision::tf32, float, F32>("tf32");
  mapsAB<8, 8, 4, double, double, F64>("f64");
  // Sub-byte (experimental): only A row-major and B col-major exist.
  mapLoad<fragment<matrix_a, 8, 8, 32, experimental::precision::u4, row_major>, void, 0>("u4_m8n8k32_A_row", 8, 32, false, RAW4);
  mapLoad<fragment<matrix_b, 8, 8, 32, experimental::precision::u4, col_major>, void, 0>("u4_m8n8k32_B_col", 32, 8, true, RAW4);
  mapLoad<fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major>, void, 0>("b1_m8n8k128_A_row", 8, 128, false, RAW1);
  mapLoad<fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major>, void, 0>("b1_m8n8k128_B_col", 128, 8, true, RAW1);
  mapsAcc<16, 16, 16, float, F32>("f32");
  mapsAcc<32, 8, 16, float, F32>("f32");
  mapsAcc<8, 32, 16, float, F32>("f32");
  mapsAcc<16, 16, 8, float, F32>("f32");
  mapsAcc<16, 16, 16, __half, RAW16>("f16");
  mapsAcc<32, 8, 16, __half, RAW16>("f16");
  mapsAcc<8, 32, 16, __half, RAW16>("f16");
  mapsAcc<16, 16, 16, int, I32>("s32");
  mapsAcc<32, 8, 16, int, I32>("s32");
  mapsAcc<8, 32, 16, int, I32>("s32");
  mapsAcc<8, 8, 32, int, I32>("s32");
  mapsAcc<8, 8, 4, double, F64>("f64");
}

// --- measurement groups --------------------------------------------------------
template <int X, bool Trans, int... P> static void ldsmAll(std::integer_sequence<int, P...>) {
  (runLdsm<X, Trans, P>(), ...);
}
template <int X, bool Trans> static void stsmAll() {
  runStsm<X, Trans, CONTIG>();
  runStsm<X, Trans, ROW128>();
  runStsm<X, Trans, ROW64>();
  runStsm<X, Trans, ROW32>();
  runStsm<X, Trans, ROW256>();
  runStsm<X, Trans, SWZ128>();
  runStsm<X, Trans, PAD144>();
  runStsm<X, Trans, MIXED>();
}
template <int Size, bool Cg> static void ldgstsAll() {
  runLdgsts<Size, Cg, SCOAL, DCONTIG>();
  runLdgsts<Size, Cg, SSTRIDE2, DCONTIG>();
  runLdgsts<Size, Cg, SSTRIDE128, DCONTIG>();
  runLdgsts<Size, Cg, SMISAL, DCONTIG>();
  runLdgsts<Size, Cg, SBCAST, DCONTIG>();
  runLdgsts<Size, Cg, SCOAL, DSTRIDE2>();
  runLdgsts<Size, Cg, SCOAL, DROW128>();
  runLdgsts<Size, Cg, SCOAL, DSWZ>();
  runLdgsts<Size, Cg, SCOAL, DPAD144>();
  if constexpr (Size == 16)
    runLdgsts<Size, Cg, SCOAL, DSWZROW>();
}

int main(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "all";
  std::string Group = Argc > 2 ? Argv[2] : "all";
  cudaDeviceProp Prop;
  CHECK(cudaGetDeviceProperties(&Prop, 0));
  std::printf("device %s sm_%d%d\n", Prop.name, Prop.major, Prop.minor);
  HIn.resize(kInWords);
  uint32_t X = 12345u;
  for (auto &W : HIn) { // LCG, never zero
    X = X * 1664525u + 1013904223u;
    W = X | 0x00010001u;
  }
  CHECK(cudaMalloc(&DIn, kInWords * 4));
  CHECK(cudaMalloc(&DOut, kOutWords * 4));
  CHECK(cudaMemcpy(DIn, HIn.data(), kInWords * 4, cudaMemcpyHostToDevice));
  auto Want = [&](const char *G) { return (Mode == "all" || Mode == "measure") && (Group == "all" || Group == G); };
  if (Want("ldsm")) {
    using Pats = std::make_integer_sequence<int, kRowPats>;
    ldsmAll<1, false>(Pats{});
    ldsmAll<2, false>(Pats{});
    ldsmAll<4, false>(Pats{});
    ldsmAll<1, true>(Pats{});
    ldsmAll<2, true>(Pats{});
    ldsmAll<4, true>(Pats{});
  }
  if (Want("stsm")) {
    stsmAll<1, false>();
    stsmAll<2, false>();
    stsmAll<4, false>();
    stsmAll<1, true>();
    stsmAll<2, true>();
    stsmAll<4, true>();
  }
  if (Want("ldgsts")) {
    ldgstsAll<4, false>();
    ldgstsAll<8, false>();
    ldgstsAll<16, false>();
    ldgstsAll<16, true>();
  }
  if (Want("v4")) {
    runV4<V1>();
    runV4<V2>();
    runV4<V8>();
    runV4<VQ>();
    runV4<VM8>();
  }
  if (Want("wmma")) {
    runWmma<HA_ROW, 16>(); runWmma<HA_ROW, 24>(); runWmma<HA_ROW, 64>();
    runWmma<HA_COL, 16>(); runWmma<HA_COL, 24>(); runWmma<HA_COL, 64>();
    runWmma<HB_ROW, 16>(); runWmma<HB_ROW, 24>(); runWmma<HB_ROW, 64>();
    runWmma<HB_COL, 16>(); runWmma<HB_COL, 24>(); runWmma<HB_COL, 64>();
    runWmma<BA_ROW, 16>(); runWmma<BA_ROW, 24>();
    runWmma<BB_COL, 16>(); runWmma<BB_COL, 24>();
    runWmma<TA_ROW, 8>(); runWmma<TA_ROW, 12>();
    runWmma<TB_COL, 8>(); runWmma<TB_COL, 12>();
    runWmma<CF_LOAD_ROW, 16>(); runWmma<CF_LOAD_ROW, 20>();
    runWmma<CF_STORE_ROW, 16>(); runWmma<CF_STORE_ROW, 20>();
    runWmma<CF_STORE_COL, 16>(); runWmma<CF_STORE_COL, 20>();
    runWmma<CH_LOAD_ROW, 16>(); runWmma<CH_LOAD_ROW, 24>();
    runWmma<CH_STORE_ROW, 16>(); runWmma<CH_STORE_ROW, 24>();
  }
  if (Mode == "all" || Mode == "maps")
    runMaps();
  CHECK(cudaFree(DIn));
  CHECK(cudaFree(DOut));
  std::printf("done: %d check(s) failed\n", Failures);
  return Failures ? 2 : 0;
}
