// Hardware-validation kernels for the questions the first measurements left
// open (issue 4; docs/hardware-model.md S4, S5, S8).
//
// - S4: is lane-pair merging of 8/16-byte shared loads decided for the whole
//   warp, or per half warp, and does it need aligned pairs (2k, 2k+1) or any
//   neighbouring lanes on one address?
// - S5: Nsight's ideal for partial 8/16-byte requests (guards, short warps).
// - S8: shared atomics, lanes per bank rather than words per bank.
//
// One shared access per source line, each kernel launched once with a
// literal shape. The `// expect:` comments hold what the H100 measured
// (test/gpu/measurements/gpu_open_questions.csv); the comment above a line
// says which reading of the rules it separates and which one held (line
// numbers are those of the measurement: keep them when editing).
#include "common.cuh"

#define TID threadIdx.x

// Uses every component, so the compiler keeps the whole 16-byte load.
__device__ inline float sum4q(float4 V) { return V.x + V.y + V.z + V.w; }

// --- S4 granularity, 8-byte elements -----------------------------------------
__global__ void pairMerge64(float *Out) {
  __shared__ double D[128];
  fillWords(reinterpret_cast<float *>(D), 256);
  double A = D[TID < 16 ? TID / 2 : TID];       // expect: shared load wavefronts=2 ideal=2
  double B = D[TID < 16 ? TID : TID / 2 + 32];  // expect: shared load wavefronts=2 ideal=2
  double C = D[(TID + 1) / 2];                  // expect: shared load wavefronts=2 ideal=2
  // 16 distinct doubles (128 bytes) shared by lanes (2k-1, 2k): merging any
  // neighbours would give 1, aligned pairs only give 2. Measured 2.
  double E = D[(TID + 1) / 2 % 16];             // expect: shared load wavefronts=2 ideal=2
  // All pairs share, pairs 0-7 and 8-15 on the same 16 banks: measured 2,
  // ideal 2 (not 2/1): no merge, the two half-warp phases run as in S2.
  double F = D[TID / 2 + (TID / 16) * 8];       // expect: shared load wavefronts=2 ideal=2
  double G = D[TID / 2 + (TID / 16) * 16];      // expect: shared load wavefronts=1 ideal=1
  Out[TID] = float(A + B + C + E + F + G);      // expect: global store sectors=4 ideal=4
}

// --- S4 granularity, 16-byte elements ----------------------------------------
__global__ void pairMerge128(float *Out) {
  __shared__ float4 Q[64];
  fillWords(reinterpret_cast<float *>(Q), 256);
  // Whole-warp merging: 4 quarter phases. Per-half merging: lanes 0-15 as
  // one phase of 8 pairs, then 2: 3. Measured 3/3: decided per half warp.
  float4 A = Q[TID < 16 ? TID / 2 : TID];      // expect: shared load wavefronts=3 ideal=3
  float4 B = Q[TID < 16 ? TID : TID / 2 + 16]; // expect: shared load wavefronts=3 ideal=3
  float4 C = Q[(TID + 1) / 2];                 // expect: shared load wavefronts=4 ideal=4
  // 8 distinct float4 (128 bytes) shared by lanes (2k-1, 2k): 4 with
  // aligned pairs only, 2 if any neighbours merge. Measured 4.
  float4 E = Q[(TID + 1) / 2 % 8];             // expect: shared load wavefronts=4 ideal=4
  float4 F = Q[TID / 2 + (TID / 16) * 4];      // expect: shared load wavefronts=2 ideal=2
  Out[TID] = sum4q(A) + sum4q(B) + sum4q(C) + sum4q(E) + sum4q(F); // expect: global store sectors=4 ideal=4
}

// --- S4 for stores: pairs writing one address do not merge (2 and 4) ---------
__global__ void pairStores(const float *In, float *Out) {
  __shared__ double D[64];
  __shared__ float4 Q[64];
  float V = In[TID];                           // expect: global load sectors=4 ideal=4
  D[TID / 2] = V;                              // expect: shared store wavefronts=2 ideal=2
  Q[TID / 2] = make_float4(V, V, V, V);        // expect: shared store wavefronts=4 ideal=4
  __syncthreads();
  double A = D[TID];                           // expect: shared load wavefronts=2 ideal=2
  float4 C = Q[TID];                           // expect: shared load wavefronts=4 ideal=4
  Out[TID] = float(A) + sum4q(C);              // expect: global store sectors=4 ideal=4
}

