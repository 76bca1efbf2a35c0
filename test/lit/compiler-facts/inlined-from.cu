// REQUIRES: cuda-toolkit
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

// Nsight Compute counts the instruction of an inlined CUDA header function
// on the header line it comes from (every such call of the kernel summed
// there), and on the caller's line only when the line table gives it there
// too; the JSON names that header statement (docs/json-output.md).

__global__ void flags(unsigned *out) {
  __shared__ unsigned flag;
  __shared__ float sum;
  if (threadIdx.x == 0)
    flag = 0, sum = 0;
  __syncthreads();
  atomicExch(&flag, 1u);
  atomicAdd(&sum, 1.0f);
  __syncthreads();
  out[threadIdx.x] = flag + unsigned(sum);
}

// CHECK: "accesses": [
// CHECK: "line": 15,
// CHECK-NEXT: "column": 3,
// CHECK: "inlined_from": "{{.*}}device_atomic_functions.hpp:{{[0-9]+}}",
// CHECK: "op": "atomic",
// CHECK: "line": 16,
// CHECK-NEXT: "column": 3,
// CHECK: "inlined_from": "{{.*}}sm_20_atomic_functions.hpp:{{[0-9]+}}",
// CHECK: "op": "atomic",
// CHECK: "line": 16,
// CHECK: "inlined_from": "{{.*}}sm_20_atomic_functions.hpp:{{[0-9]+}}",
// CHECK: "op": "load",
// CHECK: "line": 18,
// CHECK-NOT: "inlined_from"
// CHECK: "op": "load",

int main() { flags<<<1, 64>>>(nullptr); }
