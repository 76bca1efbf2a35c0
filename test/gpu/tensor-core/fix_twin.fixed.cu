// The fix warplint offers for an unswizzled ldmatrix/cp.async tile, measured
// (test/gpu/tensor-core/README.md, "The fix, measured"): 'plain' copies
// 16-byte chunks into 128-byte rows with cp.async.cg and reads them with
// ldmatrix; 'swizzled' is its twin with chunk ^ (row % 8). fix_twin.sh
// applies `warplint --fix` to this file and profiles both programs per
// line: after the fix, plain's lines must measure what swizzled's do.
#include <cstdint>
#include <cuda_fp16.h>
#include <cstdio>

constexpr int K = 4096;

__device__ uint32_t smem(const void *P) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(P));
}

__device__ void ldsm4(uint32_t (&R)[4], uint32_t Addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3])
               : "r"(Addr));
}

__global__ void plain(const half *A, float *Out) {
  __shared__ __align__(128) half As[64][64];
  int Tid = threadIdx.x, Lane = Tid % 32, Warp = Tid / 32;
  const half *Src = A + blockIdx.x * 64 * K;
  for (int I = 0; I < 4; ++I) {
    int Row = Tid / 8 + I * 16, Chunk = Tid % 8;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
                 :: "r"(smem(&As[Row][(Chunk ^ (Row % 8)) * 8])), "l"(Src + Row * K + Chunk * 8));
  }
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  uint32_t R[4];
  float Sum = 0;
  for (int Kk = 0; Kk < 4; ++Kk) {
    int Row = Warp * 16 + Lane % 16;
    ldsm4(R, smem(&As[Row][((Kk * 2 + Lane / 16) ^ (Row % 8)) * 8]));
    Sum += __int_as_float(R[0] ^ R[3]);
  }
  Out[blockIdx.x * 128 + Tid] = Sum;
}

__global__ void swizzled(const half *A, float *Out) {
  __shared__ __align__(128) half As[64][64];
  int Tid = threadIdx.x, Lane = Tid % 32, Warp = Tid / 32;
  const half *Src = A + blockIdx.x * 64 * K;
  for (int I = 0; I < 4; ++I) {
    int Row = Tid / 8 + I * 16, Chunk = Tid % 8;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
                 :: "r"(smem(&As[Row][(Chunk ^ (Row % 8)) * 8])), "l"(Src + Row * K + Chunk * 8));
  }
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  uint32_t R[4];
  float Sum = 0;
  for (int Kk = 0; Kk < 4; ++Kk) {
    int Row = Warp * 16 + Lane % 16;
    ldsm4(R, smem(&As[Row][((Kk * 2 + Lane / 16) ^ (Row % 8)) * 8]));
    Sum += __int_as_float(R[0] ^ R[3]);
  }
  Out[blockIdx.x * 128 + Tid] = Sum;
}

int main() {
  half *A = nullptr;
  float *Out = nullptr;
  cudaMalloc(&A, size_t(64) * 64 * K * sizeof(half));
  cudaMalloc(&Out, 64 * 128 * sizeof(float));
  cudaMemset(A, 0, size_t(64) * 64 * K * sizeof(half));
  plain<<<64, 128>>>(A, Out);
  swizzled<<<64, 128>>>(A, Out);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  cudaFree(A);
  cudaFree(Out);
  return E == cudaSuccess ? 0 : 1;
}
