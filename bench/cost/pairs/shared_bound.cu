// Cost-model validation pairs (bench/cost/README.md): kernels bound by the
// shared-memory pipe. Each block (32x8 threads) loads one 32x32 float tile
// (4 KiB, coalesced) into shared memory, then every thread reads its whole
// row of the tile Reps times and writes one float: per block 4 KiB in, 1 KiB
// out, and 8 warps * 32 * Reps = 4096 warp-wide shared loads. The tile is
// volatile so that nvcc emits every load as its own LDS with an immediate
// offset (no LDS.128 merge, no reuse across the Reps loop): one LDS and one
// FADD per load, so the shared pipe is the bottleneck.
//
// Lanes differ in threadIdx.x, which selects the row. Rows of 32 floats put
// all 32 lanes in one bank (32-way conflict); rows of 40 floats (40 = 8 mod
// 32) give an 8-way conflict, rows of 34 floats (34 = 2 mod 32) a 2-way one;
// rows of 33 floats (the padding fix) are conflict-free. The *_after kernels
// differ from their *_before kernels only in the row length.
#include "../launch_check.h"

#include <cstdio>
#include <cstdlib>

constexpr int Reps = 16;  // passes over the row
constexpr int Big = 8448; // 64 blocks per SM on a 132-SM H100
constexpr int Full = 132; // one block per SM

// 32-way conflict: rows of 32 floats.
__global__ void conflict32_before(const float *In, float *Out) {
  volatile __shared__ float T[32][32];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

__global__ void conflict32_after(const float *In, float *Out) {
  volatile __shared__ float T[32][33];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

// 8-way conflict: rows of 40 floats.
__global__ void conflict8_before(const float *In, float *Out) {
  volatile __shared__ float T[32][40];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

__global__ void conflict8_after(const float *In, float *Out) {
  volatile __shared__ float T[32][41];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

// 2-way conflict: rows of 34 floats.
__global__ void conflict2_before(const float *In, float *Out) {
  volatile __shared__ float T[32][34];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

__global__ void conflict2_after(const float *In, float *Out) {
  volatile __shared__ float T[32][35];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = 0;
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

int main() {
  float *In = nullptr, *Out = nullptr;
  if (cudaMalloc(&In, Big * 1024 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&Out, Big * 256 * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(In, 0x3f, Big * 1024 * sizeof(float)); // 0.747f everywhere
  // The same 32-way pair at three grid sizes.
  conflict32_before<<<dim3(1), dim3(32, 8)>>>(In, Out);
  check("conflict32_before");
  conflict32_after<<<dim3(1), dim3(32, 8)>>>(In, Out);
  check("conflict32_after");
  conflict32_before<<<dim3(Full), dim3(32, 8)>>>(In, Out);
  check("conflict32_before");
  conflict32_after<<<dim3(Full), dim3(32, 8)>>>(In, Out);
  check("conflict32_after");
  conflict32_before<<<dim3(Big), dim3(32, 8)>>>(In, Out);
  check("conflict32_before");
  conflict32_after<<<dim3(Big), dim3(32, 8)>>>(In, Out);
  check("conflict32_after");
  // 8-way and 2-way, full size.
  conflict8_before<<<dim3(Big), dim3(32, 8)>>>(In, Out);
  check("conflict8_before");
  conflict8_after<<<dim3(Big), dim3(32, 8)>>>(In, Out);
  check("conflict8_after");
  conflict2_before<<<dim3(Big), dim3(32, 8)>>>(In, Out);
  check("conflict2_before");
  conflict2_after<<<dim3(Big), dim3(32, 8)>>>(In, Out);
  check("conflict2_after");
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
