// One-dimensional arrays indexed s[r * W + c] with a named stride W (a macro
// or a constexpr) get the padded stride: every W of the subscripts and the W
// of the size become (W + 1), verified by the solver like a 2-D pad and
// re-checked by --fix. Uses of another form, or a column that can reach W,
// get a note and no edit.
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=CHECK-FIXES %s < %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %t.cu -- 2>&1 | FileCheck --check-prefix=AFTER %s

#define TILE 32
constexpr int W = 32;

__global__ void transposeFlat(float *out, const float *in, int n) {
  __shared__ float s[TILE * TILE];
  // CHECK-FIXES: __shared__ float s[TILE * (TILE + 1)];
  int tx = threadIdx.x, ty = threadIdx.y;
  s[ty * TILE + tx] = in[(blockIdx.y * TILE + ty) * n + blockIdx.x * TILE + tx];
  // CHECK-FIXES: s[ty * (TILE + 1) + tx] = in[(blockIdx.y * TILE + ty) * n + blockIdx.x * TILE + tx];
  __syncthreads();
  out[(blockIdx.x * TILE + ty) * n + blockIdx.y * TILE + tx] = s[tx * TILE + ty];
  // CHECK: :[[@LINE-1]]:64: warning: 32-way shared memory bank conflict on 's'
  // CHECK: note: pad the rows of 's' to TILE + 1 = 33 elements (s[1056]): every access of 's' becomes conflict-free (1056 -> 64 wavefronts per block)
  // CHECK: note: shared memory per block 4096 -> 4224 bytes
  // CHECK-FIXES: = s[tx * (TILE + 1) + ty];
}

// The stride first, a row that is a loop expression, the size W * W.
__global__ void strideFirst(float *out) {
  __shared__ float t[W * W];
  // CHECK-FIXES: __shared__ float t[W * (W + 1)];
  for (int i = 0; i < 4; ++i)
    t[W * (threadIdx.y + i * 8) + threadIdx.x] = 1.0f;
  // CHECK-FIXES: t[(W + 1) * (threadIdx.y + i * 8) + threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x * W];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 't'
  // CHECK: note: pad the rows of 't' to W + 1 = 33 elements (t[1056]): every access of 't' becomes conflict-free
  // CHECK-FIXES: out[threadIdx.x] = t[threadIdx.x * (W + 1)];
}

// A block 64 wide: the column threadIdx.x reaches W, so r * W + c is not
// the element (r, c) of rows of W: no edit.
__global__ void wideColumn(float *out) {
  __shared__ float u[64 * W];
  // CHECK-FIXES: __shared__ float u[64 * W];
  u[threadIdx.y * W + threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x * W + threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 'u'
  // CHECK: note: no layout fix is offered: the column of the index of 'u' at line [[@LINE-4]] cannot be shown to stay below W (32): some lane's value is outside [0, 32) under the block 64x8x1
  // CHECK: note: a layout change would have to be made by hand: with a row stride W, declare rows of W + 1 elements, or remap every index i to i + i / 32
  // AFTER: :[[@LINE-4]]:22: warning: 32-way shared memory bank conflict on 'u'
}

// One use without the stride: no edit.
__global__ void mixedForms(float *out) {
  __shared__ float m[32 * W];
  // CHECK-FIXES: __shared__ float m[32 * W];
  m[threadIdx.y * W + threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = m[threadIdx.x * W + threadIdx.y] + m[threadIdx.x];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 'm'
  // CHECK: note: no layout fix is offered: the index of 'm' at line [[@LINE-2]] is not of the form r * W + c with a named stride W
  // AFTER: :[[@LINE-3]]:22: warning: 32-way shared memory bank conflict on 'm'
}

// AFTER-NOT: on 's'
// AFTER-NOT: on 't'

void launch(float *out, const float *in, int n) {
  transposeFlat<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(out, in, n);
  strideFirst<<<1, dim3(32, 8)>>>(out);
  wideColumn<<<1, dim3(64, 8)>>>(out);
  mixedForms<<<1, dim3(32, 32)>>>(out);
}
