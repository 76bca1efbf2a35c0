// A 3-D array: padding the innermost extent changes both outer strides; the
// solver verifies every access under the padded layout.
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=CHECK-FIXES %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

__global__ void cube(float *out, const float *in) {
  __shared__ float vol[4][32][32];
  // CHECK-FIXES: __shared__ float vol[4][32][33];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int z = 0; z < 4; ++z)
    vol[z][ty][tx] = in[(z * 32 + ty) * 32 + tx];
  __syncthreads();
  for (int z = 0; z < 4; ++z)
    out[(z * 32 + ty) * 32 + tx] = vol[z][tx][ty];
  // CHECK: :[[@LINE-1]]:36: warning: 32-way shared memory bank conflict on 'vol'
  // CHECK: note: pad the rows of 'vol' to 33 elements (vol[4][32][33]): every access of 'vol' becomes conflict-free
  // CHECK-FIXES: = vol[z][tx][ty];
}

void launch(float *out, const float *in) { cube<<<1, dim3(32, 32)>>>(out, in); }
