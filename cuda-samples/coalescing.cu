// Global-memory coalescing: how many 32-byte sectors one warp request touches
// (ideal: the same active lanes reading contiguous, aligned elements).
// Buffers come from cudaMalloc, so they are 256-byte aligned.
#include <cstdio>

struct Particle {
  float X, Y, Z;
};

__global__ void vectorAdd(const float *A, const float *B, float *C) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = A[I]; // expect: global load sectors=4 ideal=4
  float Y = B[I]; // expect: global load sectors=4 ideal=4
  C[I] = X + Y;   // expect: global store sectors=4 ideal=4
}

// Stride 2 at the launch site: lanes 8 bytes apart, half of each sector wasted.
__global__ void stridedCopy(const float *In, float *Out, int Stride) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I * Stride]; // expect: global load sectors=8 ideal=4
  Out[I] = V;               // expect: global store sectors=4 ideal=4
}

// Reading one element past the aligned start: one extra sector per request.
__global__ void offsetByOne(const float *In, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I + 1]; // expect: global load sectors=5 ideal=4
  Out[I] = V;          // expect: global store sectors=4 ideal=4
}

// Array of structs: lanes 12 bytes apart; struct of arrays: contiguous.
__global__ void aosX(const Particle *P, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = P[I].X; // expect: global load sectors=12 ideal=4
  Out[I] = X;       // expect: global store sectors=4 ideal=4
}
__global__ void soaX(const float *Xs, float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float X = Xs[I]; // expect: global load sectors=4 ideal=4
  Out[I] = X;      // expect: global store sectors=4 ideal=4
}

// Row and column walks of a 1024-float-pitch matrix, launched with 32x8 and
// 16x16 blocks; the column walk's worst case is the 32x8 shape (32 sectors;
// 16 with 16x16, where the two rows of a warp share sectors).
__global__ void walks(const float *M, float *Out) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  float Row = M[Y * 1024 + X]; // expect: global load sectors=4 ideal=4
  float Col = M[X * 1024 + Y]; // expect: global load sectors=32 ideal=4
  Out[Y * 1024 + X] = Row + Col; // expect: global store sectors=4 ideal=4
}

// An odd pitch of 1001 floats: only rows whose start is a multiple of 8
// floats are sector-aligned; the others need a fifth sector.
__global__ void oddPitch(const float *M, float *Out, int Pitch) {
  float V = M[threadIdx.y * Pitch + threadIdx.x]; // expect: global load sectors=5 ideal=4
  Out[threadIdx.y * 32 + threadIdx.x] = V;        // expect: global store sectors=4 ideal=4
}

// Element widths: 1, 8 and 16 bytes per lane.
__global__ void widths(const char *C, const double *D, const float4 *Q,
                       float *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  char A = C[I];    // expect: global load sectors=1 ideal=1
  double B = D[I];  // expect: global load sectors=8 ideal=8
  float4 E = Q[I];  // expect: global load sectors=16 ideal=16
  Out[I] = A + float(B) + E.x + E.y + E.z + E.w; // expect: global store sectors=4 ideal=4
}

int main() {
  float *In, *Out;
  cudaMalloc(&In, 32 << 20);
  cudaMalloc(&Out, 32 << 20);
  cudaMemset(In, 0, 32 << 20);
  vectorAdd<<<64, dim3(256)>>>(In, In + (1 << 20), Out);
  stridedCopy<<<64, dim3(256)>>>(In, Out, 2);
  offsetByOne<<<64, dim3(256)>>>(In, Out);
  aosX<<<64, dim3(256)>>>(reinterpret_cast<const Particle *>(In), Out);
  soaX<<<64, dim3(256)>>>(In, Out);
  walks<<<dim3(8, 32), dim3(32, 8)>>>(In, Out);
  walks<<<dim3(16, 16), dim3(16, 16)>>>(In, Out);
  oddPitch<<<1, dim3(32, 8)>>>(In, Out, 1001);
  widths<<<64, dim3(256)>>>(reinterpret_cast<const char *>(In),
                            reinterpret_cast<const double *>(In),
                            reinterpret_cast<const float4 *>(In), Out);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("coalescing: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
