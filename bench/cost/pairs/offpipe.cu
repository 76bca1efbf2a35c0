// Cost-model validation pairs (bench/cost/README.md): an uncoalesced global
// load that is not on the critical pipe. Each thread makes one strided global
// read In2[i * 32] (32 sectors per request instead of 4) in a kernel whose
// time goes elsewhere:
//
// shared_strided: shared_bound.cu's conflict32_after (a conflict-free,
// shared-bound loop: 512 shared loads per thread) plus the strided read.
// fma_strided: 4 independent chains of 1024 FFMAs per thread (4096 FFMAs,
// bound by the FMA pipe) plus the strided read.
//
// The fix reads In2[i]. The strided input is 32 times the thread count.
#include "../launch_check.h"

#include <cstdio>
#include <cstdlib>

constexpr int Reps = 16;   // passes over the shared row
constexpr int Iters = 1024; // FFMAs per chain
constexpr int SharedBlocks = 8448; // 64 blocks of 32x8 per SM on 132 SMs
constexpr int FmaBlocks = 8192;    // blocks of 256: 2^21 threads

__global__ void shared_strided_before(const float *__restrict__ In,
                                      const float *__restrict__ In2,
                                      float *__restrict__ Out) {
  volatile __shared__ float T[32][33];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = In2[(blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x) * 32];
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

__global__ void shared_strided_after(const float *__restrict__ In,
                                     const float *__restrict__ In2,
                                     float *__restrict__ Out) {
  volatile __shared__ float T[32][33];
  for (int J = 0; J < 32; J += 8)
    T[threadIdx.y + J][threadIdx.x] =
        In[blockIdx.x * 1024 + (threadIdx.y + J) * 32 + threadIdx.x];
  __syncthreads();
  float Acc = In2[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x];
  for (int R = 0; R < Reps; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += T[threadIdx.x][K];
  }
  Out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = Acc;
}

__global__ void fma_strided_before(const float *__restrict__ In2,
                                   float *__restrict__ Out) {
  int I = blockIdx.x * 256 + threadIdx.x;
  float A = In2[I * 32];
  float B = A + 1.0f, C = A + 2.0f, D = A + 3.0f;
#pragma unroll 16
  for (int K = 0; K < Iters; ++K) {
    A = fmaf(A, 0.9999f, 0.0001f);
    B = fmaf(B, 0.9998f, 0.0002f);
    C = fmaf(C, 0.9997f, 0.0003f);
    D = fmaf(D, 0.9996f, 0.0004f);
  }
  Out[I] = A + B + C + D;
}

__global__ void fma_strided_after(const float *__restrict__ In2,
                                  float *__restrict__ Out) {
  int I = blockIdx.x * 256 + threadIdx.x;
  float A = In2[I];
  float B = A + 1.0f, C = A + 2.0f, D = A + 3.0f;
#pragma unroll 16
  for (int K = 0; K < Iters; ++K) {
    A = fmaf(A, 0.9999f, 0.0001f);
    B = fmaf(B, 0.9998f, 0.0002f);
    C = fmaf(C, 0.9997f, 0.0003f);
    D = fmaf(D, 0.9996f, 0.0004f);
  }
  Out[I] = A + B + C + D;
}

int main() {
  constexpr size_t SharedThreads = size_t(SharedBlocks) * 256;
  constexpr size_t FmaThreads = size_t(FmaBlocks) * 256;
  constexpr size_t Threads = SharedThreads > FmaThreads ? SharedThreads : FmaThreads;
  float *In = nullptr, *In2 = nullptr, *Out = nullptr;
  if (cudaMalloc(&In, SharedBlocks * 1024 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&In2, Threads * 32 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&Out, Threads * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(In, 0x3f, SharedBlocks * 1024 * sizeof(float));
  cudaMemset(In2, 0x3f, Threads * 32 * sizeof(float));
  shared_strided_before<<<dim3(SharedBlocks), dim3(32, 8)>>>(In, In2, Out);
  check("shared_strided_before");
  shared_strided_after<<<dim3(SharedBlocks), dim3(32, 8)>>>(In, In2, Out);
  check("shared_strided_after");
  fma_strided_before<<<dim3(FmaBlocks), dim3(256)>>>(In2, Out);
  check("fma_strided_before");
  fma_strided_after<<<dim3(FmaBlocks), dim3(256)>>>(In2, Out);
  check("fma_strided_after");
  cudaFree(In);
  cudaFree(In2);
  cudaFree(Out);
  return 0;
}
