// A whole half2 (or bf162) assigned to or from memory goes through the
// CUDA header's own assignment operator, whose body copies the word; nvcc
// inlines it with its line, and Nsight Compute counts the load and the
// store on the header's statement (cuda_fp16.hpp's `__half2::operator=`,
// measured: LeetCUDA's swizzle kernels, test/gpu/real/tensor-core). The
// accesses name that statement (`inlined_from`); a struct whose assignment
// is trivial (float2) is counted on the caller's line.
// REQUIRES: cuda-toolkit
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- 2>&1 | FileCheck %s
#include <cuda_fp16.h>

__global__ void copy(half *Out, float2 *F) {
  __shared__ half S[64 * 2];
  half2 V = __floats2half2_rn(1.0f, 2.0f);
  reinterpret_cast<half2 *>(S)[threadIdx.x] = V;
  // CHECK: "line": [[#@LINE-1]],
  // CHECK: "inlined_from": "{{.*}}cuda_fp16.hpp:{{[0-9]+}}",
  // CHECK-NEXT: "variable": "S",
  // CHECK-NEXT: "space": "shared",
  // CHECK-NEXT: "op": "store",
  __syncthreads();
  half2 W;
  W = reinterpret_cast<half2 *>(S)[threadIdx.x + 1];
  // CHECK: "line": [[#@LINE-1]],
  // CHECK: "inlined_from": "{{.*}}cuda_fp16.hpp:{{[0-9]+}}",
  // CHECK-NEXT: "variable": "S",
  // CHECK-NEXT: "space": "shared",
  // CHECK-NEXT: "op": "load",
  reinterpret_cast<half2 *>(Out)[threadIdx.x] = W;
  // CHECK: "line": [[#@LINE-1]],
  // CHECK: "inlined_from": "{{.*}}cuda_fp16.hpp:{{[0-9]+}}",
  // CHECK-NEXT: "variable": "Out",
  float2 G;
  G = F[threadIdx.x];
  // CHECK: "line": [[#@LINE-1]],
  // CHECK-NOT: "inlined_from"
  // CHECK: "variable": "F",
  F[threadIdx.x + 64] = G;
}

int main() { copy<<<1, 64>>>(nullptr, nullptr); }
