// Hardware validation of the warp-divergence model (issue 16).
//
// Each kernel keeps the body of one branch on lines of its own, so that
// Nsight Compute's per-line "Instructions Executed" and "Predicated-On
// Thread Instructions Executed" belong to that body: their ratio is the
// average of active lanes per executed warp instruction, which warplint's
// branch analysis predicts as `lanes_mean`. `// lanes:` comments say what
// the model expects (per executed instruction, over the launch).
//
// Build: nvcc -O3 -lineinfo -arch=sm_90 (scripts/gpu-validate); measured
// per line into test/gpu/measurements/gpu_divergence_validate.branches.csv
// by scripts/gpu/branches_to_csv.py.
#include "common.cuh"

// Eight dependent multiply-adds: enough work that nvcc keeps a real branch
// around a body made of two of them (the short bodies below use one).
#define WORK(V)                                                                \
  V = V * V + 0.5f;                                                            \
  V = V * 0.75f - 0.25f;                                                       \
  V = V * V + 0.125f;                                                          \
  V = V * 0.5f + 0.0625f;                                                      \
  V = V * V - 0.5f;                                                            \
  V = V * 0.25f + 0.75f;                                                       \
  V = V * V + 0.25f;                                                           \
  V = V * 0.5f - 0.125f

// --- reductions over 256 threads ---------------------------------------------
__global__ void reduceInterleavedDiv(const float *In, float *Out) {
  __shared__ float S[256];
  unsigned T = threadIdx.x;
  S[T] = In[blockIdx.x * 256 + T];
  __syncthreads();
  for (unsigned Step = 1; Step < blockDim.x; Step *= 2) {
    if (T % (2 * Step) == 0)
      S[T] += S[T + Step]; // lanes: 16, 8, 4, 2, 1, 1, 1, 1 per executed warp
    __syncthreads();
  }
  if (T == 0)
    Out[blockIdx.x] = S[0];
}

__global__ void reduceSequentialDiv(const float *In, float *Out) {
  __shared__ float S[256];
  unsigned T = threadIdx.x;
  S[T] = In[blockIdx.x * 256 + T];
  __syncthreads();
  for (unsigned Step = blockDim.x / 2; Step > 0; Step >>= 1) {
    if (T < Step)
      S[T] += S[T + Step]; // lanes: 32 while Step >= 32, then 16 .. 1
    __syncthreads();
  }
  if (T == 0)
    Out[blockIdx.x] = S[0];
}

// --- splits inside a warp ----------------------------------------------------
__global__ void oddEvenShort(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2)
    V = V * 2.0f + 1.0f; // lanes: 16 (a select: every warp issues it)
  Out[I] = V;
}

__global__ void oddEvenLong(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    WORK(V); // lanes: 16
    WORK(V); // lanes: 16
  }
  Out[I] = V;
}

__global__ void oddEvenIfElse(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    WORK(V); // lanes: 16
    WORK(V); // lanes: 16
  } else {
    V = sqrtf(V) + 1.0f;
    WORK(V); // lanes: 16
  }
  Out[I] = V;
}

__global__ void halfWarp(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 32 < 16) {
    WORK(V); // lanes: 16
    WORK(V); // lanes: 16
  }
  Out[I] = V;
}

__global__ void warpUniform(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if ((threadIdx.x / 32) % 2) {
    WORK(V); // lanes: 32 (half the warps, whole)
    WORK(V); // lanes: 32
  }
  Out[I] = V;
}

__global__ void boundsGuard(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    float V = In[I];
    WORK(V); // lanes: (31 * 32 + 8) / 32 with N = 1000 over 4 x 256
    Out[I] = V;
  }
}

// --- loops, exits, nesting ---------------------------------------------------
__global__ void laneTripCount(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  for (unsigned K = 0; K < threadIdx.x % 8; ++K) {
    WORK(V); // lanes: iteration k runs on the lanes with T % 8 > k
  }
  Out[I] = V;
}