// --- S5: ideal of partial 8/16-byte requests -----------------------------------
// Every K-th lane active: 8-byte costs 2 phases, 16-byte 4 quarter phases,
// while the ideal counts the active bytes: ceil(32/K x width / 128).
template <int K> __global__ void everyKth(float *Out) {
  __shared__ double D[64];
  __shared__ float4 Q[64];
  fillWords(reinterpret_cast<float *>(D), 128);
  fillWords(reinterpret_cast<float *>(Q), 256);
  float Acc = 0;
  if (TID % K == 0)
    Acc += float(D[TID]);                      // expect: shared load wavefronts=2 ideal={(32//K*8+127)//128}
  if (TID % K == 0)
    Acc += sum4q(Q[TID]);                      // expect: shared load wavefronts=4 ideal={(32//K*16+127)//128}
  Out[TID] = Acc;                              // expect: global store sectors=4 ideal=4
}

// The first N lanes active (N = 17: D[TID / 2] measured 1, a lone lane's pair counts as sharing).
template <int N> __global__ void firstN(float *Out) {
  __shared__ double D[64];
  __shared__ float4 Q[64];
  fillWords(reinterpret_cast<float *>(D), 128);
  fillWords(reinterpret_cast<float *>(Q), 256);
  float Acc = 0;
  if (TID < N)
    Acc += float(D[TID]);                      // expect: shared load wavefronts={(N+15)//16} ideal={(N*8+127)//128}
  if (TID < N)
    Acc += sum4q(Q[TID]);                      // expect: shared load wavefronts={(N+7)//8} ideal={(N*16+127)//128}
  if (TID < N)
    Acc += float(D[TID / 2]);                  // expect: shared load wavefronts=1 ideal=1
  Out[TID] = Acc;                              // expect: global store sectors=4 ideal=4
}

// A short last warp: block of 40 threads, warp 1 has 8 lanes.
__global__ void shortWarp(float *Out) {
  __shared__ double D[64];
  __shared__ float4 Q[64];
  fillWords(reinterpret_cast<float *>(D), 128);
  fillWords(reinterpret_cast<float *>(Q), 256);
  double A = D[TID];                           // expect: shared load wavefronts=2 ideal=2 mean=1.5 ideal_mean=1.5
  float4 B = Q[TID];                           // expect: shared load wavefronts=4 ideal=4 mean=2.5 ideal_mean=2.5
  double C = D[TID / 2];                       // expect: shared load wavefronts=1 ideal=1
  Out[TID] = float(A + C) + sum4q(B);          // expect: global store sectors=4 ideal=4 mean=2.5 ideal_mean=2.5
}

// --- S8: lanes per bank (line 116 only on device_atomic_functions.hpp:107) ----
__global__ void atomicLanes(int *Out) {
  __shared__ int Si[32 * 32];
  fillWords(reinterpret_cast<float *>(Si), 32 * 32);
  int A = atomicAdd(&Si[TID / 2], 1);          // expect: shared atomic wavefronts=2 ideal=1
  int B = atomicAdd(&Si[TID % 16], 1);         // expect: shared atomic wavefronts=2 ideal=1
  int C = atomicAdd(&Si[(TID % 8) * 32], 1);   // expect: shared atomic wavefronts=32 ideal=1
  int D = atomicAdd(&Si[(TID / 8) * 32], 1);   // expect: shared atomic wavefronts=32 ideal=1
  int E = atomicOr(&Si[TID * 33], 1);          // expect: shared atomic wavefronts=1 ideal=1
  Out[TID] = A + B + C + D + E;                // expect: global store sectors=4 ideal=4
}

int main() {
  Buffers B;
  pairMerge64<<<1, 32>>>(B.Out);
  launched("pairMerge64");
  pairMerge128<<<1, 32>>>(B.Out);
  launched("pairMerge128");
  pairStores<<<1, 32>>>(B.In, B.Out);
  launched("pairStores");
  everyKth<2><<<1, 32>>>(B.Out);
  launched("everyKth<2>");
  everyKth<4><<<1, 32>>>(B.Out);
  launched("everyKth<4>");
  firstN<1><<<1, 32>>>(B.Out);
  launched("firstN<1>");
  firstN<12><<<1, 32>>>(B.Out);
  launched("firstN<12>");
  firstN<16><<<1, 32>>>(B.Out);
  launched("firstN<16>");
  firstN<17><<<1, 32>>>(B.Out);
  launched("firstN<17>");
  firstN<20><<<1, 32>>>(B.Out);
  launched("firstN<20>");
  shortWarp<<<1, 40>>>(B.Out);
  launched("shortWarp");
  atomicLanes<<<1, 32>>>(reinterpret_cast<int *>(B.Out));
  launched("atomicLanes");
  return 0;
}
