// The asynchronous copies of the CUDA headers (cuda::memcpy_async,
// cooperative_groups::memcpy_async, __pipeline_memcpy_async) end in a
// cp.async inside the headers that warplint does not follow: each call is
// a remark saying so, never dropped in silence (the tensor-core corpus's
// GEMMs copy this way, test/gpu/real/tensor-core/).
// REQUIRES: cuda-toolkit
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- -std=c++17 2>&1 | FileCheck %s
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

__global__ void copies(const float4 *In) {
  __shared__ float4 Tile[256];
  auto Block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_thread> Pipe = cuda::make_pipeline();
  Pipe.producer_acquire();
  cuda::memcpy_async(&Tile[threadIdx.x], In + threadIdx.x,
                     cuda::aligned_size_t<16>(sizeof(float4)), Pipe);
  // CHECK-DAG: memcpy-async.cu:[[@LINE-2]]:3: remark: 'cuda::memcpy_async<{{.*}}>' copies asynchronously (a cp.async inside the CUDA headers) and is not followed there; its memory accesses are not analyzed
  Pipe.producer_commit();
  cg::memcpy_async(Block, Tile, In, sizeof(Tile));
  // CHECK-DAG: memcpy-async.cu:[[@LINE-1]]:3: remark: 'cooperative_groups::{{.*}}memcpy_async{{.*}}' copies asynchronously
  __pipeline_memcpy_async(&Tile[threadIdx.x], In + threadIdx.x, 16);
  // CHECK-DAG: memcpy-async.cu:[[@LINE-1]]:3: remark: '__pipeline_memcpy_async' copies asynchronously
  __pipeline_commit();
  cg::wait(Block);
}

int main() { copies<<<1, 256>>>(nullptr); }
