// A barrier in a __device__ function names the kernel and the call site it
// was analyzed through.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

__device__ void stage(float *s) {
  __syncthreads();
  // CHECK: call-context.cu:[[@LINE-1]]:3: warning: __syncthreads() is not reached by all threads of the block
  s[threadIdx.x] = 0;
}

__device__ void twice(float *s) {
  stage(s);
  // CHECK: call-context.cu:[[@LINE-1]]:3: note: in 'stage' called from 'twice' (kernel 'divergent') here
}

__global__ void divergent(float *out) {
  __shared__ float s[64];
  if (threadIdx.x < 16)
    twice(s);
  // CHECK: call-context.cu:[[@LINE-1]]:5: note: in 'twice' called from kernel 'divergent' here
  out[threadIdx.x] = s[threadIdx.x];
}

void run(float *o) { divergent<<<1, 64>>>(o); }
