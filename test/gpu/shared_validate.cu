// Hardware-validation kernels for shared memory (issue 4).
//
// One shared access per source line, so that Nsight Compute's per-line
// "L1 Wavefronts Shared" divided by the line's memory instructions is the
// per-request value warplint predicts. Each kernel is launched once, with a
// literal block shape. Expectations come from the starting model (issue 2,
// section 5); `{...}` is a formula in the template argument S, evaluated
// per instantiation by scripts/gpu/analyze.py.
#include "common.cuh"

#include <utility>

#define TID threadIdx.x

// Uses every component, so the compiler keeps the whole 16-byte load.
__device__ inline float sum4(float4 V) { return V.x + V.y + V.z + V.w; }

// --- strides 1..33, 4-byte words -------------------------------------------
template <int S> __global__ void strideF32(float *Out) {
  __shared__ float Sm[33 * 32 + 32];
  fillWords(Sm, 33 * 32 + 32);
  float V = Sm[TID * S]; // expect: shared load wavefronts={gcd(S,32)} ideal=1
  Out[TID] = V;          // expect: global store sectors=4 ideal=4
}

// --- 8-byte elements at strides ----------------------------------------------
template <int S> __global__ void strideF64(float *Out) {
  __shared__ double D[1024];
  fillWords(reinterpret_cast<float *>(D), 2048);
  double V = D[TID * S]; // expect: shared load wavefronts={max(2,gcd(2*S,32))} ideal=2
  Out[TID] = float(V);   // expect: global store sectors=4 ideal=4
}

// --- 16-byte elements at strides ---------------------------------------------
template <int S> __global__ void strideF128(float *Out) {
  __shared__ float4 Q[1024];
  fillWords(reinterpret_cast<float *>(Q), 4096);
  float4 V = Q[TID * S]; // expect: shared load wavefronts={max(4,gcd(4*S,32))} ideal=4
  reinterpret_cast<float4 *>(Out)[TID] = V; // expect: global store sectors=16 ideal=16
}

// --- 1-byte and 2-byte elements at strides -----------------------------------
template <int S> __global__ void strideI8(float *Out) {
  __shared__ char C[32 * 128];
  fillWords(reinterpret_cast<float *>(C), 32 * 32);
  char V = C[TID * S]; // expect: shared load wavefronts={1 if S < 4 else gcd(S//4,32)} ideal=1
  Out[TID] = V;        // expect: global store sectors=4 ideal=4
}

template <int S> __global__ void strideI16(float *Out) {
  __shared__ short H[32 * 64];
  fillWords(reinterpret_cast<float *>(H), 32 * 32);
  short V = H[TID * S]; // expect: shared load wavefronts={1 if S < 2 else gcd(S//2,32)} ideal=1
  Out[TID] = V;         // expect: global store sectors=4 ideal=4
}

// --- several lanes on one word (broadcast, multicast), 4 bytes ----------------
__global__ void shareF32(float *Out) {
  __shared__ float Sm[4 * 32];
  fillWords(Sm, 4 * 32);
  float A = Sm[0];                 // expect: shared load wavefronts=1 ideal=1
  float B = Sm[TID / 2];           // expect: shared load wavefronts=1 ideal=1
  float C = Sm[(TID % 4) * 32];    // expect: shared load wavefronts=4 ideal=1
  float D = Sm[(TID / 16) * 32];   // expect: shared load wavefronts=2 ideal=1
  float E = Sm[(TID % 16) * 2];    // expect: shared load wavefronts=1 ideal=1
  Out[TID] = A + B + C + D + E;    // expect: global store sectors=4 ideal=4
}

// --- 8-byte elements shared by lanes -------------------------------------------
__global__ void shareF64(float *Out) {
  __shared__ double D[64];
  fillWords(reinterpret_cast<float *>(D), 128);
  double A = D[TID / 2];           // expect: shared load wavefronts=2 ideal=2
  double B = D[TID / 4];           // expect: shared load wavefronts=2 ideal=2
  double C = D[0];                 // expect: shared load wavefronts=2 ideal=2
  double E = D[TID % 16];          // expect: shared load wavefronts=2 ideal=2
  double F = D[TID % 8];           // expect: shared load wavefronts=2 ideal=2
  double G = D[(TID % 2) * 16];    // expect: shared load wavefronts=4 ideal=2
  double H = D[TID ^ 1];           // expect: shared load wavefronts=2 ideal=2
  double I = D[31 - TID];          // expect: shared load wavefronts=2 ideal=2
  double J = D[(TID % 16) * 2];    // expect: shared load wavefronts=4 ideal=2
  Out[TID] = float(A + B + C + E + F + G + H + I + J); // expect: global store sectors=4 ideal=4
}

