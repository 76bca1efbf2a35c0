// RUN: %exit 1 %warplint --checks='-*,warplint-barrier-divergence' %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

// The cooperative groups API, declared here as the toolkit declares it (the
// real header needs libcu++, which not every toolkit install has).
namespace cooperative_groups {
class thread_block {
public:
  __device__ void sync() const;
};
class thread_block_tile32 {
public:
  __device__ void sync() const;
};
__device__ thread_block this_thread_block();
__device__ void sync(const thread_block &g);
} // namespace cooperative_groups
namespace cg = cooperative_groups;

__global__ void uniformGroups(float *data) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[128];
  s[threadIdx.x] = data[threadIdx.x];
  block.sync();
  cg::sync(block);
  cg::this_thread_block().sync();
}

__global__ void divergentGroups(float *data, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[threadIdx.x] = data[i];
    block.sync();
    // CHECK: cooperative-groups.cu:[[@LINE-1]]:5: warning: block.sync() is not reached by all threads of the block: condition 'i < n' depends on threadIdx.x [warplint-barrier-divergence]
    // CHECK: cooperative-groups.cu:[[@LINE-4]]:7: note: threadIdx (0, 0, 0) reaches the barrier and threadIdx (1, 0, 0) does not, for example with n = 1
    // CHECK: note: threads disagree when n % 128 != 0
    // CHECK: note: keep the barrier unconditional and guard only the work
    cg::sync(block);
    // CHECK: cooperative-groups.cu:[[@LINE-1]]:5: warning: cg::sync(block) is not reached by all threads of the block: condition 'i < n' depends on threadIdx.x [warplint-barrier-divergence]
  }
}

int main(int argc, char **) {
  float *p = 0;
  uniformGroups<<<1, 128>>>(p);
  divergentGroups<<<(argc + 127) / 128, 128>>>(p, argc);
}
