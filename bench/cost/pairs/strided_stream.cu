// Cost-model validation pairs (bench/cost/README.md): an uncoalesced global
// load on the critical pipe. A DRAM-bound stream Out[i] = In[i * Stride]
// (block 256, PerThread = 4 elements per thread, 2^25 elements = 128 MiB
// written) against the coalesced Out[i] = In[i].
//
// Stride 2: 8 sectors per request instead of 4, every sector still touched
// (half of each used): twice the L2 sectors and twice the DRAM bytes read.
// Stride 32: one 32-byte sector per lane, 32 sectors per request instead of
// 4 (8x the L2 sectors; the DRAM bytes read depend on the DRAM access
// granularity). The stride-32 input is 4 GiB.
// stride32 also runs on 132 blocks (one per SM, 135,168 elements), where
// the launch is dominated by latency rather than by a pipe.
#include "../launch_check.h"

#include <cstdio>
#include <cstdlib>

constexpr int Threads = 256;
constexpr int PerThread = 4;
constexpr int Blocks = 32768; // 2^25 elements
constexpr int Full = 132;     // one block per SM

__global__ void stride2_before(const float *__restrict__ In,
                               float *__restrict__ Out) {
  int I = blockIdx.x * (Threads * PerThread) + threadIdx.x;
  for (int K = 0; K < PerThread; ++K)
    Out[I + K * Threads] = In[(I + K * Threads) * 2];
}

__global__ void stride2_after(const float *__restrict__ In,
                              float *__restrict__ Out) {
  int I = blockIdx.x * (Threads * PerThread) + threadIdx.x;
  for (int K = 0; K < PerThread; ++K)
    Out[I + K * Threads] = In[I + K * Threads];
}

__global__ void stride32_before(const float *__restrict__ In,
                                float *__restrict__ Out) {
  int I = blockIdx.x * (Threads * PerThread) + threadIdx.x;
  for (int K = 0; K < PerThread; ++K)
    Out[I + K * Threads] = In[(I + K * Threads) * 32];
}

__global__ void stride32_after(const float *__restrict__ In,
                               float *__restrict__ Out) {
  int I = blockIdx.x * (Threads * PerThread) + threadIdx.x;
  for (int K = 0; K < PerThread; ++K)
    Out[I + K * Threads] = In[I + K * Threads];
}

int main() {
  constexpr size_t Elems = size_t(Blocks) * Threads * PerThread;
  float *In = nullptr, *Out = nullptr;
  if (cudaMalloc(&In, Elems * 32 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&Out, Elems * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(In, 0x3f, Elems * 32 * sizeof(float));
  stride2_before<<<dim3(Blocks), dim3(Threads)>>>(In, Out);
  check("stride2_before");
  stride2_after<<<dim3(Blocks), dim3(Threads)>>>(In, Out);
  check("stride2_after");
  stride32_before<<<dim3(Blocks), dim3(Threads)>>>(In, Out);
  check("stride32_before");
  stride32_after<<<dim3(Blocks), dim3(Threads)>>>(In, Out);
  check("stride32_after");
  stride32_before<<<dim3(Full), dim3(Threads)>>>(In, Out);
  check("stride32_before");
  stride32_after<<<dim3(Full), dim3(Threads)>>>(In, Out);
  check("stride32_after");
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
