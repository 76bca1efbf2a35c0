// A finding's layout note is about its own array: a helper inlined into two
// kernels accesses a different array at the same line in each. The merged
// finding is the 32-way one on 'dyn'; its note must explain 'dyn', not the
// array the other kernel passes (the fix finds the array through the
// finding's access, not through its line and column).
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s

__device__ void store(float *s, int k) { s[threadIdx.x * k] = 1.0f; }
// CHECK: :[[@LINE-1]]:42: warning: 32-way shared memory bank conflict on 'dyn'
// CHECK-NOT: the index of 'fixed'
// CHECK: note: no layout fix is offered: 'dyn' is extern __shared__: its size is set at launch
// CHECK: note: also in 'withFixed', {{.*}}: 2-way conflict

__global__ void withDynamic(float *out) {
  extern __shared__ float dyn[];
  store(dyn, 32);
  __syncthreads();
  out[threadIdx.x] = dyn[threadIdx.x];
}

__global__ void withFixed(float *out) {
  __shared__ float fixed[64];
  store(fixed, 2);
  __syncthreads();
  out[threadIdx.x] = fixed[threadIdx.x];
}

void launch(float *out) {
  withDynamic<<<1, 32, 32 * 32 * 4>>>(out);
  withFixed<<<1, 32>>>(out);
}
