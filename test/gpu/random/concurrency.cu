// Per-request check of the shared-memory rule at random indices, and of
// what concurrency adds: each launch of `concurrency BLOCKS THREADS
// LAUNCHES` reads S[key & 1023] once per thread with keys from the same
// xorshift as random_bins.cu, so every launch's requests are known; ncu
// gives the wavefronts of each launch (test/gpu/random/README.md).
#include <cstdio>
#include <cstdlib>
#include <vector>
__global__ void probe(const unsigned *Key, float *Out, int Base) {
  __shared__ float S[1024];
  for (unsigned J = threadIdx.x; J < 1024; J += blockDim.x)
    S[J] = float(J);
  __syncthreads();
  unsigned I = Base + blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = S[Key[I] & 1023u];
}
int main(int argc, char **argv) {
  int Blocks = atoi(argv[1]), Threads = atoi(argv[2]), Launches = atoi(argv[3]);
  size_t N = size_t(Blocks) * Threads * Launches;
  std::vector<unsigned> H(N);
  unsigned long long X = 0x9E3779B97F4A7C15ull;
  for (unsigned &V : H) { X ^= X << 13; X ^= X >> 7; X ^= X << 17; V = unsigned(X >> 32); }
  unsigned *K; float *O;
  cudaMalloc(&K, N * 4); cudaMalloc(&O, N * 4);
  cudaMemcpy(K, H.data(), N * 4, cudaMemcpyHostToDevice);
  for (int r = 0; r < Launches; ++r) probe<<<Blocks, Threads>>>(K, O, r * Blocks * Threads);
  cudaDeviceSynchronize();
  printf("ok %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
