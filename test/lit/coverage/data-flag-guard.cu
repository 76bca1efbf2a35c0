// A block-uniform flag read from memory decides whether a block runs the
// rest ("the last block to finish reduces", as threadfence reductions do):
// each request's numbers are exact, but how many blocks make the requests
// is data. The JSON says so in `condition`, so that nobody multiplies the
// per-block requests by the grid. A bounds guard on a parameter stays
// without it: the launch decides how many blocks pass it.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__device__ unsigned int Retired = 0;

__global__ void lastBlockSums(float *Partial, int N) {
  __shared__ float S[128];
  __shared__ bool AmLast;
  S[threadIdx.x] = 1.0f;
  if (threadIdx.x == 0) {
    unsigned int Ticket = atomicInc(&Retired, gridDim.x);
    AmLast = (Ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (AmLast)
    Partial[threadIdx.x] = S[threadIdx.x];
  if (blockIdx.x * 128 + threadIdx.x < N)
    Partial[blockIdx.x * 128 + threadIdx.x] = 0.0f;
}

void launch(float *P, int N) { lastBlockSums<<<64, 128>>>(P, N); }

// CHECK:      "line": 21,
// CHECK:      "variable": "S",
// CHECK:      "op": "load",
// CHECK:      "status": "exact",
// CHECK:      "wavefronts": 1,
// CHECK:      "requests": 4,
// CHECK:      "condition": "executed only when {{.*}}the value loaded from 'AmLast'
// CHECK:      "line": 21,
// CHECK:      "variable": "Partial",
// CHECK:      "condition": "executed only when {{.*}}the value loaded from 'AmLast'
// CHECK:      "line": 23,
// CHECK:      "variable": "Partial",
// CHECK:      "op": "store",
// CHECK:      "status": "exact",
// CHECK-NOT:  executed only
// CHECK:      "diagnostics"
