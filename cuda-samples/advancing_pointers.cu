// Tiled products written the way real code writes them: two induction
// variables in one for statement (as in NVIDIA's matrixMul), pointers
// advanced at the end of the K loop (the classic tiled SGEMM), and thread
// indices from cooperative groups. Every access is exact.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

constexpr int TILE = 32;

__global__ void tiledTwoInductions(float *C, const float *A, const float *B,
                                   int wA, int wB) {
  int aBegin = wA * TILE * blockIdx.y;
  int aEnd = aBegin + wA - 1;
  int aStep = TILE;
  int bStep = TILE * 256;
  float Sum = 0;
  for (int a = aBegin, b = TILE * blockIdx.x; a <= aEnd;
       a += aStep, b += bStep) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    float Va = A[a + wA * threadIdx.y + threadIdx.x]; // expect: global load sectors=4 ideal=4
    As[threadIdx.y][threadIdx.x] = Va;                // expect: shared store wavefronts=1 ideal=1
    float Vb = B[b + 256 * threadIdx.y + threadIdx.x]; // expect: global load sectors=4 ideal=4
    Bs[threadIdx.y][threadIdx.x] = Vb;                 // expect: shared store wavefronts=1 ideal=1
    __syncthreads();
    // Without this pragma nvcc unrolls the loop and merges four iterations
    // of each load into one LDS.128 (measured on the H100: 2 and 32
    // wavefronts per LDS.128 instead of 1 and 32 per LDS); issue 12's
    // compiler facts are what would predict that. Here the loop stays
    // scalar so that the induction variables are what is validated.
#pragma unroll 1
    for (int k = 0; k < TILE; ++k) {
      float X = As[threadIdx.y][k]; // expect: shared load wavefronts=1 ideal=1
      float Y = Bs[threadIdx.x][k]; // expect: shared load wavefronts=32 ideal=1
      Sum += X * Y;
    }
    __syncthreads();
  }
  C[wB * TILE * blockIdx.y + TILE * blockIdx.x + wB * threadIdx.y + threadIdx.x] = Sum; // expect: global store sectors=4 ideal=4
}

template <int BM, int BK>
__global__ void advancedPointers(int N, int K, const float *A, const float *B,
                                 float *C) {
  __shared__ float As[BM * BK];
  const int Row = threadIdx.x / BK, Col = threadIdx.x % BK;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BK;
  float Acc = 0.0f;
  for (int Bk = 0; Bk < K; Bk += BK) {
    float Va = A[Row * K + Col]; // expect: global load sectors=4 ideal=4
    As[Row * BK + Col] = Va;     // expect: shared store wavefronts=1 ideal=1
    __syncthreads();
    A += BK;
    float Vb = B[Row * N + Col]; // expect: global load sectors=4 ideal=4
    float X = As[Col * BK + Row]; // expect: shared load wavefronts=32 ideal=1
    Acc += Vb * X;
    B += BK * N;
    __syncthreads();
  }
  C[(blockIdx.y * BM + Row) * N + blockIdx.x * BK + Col] = Acc; // expect: global store sectors=4 ideal=4
}

__global__ void groupRanks(float *Out, const float *In) {
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);
  __shared__ float Staged[256 * 2];
  __shared__ float Partial[8];
  float V = In[cg::this_grid().thread_rank()]; // expect: global load sectors=4 ideal=4
  Staged[Block.thread_rank() * 2] = V; // expect: shared store wavefronts=2 ideal=1
  if (Warp.thread_rank() == 0)
    Partial[Warp.meta_group_rank()] = V; // expect: shared store wavefronts=1 ideal=1
  Block.sync();
  if (Block.thread_rank() < 8) {
    float P = Partial[Block.thread_rank()]; // expect: shared load wavefronts=1 ideal=1
    float S = Staged[Block.thread_rank()];  // expect: shared load wavefronts=1 ideal=1
    Out[blockIdx.x * 8 + Block.thread_rank()] = P + S; // expect: global store sectors=1 ideal=1
  }
}

int main() {
  constexpr int N = 256;
  float *A, *B, *C;
  cudaMalloc(&A, N * N * sizeof(float));
  cudaMalloc(&B, N * N * sizeof(float));
  cudaMalloc(&C, N * N * sizeof(float));
  cudaMemset(A, 0, N * N * sizeof(float));
  cudaMemset(B, 0, N * N * sizeof(float));
  tiledTwoInductions<<<dim3(N / TILE, N / TILE), dim3(TILE, TILE)>>>(C, A, B, N, N);
  advancedPointers<32, 32><<<dim3(N / 32, N / 32), 1024>>>(N, N, A, B, C);
  groupRanks<<<N * N / 256, 256>>>(C, A);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("advancing_pointers: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
