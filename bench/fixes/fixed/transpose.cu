// Matrix transpose four ways: straight through global memory, and staged
// through a 32x32 shared tile that is naive, padded to 33 columns, or
// XOR-swizzled. Block 32x8; each thread moves four elements (rows j, j+8, ...).
// Expected results (starting hardware model) are in the trailing comments.
#include <cstdio>

constexpr int Tile = 32;
constexpr int Rows = 8;

// Global only: the load walks rows (coalesced), the store walks columns.
__global__ void transposeNaive(const float *In, float *Out, int N) {
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    float V = In[(Y + J) * N + X]; // expect: global load sectors=4 ideal=4
    Out[X * N + Y + J] = V;        // expect: global store sectors=32 ideal=4
  }
}

// A tile with rows of 32 floats: reading a column puts all lanes in one bank.
__global__ void transposeTileNaive(const float *In, float *Out, int N) {
  __shared__ float T[Tile][Tile + 1];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    float V = In[(Y + J) * N + X]; // expect: global load sectors=4 ideal=4
    T[threadIdx.y + J][threadIdx.x] = V; // expect: shared store wavefronts=1 ideal=1
  }
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    float V = T[threadIdx.x][threadIdx.y + J]; // expect: shared load wavefronts=32 ideal=1
    Out[(Y + J) * N + X] = V;                  // expect: global store sectors=4 ideal=4
  }
}

// One extra column shifts each row by one bank: a column read is conflict-free.
__global__ void transposeTilePadded(const float *In, float *Out, int N) {
  __shared__ float T[Tile][Tile + 1];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    float V = In[(Y + J) * N + X]; // expect: global load sectors=4 ideal=4
    T[threadIdx.y + J][threadIdx.x] = V; // expect: shared store wavefronts=1 ideal=1
  }
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    float V = T[threadIdx.x][threadIdx.y + J]; // expect: shared load wavefronts=1 ideal=1
    Out[(Y + J) * N + X] = V;                  // expect: global store sectors=4 ideal=4
  }
}

// XOR swizzle: column c of row r lives at r ^ c, so both a row and a column
// touch 32 different banks without wasting shared memory.
__global__ void transposeTileSwizzled(const float *In, float *Out, int N) {
  __shared__ float T[Tile][Tile];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    int R = threadIdx.y + J;
    float V = In[(Y + J) * N + X]; // expect: global load sectors=4 ideal=4
    T[R][threadIdx.x ^ R] = V;     // expect: shared store wavefronts=1 ideal=1
  }
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows) {
    int R = threadIdx.y + J;
    float V = T[threadIdx.x][R ^ threadIdx.x]; // expect: shared load wavefronts=1 ideal=1
    Out[(Y + J) * N + X] = V;                  // expect: global store sectors=4 ideal=4
  }
}

int main() {
  constexpr int N = 1024;
  float *In = nullptr, *Out = nullptr;
  cudaMalloc(&In, N * N * sizeof(float));
  cudaMalloc(&Out, N * N * sizeof(float));
  cudaMemset(In, 0, N * N * sizeof(float));
  dim3 Grid(N / Tile, N / Tile);
  transposeNaive<<<Grid, dim3(32, 8)>>>(In, Out, N);
  transposeTileNaive<<<Grid, dim3(32, 8)>>>(In, Out, N);
  transposeTilePadded<<<Grid, dim3(32, 8)>>>(In, Out, N);
  transposeTileSwizzled<<<Grid, dim3(32, 8)>>>(In, Out, N);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("transpose: %s\n", cudaGetErrorString(Err));
  cudaFree(In);
  cudaFree(Out);
  return Err == cudaSuccess ? 0 : 1;
}
