// A 256-bin byte histogram with per-block bins in shared memory. The bin a
// thread increments is the byte it read, so that atomic's conflicts depend on
// the data: no static analysis can count them (unknown, with a reason).
#include <cstdio>

constexpr int Bins = 256;

__global__ void histogram256(const unsigned char *Data, unsigned *Hist, int N) {
  __shared__ unsigned Local[Bins];
  unsigned Tid = threadIdx.x;
  Local[Tid] = 0; // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
  int Stride = gridDim.x * blockDim.x;
  for (int I = blockIdx.x * blockDim.x + Tid; I < N; I += Stride) {
    unsigned char V = Data[I]; // expect: global load sectors=1 ideal=1
    atomicAdd(&Local[V], 1u);  // expect: shared atomic unknown
  }
  __syncthreads();
  unsigned Count = Local[Tid]; // expect: shared load wavefronts=1 ideal=1
  atomicAdd(&Hist[Tid], Count); // expect: global atomic sectors=4 ideal=4
}

int main() {
  constexpr int N = 1 << 20;
  unsigned char *Data;
  unsigned *Hist;
  cudaMalloc(&Data, N);
  cudaMalloc(&Hist, Bins * sizeof(unsigned));
  cudaMemset(Data, 7, N);
  cudaMemset(Hist, 0, Bins * sizeof(unsigned));
  histogram256<<<64, dim3(256)>>>(Data, Hist, N);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("histogram: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
