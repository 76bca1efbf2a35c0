// A flattened index decomposed by the sizes (`b = idx / T`, `t = idx % T`)
// and put back together into an address (`b * T * C + t * C`, `b * T + t`)
// is the index again once the launch fixes the sizes: the address is exact,
// not "depends on 'blockIdx.x' inside '... / 1024'". This is how row-per-warp
// normalization kernels walk their rows (a grid-stride loop over B * T rows,
// each warp its own row).
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rowsPerWarp(float *Dinp, const float *Dout, const float *Mean,
                            int B, int T, int C) {
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);
  int Base = blockIdx.x * Warp.meta_group_size() + Warp.meta_group_rank();
  int Warps = gridDim.x * Warp.meta_group_size();
  for (int Idx = Base; Idx < B * T; Idx += Warps) {
    int Bi = Idx / T;
    int Ti = Idx % T;
    const float *D = Dout + Bi * T * C + Ti * C;
    float *O = Dinp + Bi * T * C + Ti * C;
    float M = Mean[Bi * T + Ti];
    for (int I = Warp.thread_rank(); I < C; I += Warp.size())
      O[I] = D[I] - M;
  }
}

__global__ void elementwise(float *Out, const float *In, int B, int T, int C) {
  int Idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (Idx < B * T * C) {
    int Bi = Idx / (T * C);
    int Ti = (Idx / C) % T;
    int Ci = Idx % C;
    Out[Bi * T * C + Ti * C + Ci] = In[Idx];
  }
}

// A shift or a mask takes whole multiples of its unit out of its operand:
// `(blockIdx.x * 256 + threadIdx.x) >> 5` is `blockIdx.x * 8 +
// (threadIdx.x >> 5)`, the global warp index.
__global__ void warpShifts(float *Out, const float *Row) {
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  int W = G >> 5;
  Out[W * 32 + (G & 31)] = Row[W];
}

void launch(float *A, const float *D, const float *M) {
  rowsPerWarp<<<132, 256>>>(A, D, M, 8, 1024, 768);
  elementwise<<<8 * 1024 * 768 / 256, 256>>>(A, D, 8, 1024, 768);
  warpShifts<<<64, 256>>>(A, D);
}

// CHECK: recomposed-indices.cu:23:15: remark: global load of 'Mean' (4 bytes) in kernel 'rowsPerWarp': 1 sector per request (mean 1.0, ideal 1, uniform)
// CHECK: recomposed-indices.cu:25:14: remark: global load of 'Dout' (4 bytes) in kernel 'rowsPerWarp': 4 sectors per request (mean 4.0, ideal 4, coalesced)
// CHECK: recomposed-indices.cu:25:7: remark: global store of 'Dinp' (4 bytes) in kernel 'rowsPerWarp': 4 sectors per request (mean 4.0, ideal 4, coalesced)
// CHECK: recomposed-indices.cu:35:5: remark: global store of 'Out' (4 bytes) in kernel 'elementwise': 4 sectors per request (mean 4.0, ideal 4, coalesced)
// CHECK: recomposed-indices.cu:45:28: remark: global load of 'Row' (4 bytes) in kernel 'warpShifts': 1 sector per request (mean 1.0, ideal 1, uniform)
// CHECK: recomposed-indices.cu:45:3: remark: global store of 'Out' (4 bytes) in kernel 'warpShifts': 4 sectors per request (mean 4.0, ideal 4, coalesced)
// CHECK-NOT: unknown
