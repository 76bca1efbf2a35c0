// Where an array's address leaves its subscripts, a layout fix is offered
// only when warplint sees every use: an access at the very address of a
// subscripted element (`&t[r][c]`, cast or converted to an integer for
// inline PTX) moves with the element. An offset added to the converted
// address, bits of it computed as an integer, or the address handed to PTX
// other than as a memory operand: the fix would change what that code
// reads, and no fix is offered. An access that moves 16 bytes keeps them
// whole and aligned: the rows of 'F' are padded by 4 floats, not 1.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXED %s < %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %t.cu -- 2>&1 | FileCheck --check-prefix=AFTER %s --implicit-check-not=warning:
#include <cstdint>

__device__ uint32_t smem(const void *P) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(P));
}

#define LDSM4(R, Addr)                                                         \
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" \
               : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3])            \
               : "r"(Addr))

__global__ void offsetAdded(float *Out) {
  __shared__ __align__(128) unsigned short T[64][64];
  int Lane = threadIdx.x % 32;
  uint32_t R[4];
  uint32_t Base = smem(&T[Lane % 16][0]);
  LDSM4(R, Base + Lane / 16 * 16);
  // CHECK: address-uses.cu:[[@LINE-1]]:3: warning: 8-way shared memory bank conflict on 'T'
  // CHECK: note: no layout fix is offered: 'T' is used outside its subscripts (accessed through a pointer derived from it at {{.*}}address-uses.cu:[[@LINE-2]]:3); changing its layout would change what that code reads
  // AFTER: address-uses.cu.tmp.cu:[[@LINE-3]]:3: warning: 8-way shared memory bank conflict on 'T'
  Out[threadIdx.x] = R[0];
}

__global__ void integerSwizzle(float *Out) {
  __shared__ __align__(128) unsigned short Other[64];
  __shared__ __align__(128) unsigned short T[64][64];
  int Lane = threadIdx.x % 32;
  Other[Lane] = Lane;
  uint32_t R[4];
  uint32_t A = smem(&T[Lane % 16][Lane / 16 * 8]);
  LDSM4(R, A);
  LDSM4(R, A ^ ((Lane % 8) << 4));
  // CHECK: address-uses.cu:[[@LINE-2]]:3: warning: 8-way shared memory bank conflict on 'T'
  // CHECK: note: no layout fix is offered: 'T' is used outside its subscripts (its address is used in integer arithmetic other than adding offsets at {{.*}}address-uses.cu:[[@LINE-2]]:3)
  // AFTER: address-uses.cu.tmp.cu:[[@LINE-4]]:3: warning: 8-way shared memory bank conflict on 'T'
  Out[threadIdx.x] = R[0] + Other[Lane + 1];
}

__global__ void movedInPtx(float *Out) {
  __shared__ __align__(128) unsigned short T[64][64];
  int Lane = threadIdx.x % 32;
  uint32_t R[4], X;
  asm("mov.u32 %0, %1;" : "=r"(X) : "r"(smem(&T[Lane % 16][Lane / 16 * 8])));
  LDSM4(R, smem(&T[Lane % 16][Lane / 16 * 8]));
  LDSM4(R, X);
  // CHECK: address-uses.cu:[[@LINE-2]]:3: warning: 8-way shared memory bank conflict on 'T'
  // CHECK: note: no layout fix is offered: 'T' is used outside its subscripts (its address is passed to an asm statement other than as a memory operand at {{.*}}address-uses.cu:[[@LINE-4]]:41)
  // AFTER: address-uses.cu.tmp.cu:[[@LINE-4]]:3: warning: 8-way shared memory bank conflict on 'T'
  Out[threadIdx.x] = R[0];
}

__global__ void vectorRows(float4 *Out) {
  __shared__ float F[32][32];
  // FIXED: __shared__ float F[32][36];
  int T = threadIdx.x;
  for (int C = 0; C < 32; C += 4)
    *reinterpret_cast<float4 *>(&F[T][C]) = make_float4(T, C, 0, 0);
  // CHECK: address-uses.cu:[[@LINE-1]]:5: warning: 8-way shared memory bank conflict on 'F' (32 wavefronts per request, ideal 4)
  // CHECK: note: pad the rows of 'F' to 36 elements (F[32][36]): every access of 'F' becomes conflict-free (288 -> 36 wavefronts per block)
  // CHECK: note: alternatively, swizzle the 16-byte chunks of 'F': chunk k of row r moves to chunk k ^ (r % 8): every access of 'F' becomes conflict-free (288 -> 36 wavefronts per block)
  // CHECK: note: in CuTe terms the swizzled 'F' is its layout composed with Swizzle<3, 2, 3> on element offsets
  __syncthreads();
  Out[T] = *reinterpret_cast<const float4 *>(&F[T][T / 8 * 4]);
  // CHECK: address-uses.cu:[[@LINE-1]]:12: warning: 8-way shared memory bank conflict on 'F' (32 wavefronts per request, ideal 4)
}

// A distance between two of its addresses depends on the layout too.
__global__ void distance(float *Out) {
  __shared__ __align__(128) unsigned short T[64][64];
  int Lane = threadIdx.x % 32;
  uint32_t R[4];
  uint32_t A = smem(&T[Lane % 16][Lane / 16 * 8]);
  uint32_t Off = A - smem(&T[0][0]);
  LDSM4(R, A);
  // CHECK: address-uses.cu:[[@LINE-1]]:3: warning: 8-way shared memory bank conflict on 'T'
  // CHECK: note: no layout fix is offered: 'T' is used outside its subscripts (the distance between two of its addresses is taken at {{.*}}address-uses.cu:[[@LINE-3]]:18)
  // AFTER: address-uses.cu.tmp.cu:[[@LINE-3]]:3: warning: 8-way shared memory bank conflict on 'T'
  Out[threadIdx.x] = R[0] + Off;
}

int main() {
  offsetAdded<<<1, 32>>>(nullptr);
  integerSwizzle<<<1, 32>>>(nullptr);
  movedInPtx<<<1, 32>>>(nullptr);
  vectorRows<<<1, 32>>>(nullptr);
  distance<<<1, 32>>>(nullptr);
}