// --- 16-byte elements shared by lanes ------------------------------------------
__global__ void shareF128(float *Out) {
  __shared__ float4 Q[64];
  fillWords(reinterpret_cast<float *>(Q), 256);
  float4 A = Q[TID / 2];           // expect: shared load wavefronts=4 ideal=4
  float4 B = Q[TID / 4];           // expect: shared load wavefronts=4 ideal=4
  float4 C = Q[0];                 // expect: shared load wavefronts=4 ideal=4
  float4 E = Q[TID % 8];           // expect: shared load wavefronts=4 ideal=4
  float4 F = Q[TID % 16];          // expect: shared load wavefronts=4 ideal=4
  float4 G = Q[(TID % 2) * 8];     // expect: shared load wavefronts=8 ideal=4
  float4 H = Q[TID / 8];           // expect: shared load wavefronts=4 ideal=4
  float Sum = sum4(A) + sum4(B) + sum4(C) + sum4(E) + sum4(F) + sum4(G) +
              sum4(H);
  Out[TID] = Sum;                  // expect: global store sectors=4 ideal=4
}

// --- partial warps and guards --------------------------------------------------
// Launched with 48 threads: warp 1 has 16 active lanes.
__global__ void partialBlock(float *Out) {
  __shared__ float Sm[128];
  fillWords(Sm, 128);
  float A = Sm[TID];               // expect: shared load wavefronts=1 ideal=1
  float B = Sm[TID * 2];           // expect: shared load wavefronts=2 ideal=1 mean=1.5
  Out[TID] = A + B;                // expect: global store sectors=4 ideal=4 mean=3 ideal_mean=3
}

__global__ void guards(float *Out) {
  __shared__ float Sm[128];
  __shared__ double D[64];
  __shared__ float4 Q[64];
  fillWords(Sm, 128);
  fillWords(reinterpret_cast<float *>(D), 128);
  fillWords(reinterpret_cast<float *>(Q), 256);
  float Acc = 0;
  if (TID < 16)
    Acc += Sm[TID * 2];            // expect: shared load wavefronts=1 ideal=1
  if (TID % 2 == 0)
    Acc += Sm[TID * 2 + 64];          // expect: shared load wavefronts=2 ideal=1
  if (TID == 5)
    Acc += Sm[TID];                // expect: shared load wavefronts=1 ideal=1
  if (TID < 16)
    Acc += float(D[TID]);          // expect: shared load wavefronts=1 ideal=1
  if (TID >= 16)
    Acc += float(D[TID + 32]);       // expect: shared load wavefronts=1 ideal=1
  if (TID < 8)
    Acc += sum4(Q[TID]);           // expect: shared load wavefronts=1 ideal=1
  if (TID % 8 == 0)
    Acc += sum4(Q[TID + 32]);       // expect: shared load wavefronts=4 ideal=4
  if (TID < 4)
    Acc += sum4(Q[TID + 16]);       // expect: shared load wavefronts=1 ideal=1
  if (TID % 8 == 0)
    Acc += Q[TID].y;               // expect: shared load wavefronts=4 ideal=1
  Out[TID] = Acc;                  // expect: global store sectors=4 ideal=4
}

// --- 2-D and 3-D blocks --------------------------------------------------------
// Launched with dim3(8, 8).
__global__ void block8x8(float *Out) {
  __shared__ float T[8][8];
  fillWords(&T[0][0], 64);
  float A = T[threadIdx.y][threadIdx.x]; // expect: shared load wavefronts=1 ideal=1
  float B = T[threadIdx.x][threadIdx.y]; // expect: shared load wavefronts=2 ideal=1
  Out[threadIdx.y * 8 + threadIdx.x] = A + B; // expect: global store sectors=4 ideal=4
}

