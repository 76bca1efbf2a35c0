// Block sum reductions over 256 floats in shared memory, three classic ways.
// Launched with 256 threads per block. Loop lines report the worst iteration.
#include <cstdio>

constexpr int Threads = 256;

// Interleaved addressing with contiguous threads: s[2*stride*tid]. The word
// stride doubles each step, so conflicts grow to 8-way (stride 8: lanes 0..15
// at words 16*l fall into two banks) before the active lanes thin out.
__global__ void reduceInterleaved(const float *In, float *Out) {
  __shared__ float S[Threads];
  unsigned Tid = threadIdx.x;
  float V = In[blockIdx.x * Threads + Tid]; // expect: global load sectors=4 ideal=4
  S[Tid] = V;                               // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  for (unsigned Stride = 1; Stride < Threads; Stride *= 2) {
    unsigned Idx = 2 * Stride * Tid;
    if (Idx < Threads) {
      float A = S[Idx];          // expect: shared load wavefronts=8 ideal=1
      float B = S[Idx + Stride]; // expect: shared load wavefronts=8 ideal=1
      S[Idx] = A + B;            // expect: shared store wavefronts=8 ideal=1
    }
    __syncthreads();
  }
  if (Tid == 0) {
    float R = S[0];       // expect: shared load wavefronts=1 ideal=1
    Out[blockIdx.x] = R;  // expect: global store sectors=1 ideal=1
  }
}

// Interleaved addressing with divergent threads: only every (2*stride)-th
// thread works, but the active lanes read distinct banks.
__global__ void reduceDivergent(const float *In, float *Out) {
  __shared__ float S[Threads];
  unsigned Tid = threadIdx.x;
  float V = In[blockIdx.x * Threads + Tid]; // expect: global load sectors=4 ideal=4
  S[Tid] = V;                               // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  for (unsigned Stride = 1; Stride < Threads; Stride *= 2) {
    if (Tid % (2 * Stride) == 0) {
      float A = S[Tid];          // expect: shared load wavefronts=1 ideal=1
      float B = S[Tid + Stride]; // expect: shared load wavefronts=1 ideal=1
      S[Tid] = A + B;            // expect: shared store wavefronts=1 ideal=1
    }
    __syncthreads();
  }
  if (Tid == 0) {
    float R = S[0];       // expect: shared load wavefronts=1 ideal=1
    Out[blockIdx.x] = R;  // expect: global store sectors=1 ideal=1
  }
}

// Sequential addressing: active threads are a prefix, each reads consecutive
// words. Conflict-free at every step.
__global__ void reduceSequential(const float *In, float *Out) {
  __shared__ float S[Threads];
  unsigned Tid = threadIdx.x;
  float V = In[blockIdx.x * Threads + Tid]; // expect: global load sectors=4 ideal=4
  S[Tid] = V;                               // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  for (unsigned Stride = Threads / 2; Stride > 0; Stride >>= 1) {
    if (Tid < Stride) {
      float A = S[Tid];          // expect: shared load wavefronts=1 ideal=1
      float B = S[Tid + Stride]; // expect: shared load wavefronts=1 ideal=1
      S[Tid] = A + B;            // expect: shared store wavefronts=1 ideal=1
    }
    __syncthreads();
  }
  if (Tid == 0) {
    float R = S[0];       // expect: shared load wavefronts=1 ideal=1
    Out[blockIdx.x] = R;  // expect: global store sectors=1 ideal=1
  }
}

int main() {
  constexpr int Blocks = 64;
  float *In, *Out;
  cudaMalloc(&In, Blocks * Threads * sizeof(float));
  cudaMalloc(&Out, Blocks * sizeof(float));
  cudaMemset(In, 0, Blocks * Threads * sizeof(float));
  reduceInterleaved<<<Blocks, dim3(256)>>>(In, Out);
  reduceDivergent<<<Blocks, dim3(256)>>>(In, Out);
  reduceSequential<<<Blocks, dim3(256)>>>(In, Out);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("reduction: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
