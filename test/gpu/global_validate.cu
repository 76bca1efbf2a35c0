// Hardware-validation kernels for global memory (issue 4).
//
// One global access per source line; per-line "L2 Theoretical Sectors
// Global" divided by the line's memory instructions is the per-request value
// warplint predicts. Buffers come from cudaMalloc (256-byte aligned). Each
// kernel is launched once with a literal shape. `{...}` expectations are
// formulas in the template argument S or O (scripts/gpu/analyze.py).
#include "common.cuh"

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

struct P3 {
  float X, Y, Z;
};
struct __align__(16) P4 {
  float X, Y, Z, W;
};

// --- vector add: three coalesced streams --------------------------------------
__global__ void vectorAdd(const float *A, const float *B, float *C) {
  float X = A[GID]; // expect: global load sectors=4 ideal=4
  float Y = B[GID]; // expect: global load sectors=4 ideal=4
  C[GID] = X + Y;   // expect: global store sectors=4 ideal=4
}

// --- strided and offset loads ------------------------------------------------------
template <int S> __global__ void strideLoad(const float *In, float *Out) {
  float V = In[GID * S]; // expect: global load sectors={min(32,31*S//8+1)} ideal=4
  Out[GID] = V;          // expect: global store sectors=4 ideal=4
}

template <int O> __global__ void offsetLoad(const float *In, float *Out) {
  float V = In[GID + O]; // expect: global load sectors={4 if O % 8 == 0 else 5} ideal=4
  Out[GID] = V;          // expect: global store sectors=4 ideal=4
}

// --- stores: strided, offset, vector -----------------------------------------------
__global__ void storePatterns(const float *In, float *Out) {
  float V = In[GID];                            // expect: global load sectors=4 ideal=4
  Out[GID * 2] = V;                             // expect: global store sectors=8 ideal=4
  Out[GID + 1 + (1 << 20)] = V;                 // expect: global store sectors=5 ideal=4
  Out[GID * 32 + (2 << 20)] = V;                // expect: global store sectors=32 ideal=4
  reinterpret_cast<float4 *>(Out + (3 << 20))[GID] = make_float4(V, V, V, V); // expect: global store sectors=16 ideal=16
}

// --- array of structs vs struct of arrays -------------------------------------------
__global__ void aosSoa(const P3 *Aos3, const P4 *Aos4, const float *SoaY, float *Out) {
  float A = Aos3[GID].Y; // expect: global load sectors=12 ideal=4
  float B = Aos4[GID + 1024].X; // expect: global load sectors=16 ideal=4
  float C = SoaY[GID];   // expect: global load sectors=4 ideal=4
  P4 D = Aos4[GID];      // expect: global load sectors=16 ideal=16
  Out[GID] = A + B + C + D.X + D.Y + D.Z + D.W; // expect: global store sectors=4 ideal=4
}

// --- 2-D walks: rows vs columns, several block shapes, pitch 1024 floats --------------
// The block's x extent as a template argument only names the instantiation.
template <int S> __global__ void walk2DShape(const float *In, float *Out) {
  unsigned X = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Y = blockIdx.y * blockDim.y + threadIdx.y;
  float R = In[Y * 1024 + X]; // expect: global load sectors=4 ideal=4
  float C = In[X * 1024 + Y]; // expect: global load sectors={32 if S == 32 else 16 if S == 16 else 8} ideal=4
  Out[Y * 1024 + X] = R + C;  // expect: global store sectors=4 ideal=4
}

// --- odd pitches; one block each -----------------------------------------------------
// dim3(32, 8): rows at 4*1001*y bytes; only row 0 is 32-byte aligned.
__global__ void oddPitch32(const float *In, float *Out) {
  float V = In[threadIdx.y * 1001 + threadIdx.x]; // expect: global load sectors=5 ideal=4 mean=4.875
  Out[threadIdx.y * 32 + threadIdx.x] = V;        // expect: global store sectors=4 ideal=4
}
// dim3(32, 8), pitch 1004: rows alternate between aligned and 16 bytes off.
__global__ void evenPitch32(const float *In, float *Out) {
  float V = In[threadIdx.y * 1004 + threadIdx.x]; // expect: global load sectors=5 ideal=4 mean=4.5
  Out[threadIdx.y * 32 + threadIdx.x] = V;        // expect: global store sectors=4 ideal=4
}
// dim3(16, 16): each warp reads two half rows of 64 bytes.
__global__ void oddPitch16(const float *In, float *Out) {
  float V = In[threadIdx.y * 1001 + threadIdx.x]; // expect: global load sectors=6 ideal=4 mean=5.75
  Out[threadIdx.y * 16 + threadIdx.x] = V;        // expect: global store sectors=4 ideal=4
}