// Launched with dim3(16, 16).
__global__ void block16x16(float *Out) {
  __shared__ float T[16][16];
  __shared__ float P[16][17];
  fillWords(&T[0][0], 256);
  fillWords(&P[0][0], 16 * 17);
  float A = T[threadIdx.y][threadIdx.x]; // expect: shared load wavefronts=1 ideal=1
  float B = T[threadIdx.x][threadIdx.y]; // expect: shared load wavefronts=8 ideal=1
  float C = P[threadIdx.x][threadIdx.y]; // expect: shared load wavefronts=2 ideal=1
  Out[threadIdx.y * 16 + threadIdx.x] = A + B + C; // expect: global store sectors=4 ideal=4
}

// Launched with dim3(8, 4, 2).
__global__ void block8x4x2(float *Out) {
  __shared__ float R[2][4][8];
  __shared__ float W[8][4][2];
  fillWords(&R[0][0][0], 64);
  fillWords(&W[0][0][0], 64);
  float A = R[threadIdx.z][threadIdx.y][threadIdx.x]; // expect: shared load wavefronts=1 ideal=1
  float B = W[threadIdx.x][threadIdx.y][threadIdx.z]; // expect: shared load wavefronts=2 ideal=1
  int Lin = threadIdx.x + 8 * (threadIdx.y + 4 * threadIdx.z);
  Out[Lin] = A + B;                // expect: global store sectors=4 ideal=4
}

// --- tiles: naive, padded, XOR-swizzled; launched with dim3(32, 32) ------------
__global__ void tiles(const float *In, float *Out) {
  __shared__ float Naive[32][32];
  __shared__ float Padded[32][33];
  __shared__ float Swz[32][32];
  unsigned X = threadIdx.x, Y = threadIdx.y;
  float V = In[Y * 32 + X];        // expect: global load sectors=4 ideal=4
  Naive[Y][X] = V;                 // expect: shared store wavefronts=1 ideal=1
  Padded[Y][X] = V;                // expect: shared store wavefronts=1 ideal=1
  Swz[Y][X ^ Y] = V;               // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  float A = Naive[X][Y];           // expect: shared load wavefronts=32 ideal=1
  float B = Padded[X][Y];          // expect: shared load wavefronts=1 ideal=1
  float C = Swz[X][Y ^ X];         // expect: shared load wavefronts=1 ideal=1
  __syncthreads();
  Naive[X][Y] = A + B + C;         // expect: shared store wavefronts=32 ideal=1
  __syncthreads();
  float D = Naive[Y][X];           // expect: shared load wavefronts=1 ideal=1
  Out[Y * 32 + X] = D;             // expect: global store sectors=4 ideal=4
}

// --- dynamic shared memory; launched with 4096 bytes ---------------------------
__global__ void dynamicShared(float *Out) {
  extern __shared__ float Dyn[];
  fillWords(Dyn, 1024);
  float A = Dyn[TID];              // expect: shared load wavefronts=1 ideal=1
  float B = Dyn[TID * 2];          // expect: shared load wavefronts=2 ideal=1
  float C = Dyn[TID * 32 + 1];     // expect: shared load wavefronts=32 ideal=1
  Out[TID] = A + B + C;            // expect: global store sectors=4 ideal=4
}

// --- vector loads through reinterpret_cast --------------------------------------
__global__ void vectorCast(float *Out) {
  __shared__ float Sm[1024];
  fillWords(Sm, 1024);
  float4 A = reinterpret_cast<float4 *>(Sm)[TID];     // expect: shared load wavefronts=4 ideal=4
  float2 B = reinterpret_cast<float2 *>(Sm)[TID];     // expect: shared load wavefronts=2 ideal=2
  float2 C = reinterpret_cast<float2 *>(Sm)[2 * TID]; // expect: shared load wavefronts=4 ideal=2
  float4 D = reinterpret_cast<float4 *>(Sm + 4 * 32)[TID]; // expect: shared load wavefronts=4 ideal=4
  Out[TID] = sum4(A) + B.x + B.y + C.x + C.y + sum4(D); // expect: global store sectors=4 ideal=4
}

