// atomicAdd(p, 1) whose result is unused compiles to ATOMS.POPC.INC: the
// lanes on one word add their count once, so a request costs the distinct
// words of its busiest bank (measured: test/gpu/data_dependent.cu:40,
// docs/hardware-model.md S8). With the result used it is ATOMS.ADD, and
// the lanes of a bank serialize (S8, open_questions.cu:118).
// RUN: %exit 1 %warplint --all-accesses %s -- 2>&1 | FileCheck %s

__global__ void counts(int *Out) {
  __shared__ int Si[1024];
  Si[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&Si[(threadIdx.x % 8) * 32], 1);
  // CHECK: atomic-increment.cu:[[@LINE-1]]:3: remark: shared atomic of 'Si' (4 bytes) in kernel 'counts': 8 wavefronts per request (mean 8.0, ideal 1)
  int Old = atomicAdd(&Si[(threadIdx.x % 8) * 32], 1);
  // CHECK: atomic-increment.cu:[[@LINE-1]]:13: remark: shared atomic of 'Si' (4 bytes) in kernel 'counts': 32 wavefronts per request (mean 32.0, ideal 1)
  (void)atomicAdd(&Si[threadIdx.x % 4], 1);
  // CHECK: atomic-increment.cu:[[@LINE-1]]:9: remark: shared atomic of 'Si' (4 bytes) in kernel 'counts': 1 wavefront per request (mean 1.0, ideal 1)
  // Another constant: not measured; costed by S8 as ATOMS.ADD.
  atomicAdd(&Si[threadIdx.x % 4], 2);
  // CHECK: atomic-increment.cu:[[@LINE-1]]:3: remark: shared atomic of 'Si' (4 bytes) in kernel 'counts': 8 wavefronts per request (mean 8.0, ideal 1)
  __syncthreads();
  Out[threadIdx.x] = Old + Si[threadIdx.x];
}

int main() { counts<<<1, 32>>>(nullptr); }
