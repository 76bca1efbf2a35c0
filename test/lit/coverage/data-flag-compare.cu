// The flag's comparison with the grid made in the guard itself
// (`if (*Ticket == gridDim.x - 1)`, the grid a run-time value): the loaded
// value and gridDim.x are read together as one symbol, which still decides
// on data whether a block runs the access, so the request count is
// conditional as for a flag compared beforehand (data-flag-guard.cu).
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__device__ unsigned int Retired = 0;

__global__ void lastBlockSums(float *Out, const float *Scratch) {
  __shared__ unsigned int Ticket;
  if (threadIdx.x == 0)
    Ticket = atomicAdd(&Retired, 1);
  __syncthreads();
  if (Ticket == gridDim.x - 1)
    Out[threadIdx.x] = Scratch[threadIdx.x];
}

void launch(float *O, const float *S, int Blocks) {
  lastBlockSums<<<Blocks, 128>>>(O, S);
}

// CHECK:      "line": 16,
// CHECK:      "variable": "Scratch",
// CHECK:      "status": "exact",
// CHECK:      "sectors": 4,
// CHECK:      "condition": "executed only when {{.*}}the value loaded from 'Ticket'
// CHECK:      "line": 16,
// CHECK:      "variable": "Out",
// CHECK:      "condition": "executed only when {{.*}}the value loaded from 'Ticket'
