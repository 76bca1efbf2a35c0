// No layout makes every access conflict-free: the stride-2 write conflicts
// inside one row, which neither padding nor a row swizzle changes. warplint
// says so and shows each access before and after the best pad.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s

__global__ void tradeoff(float *out) {
  __shared__ float t[32][64];
  t[threadIdx.y][threadIdx.x * 2] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 't'
  // CHECK: note: pad the rows of 't' to 65 elements (t[32][65]): 1088 -> 96 wavefronts per block; some accesses of 't' still conflict
  // CHECK: note: alternatively, swizzle the columns of 't': t[r][c] becomes t[r][c ^ (r % 64)]: 1088 -> 96 wavefronts per block; some accesses of 't' still conflict
  // CHECK: note: no pad makes every access of 't' conflict-free; per access:
  // CHECK: tradeoff.cu:8:3: note: this access needs 2 wavefronts per request now, 2 after the fix
  // CHECK: tradeoff.cu:10:22: note: this access needs 32 wavefronts per request now, 1 after the fix
}

void launch(float *out) { tradeoff<<<1, dim3(32, 32)>>>(out); }
