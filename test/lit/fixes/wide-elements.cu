// Tiles of 8- and 16-byte elements: the pad is searched in elements and
// verified with the hardware's rules for wide accesses (half- and
// quarter-warp phases).
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=CHECK-FIXES %s < %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %t.cu -- | FileCheck --check-prefix=CHECK-AFTER --implicit-check-not=warning: %s

__global__ void transposeDouble(double *out, const double *in, int n) {
  __shared__ double tile[32][32];
  // CHECK-FIXES: __shared__ double tile[32][33];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[ty + j][tx] = in[(blockIdx.y * 32 + ty + j) * n + blockIdx.x * 32 + tx];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(blockIdx.x * 32 + ty + j) * n + blockIdx.y * 32 + tx] = tile[tx][ty + j];
  // CHECK: :[[@LINE-1]]:66: warning: {{.*}}bank conflict on 'tile'
  // CHECK: note: pad the rows of 'tile' to 33 elements (tile[32][33]): every access of 'tile' becomes conflict-free
}

__global__ void columnsFloat4(float4 *out, const float4 *in) {
  __shared__ float4 quad[32][8];
  // CHECK-FIXES: __shared__ float4 quad[32][9];
  int tx = threadIdx.x;
  for (int c = 0; c < 8; ++c)
    quad[tx][c] = in[tx * 8 + c];
  __syncthreads();
  out[tx] = quad[tx][tx % 8];
  // CHECK: :[[@LINE-3]]:5: warning: {{.*}}bank conflict on 'quad'
  // CHECK: note: pad the rows of 'quad' to 9 elements (quad[32][9]): 260 -> 40 wavefronts per block; some accesses of 'quad' still conflict
  // CHECK: note: the padding is preferred: it needs fewer wavefronts than any swizzle
  // CHECK: note: no pad makes every access of 'quad' conflict-free; per access:
  // CHECK: .cu:[[@LINE-7]]:5: note: this access needs 32 wavefronts per request now, 4 after the fix
  // CHECK: .cu:[[@LINE-6]]:13: note: this access needs 4 wavefronts per request now, 8 after the fix
  // The read of one float4 per row now conflicts: what the trade-off said.
  // CHECK-AFTER: warning: 2-way shared memory bank conflict on 'quad' (8 wavefronts per request, ideal 4)
}

void launch(double *o, const double *i, float4 *o4, const float4 *i4, int n) {
  transposeDouble<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(o, i, n);
  columnsFloat4<<<1, 32>>>(o4, i4);
}
