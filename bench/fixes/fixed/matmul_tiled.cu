// Tiled matrix multiply C = A * B with 16x16 tiles staged in shared memory;
// block 16x16, so one warp covers two rows of a tile.
#include <cstdio>

constexpr int T = 16;

__global__ void matmulTiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int Row = blockIdx.y * T + threadIdx.y;
  int Col = blockIdx.x * T + threadIdx.x;
  float Acc = 0;
  for (int K0 = 0; K0 < N; K0 += T) {
    float Va = A[Row * N + K0 + threadIdx.x];   // expect: global load sectors=4 ideal=4
    As[threadIdx.y][threadIdx.x] = Va;          // expect: shared store wavefronts=1 ideal=1
    float Vb = B[(K0 + threadIdx.y) * N + Col]; // expect: global load sectors=4 ideal=4
    Bs[threadIdx.y][threadIdx.x] = Vb;          // expect: shared store wavefronts=1 ideal=1
    __syncthreads();
    for (int K = 0; K < T; ++K) {
      // Two rows of As per warp (two words, two banks); a row of Bs read by
      // both halves of the warp (same 16 words, served together).
      float X = As[threadIdx.y][K]; // expect: shared load wavefronts=2 ideal=2
      float Y = Bs[K][threadIdx.x]; // expect: shared load wavefronts=1 ideal=1
      Acc += X * Y;
    }
    __syncthreads();
  }
  C[Row * N + Col] = Acc; // expect: global store sectors=4 ideal=4
}

// The same product reading B's tile transposed: Bs[tx][k] walks a column of a
// 16-float row pitch, so lanes tx and tx+2 share a bank (8 words per bank).
__global__ void matmulTiledColumn(const float *A, const float *B, float *C,
                                  int N) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T + 2];
  int Row = blockIdx.y * T + threadIdx.y;
  int Col = blockIdx.x * T + threadIdx.x;
  float Acc = 0;
  for (int K0 = 0; K0 < N; K0 += T) {
    float Va = A[Row * N + K0 + threadIdx.x];   // expect: global load sectors=4 ideal=4
    As[threadIdx.y][threadIdx.x] = Va;          // expect: shared store wavefronts=1 ideal=1
    float Vb = B[(K0 + threadIdx.y) * N + Col]; // expect: global load sectors=4 ideal=4
    Bs[threadIdx.x][threadIdx.y] = Vb;          // expect: shared store wavefronts=8 ideal=1
    __syncthreads();
    for (int K = 0; K < T; ++K) {
      float X = As[threadIdx.y][K]; // expect: shared load wavefronts=2 ideal=2
      float Y = Bs[threadIdx.x][K]; // expect: shared load wavefronts=16 ideal=4
      Acc += X * Y;
    }
    __syncthreads();
  }
  C[Row * N + Col] = Acc; // expect: global store sectors=4 ideal=4
}

int main() {
  constexpr int N = 256;
  float *A, *B, *C;
  cudaMalloc(&A, N * N * sizeof(float));
  cudaMalloc(&B, N * N * sizeof(float));
  cudaMalloc(&C, N * N * sizeof(float));
  cudaMemset(A, 0, N * N * sizeof(float));
  cudaMemset(B, 0, N * N * sizeof(float));
  matmulTiled<<<dim3(N / T, N / T), dim3(16, 16)>>>(A, B, C, N);
  matmulTiledColumn<<<dim3(N / T, N / T), dim3(16, 16)>>>(A, B, C, N);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("matmul: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
