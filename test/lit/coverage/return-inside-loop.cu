// A helper that returns from inside a loop and again after it: the walker
// does not follow the loop's return condition across iterations, so which
// return ran is not known. When both give the same pointer, the call's
// value is that pointer and the access through it is exact; when both
// point into the same array at different offsets, the access is still
// listed, with an unknown offset and the reason, never dropped.
// RUN: %warplint --all-accesses --show-unknown --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s

__device__ float *sameEitherWay(float *S, int N) {
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      if (J == 3)
        return S;
  return S;
}

__device__ float *otherRow(float *S, int N) {
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      if (J == 3)
        return S;
  return S + 32;
}

__global__ void pick(float *Out, int N) {
  __shared__ float Tile[64 * 32];
  sameEitherWay(Tile, N)[threadIdx.x * 32] = 1.0f;
  // CHECK: return-inside-loop.cu:[[@LINE-1]]:3: remark: shared store of 'Tile' (4 bytes) in kernel 'pick': 32 wavefronts per request
  __syncthreads();
  Out[threadIdx.x] = otherRow(Tile, N)[threadIdx.x];
  // CHECK: return-inside-loop.cu:[[@LINE-1]]:22: remark: shared load of 'Tile' (4 bytes) in kernel 'pick': unknown: the address depends on the result of 'otherRow' (several returns, under a condition that is not known)
}

void host(float *O, int N) { pick<<<1, 32>>>(O, N); }