// --- adjacent scalar loads the compiler may merge into vectors -----------------
__global__ void mergeCandidates(float *Out) {
  __shared__ float Sm[256];
  fillWords(Sm, 256);
  float A = Sm[2 * TID];           // expect: shared load wavefronts=2 ideal=1
  float B = Sm[2 * TID + 1];       // expect: shared load wavefronts=2 ideal=1
  float C = Sm[4 * TID + 128];     // expect: shared load wavefronts=4 ideal=1
  float D = Sm[4 * TID + 129];     // expect: shared load wavefronts=4 ideal=1
  float E = Sm[4 * TID + 130];     // expect: shared load wavefronts=4 ideal=1
  float F = Sm[4 * TID + 131];     // expect: shared load wavefronts=4 ideal=1
  Out[TID] = A * B + C * D + E * F; // expect: global store sectors=4 ideal=4
}

// --- stores --------------------------------------------------------------------
__global__ void stores(const float *In, float *Out) {
  __shared__ float Sm[32 * 33];
  __shared__ double D[64];
  __shared__ float4 Q[64];
  __shared__ char C[128];
  __shared__ short H[128];
  float V = In[TID];               // expect: global load sectors=4 ideal=4
  Sm[TID * 2] = V;                 // expect: shared store wavefronts=2 ideal=1
  Sm[TID * 32] = V;                // expect: shared store wavefronts=32 ideal=1
  D[TID] = V;                      // expect: shared store wavefronts=2 ideal=2
  Q[TID] = make_float4(V, V, V, V); // expect: shared store wavefronts=4 ideal=4
  C[TID] = char(V);                // expect: shared store wavefronts=1 ideal=1
  H[TID] = short(V);               // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  volatile float *VSm = Sm;
  VSm[0] = V;                      // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  float R = Sm[TID * 33];          // expect: shared load wavefronts=1 ideal=1
  double E = D[TID ^ 3];           // expect: shared load wavefronts=2 ideal=2
  float4 F = Q[TID ^ 5];           // expect: shared load wavefronts=4 ideal=4
  char G = C[TID ^ 7];             // expect: shared load wavefronts=1 ideal=1
  short K = H[TID ^ 9];            // expect: shared load wavefronts=1 ideal=1
  Out[TID] = R + float(E) + sum4(F) + G + K; // expect: global store sectors=4 ideal=4
}

// --- shared atomics ------------------------------------------------------------
__global__ void atomics(int *Out) {
  __shared__ int Si[32 * 32];
  __shared__ float Sf[64];
  fillWords(reinterpret_cast<float *>(Si), 32 * 32);
  fillWords(Sf, 64);
  int A = atomicAdd(&Si[TID], int(TID));        // expect: shared atomic wavefronts=1 ideal=1
  int B = atomicAdd(&Si[TID * 2], int(TID));    // expect: shared atomic wavefronts=2 ideal=1
  int C = atomicAdd(&Si[0], int(TID));          // expect: shared atomic wavefronts=1 ideal=1
  int D = atomicAdd(&Si[TID % 4], int(TID));    // expect: shared atomic wavefronts=1 ideal=1
  int E = atomicAdd(&Si[TID * 32], int(TID));   // expect: shared atomic wavefronts=32 ideal=1
  int F = atomicMax(&Si[TID + 64], int(TID));   // expect: shared atomic wavefronts=1 ideal=1
  float G = atomicAdd(&Sf[TID], 1.0f);          // expect: shared atomic wavefronts=1 ideal=1
  Out[TID] = A + B + C + D + E + F + int(G);    // expect: global store sectors=4 ideal=4
}

// --- loops whose degree changes by iteration; launched with 256 threads --------
__global__ void reduceInterleaved(float *Out) {
  __shared__ float R[256];
  fillWords(R, 256);
  for (unsigned S = 1; S < 256; S *= 2) {
    unsigned Idx = 2 * S * TID;
    if (Idx < 256) {
      float A = R[Idx];            // expect: shared load wavefronts=8 ideal=1 mean=47/12
      float B = R[Idx + S];        // expect: shared load wavefronts=8 ideal=1 mean=47/12
      R[Idx] = A + B;              // expect: shared store wavefronts=8 ideal=1 mean=47/12
    }
    __syncthreads();
  }
  if (TID == 0)
    Out[blockIdx.x] = R[0];        // expect: global store sectors=1 ideal=1
}

