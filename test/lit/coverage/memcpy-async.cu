// The asynchronous copies of the CUDA headers end in a cp.async inside the
// headers. One thread's cuda::memcpy_async of 4, 8 or 16 bytes whose size
// says that alignment (cuda::aligned_size_t<N>(N)) is that one cp.async
// (.cg for 16 bytes, .ca below), which nvcc inlines with libcu++'s line:
// its global and shared accesses are listed, costed by the LDGSTS rules,
// and name that line (`inlined_from`, where Nsight Compute counts them;
// cuda-samples' bf16 and tf32 TensorCoreGemm, test/gpu/real/tensor-core).
// The other copies (with a barrier, which libcu++ may make a
// cp.async.bulk on sm_90; a group's, cooperative_groups::memcpy_async,
// __pipeline_memcpy_async, a size without its alignment) are a remark
// saying they are not followed, never dropped in silence.
// REQUIRES: cuda-toolkit
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- -std=c++17 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=JSON
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
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
  // CHECK-DAG: memcpy-async.cu:[[@LINE-2]]:3: remark: global load of 'In' (16 bytes) in kernel 'copies': 16 sectors per request (mean 16.0, ideal 16
  // CHECK-DAG: memcpy-async.cu:[[@LINE-3]]:3: remark: shared store of 'Tile' (16 bytes) in kernel 'copies': 4 wavefronts per request (mean 4.0, ideal 4)
  cuda::memcpy_async(&Tile[threadIdx.x], In + threadIdx.x, sizeof(float4),
                     Pipe);
  // CHECK-DAG: memcpy-async.cu:[[@LINE-2]]:3: remark: 'cuda::memcpy_async<{{.*}}>' copies asynchronously (a cp.async inside the CUDA headers) and is not followed there; its memory accesses are not analyzed
  Pipe.producer_commit();
  cg::memcpy_async(Block, Tile, In, sizeof(Tile));
  // CHECK-DAG: memcpy-async.cu:[[@LINE-1]]:3: remark: 'cooperative_groups::{{.*}}memcpy_async{{.*}}' copies asynchronously
  __pipeline_memcpy_async(&Tile[threadIdx.x], In + threadIdx.x, 16);
  // CHECK-DAG: memcpy-async.cu:[[@LINE-1]]:3: remark: '__pipeline_memcpy_async' copies asynchronously
  __pipeline_commit();
  cg::wait(Block);
}

__global__ void words(const float *Words) {
  __shared__ float Column[256 * 2];
  cuda::pipeline<cuda::thread_scope_thread> Pipe = cuda::make_pipeline();
  const auto Word = cuda::aligned_size_t<4>(4);
  cuda::memcpy_async(&Column[threadIdx.x * 2], Words + threadIdx.x, Word,
                     Pipe);
  // CHECK-DAG: memcpy-async.cu:[[@LINE-2]]:3: remark: global load of 'Words' (4 bytes) in kernel 'words': 4 sectors per request
  // CHECK-DAG: memcpy-async.cu:[[@LINE-3]]:3: remark: shared store of 'Column' (4 bytes) in kernel 'words': 2 wavefronts per request (mean 2.0, ideal 1)
  Pipe.producer_commit();
}

// JSON: "inlined_from": "{{.*}}cp_async_shared_global.h:{{[0-9]+}}",
// JSON: "op": "load",
// JSON: "inlined_from": "{{.*}}cp_async_shared_global.h:{{[0-9]+}}",
// JSON: "op": "store",

__global__ void withBarrier(const float4 *In) {
  __shared__ float4 Tile[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> Bar;
  if (threadIdx.x == 0)
    init(&Bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&Tile[threadIdx.x], In + threadIdx.x,
                     cuda::aligned_size_t<16>(16), Bar);
  // CHECK-DAG: memcpy-async.cu:[[@LINE-2]]:3: remark: 'cuda::memcpy_async<{{.*}}>' copies asynchronously (a cp.async inside the CUDA headers) and is not followed there
  Bar.arrive_and_wait();
}

int main() {
  copies<<<1, 256>>>(nullptr);
  withBarrier<<<1, 256>>>(nullptr);
  words<<<1, 256>>>(nullptr);
}
