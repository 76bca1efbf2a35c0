// A bounds guard whose block-uniform term cancels (gridDim.x against
// gridDim.x - 1: its coefficient is 0) divided by zero while the solver
// looked for the values where the guard changes sign (found by
// scripts/mutate on a stencil kernel, issue 14). Such a term never changes
// sign: the guard is decided per case like any other.
// RUN: %exit --timeout=60 0 %warplint --all-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not=crashed --implicit-check-not=warning:

__global__ void lastColumn(float *J, int cols) {
  int bx = gridDim.x;
  if (bx == gridDim.x - 1)
    J[cols * blockIdx.y + threadIdx.x] = 1.0f;
  // CHECK: guard-term-cancels.cu:[[@LINE-1]]:5: remark: global store of 'J' (4 bytes) in kernel 'lastColumn': 0 sectors per request (mean 0.0, ideal 0, scattered)
}

__global__ void lastColumnToo(float *J, int cols) {
  int bx = gridDim.x;
  if (bx - 1 < gridDim.x)
    J[cols * blockIdx.y + threadIdx.x] = 1.0f;
  // CHECK: guard-term-cancels.cu:[[@LINE-1]]:5: remark: global store of 'J' (4 bytes) in kernel 'lastColumnToo': {{[0-9]+}} sectors per request
}
