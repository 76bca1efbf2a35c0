// Locals a loop writes, other than its induction variables, are followed
// by what kind of unknown they are at the head of an iteration (the least
// fixpoint over the iterations, docs/model.md "Values carried by loops"):
// the same in every thread of the block, data, or a gap of the model.
// Floating-point values every thread computes alike from constants are
// folded, so a guard on them is decided.
// RUN: %exit 0 %warplint --all-accesses %s -- 2>&1 | FileCheck %s

#define N 64

// An adaptive step (Runge-Kutta solvers): the step starts at a constant,
// the guard on it is decided; an attempt loop is left once no error is
// found, a flag set when a loaded value exceeds zero: leaving is data.
__global__ void adaptive(const float *Err, float *Y, int Steps) {
  int Tid = blockIdx.x * 128 + threadIdx.x;
  float H = 1;
  if (H <= 0.0)
    return;
  int Error;
  for (int J = 0; J < 12; J++) {
    Error = 0;
    Y[Tid * N + J] = H;
    // CHECK: loop-carried.cu:[[@LINE-1]]:5: remark: global store of 'Y' (4 bytes) in kernel 'adaptive': bounded: 1 to 32 sectors per request (mean 0.0 to 32.0) depending on the data: active lanes depend on whether the thread left the loop 'J' in an earlier iteration
    for (int I = 0; I < N; I++)
      if (Err[Tid * N + I] > 0)
        Error = 1;
    if (Error != 1)
      break;
    H = H * 0.5f;
  }
  Y[Tid] = 0;
  // CHECK: loop-carried.cu:[[@LINE-1]]:3: remark: global store of 'Y' (4 bytes) in kernel 'adaptive': 4 sectors per request (mean 4.0, ideal 4, coalesced)
}

// A block-uniform offset moved by a uniform amount each iteration: the
// banks of Tile[Off + tid] do not depend on it, the sectors of In[...] do.
__global__ void uniformOffset(const float *In, float *Out, int Count) {
  __shared__ float Tile[4096];
  int Off = 0;
  for (int I = 0; I < Count; I++) {
    Tile[Off + threadIdx.x] = In[Off + threadIdx.x];
    // CHECK: loop-carried.cu:[[@LINE-1]]:31: remark: global load of 'In' (4 bytes) in kernel 'uniformOffset': bounded: 4 to 5 sectors per request (mean 4.0 to 5.0) depending on values warplint does not follow: the answer depends on the value 'Off' has in one iteration of the loop at {{.*}}, which may differ between iterations, bounded over all its values
    // CHECK: loop-carried.cu:[[@LINE-2]]:5: remark: shared store of 'Tile' (4 bytes) in kernel 'uniformOffset': 1 wavefront per request (mean 1.0, ideal 1)
    Off = Off * 2 + 1;
  }
  Out[threadIdx.x] = Tile[threadIdx.x];
}

// After a loop, a local holds its value from before the loop (no
// iteration) or from some iteration: here a per-thread value or 5, then
// one value for the whole block.
__global__ void afterLoop(float *Out, int Count) {
  __shared__ float S[1024];
  int X = 5;
  for (int I = 0; I < Count; I++)
    X = threadIdx.x * 2;
  S[X] = 0;
  // CHECK: loop-carried.cu:[[@LINE-1]]:3: remark: shared store of 'S' (4 bytes) in kernel 'afterLoop': unknown: the address depends on 'X', which changes in a loop
  int Y = 7;
  for (int I = 0; I < Count; I++)
    Y = (Y * 3) % 512;
  S[Y + threadIdx.x] = 1;
  // CHECK: loop-carried.cu:[[@LINE-1]]:3: remark: shared store of 'S' (4 bytes) in kernel 'afterLoop': 1 wavefront per request (mean 1.0, ideal 1)
  Out[threadIdx.x] = S[threadIdx.x];
}

// The step of a for loop runs after each iteration: its loads count.
__global__ void linkedSteps(const int *Next, float *Out) {
  for (int I = threadIdx.x; I >= 0; I = Next[I])
    // CHECK: loop-carried.cu:[[@LINE-1]]:41: remark: global load of 'Next' (4 bytes) in kernel 'linkedSteps': unknown: the address depends on the loop variable 'I'
    Out[threadIdx.x] += 1;
}

