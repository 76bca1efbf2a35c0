// while and do loops with an induction variable, and for loops that step a
// variable declared before them: a local (or kernel parameter) stepped by
// one whole statement of the body, written nowhere else and tested by the
// condition, is the loop's variable, as in a for loop. Statements after the
// step see the next iteration's value; a do loop runs its first iteration
// whatever the condition says. A variable that a `continue` may skip, or
// that is written twice, stays unknown with the reason.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON

// The reduction's first pass: each thread adds elements a grid apart; the
// step is block-uniform, held in a local that was shifted once.
template <unsigned BlockSize>
__global__ void gridReduce(const float *In, float *Out, unsigned n) {
  __shared__ float Partial[BlockSize];
  unsigned GridSize = BlockSize * gridDim.x;
  GridSize = GridSize << 1;
  unsigned I = blockIdx.x * BlockSize * 2 + threadIdx.x;
  float Sum = 0;
  while (I < n) {
    Sum += In[I];
    // CHECK: while-loops.cu:[[@LINE-1]]:12: remark: global load of 'In' (4 bytes) in kernel 'gridReduce<256U>': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    Sum += In[I + BlockSize];
    // CHECK: while-loops.cu:[[@LINE-1]]:12: remark: global load of 'In' (4 bytes) in kernel 'gridReduce<256U>': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    I += GridSize;
  }
  Partial[threadIdx.x] = Sum;
  // CHECK: while-loops.cu:[[@LINE-1]]:3: remark: shared store of 'Partial'
  __syncthreads();
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Partial[0];
}

// After the step, J already holds the next iteration's value. Block of 64:
// warp 0 starts at J = 0..31 and stores at J + 32 and J + 64 (2 requests);
// warp 1 starts at 32..63 and stores at J + 32 only (1 request): 3.
__global__ void afterStep() {
  __shared__ float S[128];
  unsigned J = threadIdx.x;
  while (J < 96) {
    J += 32;
    if (J < 96)
      S[J] = 0;
  }
}
// JSON: "line": [[@LINE-3]],
// JSON-NEXT: "column": 7,
// JSON: "status": "exact",
// JSON-NOT: "file"
// JSON: "requests": 3

// n = 16, block of 64: the while loop runs for threads 0..15 only (one
// request, 64 bytes: 2 sectors); the do loop runs once for all 64 threads
// before it tests the condition (two requests of 4 sectors).
__global__ void firstIteration(float *A, int n) {
  int I = threadIdx.x;
  while (I < n) {
    A[I] = 0;
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'firstIteration': 2 sectors per request (mean 2.0, ideal 2, coalesced)
    I += 64;
  }
  int J = threadIdx.x;
  do {
    A[J] = 1;
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'firstIteration': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    J += 64;
  } while (J < n);
}

// n = 1000, block of 64: in source order warp 0 stores 16 full rows
// (I = 0..991) and warp 1 15 full rows and then I = 992..999. But the trip
// count is a run-time value and the step a constant: nvcc unrolls the loop
// by 4, remainder first (docs/hardware-model.md S9 (h)), and lanes 32-39
// (16 iterations, 4 unrolled rounds) and 40-63 (15: 3 in the remainder, 3
// rounds) reach different numbers of rounds, which ptxas unrolls again for
// a body this small: which lanes share a store is not known.
__global__ void partialTail(float *A, int n) {
  int I = threadIdx.x;
  while (I < n) {
    A[I] = 0;
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'partialTail': unknown: nvcc unrolls loop 'I' by 4 (its trip count is a run-time value), and lanes of warp 1 run 3 and 4 of its unrolled rounds
    I += 64;
  }
}

// A for loop with no init statement steps the variable from its value
// before the loop; a kernel parameter can be the loop's variable too.
__global__ void noInit(char *P, int Size, char V, float *A, int n) {
  int Idx = blockIdx.x * blockDim.x + threadIdx.x;
  for (; Idx < Size; Idx += gridDim.x * blockDim.x)
    P[Idx] = V;
  // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'P' (1 byte) in kernel 'noInit': 1 sector per request (mean 1.0, ideal 1, coalesced)
  while (n > 0) {
    A[n * 32 + threadIdx.x] = 0;
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'noInit': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    n -= 1;
  }
}

// Not regular: a continue may skip the step; a parameter written twice
// (thread 0 steps further) is unknown inside the loop, not the parameter.
__global__ void irregular(float *A, const int *Skip, int n, int m) {
  int I = threadIdx.x;
  while (I < n) {
    if (Skip[I])
      continue;
    A[I] = 0;
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'irregular': unknown: the address depends on 'I', which changes in a loop
    I += 32;
  }
  while (m > 0) {
    A[m * 32 + threadIdx.x] = 0;
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'irregular': unknown: the address depends on 'm', which changes in a loop
    if (threadIdx.x == 0)
      m -= 2;
    m -= 1;
  }
}

void launch(const float *In, float *Out, char *P, int *Skip) {
  gridReduce<256><<<64, 256>>>(In, Out, 1 << 20);
  afterStep<<<1, 64>>>();
  firstIteration<<<1, 64>>>(Out, 16);
  partialTail<<<1, 64>>>(Out, 1000);
  noInit<<<8, 128>>>(P, 4096, 0, Out, 100);
  irregular<<<1, 32>>>(Out, Skip, 1024, 100);
}
