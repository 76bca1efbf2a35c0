// ldmatrix and cp.async written in inline PTX, on the shared-window
// addresses tensor-core kernels use (test/gpu/tensor-core/README.md, rules
// LDSM and LDGSTS). A 64-half row is 128 bytes: the 8 rows of each matrix
// fall in one bank group (8 wavefronts per matrix, 32 for .x4, ideal 4).
// The twins whose 16-byte chunks are swizzled (chunk ^ row % 8) or whose
// rows are padded by 16 bytes are conflict-free and get no warning.
// An access is reported where nvcc's line table puts the instruction: on
// the line of the asm statement's last computed input operand (Nsight
// Compute, test/gpu/real/tensor-core/README.md).
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=LIST
#include <cstdint>

__device__ uint32_t smem(const void *P) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(P));
}

__global__ void tiles(const uint4 *In) {
  __shared__ __align__(128) unsigned short Plain[64][64];
  __shared__ __align__(128) unsigned short Swizzled[64][64];
  __shared__ __align__(128) unsigned short Padded[64][72];
  int Lane = threadIdx.x % 32;
  int Row = Lane % 16, Chunk = Lane / 16;
  uint32_t A0, A1, A2, A3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(A0), "=r"(A1), "=r"(A2), "=r"(A3)
               : "r"(smem(&Plain[Row][Chunk * 8])));
  // CHECK: ldmatrix.cu:[[@LINE-1]]:22: warning: 8-way shared memory bank conflict on 'Plain' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(A0), "=r"(A1), "=r"(A2), "=r"(A3)
               : "r"(smem(&Swizzled[Row][(Chunk ^ (Row % 8)) * 8])));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(A0), "=r"(A1)
               : "r"(smem(&Padded[Row][Chunk * 8])));
  // Each thread copies one 16-byte chunk of a 128-byte row: 8 lanes fill a
  // row. Into the plain tile the destination conflicts 8 ways per quarter
  // warp of the 16-byte store: 32 wavefronts for the request, ideal 4.
  int R = threadIdx.x / 8, C = threadIdx.x % 8;
  const uint4 *Src = In + threadIdx.x;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Plain[C][R * 8])), "l"(Src));
  // CHECK: ldmatrix.cu:[[@LINE-1]]:52: warning: 8-way shared memory bank conflict on 'Plain' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Swizzled[R][(C ^ (R % 8)) * 8])), "l"(Src));
  // The L1-bypassing copy of whole 128-byte lines into whole (swizzled)
  // rows: the one case of LDGSTS.BYPASS measured, 4 wavefronts and 16
  // sectors per request.
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Swizzled[R][(C ^ (R % 8)) * 8])), "l"(Src));
  // LIST: ldmatrix.cu:[[@LINE-1]]:67: remark: global load of 'In' (16 bytes) in kernel 'tiles': 16 sectors per request
  // LIST: ldmatrix.cu:[[@LINE-2]]:67: remark: shared store of 'Swizzled' (16 bytes) in kernel 'tiles': 4 wavefronts per request
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
}

// The shared address converted by an asm statement of its own (cvta.to.shared
// into a register, narrowed by cvt.u32.u64), as tutorial GEMMs write it; the
// copy size an immediate operand.
__device__ uint32_t toShared(const void *P) {
  uint32_t A;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }"
      : "=r"(A) : "l"(P));
  return A;
}

template <int Bytes> __device__ void copy(uint32_t Dst, const void *Src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;"
               :: "r"(Dst), "l"(Src),
               "n"(Bytes));
}

__global__ void helpers(const uint4 *In) {
  __shared__ __align__(128) unsigned short Plain[64][64];
  __shared__ __align__(128) unsigned short Swizzled[64][64];
  int R = threadIdx.x / 8, C = threadIdx.x % 8;
  copy<16>(toShared(&Plain[C][R * 8]), In + threadIdx.x);
  // CHECK: ldmatrix.cu:[[@LINE-9]]:33: warning: 8-way shared memory bank conflict on 'Plain' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
  copy<16>(toShared(&Swizzled[R][(C ^ (R % 8)) * 8]), In + threadIdx.x);
  uint32_t A0, A1;
  int Lane = threadIdx.x % 32;
  uint32_t Base = toShared(&Plain[Lane % 16][0]);
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x2.shared.b16 "
      "{%0, %1}, [%2];"
      : "=r"(A0), "=r"(A1)
      : "r"(Base));
  // CHECK: ldmatrix.cu:[[@LINE-1]]:13: warning: 8-way shared memory bank conflict on 'Plain' (16 wavefronts per request, ideal 2) [warplint-bank-conflict]
  // LIST: ldmatrix.cu:[[@LINE-2]]:13: remark: shared load of 'Plain' (16 bytes) in kernel 'helpers': 16 wavefronts per request
}

int main() {
  tiles<<<1, 32>>>(nullptr);
  helpers<<<1, 32>>>(nullptr);
}