__global__ void earlyExit(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 4 == 0)
    return;
  WORK(V); // lanes: 24
  Out[I] = V;
}

__global__ void nestedSplit(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x < 128) {
    V = V + 1.0f;
    if (threadIdx.x % 2) {
      WORK(V); // lanes: 16, in warps 0-3 only
      WORK(V); // lanes: 16
    }
  }
  Out[I] = V;
}

__global__ void gridStride(const float *In, float *Out, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x) {
    float V = In[I];
    WORK(V); // lanes: 1000 threads' work over 512-thread sweeps
    Out[I] = V;
  }
}

// --- 2-D blocks of 8 x 32: a warp is four rows of eight ----------------------
__global__ void narrowSplitX(const float *In, float *Out) {
  unsigned T = threadIdx.y * 8 + threadIdx.x;
  float V = In[T];
  if (threadIdx.x < 4) {
    WORK(V); // lanes: 16 (four lanes of each row)
    WORK(V); // lanes: 16
  }
  Out[T] = V;
}

__global__ void narrowSplitY(const float *In, float *Out) {
  unsigned T = threadIdx.y * 8 + threadIdx.x;
  float V = In[T];
  if (threadIdx.y < 16) {
    WORK(V); // lanes: 32 (rows 0-15 are warps 0-3, whole)
    WORK(V); // lanes: 32
  }
  Out[T] = V;
}

// --- a switch on the lane ----------------------------------------------------
__global__ void switchLane(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  switch (threadIdx.x % 4) {
  case 0:
    WORK(V); // lanes: 8
    break;
  case 1:
    V = sqrtf(V);
    WORK(V); // lanes: 8
    break;
  default:
    V = V * 3.0f;
    WORK(V); // lanes: 16
    break;
  }
  Out[I] = V;
}

// --- data-dependent conditions -----------------------------------------------
// In holds uniform random values in [0, 1): the branch is taken with
// probability 0.5 here and 0.01 below.
__global__ void dataHalf(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (V < 0.5f) {
    WORK(V); // lanes: expected 16 / (1 - 2^-32) per executed warp
    WORK(V);
  }
  Out[I] = V;
}

__global__ void dataRare(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  // warplint: p=0.01
  if (V < 0.01f) {
    WORK(V); // lanes: expected 0.32 / (1 - 0.99^32) per executed warp
    WORK(V);
  }
  Out[I] = V;
}

// --- where nvcc stops if-converting: odd lanes run N multiply-adds ---------
// (Branch::Work counts each multiply-add once; the stored variants add one
// memory access.) The source rule's limit (Solve/Divergence.h) comes from
// these.
__global__ void size2(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
  }
  Out[I] = V;
}

__global__ void size2Store(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    Out[I] = V;
  }
}

__global__ void size4(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
  }
  Out[I] = V;
}

__global__ void size4Store(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    Out[I] = V;
  }
}

__global__ void size6(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
  }
  Out[I] = V;
}

__global__ void size6Store(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    Out[I] = V;
  }
}

__global__ void size8(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    V = V * V + 0.25f;
    V = V * 0.5f - 0.125f;
  }
  Out[I] = V;
}

__global__ void size8Store(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    V = V * V + 0.25f;
    V = V * 0.5f - 0.125f;
    Out[I] = V;
  }
}

__global__ void size10(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    V = V * V + 0.25f;
    V = V * 0.5f - 0.125f;
    V = V * V + 0.375f;
    V = V * 0.125f + 0.5f;
  }
  Out[I] = V;
}

__global__ void size10Store(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    V = V * V + 0.25f;
    V = V * 0.5f - 0.125f;
    V = V * V + 0.375f;
    V = V * 0.125f + 0.5f;
    Out[I] = V;
  }
}

__global__ void size12(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    V = V * V + 0.25f;
    V = V * 0.5f - 0.125f;
    V = V * V + 0.375f;
    V = V * 0.125f + 0.5f;
    V = V * V - 0.25f;
    V = V * 0.375f + 0.25f;
  }
  Out[I] = V;
}

