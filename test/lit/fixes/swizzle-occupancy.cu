// A tall tile whose padding would cost an SM one resident block: 248 rows of
// 33 floats no longer fit 7 times into sm_90's shared memory. The XOR swizzle
// is as conflict-free and needs no memory, so it is preferred; the padding
// stays as an alternative with the occupancy warning.
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=CHECK-FIXES %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

__global__ void tall(float *out, const float *in) {
  __shared__ float big[248][32];
  // CHECK-FIXES: __shared__ float big[248][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = 0; j < 248; j += 8)
    big[ty + j][tx] = in[(ty + j) * 32 + tx];
  // CHECK-FIXES: big[ty + j][tx ^ ((ty + j) % 32)] = in[(ty + j) * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] = big[tx][ty];
  // CHECK: :[[@LINE-1]]:23: warning: 32-way shared memory bank conflict on 'big'
  // CHECK: note: swizzle the columns of 'big': big[r][c] becomes big[r][c ^ (r % 32)]: every access of 'big' becomes conflict-free
  // CHECK: note: shared memory per block stays at 31744 bytes, so occupancy does not change (7 blocks per SM on sm_90)
  // CHECK: note: alternatively, pad the rows of 'big' to 33 elements (big[248][33]): every access of 'big' becomes conflict-free
  // CHECK: note: shared memory per block 31744 -> 32736 bytes; this lowers occupancy on sm_90 from 7 to 6 blocks per SM: shared memory allows 7 -> 6 blocks per SM (the block's thread count alone allows 8)
  // CHECK: note: the swizzle is preferred: it reaches the same or fewer wavefronts without the padding's loss of occupancy
  // CHECK-FIXES: out[ty * 32 + tx] = big[tx][ty ^ (tx % 32)];
}

void launch(float *out, const float *in) { tall<<<1, dim3(32, 8)>>>(out, in); }
