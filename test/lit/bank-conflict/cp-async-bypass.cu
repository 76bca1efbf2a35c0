// The L1-bypassing cp.async.cg (LDGSTS.BYPASS), whose two sides are costed
// together (rule LDGSTS.BYPASS, test/gpu/tensor-core/README.md, 246 lane
// patterns measured on the H100): two lanes that copy the two halves of one
// 32-byte sector into the two halves of one 32-byte block are one sector;
// the sectors of one 128-byte source line written into one 128-byte row
// share a wavefront when they move their data by the same distance modulo
// 64 bytes. Whole lines into whole rows: 4 wavefronts, 16 sectors, ideal.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=LIST
#include <cstdint>

__device__ uint32_t smem(const void *P) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(P));
}

__global__ void tile(const uint16_t *A, int K) {
  __shared__ __align__(1024) uint16_t Rows[32][64];
  __shared__ __align__(1024) uint16_t Blocks[8][2][16][16];
  int T = threadIdx.x;
  // 8 lanes per 128-byte global row, each row into a 128-byte shared row.
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Rows[T / 8][(T % 8) * 8])), "l"(&A[(T / 8) * K + (T % 8) * 8]));
  // LIST: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: remark: global load of 'A' (16 bytes) in kernel 'tile': 16 sectors per request
  // LIST: cp-async-bypass.cu:[[@LINE-2]]:{{[0-9]+}}: remark: shared store of 'Rows' (16 bytes) in kernel 'tile': 4 wavefronts per request
  // 4 lanes per 64-byte row, into 16x16 blocks of 32-byte rows: lanes pair,
  // but each row's pairs land in two rows of the window: 16 wavefronts.
  int Row = T / 4, Col = (T % 4) * 8;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Blocks[Row / 16][Col / 16][Row % 16][Col % 16])), "l"(&A[Row * K + Col]));
  // CHECK: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: warning: cp.async.cg into 'Blocks' takes 16 shared memory wavefronts per request, ideal 4 [warplint-bank-conflict]
  // CHECK: note: for example lane {{[0-9]+}} {{.*}} in different wavefronts: a cp.async.cg shares one only between lanes that copy from one 128-byte line into one 128-byte row
  // LIST: cp-async-bypass.cu:[[@LINE-3]]:{{[0-9]+}}: remark: global load of 'A' (16 bytes) in kernel 'tile': 16 sectors per request
  // The same 4-lane rows into 128-byte rows, chunks swizzled by the row
  // (pairs keep their block): two source lines per row, 8 wavefronts.
  int R2 = T / 8, C2 = (T % 8) ^ (R2 & 3);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Rows[R2][C2 * 8])), "l"(&A[(T / 4) * K + (T % 4) * 8]));
  // CHECK: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: warning: cp.async.cg into 'Rows' takes 8 shared memory wavefronts per request, ideal 4 [warplint-bank-conflict]
  // Every lane copies the same chunk: a sector and a wavefront per lane.
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Rows[T / 8][(T % 8) * 8])), "l"(&A[0]));
  // CHECK: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: warning: uncoalesced global load from 'A' (32 sectors per request, ideal 16) [warplint-uncoalesced]
  // CHECK: note: a cp.async.cg reads one sector per lane, except for two lanes that copy the two halves of one 32-byte sector into the two halves of one 32-byte block
  // CHECK: cp-async-bypass.cu:[[@LINE-3]]:{{[0-9]+}}: warning: cp.async.cg into 'Rows' takes 32 shared memory wavefronts per request, ideal 4 [warplint-bank-conflict]
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
}

// Dynamic shared memory beside no static array starts at 1024 in the
// window (shared_base.txt): a destination 16 bytes into it shifts every
// sector across two blocks: 32 sectors, and 12 wavefronts (7 lanes of each
// line in one row, the eighth in the next).
__global__ void shifted(const uint16_t *A) {
  extern __shared__ uint16_t Dyn[];
  int T = threadIdx.x;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Dyn[T * 8 + 8])), "l"(&A[T * 8]));
  // CHECK: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: warning: uncoalesced global load from 'A' (32 sectors per request, ideal 16) [warplint-uncoalesced]
  // CHECK: cp-async-bypass.cu:[[@LINE-2]]:{{[0-9]+}}: warning: cp.async.cg into 'Dyn' takes 12 shared memory wavefronts per request, ideal 4 [warplint-bank-conflict]
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
}

// A global row pitch of K halves: for K % 16 == 8 the rows straddle
// sectors. Each case is its own answer; values of K that leave a chunk
// unaligned fault, and are no case at all.
__global__ void pitch(const uint16_t *A, int K) {
  __shared__ __align__(1024) uint16_t Tile[16][64];
  int T = threadIdx.x;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Tile[T / 4][(T % 4) * 8])), "l"(&A[(T / 4) * K + (T % 4) * 8]));
  // LIST: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: remark: global load of 'A' (16 bytes) in kernel 'pitch': 24 sectors per request {{.*}} when K % 16 == 8
  // Four lanes per 128-byte row fill half of it: at least 8 wavefronts for
  // every K, 15 when the rows straddle sectors.
  // CHECK: cp-async-bypass.cu:[[@LINE-4]]:{{[0-9]+}}: warning: cp.async.cg into 'Tile' takes 15 shared memory wavefronts per request, ideal 4 [warplint-bank-conflict]
  // CHECK: note: the conflict happens when K % 16 == 8
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
}

// Whole 128-byte rows are ideal when the pitch keeps them on lines
// (K % 64 == 0) and not otherwise: a remark that carries the condition,
// since the program may run only ideal pitches.
__global__ void pitchRows(const uint16_t *A, int K) {
  __shared__ __align__(1024) uint16_t Tile[4][64];
  int T = threadIdx.x;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Tile[T / 8][(T % 8) * 8])), "l"(&A[(T / 8) * K + (T % 8) * 8]));
  // CHECK: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: remark: cp.async.cg into 'Tile' takes {{[0-9]+}} shared memory wavefronts per request, ideal 4 [warplint-bank-conflict]
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
}

// Where a static array lies is known exactly only when it is the kernel's
// only one; at 16-byte alignment the rows the copy fills are not known.
__global__ void placed(const uint16_t *A) {
  __shared__ __align__(16) uint16_t First[8];
  __shared__ __align__(16) uint16_t Second[256];
  int T = threadIdx.x;
  First[T % 8] = 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(smem(&Second[T * 8])), "l"(&A[T * 8]));
  // LIST: cp-async-bypass.cu:[[@LINE-1]]:{{[0-9]+}}: remark: shared store of 'Second' (16 bytes) in kernel 'placed': unknown: where 'Second' lies in the shared window is known only to 16 bytes, and which 128-byte rows the copy fills depends on it
}

int main(int Argc, char **) {
  uint16_t *A = nullptr;
  tile<<<1, 32>>>(A, 4096);
  shifted<<<1, 32, 4096>>>(A);
  pitch<<<1, 32>>>(A, Argc);
  pitchRows<<<1, 32>>>(A, Argc);
  placed<<<1, 32>>>(A);
}