// A binary search (merge sort's rank): the position moves on comparisons
// with loaded keys, so it is data, and so are the addresses made from it.
__device__ unsigned rankOf(unsigned Val, const unsigned *Data, unsigned L,
                           unsigned Stride) {
  unsigned Pos = 0;
  for (; Stride > 0; Stride >>= 1) {
    unsigned NewPos = umin(Pos + Stride, L);
    if (Data[NewPos - 1] <= Val)
      // CHECK: loop-carried.cu:[[@LINE-1]]:9: remark: shared load of 'Keys' (4 bytes) in 'rankOf' called from kernel 'search': bounded: 1 to 8 wavefronts per request (mean 1.0 to 8.0) depending on the data
      Pos = NewPos;
  }
  return Pos;
}

__global__ void search(const unsigned *In, unsigned *Out) {
  __shared__ unsigned Keys[256];
  Keys[threadIdx.x] = In[threadIdx.x];
  __syncthreads();
  unsigned V = Keys[threadIdx.x];
  unsigned P = rankOf(V, Keys, 128, 128);
  Out[P + threadIdx.x] = V;
  // CHECK: loop-carried.cu:[[@LINE-1]]:3: remark: global store of 'Out' (4 bytes) in kernel 'search': bounded: 1 to 32 sectors per request (mean 1.0 to 32.0) depending on the data
}

// A multiplicative step written `i = 2 * i`: the last power of two not
// above a count is one value for the block after the loop.
__global__ void lastPower(float *Out, int Count) {
  __shared__ float P[256];
  int Df = 1;
  for (int I = 2; I <= 256; I = 2 * I)
    if (Count >= I)
      Df = I;
  P[threadIdx.x] = 1;
  __syncthreads();
  if (threadIdx.x == Df - 1)
    Out[blockIdx.x] = P[threadIdx.x];
  // CHECK: loop-carried.cu:[[@LINE-1]]:23: remark: shared load of 'P' (4 bytes) in kernel 'lastPower': 1 wavefront per request
}

// Interval limits a loop carries (bisection): each thread with work loads
// them, the others keep the value from before the loop (a constant) or an
// earlier iteration. Either way they are data, and a test on them bounds
// the lanes that store.
__shared__ unsigned NumActive;
__global__ void bisect(float *Out, int Levels) {
  __shared__ float Left[256], Right[256];
  float L = 0.0f, R = 0.0f;
  for (int Level = 0; Level < Levels; ++Level) {
    __syncthreads();
    if (threadIdx.x < NumActive) {
      L = Left[threadIdx.x];
      R = Right[threadIdx.x];
    }
    if (L != R)
      Out[threadIdx.x] = L;
    // CHECK: loop-carried.cu:[[@LINE-1]]:7: remark: global store of 'Out' (4 bytes) in kernel 'bisect': bounded: 1 to 4 sectors per request (mean 0.0 to 4.0) depending on the data: active lanes depend on condition 'L != R' depends on the floating-point comparison 'L != R'
  }
}

// A solver's residual loop (conjugate gradient): the residual is reloaded
// from one place every iteration, so it is the same in every thread and
// the loop's test only decides whether the block goes on. The test is read
// with the class the residual has at the head of an iteration, not as the
// value the loop forgot. An integer reloaded so is no induction variable.
__global__ void residualLoop(float *X, const float *Dot, float Tol,
                             const int *Count) {
  float R1 = *Dot;
  while (R1 > Tol * Tol) {
    X[threadIdx.x] = R1;
    // CHECK: loop-carried.cu:[[@LINE-1]]:5: remark: global store of 'X' (4 bytes) in kernel 'residualLoop': 4 sectors per request (mean 4.0, ideal 4, coalesced) when the block executes it (condition 'R1 > Tol * Tol' depends on the floating-point comparison 'R1 > Tol * Tol')
    R1 = *Dot;
  }
  int Left = *Count;
  while (Left > 0) {
    X[threadIdx.x + 256] = 0;
    // CHECK: loop-carried.cu:[[@LINE-1]]:5: remark: global store of 'X' (4 bytes) in kernel 'residualLoop': 4 sectors per request (mean 4.0, ideal 4, coalesced) when executed only when <the value 'Left' has in one iteration of the loop at {{.*}}> >= 1
    Left = *Count;
  }
}

void launch(const float *E, float *Y, const int *Nx, int Steps) {
  adaptive<<<8, 128>>>(E, Y, Steps);
  uniformOffset<<<8, 128>>>(E, Y, Steps);
  afterLoop<<<8, 128>>>(Y, Steps);
  linkedSteps<<<8, 128>>>(Nx, Y);
  search<<<1, 256>>>((const unsigned *)Nx, (unsigned *)Y);
  lastPower<<<4, 256>>>(Y, Steps);
  bisect<<<4, 256>>>(Y, Steps);
  residualLoop<<<4, 256>>>(Y, E, 0.5f, Nx);
}
