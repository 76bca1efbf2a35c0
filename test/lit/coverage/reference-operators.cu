// Memory bound to a reference parameter of a function warplint does not
// inline is still accounted for. A user's operator is a call like any other
// (inlined: its field reads are accesses of its own lines); a CUDA header's
// operator with a const reference parameter its body names reads the
// operand, which is listed at the argument (half2's operator+ copies both
// operands into __hadd2: nvcc's SASS has one LDS per operand); a non-const
// reference (operator+=) may be read or written: unknown, with the reason.
// Before, all of these were missing from --all-accesses.
// REQUIRES: cuda-toolkit
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | grep -c remark: | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}11{{$}}
#include <cuda_fp16.h>

struct Complex {
  float Re, Im;
};

__device__ Complex operator*(const Complex &A, const Complex &B) {
  return {A.Re * B.Re, A.Im * B.Im};
  // CHECK-DAG: reference-operators.cu:[[@LINE-1]]:11: remark: shared load of 'W.Re' (4 bytes) in 'operator*' called from kernel 'ops'
  // CHECK-DAG: reference-operators.cu:[[@LINE-2]]:18: remark: shared load of 'W.Re' (4 bytes) in 'operator*' called from kernel 'ops'
  // CHECK-DAG: reference-operators.cu:[[@LINE-3]]:24: remark: shared load of 'W.Im' (4 bytes) in 'operator*' called from kernel 'ops'
  // CHECK-DAG: reference-operators.cu:[[@LINE-4]]:31: remark: shared load of 'W.Im' (4 bytes) in 'operator*' called from kernel 'ops'
}

__global__ void ops(half2 *Out, Complex *C) {
  __shared__ half2 V[128];
  __shared__ Complex W[128];
  int T = threadIdx.x;
  V[T] = Out[T];
  // CHECK-DAG: reference-operators.cu:[[@LINE-1]]:10: remark: global load of 'Out'
  // CHECK-DAG: reference-operators.cu:[[@LINE-2]]:3: remark: shared store of 'V'
  __syncthreads();
  half2 S = V[T] + V[(T + 64) % 128];
  // CHECK-DAG: reference-operators.cu:[[@LINE-1]]:13: remark: shared load of 'V' (4 bytes) in kernel 'ops': 1 wavefront per request
  // CHECK-DAG: reference-operators.cu:[[@LINE-2]]:20: remark: shared load of 'V' (4 bytes) in kernel 'ops': 1 wavefront per request
  V[T] += S;
  // CHECK-DAG: reference-operators.cu:[[@LINE-1]]:3: remark: shared load of 'V' (4 bytes) in kernel 'ops': unknown: 'V[T]' is passed by reference to 'operator+=', which warplint does not follow: it may read or write it
  Complex P = W[T] * W[(T + 1) % 128];
  Out[T] = S;
  // CHECK-DAG: reference-operators.cu:[[@LINE-1]]:3: remark: global store of 'Out'
  C[T] = P;
  // CHECK-DAG: reference-operators.cu:[[@LINE-1]]:3: remark: global store of 'C'
}

void launch(half2 *Out, Complex *C) { ops<<<1, 128>>>(Out, C); }