__global__ void size12Store(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    V = V * V + 0.5f;
    V = V * 0.75f - 0.25f;
    V = V * V + 0.125f;
    V = V * 0.5f + 0.0625f;
    V = V * V - 0.5f;
    V = V * 0.25f + 0.75f;
    V = V * V + 0.25f;
    V = V * 0.5f - 0.125f;
    V = V * V + 0.375f;
    V = V * 0.125f + 0.5f;
    V = V * V - 0.25f;
    V = V * 0.375f + 0.25f;
    Out[I] = V;
  }
}

__global__ void fill(float *In, unsigned Seed) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned X = I * 2654435761u + Seed;
  X ^= X >> 13;
  X *= 0x5bd1e995u;
  X ^= X >> 15;
  In[I] = float(X >> 8) / float(1u << 24);
}

int main() {
  Buffers B;
  fill<<<64, 256>>>(B.In, 20261127u);
  launched("fill");
  reduceInterleavedDiv<<<4, 256>>>(B.In, B.Out);
  launched("reduceInterleavedDiv");
  reduceSequentialDiv<<<4, 256>>>(B.In, B.Out);
  launched("reduceSequentialDiv");
  oddEvenShort<<<4, 256>>>(B.In, B.Out);
  launched("oddEvenShort");
  oddEvenLong<<<4, 256>>>(B.In, B.Out);
  launched("oddEvenLong");
  oddEvenIfElse<<<4, 256>>>(B.In, B.Out);
  launched("oddEvenIfElse");
  halfWarp<<<4, 256>>>(B.In, B.Out);
  launched("halfWarp");
  warpUniform<<<4, 256>>>(B.In, B.Out);
  launched("warpUniform");
  boundsGuard<<<4, 256>>>(B.In, B.Out, 1000);
  launched("boundsGuard");
  laneTripCount<<<4, 256>>>(B.In, B.Out);
  launched("laneTripCount");
  earlyExit<<<4, 256>>>(B.In, B.Out);
  launched("earlyExit");
  nestedSplit<<<4, 256>>>(B.In, B.Out);
  launched("nestedSplit");
  gridStride<<<2, 256>>>(B.In, B.Out, 1000);
  launched("gridStride");
  narrowSplitX<<<4, dim3(8, 32)>>>(B.In, B.Out);
  launched("narrowSplitX");
  narrowSplitY<<<4, dim3(8, 32)>>>(B.In, B.Out);
  launched("narrowSplitY");
  switchLane<<<4, 256>>>(B.In, B.Out);
  launched("switchLane");
  dataHalf<<<64, 256>>>(B.In, B.Out);
  launched("dataHalf");
  dataRare<<<64, 256>>>(B.In, B.Out);
  launched("dataRare");
  size2<<<4, 256>>>(B.In, B.Out);
  launched("size2");
  size2Store<<<4, 256>>>(B.In, B.Out);
  launched("size2Store");
  size4<<<4, 256>>>(B.In, B.Out);
  launched("size4");
  size4Store<<<4, 256>>>(B.In, B.Out);
  launched("size4Store");
  size6<<<4, 256>>>(B.In, B.Out);
  launched("size6");
  size6Store<<<4, 256>>>(B.In, B.Out);
  launched("size6Store");
  size8<<<4, 256>>>(B.In, B.Out);
  launched("size8");
  size8Store<<<4, 256>>>(B.In, B.Out);
  launched("size8Store");
  size10<<<4, 256>>>(B.In, B.Out);
  launched("size10");
  size10Store<<<4, 256>>>(B.In, B.Out);
  launched("size10Store");
  size12<<<4, 256>>>(B.In, B.Out);
  launched("size12");
  size12Store<<<4, 256>>>(B.In, B.Out);
  launched("size12Store");
  return 0;
}
