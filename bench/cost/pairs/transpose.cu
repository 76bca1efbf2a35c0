// Cost-model validation pairs (bench/cost/README.md): an 8192x8192 float
// transpose (256 MiB in, 256 MiB out: far beyond the 50 MiB L2), block 32x8,
// each thread moving four elements, one block per 32x32 tile (65,536 blocks).
//
// transpose_tile: staged through a 32x32 shared tile; the tile is written by
// rows and read by columns, a 32-way conflict on the read (one conflicted
// shared load per element, 8 bytes of DRAM traffic per element). The fix pads
// the rows to 33 floats.
//
// transpose_naive: global memory only; the load walks rows (4 sectors per
// request), the store walks columns (32 sectors per request, each 4 of 32
// bytes used). The fix is the tiled transpose (the same kernel as
// transpose_tile_after), which makes both global accesses coalesced. Not a
// minimal pair: the fix adds the shared tile and a barrier.
#include "../launch_check.h"

#include <cstdio>
#include <cstdlib>

constexpr int N = 8192;
constexpr int Tile = 32;
constexpr int Rows = 8;

__global__ void transpose_tile_before(const float *__restrict__ In,
                                      float *__restrict__ Out) {
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

__global__ void transpose_tile_after(const float *__restrict__ In,
                                     float *__restrict__ Out) {
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

__global__ void transpose_naive_before(const float *__restrict__ In,
                                       float *__restrict__ Out) {
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    Out[X * N + Y + J] = In[(Y + J) * N + X];
}

__global__ void transpose_naive_after(const float *__restrict__ In,
                                      float *__restrict__ Out) {
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

int main() {
  constexpr size_t Bytes = size_t(N) * N * sizeof(float);
  float *In = nullptr, *Out = nullptr;
  if (cudaMalloc(&In, Bytes) != cudaSuccess ||
      cudaMalloc(&Out, Bytes) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(In, 0x3f, Bytes);
  transpose_tile_before<<<dim3(N / Tile, N / Tile), dim3(Tile, Rows)>>>(In, Out);
  check("transpose_tile_before");
  transpose_tile_after<<<dim3(N / Tile, N / Tile), dim3(Tile, Rows)>>>(In, Out);
  check("transpose_tile_after");
  transpose_naive_before<<<dim3(N / Tile, N / Tile), dim3(Tile, Rows)>>>(In, Out);
  check("transpose_naive_before");
  transpose_naive_after<<<dim3(N / Tile, N / Tile), dim3(Tile, Rows)>>>(In, Out);
  check("transpose_naive_after");
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
