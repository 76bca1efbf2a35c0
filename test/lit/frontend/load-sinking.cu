// nvcc moves a load whose value one later statement alone uses down to that
// statement when nothing between them writes memory: into the then branch
// of an if, past an early return. The lanes that load are the lanes of the
// use (docs/hardware-model.md, "What to expect when the compiler changes an
// access").
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s
// RUN: %exit 1 %warplint --checks='-*,warplint-uncoalesced' %s -- 2>&1 | FileCheck %s --check-prefix=NOTE
// NOTE: load-sinking.cu:15:13: warning: uncoalesced global load from 'In' (4 sectors per request, ideal 2)
// NOTE: note: nvcc moves this load into the branch of 'if (threadIdx.x % 2)' at line 17, the only place 'V' is used: only the lanes that get there load it
// NOTE: load-sinking.cu:25:13: warning: uncoalesced global load from 'In' (4 sectors per request, ideal 3)
// NOTE: note: nvcc moves this load past the exit before its use at line 29

__global__ void intoBranch(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: global load of 'In' (4 bytes) in kernel 'intoBranch': 4 sectors per request (mean 4.0, ideal 2, scattered)
  if (threadIdx.x % 2) {
    V = V * V + 1.0f;
    Out[I] = V;
  }
}

__global__ void pastExit(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: global load of 'In' (4 bytes) in kernel 'pastExit': 4 sectors per request (mean 4.0, ideal 3
  if (threadIdx.x % 4 == 0)
    return;
  Out[I] = V * 2.0f;
}

// Used after the if, or in its condition, or after a store: loaded by all.
__global__ void stays(const float *In, float *Out, float *Other) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: global load of 'In' (4 bytes) in kernel 'stays': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  if (threadIdx.x % 2)
    V = V * 2.0f;
  Out[I] = V;
  float W = In[I + 32];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: global load of 'In' (4 bytes) in kernel 'stays': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  if (W > 0.5f)
    Out[I] = W;
  float X = In[I + 64];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: global load of 'In' (4 bytes) in kernel 'stays': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  Other[I] = 1.0f;
  if (threadIdx.x % 2)
    Out[I] = X;
}

void run(const float *In, float *Out, float *Other) {
  intoBranch<<<4, 256>>>(In, Out);
  pastExit<<<4, 256>>>(In, Out);
  stays<<<4, 256>>>(In, Out, Other);
}

// A barrier between the load and its use keeps the load where it is: every
// lane loads, whatever the if decides.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void pastBarrier(const float *In, float *Out) {
  cg::thread_block Block = cg::this_thread_block();
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  // CHECK: load-sinking.cu:[[@LINE-1]]:13: remark: global load of 'In' (4 bytes) in kernel 'pastBarrier': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  cg::sync(Block);
  if (threadIdx.x % 2)
    Out[I] = V;
}

void runBarrier(const float *In, float *Out) { pastBarrier<<<4, 256>>>(In, Out); }
