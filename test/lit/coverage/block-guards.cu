// A test that only says which blocks run an access (`blockIdx.x ==
// gridDim.x - 1`: the last block's tail of a reduction) uses two free
// values together, which stops the case reduction; since neither is used
// anywhere else, every block it admits costs the same, and the test is set
// aside and said in the condition (docs/solver.md, "Tests that only say
// whether the launch runs the access"). A proven waste in those blocks is
// a warning.
// RUN: %exit 1 %warplint --all-accesses %s -- 2>&1 | FileCheck %s

__global__ void lastBlock(float *Out, const float *In) {
  __shared__ float S[256];
  if (blockIdx.x == gridDim.x - 1)
    S[threadIdx.x] = In[threadIdx.x * 2];
  // CHECK-DAG: block-guards.cu:[[@LINE-1]]:22: remark: global load of 'In' (4 bytes) in kernel 'lastBlock': 8 sectors per request (mean 8.0, ideal 4, strided) when blockIdx.x == gridDim.x - 1;
  // CHECK-DAG: block-guards.cu:[[@LINE-2]]:22: warning: uncoalesced global load from 'In' (8 sectors per request, ideal 4) [warplint-uncoalesced]
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x];
}

// The same test beside one on the lanes: only the block test goes aside.
__global__ void lastBlockTail(float *Out, const float *In, int N) {
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x < N)
    Out[threadIdx.x] = In[threadIdx.x];
  // CHECK-DAG: block-guards.cu:[[@LINE-1]]:24: remark: global load of 'In' (4 bytes) in kernel 'lastBlockTail': 4 sectors per request (mean {{.*}}) when {{.*}}blockIdx.x == gridDim.x - 1
}
