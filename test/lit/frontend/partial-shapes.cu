// Launches with partly constant blocks: the constant extents are kept when
// nothing in the kernel reads the others (the rows of a warp then repeat
// the same addresses); when the kernel reads them, they stay run-time
// values beside the constant x extent (Solve/LaunchSpace.h), and a block
// whose warps that cannot describe is not analyzed, with the reason.
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
// two rows, the first of them even. The rows stay a run-time number, taken
// to be even (whole warps, as the assumed shape takes them), and the note
// says so. Lanes x and x + 16 of a warp store to the same bank: 16-way.
__global__ void tiles(float *a) {
  __shared__ float s[16][32];
  s[threadIdx.x][threadIdx.y] = a[threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 16-way shared memory bank conflict on 's' (16 wavefronts per request, ideal 1)
  // CHECK: note: consecutive lanes differ in threadIdx.x and are 128 bytes apart (32 words); since gcd(32, 32) = 32, all of them fall into the same bank; a warp spans 2 values of threadIdx.y because blockDim.x is 16
  // CHECK: note: for example lane 0 (threadIdx (0, 0, 0)) and lane 1 (threadIdx (1, 0, 0)) of warp 0 both use bank 0, at byte offsets 0 and 128 of 's'{{$}}
  // CHECK: partial-shapes.cu:[[#LAUNCH:]]:3: note: assuming block 16 x blockDim.y x 1 from the launch at {{.*}}partial-shapes.cu:{{[0-9]+}}:3 (blockDim.y is a run-time value: 'dim3(16, n)'; blockDim.y assumed a multiple of 2, so that every warp is whole)
  // Rows of 33 would still put lanes x + 1 and x + 16 of a warp on one
  // bank; 34 spreads both rows. The fix counts one warp's requests: the
  // block's size is not known.
  // CHECK: note: pad the rows of 's' to 34 elements (s[16][34]): every access of 's' becomes conflict-free (16 -> 1 wavefronts per warp)
  // CHECK: note: shared memory per block 2048 -> 2176 bytes; on sm_90 shared memory allows 32 -> 32 blocks per SM, so occupancy does not change
}

// Atomics serialize on one address: lanes x and x + 16 of a warp add to the
// same counter, which the H100 merges in one request (as for a 16x2 block).
__global__ void counts(int *hist) {
  __shared__ int h[64];
  atomicAdd(&h[threadIdx.x * 2], 1);
  // CHECK-NOT: partial-shapes.cu:[[@LINE-1]]:3: warning
  // UNKNOWN-NOT: partial-shapes.cu:[[@LINE-2]]:3: remark
  hist[threadIdx.x] = h[threadIdx.x];
}

// A row of 24 threads neither fills whole warps nor divides one: warps
// span a run-time number of rows at shifting offsets. Unknown, with the
// reason.
__global__ void oddRows(float *a) {
  __shared__ float s[32][33];
  s[threadIdx.y][threadIdx.x] = a[threadIdx.x];
  // CHECK-NOT: partial-shapes.cu:[[@LINE-1]]:3: warning
  // UNKNOWN: partial-shapes.cu:[[@LINE-2]]:3: remark: cannot analyze shared memory store of 's': the launch at {{.*}}partial-shapes.cu:{{[0-9]+}} gives blockDim.x = 24 and takes the extents the kernel also reads from run-time values ('dim3(24, n)'): warps that span a run-time number of rows are not modelled
}

// blockDim.x = 64 is kept: each warp lies in one row (threadIdx.y is one
// value per warp), the two warps of a row are both analyzed, and the note
// names the launch.
__global__ void wideTiles(float *a) {
  __shared__ float s[64][66];
  s[threadIdx.x][threadIdx.y] = a[threadIdx.x];
  // CHECK: partial-shapes.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  // CHECK: partial-shapes.cu:[[#LAUNCH+3]]:3: note: assuming block 64 x blockDim.y x 1 from the launch at {{.*}}partial-shapes.cu:[[#LAUNCH+3]]:3 (blockDim.y is a run-time value: 'dim3(64, n)')
  // CHECK: note: shared memory per block 16896 -> 17152 bytes; on sm_90 shared memory allows 13 -> 12 blocks per SM; the block's thread count is a run-time value, so occupancy falls only where it allows more than 12 blocks per SM
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
  oddRows<<<1, dim3(24, n)>>>(a);
  wideTiles<<<1, dim3(64, n)>>>(a);
}
