// Where block shapes come from, and what is said when there is none.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --block-dim=16,16 %s -- 2>&1 | FileCheck %s --check-prefix=FLAG --implicit-check-not=warning:

__global__ void launched(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // CHECK: block-shapes.cu:[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 's' (32 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 32x8x1 from the launch at
  // CHECK: note: with block 8x8x1 from the launch at {{.*}}: 8 wavefronts per request, ideal 1
  // FLAG: block-shapes.cu:[[@LINE-4]]:22: warning: 32-way
}

// warplint: block-dim(16, 16, 1)
__global__ void annotated(float *out) {
  __shared__ float s[16][16];
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // CHECK: block-shapes.cu:[[@LINE-1]]:22: warning: 8-way shared memory bank conflict on 's' (8 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 16x16x1 from the warplint: block-dim annotation at
  // FLAG: block-shapes.cu:[[@LINE-3]]:22: warning: 8-way
  // FLAG: note: assuming block 16x16x1 from --block-dim
}

__global__ void __launch_bounds__(64) bounded(float *out) {
  __shared__ float s[64][2];
  out[threadIdx.x] = s[threadIdx.x][0];
  // CHECK: block-shapes.cu:[[@LINE-1]]:22: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 64x1x1, the largest the kernel's __launch_bounds__ at {{.*}}block-shapes.cu:24:{{[0-9]+}} allows (no launch of it was found)
  // With --block-dim=16,16 the two threadIdx.y rows of a warp read the
  // same words: no conflict, no warning.
}

__global__ void unknownShape(float *out) {
  __shared__ float s[32][33];
  out[threadIdx.x] = s[threadIdx.x][0];
}

void run(float *out) {
  launched<<<1, dim3(32, 8)>>>(out);
  dim3 small(8, 8);
  launched<<<4, small>>>(out);
}
