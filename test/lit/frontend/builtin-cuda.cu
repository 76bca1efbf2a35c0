// Without a CUDA toolkit warplint parses with its own device declarations;
// both paths give the same answer.
// RUN: %exit 1 %warplint --no-cuda-toolkit %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --cuda-path=%t-no-such-toolkit --no-cuda-toolkit %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <cuda_runtime.h>

template <int Stride>
__global__ void __launch_bounds__(256) strided(float4 *out, int *counter) {
  __shared__ float s[256 * Stride];
  s[threadIdx.x * Stride] = __shfl_sync(0xffffffffu, 1.0f, 0);
  // CHECK: builtin-cuda.cu:[[@LINE-1]]:3: warning: 4-way shared memory bank conflict on 's' (4 wavefronts per request, ideal 1) [warplint-bank-conflict]
  __syncthreads();
  atomicAdd(counter, 1);
  out[threadIdx.x] = make_float4(s[threadIdx.x], 0.f, 0.f, 0.f);
}

int main() {
  float4 *out;
  int *counter;
  cudaMalloc(&out, 256 * sizeof(float4));
  cudaMalloc(&counter, sizeof(int));
  strided<4><<<1, 256>>>(out, counter);
  cudaDeviceSynchronize();
  return 0;
}
