// SASS probes and a measurement for docs/hardware-model.md S9 (h): whether
// nvcc unrolls a loop of run-time trip count whose step is blockDim.x when
// the body only accumulates in a register (a row reduction: max, sum, dot)
// rather than storing. runtime_unroll.cu found stores with that step not
// unrolled; llm.c-style softmax rows (`for (i = tid; i < C; i += bs) m =
// fmaxf(m, x[i]);`) measured more than 5 sectors per 128-byte request at
// 64 threads, which only lanes in different iterations can give.
//
// Compiled (the SASS):
//   nvcc -O3 -lineinfo -arch=sm_90 -cubin -o r.cubin reduction_unroll.cu
//   cuobjdump -sass r.cubin
// Run under ncu (the rows kernels' loads, one launch per block size):
//   nvcc -O3 -lineinfo -arch=sm_90 -o r reduction_unroll.cu
//   ncu --clock-control none --metrics
//     l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,
//     l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum --csv ./r
// What each kernel compiled to, and the measurements, are recorded in
// test/gpu/measurements/compiler-facts.txt.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

extern "C" __global__ void rowMaxBlockDim(const float *In, float *Out, int C) {
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (int I = threadIdx.x; I < C; I += blockDim.x)
    M = fmaxf(M, X[I]); // LINE_RMAX
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void rowMaxLocalStep(const float *In, float *Out,
                                           int C) {
  int Step = blockDim.x;
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (int I = threadIdx.x; I < C; I += Step)
    M = fmaxf(M, X[I]); // LINE_RMAXL
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void rowSumBlockDim(const float *In, float *Out, int C) {
  const float *X = In + blockIdx.x * C;
  float S = 0;
  for (int I = threadIdx.x; I < C; I += blockDim.x)
    S += X[I]; // LINE_RSUM
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

extern "C" __global__ void rowDotBlockDim(const float *A, const float *B,
                                          float *Out, int C) {
  float S = 0;
  for (int I = threadIdx.x; I < C; I += blockDim.x)
    S += A[blockIdx.x * C + I] * B[I]; // LINE_RDOT
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

extern "C" __global__ void rowSumGridStride(const float *In, float *Out,
                                            int N) {
  float S = 0;
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x)
    S += In[I]; // LINE_RGRID
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

extern "C" __global__ void rowScanStore(const float *In, float *Out, int C) {
  float S = 0;
  for (int I = threadIdx.x; I < C; I += blockDim.x) {
    S += In[blockIdx.x * C + I];
    Out[blockIdx.x * C + I] = S; // LINE_RSCAN
  }
}

extern "C" __global__ void rowExpStore(const float *In, float *Out, float M,
                                       int C) {
  for (int I = threadIdx.x; I < C; I += blockDim.x)
    Out[blockIdx.x * C + I] = expf(In[blockIdx.x * C + I] - M); // LINE_REXP
}

extern "C" __global__ void rowSumStep32(const float *In, float *Out, int C) {
  float S = 0;
  for (int I = threadIdx.x % 32; I < C; I += 32)
    S += In[blockIdx.x * C + I]; // LINE_R32
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

// Which of the step's spellings decides: its signedness or a local.
extern "C" __global__ void rowMaxIntCast(const float *In, float *Out, int C) {
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (int I = threadIdx.x; I < C; I += (int)blockDim.x)
    M = fmaxf(M, X[I]); // LINE_RCAST
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void rowMaxUnsignedLocal(const float *In, float *Out,
                                               int C) {
  unsigned Step = blockDim.x;
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (int I = threadIdx.x; I < C; I += Step)
    M = fmaxf(M, X[I]); // LINE_RULOCAL
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void rowMaxUnsignedIndex(const float *In, float *Out,
                                               int C) {
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (unsigned I = threadIdx.x; I < unsigned(C); I += blockDim.x)
    M = fmaxf(M, X[I]); // LINE_RUINDEX
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void rowMaxParamStep(const float *In, float *Out, int C,
                                           int Step) {
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (int I = threadIdx.x; I < C; I += Step)
    M = fmaxf(M, X[I]); // LINE_RPARAM
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void fillLocalStep(float *Out, int N) {
  int Step = blockDim.x;
  for (int I = threadIdx.x; I < N; I += Step)
    Out[I] = 3.0f; // LINE_FLOCAL
}

extern "C" __global__ void fillUnsignedProduct(float *Out, int N) {
  for (int I = threadIdx.x; I < N; I += blockDim.x * blockDim.y)
    Out[I] = 3.0f; // LINE_FPROD
}

extern "C" __global__ void rowMaxUnsignedConst(const float *In, float *Out,
                                               int C) {
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (unsigned I = threadIdx.x; I < unsigned(C); I += 32u)
    M = fmaxf(M, X[I]); // LINE_RUCONST
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void rowMaxIntPlusUnsignedConst(const float *In,
                                                      float *Out, int C) {
  const float *X = In + blockIdx.x * C;
  float M = -1e30f;
  for (int I = threadIdx.x; I < C; I += 32u)
    M = fmaxf(M, X[I]); // LINE_RIUCONST
  Out[blockIdx.x * blockDim.x + threadIdx.x] = M;
}

extern "C" __global__ void gridStrideIntCast(const float *In, float *Out,
                                             int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += int(blockDim.x * gridDim.x))
    Out[I] = In[I] * 2.0f; // LINE_GCAST
}

// One warp per row, stepping by a tile's size (an unsigned long long, so
// `int i; i += warp.size()` adds in 64-bit unsigned), with a small and an
// online-softmax body; and the same loops with `+= 32` and `+= 32u`.
#define WARP_ROW_KERNEL(Name, StepExpr, Online)                                \
  extern "C" __global__ void Name(const float *In, float *Out, int N, int C) { \
    cg::thread_block Block = cg::this_thread_block();                          \
    cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);           \
    int Row = blockIdx.x * Warp.meta_group_size() + Warp.meta_group_rank();    \
    if (Row >= N)                                                              \
      return;                                                                  \
    const float *X = In + Row * C;                                             \
    float M = -1e30f, S = 0;                                                   \
    for (int I = Warp.thread_rank(); I < C; I += StepExpr) {                   \
      float V = X[I]; /* LINE_WARPROW */                                       \
      float NM = fmaxf(M, V);                                                  \
      if (Online)                                                              \
        S = S * expf(M - NM) + expf(V - NM);                                   \
      M = NM;                                                                  \
    }                                                                          \
    Out[Row * 32 + Warp.thread_rank()] = M + S;                                \
  }
WARP_ROW_KERNEL(warpRowSizeMax, Warp.size(), false)
WARP_ROW_KERNEL(warpRowSizeOnline, Warp.size(), true)
WARP_ROW_KERNEL(warpRowSignedMax, 32, false)
WARP_ROW_KERNEL(warpRowSignedOnline, 32, true)
WARP_ROW_KERNEL(warpRowUnsignedMax, 32u, false)
WARP_ROW_KERNEL(warpRowUnsignedOnline, 32u, true)

// A block stride of 64 with 64 threads: lanes 0-16 of warp 0 run one
// iteration more than lanes 17-31, so an unrolling that puts them at
// different iterations in one load reads two runs of the row (as
// rowMaxLocalStep measured); one that keeps them together reads one.
#define BLOCK_ROW_KERNEL(Name, Type, StepExpr)                                 \
  extern "C" __global__ void Name(const float *In, float *Out, int C) {        \
    const float *X = In + blockIdx.x * C;                                      \
    float M = -1e30f;                                                          \
    for (Type I = threadIdx.x; I < Type(C); I += StepExpr)                     \
      M = fmaxf(M, X[I]); /* LINE_BLOCKROW */                                  \
    Out[blockIdx.x * blockDim.x + threadIdx.x] = M;                            \
  }
BLOCK_ROW_KERNEL(blockRowSigned64, int, 64)
BLOCK_ROW_KERNEL(blockRowIntPlus64u, int, 64u)
BLOCK_ROW_KERNEL(blockRowUnsigned64u, unsigned, 64u)
BLOCK_ROW_KERNEL(blockRowIntPlus64ull, int, 64ull)

int main() {
  const int Rows = 1024, C = 50257;
  float *In, *B, *Out;
  cudaMalloc(&In, sizeof(float) * size_t(Rows) * C);
  cudaMalloc(&B, sizeof(float) * C);
  cudaMalloc(&Out, sizeof(float) * size_t(Rows) * C);
  cudaMemset(In, 0, sizeof(float) * size_t(Rows) * C);
  cudaMemset(B, 0, sizeof(float) * C);
  const int Blocks[] = {32, 64, 128, 256};
  for (int Threads : Blocks) {
    rowMaxBlockDim<<<Rows, Threads>>>(In, Out, C);
    rowMaxLocalStep<<<Rows, Threads>>>(In, Out, C);
    rowSumBlockDim<<<Rows, Threads>>>(In, Out, C);
  }
  rowDotBlockDim<<<Rows, 64>>>(In, B, Out, C);
  rowSumGridStride<<<Rows, 64>>>(In, Out, Rows * C);
  rowScanStore<<<Rows, 64>>>(In, Out, C);
  rowExpStore<<<Rows, 64>>>(In, Out, 0.5f, C);
  rowSumStep32<<<Rows, 64>>>(In, Out, C);
  rowMaxIntCast<<<Rows, 64>>>(In, Out, C);
  rowMaxUnsignedLocal<<<Rows, 64>>>(In, Out, C);
  rowMaxUnsignedIndex<<<Rows, 64>>>(In, Out, C);
  rowMaxParamStep<<<Rows, 64>>>(In, Out, C, 64);
  warpRowSizeMax<<<Rows / 2, 64>>>(In, Out, Rows, C);
  warpRowSizeOnline<<<Rows / 2, 64>>>(In, Out, Rows, C);
  warpRowSignedMax<<<Rows / 2, 64>>>(In, Out, Rows, C);
  warpRowSignedOnline<<<Rows / 2, 64>>>(In, Out, Rows, C);
  warpRowUnsignedMax<<<Rows / 2, 64>>>(In, Out, Rows, C);
  warpRowUnsignedOnline<<<Rows / 2, 64>>>(In, Out, Rows, C);
  blockRowSigned64<<<Rows, 64>>>(In, Out, C);
  blockRowIntPlus64u<<<Rows, 64>>>(In, Out, C);
  blockRowUnsigned64u<<<Rows, 64>>>(In, Out, C);
  blockRowIntPlus64ull<<<Rows, 64>>>(In, Out, C);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
