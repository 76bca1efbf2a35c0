// The naive transpose of cuda-samples: a 32x32 tile written by rows and read
// by columns with a 32x8 block. Padding the row by one element makes every
// access conflict-free; --fix applies it once re-analysis of an in-memory copy confirms it.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2> %t.err
// RUN: FileCheck --check-prefix=CHECK-FIXES %s < %t.cu
// RUN: FileCheck --check-prefix=CHECK-APPLIED %s < %t.err
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNaive(float *odata, const float *idata, int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  // CHECK-FIXES: __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK: :[[@LINE-1]]:34: warning: 32-way shared memory bank conflict on 'tile'
  // CHECK: note: pad the rows of 'tile' to 33 elements (tile[32][33]): every access of 'tile' becomes conflict-free (1056 -> 64 wavefronts per block)
  // CHECK-NEXT: __shared__ float tile[TILE_DIM][TILE_DIM];
  // CHECK-NEXT: ^~~~~~~~
  // CHECK-NEXT: TILE_DIM + 1
  // CHECK: note: shared memory per block 4096 -> 4224 bytes; on sm_90 shared memory allows 32 -> 32 blocks per SM (the block's thread count alone allows 8), so occupancy stays at 8 blocks per SM
  // CHECK: note: alternatively, swizzle the columns of 'tile': tile[r][c] becomes tile[r][c ^ (r % 32)]: every access of 'tile' becomes conflict-free (1056 -> 64 wavefronts per block)
  // CHECK: note: the padding is preferred: it is as good as the swizzle and keeps the indices readable
  // CHECK-FIXES: odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

void launch(float *out, const float *in, int n) {
  transposeNaive<<<dim3(n / TILE_DIM, n / TILE_DIM),
                   dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, n);
}
// CHECK-APPLIED: note: '{{.*}}.cu': applied 1 edit, verified before writing: re-analysis finds 64 shared-memory wavefronts per block (was 1056)
