// nvcc hands host code to gcc, which finds omp.h in its private include
// folder; warplint searches that folder last, so an OpenMP host program
// parses and its kernels are analyzed.
// REQUIRES: gcc-omp
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=error:

#include <omp.h>

__global__ void column(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  // CHECK: host-compiler-headers.cu:[[@LINE-1]]:3: warning: 32-way shared memory bank conflict on 'tile'
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      column<<<1, dim3(32, 32)>>>(out, in);
  }
  return 0;
}
