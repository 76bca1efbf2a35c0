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

// A test on a value the solver made (the opaque n / 64) is not set aside:
// n itself decides the lanes too, and the answer is a bound over n / 64.
__global__ void opaqueTest(int N) {
  __shared__ float S[64];
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x >= N && N / 64 > 0)
    S[2 * threadIdx.x] = 0;
  // CHECK-DAG: block-guards.cu:[[@LINE-1]]:5: remark: shared store of 'S' (4 bytes) in kernel 'opaqueTest': bounded: 1 to 2 wavefronts per request (mean 0.0 to 2.0) depending on values warplint does not follow: the answer depends on the value of 'N / 64'
}

void launch(int N) { opaqueTest<<<4, 32>>>(N); }
