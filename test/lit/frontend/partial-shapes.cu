// Launches with partly constant blocks: the constant extents are kept when
// nothing in the kernel reads the others (the rows of a warp then repeat
// the same addresses); otherwise the launch is skipped with a remark and
// the generic shape stays, with a note at the launch that says why.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --show-unknown %s -- 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// 16 lanes 4 words apart: a 2-way conflict, not the 8-way one a 32-wide
// block would give.
__global__ void rows(float *a) {
  __shared__ float s[32 * 4];
  s[threadIdx.x * 4] = a[blockIdx.y * 64 + threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 16x1x1 from the launch at {{.*}}partial-shapes.cu:{{[0-9]+}}:3 (its y extent is not a constant; the kernel reads no threadIdx or blockDim in it)
}

// threadIdx.y is read and the launch fixes blockDim.x = 16: a warp spans
// two rows of a run-time number. The assumed shape (blockDim.x a multiple
// of 32) would contradict the launch, so nothing is claimed: unknown, with
// the reason.
__global__ void tiles(float *a) {
  __shared__ float s[16][32];
  s[threadIdx.x][threadIdx.y] = a[threadIdx.x];
  // CHECK-NOT: partial-shapes.cu:[[@LINE-1]]:3: warning
  // UNKNOWN: partial-shapes.cu:[[@LINE-2]]:3: remark: cannot analyze shared memory store of 's': the launch at {{.*}}partial-shapes.cu:[[#LAUNCH:]] gives blockDim.x = 16 and takes the extents the kernel also reads from run-time values ('dim3(16, n)'): warps that span a run-time number of rows are not modelled
}

// Atomics serialize on one address: the rows of a warp are not repeats, so
// the same holds.
__global__ void counts(int *hist) {
  __shared__ int h[64];
  atomicAdd(&h[threadIdx.x * 2], 1);
  // CHECK-NOT: partial-shapes.cu:[[@LINE-1]]:3: warning
  // UNKNOWN: partial-shapes.cu:[[@LINE-2]]:3: remark: cannot analyze shared memory atomic of 'h': the launch at {{.*}}partial-shapes.cu:[[#LAUNCH+1]] gives blockDim.x = 16
  hist[threadIdx.x] = h[threadIdx.x];
}

// blockDim.x = 64 is one of the shapes the assumed one stands for: the
// finding holds for every block 64 wide, and its note names the launch.
__global__ void wideTiles(float *a) {
  __shared__ float s[64][66];
  s[threadIdx.x][threadIdx.y] = a[threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  // CHECK: partial-shapes.cu:{{[0-9]+}}:3: note: blockDim.x assumed a multiple of 32: the launch at {{.*}}partial-shapes.cu:{{[0-9]+}}:3 gives its block as 'dim3(64, n)', not a compile-time constant
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
  wideTiles<<<1, dim3(64, n)>>>(a);
}
