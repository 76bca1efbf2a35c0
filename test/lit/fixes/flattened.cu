// Arrays used outside their subscripts get an explanation and no edit: the
// flattened pointer would read other elements after a layout change, and the
// 1-D array's stride is a bare 32 (no named W to rewrite; see
// one-d-stride.cu). --fix leaves the file as it is.
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix --export-fixes=%t.yaml %t.cu -- 2>&1 | FileCheck %s
// RUN: diff %s %t.cu
// RUN: FileCheck --check-prefix=CHECK-YAML %s < %t.yaml

__global__ void flattened(float *out) {
  __shared__ float tile[32][32];
  float *flat = &tile[0][0];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = flat[threadIdx.x * 32 + threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 'tile'
  // CHECK: note: no layout fix is offered: 'tile' is used outside its subscripts ({{.*}}); changing its layout would change what that code reads
  // CHECK-NOT: note: pad the rows
}

__global__ void oneDim(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.y * 32 + threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 32 + threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 's'
  // CHECK: note: no layout fix is offered: the index of 's' at line {{[0-9]+}} is not of the form r * W + c with a named stride W
  // CHECK: note: a layout change would have to be made by hand: with a row stride W, declare rows of W + 1 elements, or remap every index i to i + i / 32
}

void launch(float *out) {
  flattened<<<1, dim3(32, 32)>>>(out);
  oneDim<<<1, dim3(32, 32)>>>(out);
}
// CHECK-YAML: MainSourceFile:
// CHECK-YAML-NOT: ReplacementText
