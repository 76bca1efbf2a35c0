// Cooperative groups' queries are functions of the built-in indices:
// thread_block::thread_rank(), thread_block_tile<N>::thread_rank() and
// meta_group_rank(), grid_group::thread_rank(). Guards and addresses written
// with them are exact.
// REQUIRES: cuda-toolkit
// RUN: %exit 1 %warplint --all-accesses %s -- 2>&1 | FileCheck %s

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void tileSums(float *out, const float *in) {
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);
  __shared__ float Partial[8];
  __shared__ float Staged[256 * 2];
  float V = in[Block.thread_rank()];
  // CHECK: cooperative-groups.cu:[[@LINE-1]]:13: remark: global load of 'in' (4 bytes) in kernel 'tileSums': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  Staged[Block.thread_rank() * 2] = V;
  // CHECK: cooperative-groups.cu:[[@LINE-1]]:3: remark: shared store of 'Staged' (4 bytes) in kernel 'tileSums': 2 wavefronts per request (mean 2.0, ideal 1)
  if (Warp.thread_rank() == 0)
    Partial[Warp.meta_group_rank()] = V;
  // CHECK: cooperative-groups.cu:[[@LINE-1]]:5: remark: shared store of 'Partial' (4 bytes) in kernel 'tileSums': 1 wavefront per request (mean 1.0, ideal 1)
  Block.sync();
  if (Block.thread_rank() < Warp.size() / 4)
    out[cg::this_grid().thread_rank()] = Partial[Block.thread_rank()];
  // CHECK-DAG: cooperative-groups.cu:[[@LINE-1]]:5: remark: global store of 'out' (4 bytes) in kernel 'tileSums': 1 sector per request (mean 1.0, ideal 1
  // CHECK-DAG: cooperative-groups.cu:[[@LINE-2]]:42: remark: shared load of 'Partial' (4 bytes) in kernel 'tileSums': 1 wavefront per request (mean 1.0, ideal 1)
}

void launch(float *out, const float *in) { tileSums<<<4, 256>>>(out, in); }
// CHECK: cooperative-groups.cu:19:3: warning: 2-way shared memory bank conflict on 'Staged' (2 wavefronts per request, ideal 1) [warplint-bank-conflict]
