// A local a loop moves by an amount the same in every thread, on every way
// round the loop, is its value before the loop plus a warp-uniform
// multiple of those amounts' greatest common divisor (docs/model.md
// "Values carried by loops"): a thread's own part of the address stays
// exact, and a move by a multiple of 128 bytes (32 for sectors) leaves
// every count as it is.
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s

#include <cstdint>

// A pointer advanced in an inner loop and again after it (an epilogue that
// walks 16x16 tiles): the outer loop moves it by 4 * 256 + 1024 floats.
__global__ void tiles(float *Out, const float *Frag) {
  __shared__ float S[8192];
  int Row = threadIdx.x / 4, Col = threadIdx.x % 4 * 2;
  float *Dst = S + Row * 16 + Col;
  for (int I = 0; I < 4; ++I) {
    for (int J = 0; J < 4; ++J) {
      Dst[0] = Frag[I * 4 + J];
      // CHECK: uniform-moves.cu:[[@LINE-1]]:7: remark: shared store of 'S' (4 bytes) in kernel 'tiles': 4 wavefronts per request (mean 4.0, ideal 1)
      Dst += 16 * 16;
    }
    Dst += 4 * 16 * 16;
  }
  Out[threadIdx.x] = S[threadIdx.x];
}

// Double buffering by a direction that flips (`p += BUF * dir; dir = -dir`)
// and an ldmatrix address swizzled on its shared-window integer: the flip
// moves by whole buffers, under the bits the XOR changes.
__global__ void flip(float *Out, int Tiles) {
  extern __shared__ unsigned short Smem[];
  unsigned short *Buf = Smem;
  int Dir = 1;
  unsigned R0 = 0, R1, R2, R3;
  for (int K = 0; K < Tiles; ++K) {
    uint32_t Addr = static_cast<uint32_t>(
        __cvta_generic_to_shared(Buf + (threadIdx.x % 32) * 64));
    Addr ^= 0b10000;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)
                 : "r"(Addr));
    // CHECK: uniform-moves.cu:[[@LINE-1]]:24: remark: shared load of 'Smem' (16 bytes) in kernel 'flip': 32 wavefronts per request (mean 32.0, ideal 4)
    if (K + 1 != Tiles) {
      Buf = Buf + 8192 * Dir;
      Dir = -1 * Dir;
    }
  }
  Out[threadIdx.x] = R0;
}

// An offset moved under a test of loaded data that every thread reads
// alike: by 64 or by 32 * N floats, a multiple of 32 floats (128 bytes)
// either way; moved by 3 floats, the sectors depend on how far.
__global__ void byData(float *Out, const float *In, const int *Flags,
                       int N) {
  int Off = 0, Odd = 0;
  float Acc = 0;
  for (int I = 0; I < N; ++I) {
    Acc += In[Off + threadIdx.x];
    // CHECK: uniform-moves.cu:[[@LINE-1]]:12: remark: global load of 'In' (4 bytes) in kernel 'byData': 4 sectors per request (mean 4.0, ideal 4, coalesced)
    Acc += In[Odd + threadIdx.x];
    // CHECK: uniform-moves.cu:[[@LINE-1]]:12: remark: global load of 'In' (4 bytes) in kernel 'byData': bounded: 4 to 5 sectors per request (mean 4.0 to 5.0) depending on values warplint does not follow: the answer depends on how far 'Odd' has moved when an iteration of the loop at {{.*}} begins (a multiple of 3)
    if (Flags[I] > 0) {
      Off += 64;
      Odd += 3;
    } else {
      Off -= 32 * N;
    }
  }
  Out[threadIdx.x] = Acc;
}

// A move that differs between threads is no uniform move.
__global__ void perThread(float *Out, const float *In, int N) {
  const float *P = In;
  float Acc = 0;
  for (int I = 0; I < N; ++I) {
    Acc += P[threadIdx.x];
    // CHECK: uniform-moves.cu:[[@LINE-1]]:12: remark: global load of 'In' (4 bytes) in kernel 'perThread': unknown: the address depends on 'P', which changes in a loop
    P += threadIdx.x % 2 ? 32 : 64;
  }
  Out[threadIdx.x] = Acc;
}

// After a loop every thread leaves together, a pointer it advanced is its
// start plus a count of its steps.
__global__ void afterInner(float *Out, const float *In, int N) {
  const float *P = In + threadIdx.x;
  float Acc = 0;
  for (int I = 0; I < N; ++I, P += 64)
    Acc += *P;
  Acc += *P;
  // CHECK: uniform-moves.cu:[[@LINE-1]]:10: remark: global load of 'In' (4 bytes) in kernel 'afterInner': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  Out[threadIdx.x] = Acc;
}

// A pipeline's stage chosen by a count the loop carries: the copy's
// destination moves by whole 4 KiB stages, which leaves the joint solve of
// a cp.async.cg's two sides (rule LDGSTS.BYPASS) its exact answer.
__global__ void stages(const float4 *In, float *Out, int Tiles) {
  __shared__ __align__(128) float4 S[2][256];
  int Load = 0;
  for (int K = 0; K < Tiles; ++K) {
    uint32_t Dst = static_cast<uint32_t>(
        __cvta_generic_to_shared(&S[Load % 2][threadIdx.x]));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
                 :: "r"(Dst), "l"(In + K * 256 + threadIdx.x));
    // CHECK: uniform-moves.cu:[[@LINE-1]]:35: remark: global load of 'In' (16 bytes) in kernel 'stages': 16 sectors per request (mean 16.0, ideal 16,
    // CHECK: uniform-moves.cu:[[@LINE-2]]:35: remark: shared store of 'S' (16 bytes) in kernel 'stages': 4 wavefronts per request (mean 4.0, ideal 4)
    if (In[K].x > 0)
      ++Load;
  }
  Out[threadIdx.x] = S[0][threadIdx.x].x;
}

int main() {
  float *F = nullptr;
  tiles<<<1, 128>>>(F, F);
  flip<<<1, 32, 2 * 8192 * 2>>>(F, 4);
  byData<<<1, 32>>>(F, F, nullptr, 8);
  perThread<<<1, 32>>>(F, F, 8);
  afterInner<<<1, 32>>>(F, F, 8);
  stages<<<1, 32>>>(nullptr, F, 8);
}
