// nvcc's cache-hinted stores (__stcs, __stcg, __stwb) come from
// sm_32_intrinsics.hpp, where Nsight Compute counts their instructions;
// clang's headers lack them and warplint declares them itself. The JSON
// names that declaration as the statement the instruction comes from
// (`inlined_from`), as it names clang's definition of the loads, so that a
// comparison with the profiler can sum them with the header's line.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__global__ void streaming(float *Out, const float *In) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = __ldcs(In + I);
  __stcs(Out + I, V);
  Out[I + 4096] = V;
}

void launch(float *O, const float *In) { streaming<<<8, 128>>>(O, In); }

// CHECK:      "line": 11,
// CHECK:      "inlined_from": "{{.*}}:{{[0-9]+}}",
// CHECK:      "op": "load",
// CHECK:      "line": 12,
// CHECK:      "inlined_from": "{{.*}}warplint_cuda_compat.h:{{[0-9]+}}",
// CHECK:      "op": "store",
// CHECK:      "line": 13,
// CHECK-NOT:  "inlined_from"
// CHECK:      "op": "store",
