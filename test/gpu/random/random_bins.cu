// Shared accesses at uniformly random indices, measured on the H100: a
// histogram atomic (ATOMS.POPC.INC: the result is unused) on 256 bins and a
// table load (LDS) from 1024 floats, 32768 warp requests each. The data
// comes from a fixed 64-bit xorshift, so a run is reproducible and the
// model's rule can be evaluated on the very same indices; the kernels have
// no other shared atomic or shared load. test/gpu/random/README.md has the
// command and the numbers: the hardware needed about 4% more wavefronts
// than the busiest bank's distinct words on these indices, an open
// question of the rules (docs/solver.md); warplint's bounds hold
// (test/lit/hardware/random-indices.test).
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(E));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void randomHistogram(const unsigned *Bin, unsigned *Out) {
  __shared__ unsigned Hist[256];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Hist[threadIdx.x] = 0u;
  __syncthreads();
  atomicAdd(&Hist[Bin[I] & 255u], 1u);
  __syncthreads();
  Out[I] = Hist[threadIdx.x];
}

__global__ void randomKeyLoad(const unsigned *Key, float *Out) {
  __shared__ float S[1024];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned J = threadIdx.x; J < 1024; J += 256)
    S[J] = float(J);
  __syncthreads();
  Out[I] = S[Key[I] & 1023u];
}

int main() {
  const unsigned Blocks = 4096, Threads = 256, N = Blocks * Threads;
  std::vector<unsigned> Host(N);
  unsigned long long X = 0x9E3779B97F4A7C15ull;
  for (unsigned &V : Host) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    V = unsigned(X >> 32);
  }
  unsigned *Data, *OutU;
  float *OutF;
  CHECK(cudaMalloc(&Data, N * sizeof(unsigned)));
  CHECK(cudaMalloc(&OutU, N * sizeof(unsigned)));
  CHECK(cudaMalloc(&OutF, N * sizeof(float)));
  CHECK(cudaMemcpy(Data, Host.data(), N * sizeof(unsigned),
                   cudaMemcpyHostToDevice));
  randomHistogram<<<Blocks, Threads>>>(Data, OutU);
  CHECK(cudaGetLastError());
  randomKeyLoad<<<Blocks, Threads>>>(Data, OutF);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<float> Back(N);
  CHECK(cudaMemcpy(Back.data(), OutF, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (unsigned I = 0; I < N; ++I)
    if (Back[I] != float(Host[I] & 1023u)) {
      std::fprintf(stderr, "wrong value at %u\n", I);
      return 1;
    }
  std::printf("ok\n");
  return 0;
}