// --- element widths ----------------------------------------------------------------
__global__ void widths(const char *C, const short *H, const double *D,
                       const float2 *F2, const float4 *F4, const double2 *D2,
                       float *Out) {
  char A = C[GID];          // expect: global load sectors=1 ideal=1
  char B = C[GID * 4 + 4096]; // expect: global load sectors=4 ideal=1
  short E = H[GID];         // expect: global load sectors=2 ideal=2
  double F = D[GID];        // expect: global load sectors=8 ideal=8
  float2 G = F2[GID];       // expect: global load sectors=8 ideal=8
  float2 K = F2[GID * 2 + 4096]; // expect: global load sectors=16 ideal=8
  float4 L = F4[GID];       // expect: global load sectors=16 ideal=16
  double2 M = D2[GID];      // expect: global load sectors=16 ideal=16
  Out[GID] = A + B + E + float(F) + G.x + G.y + K.x + K.y + L.x + L.y + // expect: global store sectors=4 ideal=4
             L.z + L.w + float(M.x + M.y);
}

// --- uniform, partial, guarded, read-only, atomics ---------------------------------
// Launched with 48 threads per block: warp 1 has 16 active lanes.
__global__ void partialAndUniform(const float *In, float *Out) {
  float A = In[blockIdx.x + 8192];  // expect: global load sectors=1 ideal=4 ideal_mean=3
  float B = In[GID];                // expect: global load sectors=4 ideal=4 mean=3 ideal_mean=3
  float C = 0;
  if (threadIdx.x < 16)
    C = In[GID + 16384];            // expect: global load sectors=2 ideal=2
  float D = __ldg(&In[GID + 32768]); // expect: global load sectors=4 ideal=4 mean=3 ideal_mean=3
  Out[GID] = A + B + C + D;         // expect: global store sectors=4 ideal=4 mean=3 ideal_mean=3
}

__global__ void globalAtomics(float *Out, int *Counters) {
  atomicAdd(&Out[GID], 1.0f);                   // expect: global atomic sectors=4 ideal=4
  int Old = atomicAdd(&Counters[GID * 8], 1);   // expect: global atomic sectors=32 ideal=4
  atomicAdd(&Counters[4096], 1);                // expect: global atomic sectors=1 ideal=4
  Out[GID + 8192] = float(Old);                 // expect: global store sectors=4 ideal=4
}

// An unrolled walk down eight rows: the line holds eight coalesced loads.
__global__ void rowLoop(const float *In, float *Out) {
  float Acc = 0;
#pragma unroll
  for (int K = 0; K < 8; ++K)
    Acc += In[(blockIdx.x * 8 + K) * 1024 + threadIdx.x]; // expect: global load sectors=4 ideal=4
  Out[GID] = Acc; // expect: global store sectors=4 ideal=4
}

template <int S> void runStride(const float *In, float *Out) {
  strideLoad<S><<<4, 256>>>(In, Out);
  launched("strideLoad");
}
template <int O> void runOffset(const float *In, float *Out) {
  offsetLoad<O><<<4, 256>>>(In, Out);
  launched("offsetLoad");
}

int main() {
  Buffers B;
  const float *In = B.In;
  float *Out = B.Out;
  vectorAdd<<<4, 256>>>(In, In + (1 << 20), Out);
  launched("vectorAdd");
  runStride<1>(In, Out);
  runStride<2>(In, Out);
  runStride<3>(In, Out);
  runStride<4>(In, Out);
  runStride<8>(In, Out);
  runStride<16>(In, Out);
  runStride<32>(In, Out);
  runStride<33>(In, Out);
  runOffset<0>(In, Out);
  runOffset<1>(In, Out);
  runOffset<2>(In, Out);
  runOffset<7>(In, Out);
  runOffset<8>(In, Out);
  runOffset<32>(In, Out);
  storePatterns<<<4, 256>>>(In, Out);
  launched("storePatterns");
  aosSoa<<<4, 256>>>(reinterpret_cast<const P3 *>(In),
                     reinterpret_cast<const P4 *>(In + (1 << 20)),
                     In + (2 << 20), Out);
  launched("aosSoa");
  walk2DShape<32><<<dim3(4, 4), dim3(32, 8)>>>(In, Out);
  launched("walk2DShape<32>");
  walk2DShape<16><<<dim3(4, 4), dim3(16, 16)>>>(In, Out);
  launched("walk2DShape<16>");
  walk2DShape<8><<<dim3(4, 4), dim3(8, 8)>>>(In, Out);
  launched("walk2DShape<8>");
  oddPitch32<<<1, dim3(32, 8)>>>(In, Out);
  launched("oddPitch32");
  evenPitch32<<<1, dim3(32, 8)>>>(In, Out);
  launched("evenPitch32");
  oddPitch16<<<1, dim3(16, 16)>>>(In, Out);
  launched("oddPitch16");
  widths<<<4, 256>>>(reinterpret_cast<const char *>(In),
                     reinterpret_cast<const short *>(In + (1 << 20)),
                     reinterpret_cast<const double *>(In + (2 << 20)),
                     reinterpret_cast<const float2 *>(In + (3 << 20)),
                     reinterpret_cast<const float4 *>(In + (4 << 20)),
                     reinterpret_cast<const double2 *>(In + (5 << 20)), Out);
  launched("widths");
  partialAndUniform<<<4, 48>>>(In, Out);
  launched("partialAndUniform");
  globalAtomics<<<4, 256>>>(Out, reinterpret_cast<int *>(Out + (4 << 20)));
  launched("globalAtomics");
  rowLoop<<<4, 256>>>(In, Out);
  launched("rowLoop");
  return 0;
}
