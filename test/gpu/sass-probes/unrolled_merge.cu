// SASS probes for docs/hardware-model.md S9 (c'): which shared and global
// accesses of fully unrolled loop nests ptxas merges into one wider
// instruction. nvcc 13.0's PTX keeps every access of these kernels scalar
// (ld.shared.f32, ...); the merging is ptxas's. Each kernel reads or writes
// a tile through a nest of two unrolled loops: k (outer) and r (inner).
// Compiled, not run (unrolled_merge.sh):
//   nvcc -O3 -lineinfo -arch=sm_90 -cubin -o m.cubin unrolled_merge.cu
//   cuobjdump -sass m.cubin
// What each kernel compiled to is recorded in
// test/gpu/measurements/compiler-facts.txt.
#include <cuda_fp16.h>

// Pattern: 0 reads Tile[RowBase + r][k + Shift] (contiguous along the outer
// loop), 1 reads Tile[k][ColBase + r + Shift] (along the inner loop), 2
// stores Tile[RowBase + r][k + Shift], 3 reads global
// In[(RowBase + r) * K + k + Shift], 4 stores Tile[k][ColBase + r + Shift].
// Rows are S elements long.
template <typename T, typename Index, int K, int TR, int Pattern, int Shift,
          bool UnrollOuter, int S = K>
__device__ void probe(T *Out, const T *In) {
  __shared__ T Tile[128][S];
  Index Tid = threadIdx.x;
  for (Index I = Tid; I < 128 * S; I += blockDim.x)
    (&Tile[0][0])[I] = In[I];
  __syncthreads();
  T Vals[TR];
  float Acc[TR] = {0};
  Index RowBase = Tid / 16 * TR;
  Index ColBase = Tid % 2 * TR;
  // `#pragma unroll 1` keeps the loop; a count of K unrolls it whole.
  constexpr int OuterUnroll = UnrollOuter ? K : 1;
#pragma unroll OuterUnroll
  for (Index k = 0; k < K; ++k) {
#pragma unroll
    for (Index r = 0; r < TR; ++r) {
      if constexpr (Pattern == 0)
        Vals[r] = Tile[RowBase + r][k + Shift];
      else if constexpr (Pattern == 1)
        Vals[r] = Tile[k][ColBase + r + Shift];
      else if constexpr (Pattern == 2)
        Tile[RowBase + r][k + Shift] = T(float(k * r));
      else if constexpr (Pattern == 4)
        Tile[k][ColBase + r + Shift] = T(float(k * r));
      else
        Vals[r] = In[(RowBase + r) * K + k + Shift];
    }
    if constexpr (Pattern != 2 && Pattern != 4) {
#pragma unroll
      for (Index r = 0; r < TR; ++r)
        Acc[r] += float(Vals[r]) * float(k);
    }
  }
  __syncthreads();
#pragma unroll
  for (Index r = 0; r < TR; ++r)
    Out[Tid * TR + r] = T(Acc[r] + float(Tile[Tid % 128][r]));
}

#define PROBE(Name, T, Index, K, TR, Pattern, Shift, Unroll)                   \
  extern "C" __global__ void Name(T *Out, const T *In) {                       \
    probe<T, Index, K, TR, Pattern, Shift, Unroll>(Out, In);                   \
  }
#define PROBE_S(Name, T, K, TR, Pattern, Shift, S)                             \
  extern "C" __global__ void Name(T *Out, const T *In) {                       \
    probe<T, unsigned long, K, TR, Pattern, Shift, true, S>(Out, In);          \
  }

