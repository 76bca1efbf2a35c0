// Cost-model validation pairs (bench/cost/README.md): transpose_tile's pair
// as benchmarks launch it, through a timing helper. The kernels take the
// matrix size as a parameter, and bench() takes the kernel as a function
// pointer with its grid and block as dim3 parameters; main fixes the size
// (8192, as in transpose.cu). warplint follows the helper's calls to the
// kernels, shapes and size (docs/model.md, "Sizes from the host code"),
// where without them it would assume one warp per block and a run-time N.
#include "../launch_check.h"

#include <cstdio>

constexpr int Tile = 32;
constexpr int Rows = 8;

__global__ void harness_tile_before(const float *__restrict__ In,
                                    float *__restrict__ Out, int N) {
  __shared__ float T[Tile][Tile];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    T[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X];
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    Out[(Y + J) * N + X] = T[threadIdx.x][threadIdx.y + J];
}

__global__ void harness_tile_after(const float *__restrict__ In,
                                   float *__restrict__ Out, int N) {
  __shared__ float T[Tile][Tile + 1];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    T[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X];
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    Out[(Y + J) * N + X] = T[threadIdx.x][threadIdx.y + J];
}

using Kernel = void (*)(const float *, float *, int);

static void bench(Kernel K, dim3 Grid, dim3 Block, const float *In,
                  float *Out, int N, const char *Name) {
  K<<<Grid, Block>>>(In, Out, N);
  check(Name);
}

int main() {
  const int N = 8192;
  const size_t Bytes = size_t(N) * N * sizeof(float);
  float *In = nullptr, *Out = nullptr;
  if (cudaMalloc(&In, Bytes) != cudaSuccess ||
      cudaMalloc(&Out, Bytes) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(In, 0x3f, Bytes);
  dim3 Grid(N / Tile, N / Tile), Block(Tile, Rows);
  bench(harness_tile_before, Grid, Block, In, Out, N, "harness_tile_before");
  bench(harness_tile_after, Grid, Block, In, Out, N, "harness_tile_after");
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
