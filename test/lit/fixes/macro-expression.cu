// A row length that is a macro whose body is an expression (issue 14):
// 'W + 1' would read '1 << 5 + 1', i.e. 1 << 6, and leave the 32-way
// conflict; it is never offered. '(W) + 1' is, once verified.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>/dev/null | FileCheck %s
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXED %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

#define W 1 << 5

__global__ void k(float *out) {
  __shared__ float T[32][W];
  T[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = T[threadIdx.x][threadIdx.y];
}

void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }
// CHECK: :13:26: note: pad the rows of 'T' to 33 elements (T[32][33]): every access of 'T' becomes conflict-free (1056 -> 64 wavefronts per block)
// CHECK-NEXT: __shared__ float T[32][W];
// CHECK-NEXT: {{^ *}}| ^
// CHECK-NEXT: {{^ *}}| (W) + 1
// CHECK-NOT: W + 1
// FIXED: __shared__ float T[32][(W) + 1];
