// nvcc pre-includes cuda_runtime.h, which brings in <assert.h>, <time.h>,
// <stdio.h> and <stdlib.h>: code that calls assert() in a kernel, or clock()
// and printf() in host code, without including them compiles with nvcc and
// must parse here, with a toolkit and without.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=ignored
// RUN: %exit 1 %warplint --no-cuda-toolkit %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=ignored

__global__ void interleave(float *out, int n) {
  assert(n > 0);
  __shared__ float s[64];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 2) % 64];
  // CHECK: nvcc-preincludes.cu:[[@LINE-1]]:22: warning: 2-way shared memory bank conflict on 's'
}

int main() {
  clock_t Start = clock();
  float *out;
  cudaMalloc(&out, 64 * sizeof(float));
  interleave<<<1, 64>>>(out, 64);
  printf("%ld\n", long(clock() - Start));
  return 0;
}
