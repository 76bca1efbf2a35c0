// SASS probes for docs/hardware-model.md S9 (h): how nvcc unrolls loops whose
// trip count is a run-time value. Compiled, not run:
//   nvcc -O3 -lineinfo -arch=sm_90 -cubin -o u.cubin runtime_unroll.cu
//   nvdisasm -g -c u.cubin
// What each kernel compiled to (nvcc 13.0.88, 2026-11-27) is recorded in
// test/gpu/measurements/compiler-facts.txt.
__device__ float sink;
extern "C" __global__ void fillStore(float *Out, int N) {
  __shared__ float S[1024];
  int Tid = threadIdx.x;
  for (int I = Tid; I < N; I += blockDim.x)
    S[I] = float(I); // LINE_A
  __syncthreads();
  Out[Tid] = S[Tid];
}
extern "C" __global__ void fillConstN(float *Out) {
  __shared__ float S[1024];
  int Tid = threadIdx.x;
  for (int I = Tid; I < 256; I += blockDim.x)
    S[I] = float(I); // LINE_B
  __syncthreads();
  Out[Tid] = S[Tid];
}
extern "C" __global__ void constStep(float *Out) {
  __shared__ float S[1024];
  int Tid = threadIdx.x;
  for (int I = Tid; I < 1000; I += 40)
    S[I] = float(I); // LINE_C
  __syncthreads();
  Out[Tid] = S[Tid];
}
extern "C" __global__ void copyGlobal(const float *In, float *Out, int N) {
  for (int I = threadIdx.x; I < N; I += blockDim.x)
    Out[I] = In[I] * 2.0f; // LINE_D
}
extern "C" __global__ void gridStride(const float *In, float *Out, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x)
    Out[I] = In[I] * 2.0f; // LINE_E
}
extern "C" __global__ void bigBody(const float *In, float *Out, int N) {
  for (int I = threadIdx.x; I < N; I += blockDim.x) {
    float V = In[I];
#pragma unroll
    for (int K = 0; K < 12; ++K)
      V = V * 1.0001f + 0.5f;
    Out[I] = V; // LINE_F
  }
}
extern "C" __global__ void twoStores(float *Out, int N) {
  __shared__ float S[2048];
  for (int I = threadIdx.x; I < N; I += blockDim.x) {
    S[I] = 1.0f;
    S[I + 1024] = 2.0f; // LINE_G
  }
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x];
}
extern "C" __global__ void withSync(float *Out, int N) {
  __shared__ float S[1024];
  for (int I = threadIdx.x; I < N; I += blockDim.x) {
    S[threadIdx.x] = float(I);
    __syncthreads();
    Out[I] = S[(threadIdx.x + 1) % blockDim.x]; // LINE_H
    __syncthreads();
  }
}
extern "C" __global__ void whileLoop(float *Out, int N) {
  int I = threadIdx.x;
  while (I < N) {
    Out[I] = 3.0f; // LINE_I
    I += blockDim.x;
  }
}
extern "C" __global__ void tinyStep(float *Out, int N) {
  for (int I = threadIdx.x; I < N; I += 32)
    Out[I] = 3.0f; // LINE_J
}
__device__ inline void fill3(float *S, int N) {
  int Tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int Threads = blockDim.x * blockDim.y * blockDim.z;
  for (int I = Tid; I < N; I += Threads)
    S[I] = float(I); // LINE_3D
  __syncthreads();
}
__device__ inline void fill1(float *S, int N) {
  for (int I = threadIdx.x; I < N; I += blockDim.x)
    S[I] = float(I); // LINE_1D
  __syncthreads();
}
__device__ inline void fill2(float *S, int N) {
  int Threads = blockDim.x * blockDim.y;
  for (int I = threadIdx.x; I < N; I += Threads)
    S[I] = float(I); // LINE_2D
  __syncthreads();
}
extern "C" __global__ void twice3(float *Out) {
  __shared__ float A[128], B[256];
  fill3(A, 128);
  fill3(B, 256);
  Out[threadIdx.x] = A[threadIdx.x % 128] + B[threadIdx.x % 256];
}
extern "C" __global__ void once3(float *Out) {
  __shared__ float B[256];
  fill3(B, 256);
  Out[threadIdx.x] = B[threadIdx.x % 256];
}
extern "C" __global__ void once1(float *Out) {
  __shared__ float B[256];
  fill1(B, 256);
  Out[threadIdx.x] = B[threadIdx.x % 256];
}
extern "C" __global__ void once2(float *Out) {
  __shared__ float B[256];
  fill2(B, 256);
  Out[threadIdx.x] = B[threadIdx.x % 256];
}
extern "C" __global__ void once3param(float *Out, int N) {
  __shared__ float B[1024];
  fill3(B, N);
  Out[threadIdx.x] = B[threadIdx.x % 256];
}
extern "C" __global__ void once1param(float *Out, int N) {
  __shared__ float B[1024];
  fill1(B, N);
  Out[threadIdx.x] = B[threadIdx.x % 256];
}
extern "C" __global__ void globalStep256(const float *In, float *Out, int N) {
  for (int I = threadIdx.x; I < N; I += 256)
    Out[I] = In[I] * 2.0f; // LINE_G256
}
extern "C" __global__ void globalStep256Big(const float *In, float *Out, int N) {
  for (int I = threadIdx.x; I < N; I += 256) {
    float V = In[I];
#pragma unroll
    for (int K = 0; K < 12; ++K)
      V = V * 1.0001f + 0.5f;
    Out[I] = V; // LINE_G256B
  }
}
