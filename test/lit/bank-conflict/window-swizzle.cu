// Swizzles of the absolute shared-window address (`a ^ ((a & 0x380) >> 3)`)
// are exact where the array's window address is known: measured on sm_90
// (test/gpu/tensor-core/shared_base.txt), dynamic shared memory with no
// static array beside it, and a kernel's only static array, lie at window
// offset 1024; any other array at a multiple of its declared alignment, so
// that only bits below it may be swizzled.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --all-accesses --show-unknown --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=LIST
#include <cstdint>

__device__ uint32_t toShared(const void *P) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(P));
}

// Rows of 64 halves (128 bytes): the 8 rows a matrix reads share banks
// unless the 16-byte chunk is XORed with the row (bits 7-9 of the address
// into bits 4-6).
__global__ void dynamicTile() {
  extern __shared__ unsigned short Tile[];
  int Lane = threadIdx.x % 32;
  uint32_t A = toShared(&Tile[(Lane % 16) * 64 + (Lane / 16) * 8]);
  uint32_t R0, R1, R2, R3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(A));
  // CHECK: window-swizzle.cu:[[@LINE-1]]:63: warning: 8-way shared memory bank conflict on 'Tile' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
  uint32_t S = A ^ ((A & 0x380) >> 3);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(S));
  // LIST: window-swizzle.cu:[[@LINE-1]]:63: remark: shared load of 'Tile' (16 bytes) in kernel 'dynamicTile': 4 wavefronts per request (mean 4.0, ideal 4)
}

// Two static arrays: where each lies is ptxas's choice, known only to be a
// multiple of its alignment (128 here). Flipping bit 4 is exact; bits 7-9
// are not known.
__global__ void twoStatic(const unsigned short *In) {
  __shared__ __align__(128) unsigned short Other[256];
  __shared__ __align__(128) unsigned short Tile[64 * 64];
  int Lane = threadIdx.x % 32;
  Other[threadIdx.x] = In[threadIdx.x];
  uint32_t A = toShared(&Tile[(Lane % 16) * 64 + (Lane / 16) * 8]);
  uint32_t R0, R1, R2, R3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(A ^ 16));
  // CHECK: window-swizzle.cu:[[@LINE-1]]:63: warning: 8-way shared memory bank conflict on 'Tile' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)
               : "r"(A ^ ((A & 0x380) >> 3)));
  // LIST: window-swizzle.cu:[[@LINE-1]]:22: remark: inline PTX 'ldmatrix.sync.aligned.m8n8.x4.shared.b16': its address 'A ^ ((A & 0x380) >> 3)' is not known to point into an array or buffer ('A & 0x380', arithmetic on the address of 'Tile' other than adding offsets (its result depends on where 'Tile' lies in memory))
}

int main() {
  dynamicTile<<<1, 32, 8192>>>();
  twoStatic<<<1, 32>>>(nullptr);
}
