// CUDA 13 keeps libcu++, CUB and Thrust in include/cccl, which only the
// toolkit's nvcc.profile names: cooperative groups and <cuda/...> headers
// must be found there.
// REQUIRES: cuda-toolkit
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=error:

#include <cooperative_groups.h>
#include <cuda/std/type_traits>

namespace cg = cooperative_groups;

static_assert(cuda::std::is_same<float, float>::value, "libcu++ is there");

__global__ void rowSums(float *out, const float *in) {
  cg::thread_block Block = cg::this_thread_block();
  __shared__ float s[32][32];
  s[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  // CHECK: cccl.cu:[[@LINE-1]]:3: warning: 32-way shared memory bank conflict on 's'
  Block.sync();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

void launch(float *out, const float *in) {
  rowSums<<<1, dim3(32, 32)>>>(out, in);
}
