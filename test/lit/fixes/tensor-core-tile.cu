// A GEMM tile as tensor-core kernels write it: 16-byte chunks copied into a
// 64-half (128-byte) row with cp.async.cg, read by ldmatrix. Unswizzled, the
// 8 rows of each matrix share a bank group; the twin that swizzles its
// chunks (chunk ^ row % 8) is conflict-free. The fix warplint offers for the
// plain kernel is that swizzle, written in the kernel's own terms, verified
// before it is offered, and it gives the plain kernel the twin's counts.
// Padding would keep the chunks aligned only at 8 halves, and then the
// L1-bypassing copy's destination rows no longer line up with 128 bytes
// (rule LDGSTS.BYPASS): the swizzle is preferred.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXED %s < %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict %t.cu -- | count 0
// RUN: %warplint --all-accesses --exit-zero %t.cu -- 2>&1 | FileCheck --check-prefix=AFTER %s
#include <cstdint>
#include <cuda_fp16.h>

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
                 :: "r"(smem(&As[Row][Chunk * 8])), "l"(Src + Row * K + Chunk * 8));
    // FIXED: :: "r"(smem(&As[Row][(Chunk ^ (Row % 8)) * 8])), "l"(Src + Row * K + Chunk * 8));
  }
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  uint32_t R[4];
  float Sum = 0;
  for (int Kk = 0; Kk < 4; ++Kk) {
    int Row = Warp * 16 + Lane % 16;
    ldsm4(R, smem(&As[Row][(Kk * 2 + Lane / 16) * 8]));
    // FIXED: ldsm4(R, smem(&As[Row][((Kk * 2 + Lane / 16) ^ (Row % 8)) * 8]));
    // CHECK: tensor-core-tile.cu:28:22: warning: 8-way shared memory bank conflict on 'As' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
    // CHECK: tensor-core-tile.cu:[[@LINE-3]]:5: note: in 'ldsm4' called from kernel 'plain' here
    // CHECK: tensor-core-tile.cu:38:39: note: swizzle the 16-byte chunks of 'As': chunk k of row r moves to chunk k ^ (r % 8): every access of 'As' becomes conflict-free (576 -> 128 wavefronts per block, 36864 -> 8192 per launch)
    // CHECK-NEXT: 38 | {{.*}}
    // CHECK-NEXT: | {{ *}}^~~~~~~~~
    // CHECK-NEXT: | {{ *}}(Chunk ^ (Row % 8)) * 8
    // CHECK: note: in CuTe terms the swizzled 'As' is its layout composed with Swizzle<3, 3, 3> on element offsets
    // CHECK: note: alternatively, pad the rows of 'As' to 72 elements (As[64][72]): 576 -> 232 wavefronts per block, 36864 -> 14848 per launch; some accesses of 'As' still conflict
    // CHECK: note: the swizzle is preferred: no pad reaches its 128 wavefronts per block
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

// After the fix both kernels need the same wavefronts, request by request.
// AFTER: tensor-core-tile.cu.tmp.cu:38:71: remark: shared store of 'As' (16 bytes) in kernel 'plain': 4 wavefronts per request (mean 4.0, ideal 4)
// AFTER: tensor-core-tile.cu.tmp.cu:28:22: remark: shared load of 'As' (16 bytes) in 'ldsm4' called from kernel 'plain': 4 wavefronts per request (mean 4.0, ideal 4)
// AFTER: tensor-core-tile.cu.tmp.cu:{{[0-9]+}}:71: remark: shared store of 'As' (16 bytes) in kernel 'swizzled': 4 wavefronts per request (mean 4.0, ideal 4)
// AFTER: tensor-core-tile.cu.tmp.cu:28:22: remark: shared load of 'As' (16 bytes) in 'ldsm4' called from kernel 'swizzled': 4 wavefronts per request (mean 4.0, ideal 4)

int main() {
  plain<<<64, 128>>>(nullptr, nullptr);
  swizzled<<<64, 128>>>(nullptr, nullptr);
}
