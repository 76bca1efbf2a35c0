// An error in device code is not tolerated: clang's error is shown, the file
// is not analyzed, and the exit status is 2, even when host code has errors
// of its own.
// RUN: %exit 2 %warplint %s -- 2>&1 | FileCheck %s
// RUN: %exit 2 %warplint --no-cuda-toolkit %s -- 2>&1 | FileCheck %s

#include <cuda_runtime.h>

__global__ void broken(float *out) {
  out[threadIdx.x] = undeclaredInKernel;
  // CHECK: device-errors.cu:[[@LINE-1]]:22: error: use of undeclared identifier 'undeclaredInKernel'
}

void host() { int X = alsoUndeclared; }
// CHECK: device-errors.cu:[[@LINE-1]]:23: error: use of undeclared identifier 'alsoUndeclared'
// CHECK-NOT: ignored
// CHECK: warplint: error: could not parse '{{.*}}device-errors.cu'; no analysis for it