__global__ void reduceSequential(float *Out) {
  __shared__ float R[256];
  fillWords(R, 256);
  for (unsigned S = 128; S > 0; S >>= 1) {
    if (TID < S) {
      float A = R[TID];            // expect: shared load wavefronts=1 ideal=1
      float B = R[TID + S];        // expect: shared load wavefronts=1 ideal=1
      R[TID] = A + B;              // expect: shared store wavefronts=1 ideal=1
    }
    __syncthreads();
  }
  if (TID == 0)
    Out[blockIdx.x] = R[0];        // expect: global store sectors=1 ideal=1
}

// An unrolled loop: the line holds six loads of degree 1, 2, 4, ..., 32.
__global__ void unrolledStrides(float *Out) {
  __shared__ float Sm[32 * 32];
  fillWords(Sm, 32 * 32);
  float Acc = 0;
#pragma unroll
  for (int K = 1; K <= 32; K *= 2)
    Acc += Sm[(TID * K) % 1024];   // expect: shared load wavefronts=32 ideal=1 mean=63/6
  Out[TID] = Acc;                  // expect: global store sectors=4 ideal=4
}

// --- host: every kernel once, literal shapes -------------------------------------
template <int S> void runStrideF32(float *Out) {
  strideF32<S><<<1, 32>>>(Out);
  launched("strideF32");
}
template <int... S> void runStridesF32(std::integer_sequence<int, S...>, float *Out) {
  (runStrideF32<S + 1>(Out), ...);
}

template <int S> void runWide(float *Out) {
  strideF64<S><<<1, 32>>>(Out);
  launched("strideF64");
  strideF128<S><<<1, 32>>>(Out);
  launched("strideF128");
}

template <int S> void runNarrow(float *Out) {
  strideI8<S><<<1, 32>>>(Out);
  launched("strideI8");
  strideI16<S><<<1, 32>>>(Out);
  launched("strideI16");
}

int main() {
  Buffers B;
  runStridesF32(std::make_integer_sequence<int, 33>(), B.Out);
  runWide<1>(B.Out);
  runWide<2>(B.Out);
  runWide<3>(B.Out);
  runWide<4>(B.Out);
  runWide<8>(B.Out);
  runWide<9>(B.Out);
  runWide<16>(B.Out);
  runWide<32>(B.Out);
  runNarrow<1>(B.Out);
  runNarrow<2>(B.Out);
  runNarrow<4>(B.Out);
  runNarrow<8>(B.Out);
  runNarrow<16>(B.Out);
  runNarrow<32>(B.Out);
  runNarrow<64>(B.Out);
  shareF32<<<1, 32>>>(B.Out);
  launched("shareF32");
  shareF64<<<1, 32>>>(B.Out);
  launched("shareF64");
  shareF128<<<1, 32>>>(B.Out);
  launched("shareF128");
  partialBlock<<<1, 48>>>(B.Out);
  launched("partialBlock");
  guards<<<1, 32>>>(B.Out);
  launched("guards");
  block8x8<<<1, dim3(8, 8)>>>(B.Out);
  launched("block8x8");
  block16x16<<<1, dim3(16, 16)>>>(B.Out);
  launched("block16x16");
  block8x4x2<<<1, dim3(8, 4, 2)>>>(B.Out);
  launched("block8x4x2");
  tiles<<<1, dim3(32, 32)>>>(B.In, B.Out);
  launched("tiles");
  dynamicShared<<<1, 32, 4096>>>(B.Out);
  launched("dynamicShared");
  vectorCast<<<1, 32>>>(B.Out);
  launched("vectorCast");
  mergeCandidates<<<1, 32>>>(B.Out);
  launched("mergeCandidates");
  stores<<<1, 32>>>(B.In, B.Out);
  launched("stores");
  atomics<<<1, 32>>>(reinterpret_cast<int *>(B.Out));
  launched("atomics");
  reduceInterleaved<<<1, 256>>>(B.Out);
  launched("reduceInterleaved");
  reduceSequential<<<1, 256>>>(B.Out);
  launched("reduceSequential");
  unrolledStrides<<<1, 32>>>(B.Out);
  launched("unrolledStrides");
  return 0;
}
