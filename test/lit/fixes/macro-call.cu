// A row length written as a function-like macro call (not a declaration
// macro): the padding is added where the row length is written, once the
// copy verifies.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>/dev/null | FileCheck %s
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXED %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

#define MAX(a, b) ((a) > (b) ? (a) : (b))

__global__ void k(float *out) {
  __shared__ float T[32][MAX(32, 16)];
  T[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = T[threadIdx.x][threadIdx.y];
}

void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }
// CHECK: :13:26: note: pad the rows of 'T' to 33 elements (T[32][33]): every access of 'T' becomes conflict-free (1056 -> 64 wavefronts per block)
// CHECK-NOT: in the definition of macro
// FIXED: __shared__ float T[32][MAX(32, 16) + 1];
