// Launches with partly constant blocks: the constant extents are kept when
// nothing in the kernel reads the others (the rows of a warp then repeat
// the same addresses); otherwise the launch is skipped with a remark and
// the generic shape stays, with a note at the launch that says why.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

// 16 lanes 4 words apart: a 2-way conflict, not the 8-way one a 32-wide
// block would give.
__global__ void rows(float *a) {
  __shared__ float s[32 * 4];
  s[threadIdx.x * 4] = a[blockIdx.y * 64 + threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 16x1x1 from the launch at {{.*}}partial-shapes.cu:{{[0-9]+}}:3 (its y extent is not a constant; the kernel reads no threadIdx or blockDim in it)
}

// threadIdx.y is read: the non-constant extent matters.
__global__ void tiles(float *a) {
  __shared__ float s[16][32];
  s[threadIdx.x][threadIdx.y] = a[threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 32-way shared memory bank conflict on 's'
  // CHECK: partial-shapes.cu:[[#TILES:]]:3: note: blockDim.x assumed a multiple of 32: the launch at {{.*}}partial-shapes.cu:{{[0-9]+}}:3 gives its block as 'dim3(16, n)', not a compile-time constant
}

// Atomics serialize on one address: the rows of a warp are not repeats.
__global__ void counts(int *hist) {
  __shared__ int h[64];
  atomicAdd(&h[threadIdx.x * 2], 1);
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 'h'
  // CHECK: partial-shapes.cu:[[#TILES+1]]:3: note: blockDim.x assumed a multiple of 32: the launch at {{.*}}partial-shapes.cu:[[#TILES+1]]:3 gives its block as 'dim3(16, n)', not a compile-time constant
  hist[threadIdx.x] = h[threadIdx.x];
}

// No launch anywhere: the note says so.
__global__ void orphan(float *a) {
  __shared__ float s[64];
  s[threadIdx.x * 2] = a[threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  // CHECK: note: no launch found: blockDim.x assumed a multiple of 32
}

void run(float *a, int *hist, int n) {
  rows<<<dim3(4, n), dim3(16, n)>>>(a);
  tiles<<<1, dim3(16, n)>>>(a);
  counts<<<1, dim3(16, n)>>>(hist);
}
