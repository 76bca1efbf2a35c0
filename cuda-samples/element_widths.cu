// Shared-memory accesses of 8-, 16-, 64- and 128-bit elements. Narrow elements
// share 4-byte words (bytes of one word never conflict); 8-byte accesses are
// served per half-warp and 16-byte accesses per quarter-warp, so their ideal
// is 2 and 4 wavefronts. Block 32 x 4.
#include <cstdio>
#include <cuda_fp16.h>

__global__ void narrowElements(const float *In, float *Out) {
  __shared__ char Bytes[32 * 32];
  __shared__ __half Halves[32 * 32];
  __shared__ short Shorts[32 * 32];
  int Tid = threadIdx.y * 32 + threadIdx.x;
  float V = In[Tid];                  // expect: global load sectors=4 ideal=4
  Bytes[Tid] = char(V);               // expect: shared store wavefronts=1 ideal=1
  Halves[Tid] = __float2half(V);      // expect: shared store wavefronts=1 ideal=1
  Shorts[Tid] = short(V);             // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  char A = Bytes[threadIdx.x * 4];    // expect: shared load wavefronts=1 ideal=1
  char B = Bytes[threadIdx.x * 32];   // expect: shared load wavefronts=8 ideal=1
  __half C = Halves[threadIdx.x];     // expect: shared load wavefronts=1 ideal=1
  __half D = Halves[threadIdx.x * 2]; // expect: shared load wavefronts=1 ideal=1
  short E = Shorts[threadIdx.x * 4];  // expect: shared load wavefronts=2 ideal=1
  Out[Tid] = A + B + __half2float(C) + __half2float(D) + E; // expect: global store sectors=4 ideal=4
}

__global__ void wideElements(const float *In, float *Out) {
  __shared__ double Dbl[32 * 8];
  __shared__ float Flt[32 * 16];
  int Tid = threadIdx.y * 32 + threadIdx.x;
  float V = In[Tid];                 // expect: global load sectors=4 ideal=4
  Dbl[Tid] = V;                      // expect: shared store wavefronts=2 ideal=2
  Flt[Tid] = V;                      // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  double A = Dbl[threadIdx.x];       // expect: shared load wavefronts=2 ideal=2
  double B = Dbl[threadIdx.x * 2];   // expect: shared load wavefronts=4 ideal=2
  double C = Dbl[threadIdx.x * 3];   // expect: shared load wavefronts=2 ideal=2
  // 16-byte vectors through a float4 view of a float array.
  const float4 *Q = reinterpret_cast<const float4 *>(Flt);
  float4 E = Q[threadIdx.x];         // expect: shared load wavefronts=4 ideal=4
  float4 F = Q[threadIdx.x * 2];     // expect: shared load wavefronts=8 ideal=4
  float4 G = Q[threadIdx.x ^ 1];     // expect: shared load wavefronts=4 ideal=4
  float Sum = float(A + B + C) + E.x + E.y + E.z + E.w + F.x + F.y + F.z +
              F.w + G.x + G.y + G.z + G.w;
  Out[Tid] = Sum; // expect: global store sectors=4 ideal=4
}

int main() {
  float *In, *Out;
  cudaMalloc(&In, 4096 * sizeof(float));
  cudaMalloc(&Out, 4096 * sizeof(float));
  cudaMemset(In, 0, 4096 * sizeof(float));
  narrowElements<<<1, dim3(32, 4)>>>(In, Out);
  wideElements<<<1, dim3(32, 4)>>>(In, Out);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("element_widths: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
