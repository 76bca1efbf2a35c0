// A tile declared through a macro (issue 14): the row length is written in
// the macro's definition, so that is where the padding is offered, and only
// because the edited copy re-parses and re-analyzes as promised. The use
// site 'DECL_TILE(T) + 1' (which nvcc rejects) is never offered.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>/dev/null | FileCheck %s
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --export-fixes=%t.yaml %s -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=YAML %s < %t.yaml
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXED %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0

#define DECL_TILE(name) __shared__ float name[32][32]

__global__ void k(float *out) {
  DECL_TILE(T);
  T[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = T[threadIdx.x][threadIdx.y];
}

void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }
// CHECK: :13:51: note: pad the rows of 'T' to 33 elements (T[32][33]) in the definition of macro 'DECL_TILE' (every array it declares changes): every access of 'T' becomes conflict-free (1056 -> 64 wavefronts per block)
// CHECK-NEXT: #define DECL_TILE(name) __shared__ float name[32][32]
// CHECK-NEXT: {{^ *}}| ^~
// CHECK-NEXT: {{^ *}}| 33
// CHECK-NOT: DECL_TILE(T) + 1
// YAML-NOT: DECL_TILE(T) + 1
// YAML: ReplacementText: '33'
// FIXED: #define DECL_TILE(name) __shared__ float name[32][33]
