// Variables that advance with a loop: a second induction variable declared
// beside the first, pointers advanced at the end of a K loop. Each changes
// by a loop-invariant amount once per iteration, so the accesses through
// them are exact; a variable changed less regularly stays unknown, with
// the reason.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s

#define TILE 32

// Two induction variables in one for statement, steps held in locals.
__global__ void tiledProduct(float *C, const float *A, const float *B, int wA) {
  int aBegin = wA * TILE * blockIdx.y;
  int aEnd = aBegin + wA - 1;
  int aStep = TILE;
  int bStep = TILE * 64;
  float Sum = 0;
  for (int a = aBegin, b = TILE * blockIdx.x; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float Bs[TILE][TILE];
    Sum += A[a + wA * threadIdx.y + threadIdx.x];
    // CHECK: induction.cu:[[@LINE-1]]:12: remark: global load of 'A' (4 bytes) in kernel 'tiledProduct': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    Bs[threadIdx.y][threadIdx.x] = B[b + 64 * threadIdx.y + threadIdx.x];
    // CHECK: induction.cu:[[@LINE-1]]:36: remark: global load of 'B' (4 bytes) in kernel 'tiledProduct': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    __syncthreads();
    Sum += Bs[threadIdx.x][threadIdx.y];
    // CHECK: induction.cu:[[@LINE-1]]:12: remark: shared load of 'Bs' (4 bytes) in kernel 'tiledProduct': 32 wavefronts per request
    __syncthreads();
  }
  C[blockIdx.x * 1024 + threadIdx.y * 32 + threadIdx.x] = Sum;
}

// Pointers advanced by the tile width at the end of the loop body; the
// advance of B is a multiple of a runtime parameter.
__global__ void kLoop(int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[32 * 32];
  A += blockIdx.y * 32 * K;
  B += blockIdx.x * 32;
  float Acc = 0.0f;
  for (int Bk = 0; Bk < K; Bk += 32) {
    As[threadIdx.x] = A[(threadIdx.x / 32) * K + threadIdx.x % 32];
    // CHECK: induction.cu:[[@LINE-1]]:23: remark: global load of 'A' (4 bytes) in kernel 'kLoop': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    Acc += B[threadIdx.x % 32] * As[threadIdx.x];
    // CHECK: induction.cu:[[@LINE-1]]:12: remark: global load of 'B' (4 bytes) in kernel 'kLoop': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    __syncthreads();
    A += 32;
    B += 32 * N;
  }
  C[threadIdx.x] = Acc;
}

// Not regular: advanced only in some iterations, or written twice.
__global__ void irregular(const float *In, float *Out, int n) {
  const float *P = In;
  int Q = 0;
  for (int I = 0; I < n; ++I) {
    Out[I * 32 + threadIdx.x] = P[threadIdx.x] + In[Q + threadIdx.x];
    // Moved by 32 floats or not at all, P stays on 128-byte steps (a
    // uniform move, uniform-moves.cu); Q moves by 33.
    // CHECK: induction.cu:[[@LINE-3]]:33: remark: global load of 'In' (4 bytes) in kernel 'irregular': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    // CHECK: induction.cu:[[@LINE-4]]:50: remark: global load of 'In' (4 bytes) in kernel 'irregular': bounded: 4 to 5 sectors per request (mean 4.0 to 5.0) depending on values warplint does not follow: the answer depends on how far 'Q' has moved when an iteration of the loop at {{.*}}induction.cu:54:{{[0-9]+}} begins (a multiple of 33), which may differ between iterations, bounded over all its values
    if (I % 2)
      P += 32;
    Q += 32;
    Q += 1;
  }
}

// A grid-stride loop that advances pointers by the same block-uniform step
// as its variable: a constant multiple of the step per iteration. An
// advance by an unrelated amount stays unknown.
__global__ void gridStride(const float *Points, float *Out, unsigned NumSims,
                           int Pitch) {
  unsigned Tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Step = gridDim.x * blockDim.x;
  const float *X = Points + Tid;
  const float *Y = X + NumSims;
  float *O = Out + Tid;
  float Acc = 0;
  for (unsigned I = Tid; I < NumSims; I += Step, X += Step, Y += Step) {
    Acc += *X * *Y;
    // CHECK: induction.cu:[[@LINE-1]]:12: remark: global load of 'Points' (4 bytes) in kernel 'gridStride': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    // CHECK: induction.cu:[[@LINE-2]]:17: remark: global load of 'Points' (4 bytes) in kernel 'gridStride': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    *O = Acc;
    // O is written in the body, not in the step: it moves by Pitch floats
    // in every iteration, a uniform move of unknown alignment.
    // CHECK: induction.cu:[[@LINE-3]]:5: remark: global store of 'Out' (4 bytes) in kernel 'gridStride': bounded: 4 to 5 sectors per request (mean 4.0 to 5.0) depending on values warplint does not follow: the answer depends on how far 'O' has moved when an iteration of the loop at {{.*}} begins (a multiple of 4 bytes)
    O += Pitch;
  }
}

void launch(float *C, const float *A, const float *B) {
  gridStride<<<64, 128>>>(A, C, 1 << 20, 7);
  tiledProduct<<<dim3(4, 4), dim3(32, 32)>>>(C, A, B, 128);
  kLoop<<<dim3(4, 4), 1024>>>(128, 128, A, B, C);
  irregular<<<1, 32>>>(A, C, 8);
}
