// A 16x16 tile with a 16x16 block: a warp spans two rows of threads. The row
// write is conflict-free only when two rows fill the 32 banks exactly (no
// pad), the column read only with a pad: no pad serves both, so warplint says
// so and prefers the XOR swizzle, which makes both conflict-free.
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=CHECK-FIXES %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

__global__ void transpose16(float *out, const float *in, int n) {
  __shared__ float tile[16][16];
  // CHECK-FIXES: __shared__ float tile[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[(blockIdx.y * 16 + ty) * n + blockIdx.x * 16 + tx];
  // CHECK-FIXES: tile[ty][tx ^ (ty % 16)] = in[
  __syncthreads();
  out[(blockIdx.x * 16 + ty) * n + blockIdx.y * 16 + tx] = tile[tx][ty];
  // CHECK: :[[@LINE-1]]:60: warning: {{[0-9]+}}-way shared memory bank conflict on 'tile'
  // CHECK: note: swizzle the columns of 'tile': tile[r][c] becomes tile[r][c ^ (r % 16)]: every access of 'tile' becomes conflict-free (72 -> 16 wavefronts per block)
  // CHECK: note: alternatively, pad the rows of 'tile' to 18 elements (tile[16][18]): 72 -> 24 wavefronts per block; some accesses of 'tile' still conflict
  // CHECK: note: the swizzle is preferred: no pad reaches its 16 wavefronts per block
  // CHECK-FIXES: = tile[tx][ty ^ (tx % 16)];
}

void launch(float *out, const float *in, int n) {
  transpose16<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(out, in, n);
}
