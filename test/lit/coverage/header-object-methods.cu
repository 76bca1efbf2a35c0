// A CUDA header class's method called on an element in memory accesses the
// element: bf16's conversion to float reads it (a const method), its
// assignment from float writes it whole, and a compound assignment reads
// and writes it. nvcc's line table puts those instructions on the header's
// statement, so the access names it (`inlined_from`); for a wrapper whose
// first statement declares its result (__ldcs of a bf16), that is the
// statement with the inline PTX. Before, the conversion and the assignment
// were missing from --all-accesses.
// REQUIRES: cuda-toolkit
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- 2>&1 | FileCheck %s --check-prefix=JSON
// A temporary's conversion (`(float)__ldcs(p)`) reads registers: one load.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | grep -c remark: | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}
#include <cuda_bf16.h>

__global__ void convert(float *Out, const __nv_bfloat16 *In,
                        __nv_bfloat16 *Res) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = In[I + 1];
  // CHECK-DAG: header-object-methods.cu:[[@LINE-1]]:13: remark: global load of 'In' (2 bytes) in kernel 'convert': 3 sectors per request (mean 3.0, ideal 2, misaligned)
  Res[I] = X;
  // CHECK-DAG: header-object-methods.cu:[[@LINE-1]]:3: remark: global store of 'Res' (2 bytes) in kernel 'convert': 2 sectors per request (mean 2.0, ideal 2, coalesced)
  Out[I] = (float)__ldcs(In + I);
  // CHECK-DAG: header-object-methods.cu:[[@LINE-1]]:19: remark: global load of 'In' (2 bytes) in kernel 'convert': 2 sectors per request
}

// JSON: "inlined_from": "{{.*}}cuda_bf16.hpp:{{[0-9]+}}"
// JSON: "inlined_from": "{{.*}}cuda_bf16.hpp:{{[0-9]+}}"
// JSON: "inlined_from": "{{.*}}cuda_bf16.hpp:{{[0-9]+}}"

int main() { convert<<<64, 256>>>(nullptr, nullptr, nullptr); }
