// Cost-model validation pair (bench/cost/README.md): the same 32-way shared
// conflict as shared_bound.cu's conflict32 (a column of a float[32][32] tile,
// lanes differing in the row) in a kernel bound by DRAM bandwidth.
//
// Each block (32x8 threads) fills a 32x32 tile from a 4 KiB table (the same
// table for every block: it stays in L2), reads one element of the tile per
// thread (one conflicted warp-wide load: 32 wavefronts per warp), and scales
// PerThread = 8 floats of a 128 MiB stream by it (64 bytes of DRAM traffic
// per thread against one shared wavefront per thread). The fix pads the rows
// to 33 floats; the stream should hide the conflict either way.
#include "../launch_check.h"

#include <cstdio>
#include <cstdlib>

constexpr int Threads = 256;
constexpr int PerThread = 8;
constexpr int Blocks = 16384; // 2^25 floats = 128 MiB in, 128 MiB out

__global__ void lookup32_before(const float *__restrict__ Tab,
                                const float *__restrict__ In,
                                float *__restrict__ Out) {
  __shared__ float T[32][32];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] = Tab[(threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float S = T[threadIdx.x][threadIdx.y];
  int Base = blockIdx.x * (Threads * PerThread) + threadIdx.y * 32 + threadIdx.x;
  for (int K = 0; K < PerThread; ++K)
    Out[Base + K * Threads] = In[Base + K * Threads] * S;
}

__global__ void lookup32_after(const float *__restrict__ Tab,
                               const float *__restrict__ In,
                               float *__restrict__ Out) {
  __shared__ float T[32][33];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] = Tab[(threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float S = T[threadIdx.x][threadIdx.y];
  int Base = blockIdx.x * (Threads * PerThread) + threadIdx.y * 32 + threadIdx.x;
  for (int K = 0; K < PerThread; ++K)
    Out[Base + K * Threads] = In[Base + K * Threads] * S;
}

int main() {
  constexpr size_t Elems = size_t(Blocks) * Threads * PerThread;
  float *Tab = nullptr, *In = nullptr, *Out = nullptr;
  if (cudaMalloc(&Tab, 1024 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&In, Elems * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&Out, Elems * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(Tab, 0x3f, 1024 * sizeof(float));
  cudaMemset(In, 0x3f, Elems * sizeof(float));
  lookup32_before<<<dim3(Blocks), dim3(32, 8)>>>(Tab, In, Out);
  check("lookup32_before");
  lookup32_after<<<dim3(Blocks), dim3(32, 8)>>>(Tab, In, Out);
  check("lookup32_after");
  cudaFree(Tab);
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