typedef unsigned long SizeT;
// The shape of leimao/CUDA-GEMM-Optimization's v04 A tile (measured LDS.128
// for float, LDS.64 for half), by element size.
PROBE(outer_f32_k16_r8, float, SizeT, 16, 8, 0, 0, true)
PROBE(outer_f16_k16_r8, __half, SizeT, 16, 8, 0, 0, true)
PROBE(outer_f64_k16_r8, double, SizeT, 16, 8, 0, 0, true)
PROBE(outer_u8_k16_r8, unsigned char, SizeT, 16, 8, 0, 0, true)
PROBE(outer_f32_k16_r8_int, float, int, 16, 8, 0, 0, true)
// Trip counts.
PROBE(outer_f32_k8_r8, float, SizeT, 8, 8, 0, 0, true)
PROBE(outer_f32_k2_r8, float, SizeT, 2, 8, 0, 0, true)
PROBE(outer_f32_k16_r1, float, SizeT, 16, 1, 0, 0, true)
PROBE(outer_f16_k32_r8, __half, SizeT, 32, 8, 0, 0, true)
PROBE(outer_f16_k16_r1, __half, SizeT, 16, 1, 0, 0, true)
// The outer loop kept (#pragma unroll 1): nothing along k to merge.
PROBE(outer_f32_k16_r8_kept, float, SizeT, 16, 8, 0, 0, false)
// Rows of 20 floats (80 bytes), read from column 0, 1 or 2; rows of 17
// floats (68 bytes); rows of 24 halves (48 bytes) from column 0 or 2.
PROBE_S(outer_f32_s20_shift0, float, 16, 8, 0, 0, 20)
PROBE_S(outer_f32_s20_shift1, float, 16, 8, 0, 1, 20)
PROBE_S(outer_f32_s20_shift2, float, 16, 8, 0, 2, 20)
PROBE_S(outer_f32_s17, float, 16, 8, 0, 0, 17)
PROBE_S(outer_f16_s24_shift0, __half, 16, 8, 0, 0, 24)
PROBE_S(outer_f16_s24_shift2, __half, 16, 8, 0, 2, 24)
PROBE_S(inner_f32_s20_shift1, float, 16, 8, 1, 1, 20)
PROBE_S(inner_f32_s20_shift2, float, 16, 8, 1, 2, 20)
// Contiguous along the inner loop (the v04 B tile, the v05 A tile).
PROBE(inner_f32_k16_r8, float, SizeT, 16, 8, 1, 0, true)
PROBE(inner_f16_k16_r8, __half, SizeT, 16, 8, 1, 0, true)
PROBE(inner_f64_k16_r8, double, SizeT, 16, 8, 1, 0, true)
PROBE(inner_u8_k16_r8, unsigned char, SizeT, 16, 8, 1, 0, true)
PROBE(inner_f32_k16_r8_kept, float, SizeT, 16, 8, 1, 0, false)
PROBE(inner_f16_k16_r8_kept, __half, SizeT, 16, 8, 1, 0, false)
PROBE(inner_f32_k16_r8_int, float, int, 16, 8, 1, 0, true)
// Stores along the outer loop.
PROBE(store_f32_k16_r8, float, SizeT, 16, 8, 2, 0, true)
PROBE(store_f16_k16_r8, __half, SizeT, 16, 8, 2, 0, true)
// Global loads along the outer loop.
PROBE(global_f32_k16_r8, float, SizeT, 16, 8, 3, 0, true)
PROBE(global_f16_k16_r8, __half, SizeT, 16, 8, 3, 0, true)
PROBE(store_inner_f32_k16_r8, float, SizeT, 16, 8, 4, 0, true)
PROBE(store_inner_f16_k16_r8, __half, SizeT, 16, 8, 4, 0, true)
PROBE(store_inner_f32_k16_r8_kept, float, SizeT, 16, 8, 4, 0, false)
// Larger nests.
PROBE(outer_f32_k64_r8, float, SizeT, 64, 8, 0, 0, true)
PROBE(outer_f32_k16_r16, float, SizeT, 16, 16, 0, 0, true)

// The same nests without any unroll pragma: rows of 16 read along k
// (outer), or rows of 128 read along r (inner).
template <bool Outer>
__device__ void noPragma(float *Out, const float *In) {
  __shared__ float Flat[128 * 16];
  unsigned long Tid = threadIdx.x;
  for (unsigned long I = Tid; I < 128 * 16; I += blockDim.x)
    Flat[I] = In[I];
  __syncthreads();
  float Vals[8];
  float Acc[8] = {0};
  unsigned long RowBase = Tid / 16 * 8, ColBase = Tid % 16 * 8;
  for (unsigned long k = 0; k < 16; ++k) {
    for (unsigned long r = 0; r < 8; ++r)
      Vals[r] = Outer ? Flat[(RowBase + r) * 16 + k] : Flat[k * 128 + ColBase + r];
    for (unsigned long r = 0; r < 8; ++r)
      Acc[r] += Vals[r] * float(k);
  }
  for (unsigned long r = 0; r < 8; ++r)
    Out[Tid * 8 + r] = Acc[r];
}
extern "C" __global__ void noPragmaOuter(float *Out, const float *In) {
  noPragma<true>(Out, In);
}
extern "C" __global__ void noPragmaInner(float *Out, const float *In) {
  noPragma<false>(Out, In);
}
