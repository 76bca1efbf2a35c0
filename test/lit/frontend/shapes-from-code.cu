// Block shapes the code fixes: a case label on the thread count, the
// kernel's own assert / __builtin_assume / early exit on blockDim, and
// device-side launches. Without them these kernels were analyzed with
// blockDim.x a multiple of 32 and gave false warnings.
// RUN: %exit 1 %warplint %s -- -fgpu-rdc -Wno-assume 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --all-accesses %s -- -fgpu-rdc -Wno-assume 2>&1 | FileCheck %s --check-prefix=ACC
#include <cassert>

// A warp of a block of 4 threads is those 4 threads: lanes 8 words apart
// fall into 4 different banks, so no conflict.
__global__ void asserted(float *a) {
  assert(blockDim.x == 4);
  __shared__ float s[32 * 8];
  s[threadIdx.x * 8] = a[threadIdx.x];
  // ACC: shapes-from-code.cu:[[@LINE-1]]:3: remark: shared store of 's' (4 bytes) in kernel 'asserted': 1 wavefront per request (mean 1.0, ideal 1); block 4x1x1 required by the kernel's condition on blockDim at {{.*}}shapes-from-code.cu:[[@LINE-3]]:3
}

__global__ void exits(float *a) {
  if (blockDim.x != 4 || blockDim.y != 2 || blockDim.z != 1)
    return;
  __shared__ float s[2][32 * 4];
  s[threadIdx.y][threadIdx.x * 8] = a[threadIdx.x];
  // ACC: shapes-from-code.cu:[[@LINE-1]]:3: remark: shared store of 's' (4 bytes) in kernel 'exits': 2 wavefronts per request (mean 2.0, ideal 1); block 4x2x1 required by the kernel's condition on blockDim at {{.*}}shapes-from-code.cu:[[@LINE-4]]:3
  // CHECK: shapes-from-code.cu:[[@LINE-2]]:3: warning: 2-way shared memory bank conflict on 's'
  // CHECK: note: assuming block 4x2x1 required by the kernel's condition on blockDim at {{.*}}shapes-from-code.cu:[[@LINE-6]]:3
  // A 4x2 warp spans both rows of the block, not 8.
  // CHECK-NOT: spans 8 values
}

__global__ void assumed(float *a) {
  __builtin_assume(blockDim.x == 4);
  __shared__ float s[32 * 8];
  s[threadIdx.x * 8] = a[threadIdx.x];
  // ACC: shapes-from-code.cu:[[@LINE-1]]:3: remark: shared store of 's' (4 bytes) in kernel 'assumed': 1 wavefront per request (mean 1.0, ideal 1); block 4x1x1 required by the kernel's condition on blockDim at {{.*}}shapes-from-code.cu:[[@LINE-3]]:3
}

// A condition on x alone does not fix a kernel that reads threadIdx.y:
// the generic shape stays.
__global__ void partial(float *a) {
  assert(blockDim.x == 4);
  __shared__ float s[8][32 * 8];
  s[threadIdx.y][threadIdx.x * 8] = a[threadIdx.x];
  // ACC: shapes-from-code.cu:[[@LINE-1]]:3: remark: shared store of 's' {{.*}} no launch found: blockDim.x assumed a multiple of 32
  // CHECK: shapes-from-code.cu:[[@LINE-2]]:3: warning: 8-way shared memory bank conflict on 's'
}

template <unsigned BlockSize>
__global__ void reduce(const float *in, float *out) {
  __shared__ float s[BlockSize * 8];
  s[threadIdx.x * 8] = in[blockIdx.x * BlockSize + threadIdx.x];
  // ACC: shapes-from-code.cu:[[@LINE-1]]:3: remark: shared store of 's' (4 bytes) in kernel 'reduce<8U>': 2 wavefronts per request (mean 2.0, ideal 1); block 8x1x1 from the launch at {{.*}}shapes-from-code.cu:65:5
  // ACC: shapes-from-code.cu:[[@LINE-2]]:3: remark: shared store of 's' (4 bytes) in kernel 'reduce<4U>': 1 wavefront per request (mean 1.0, ideal 1); block 4x1x1 from the launch at {{.*}}shapes-from-code.cu:68:5
  // The 8-thread instantiation conflicts; a 2-way conflict, not the 8-way
  // one of a 32-wide block.
  // CHECK: shapes-from-code.cu:[[@LINE-5]]:3: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 8x1x1 from the launch at
  // reduce<2> under `case 2: case 1:` is analyzed for 2 and 1 threads.
  // ACC: remark: shared store of 's' (4 bytes) in kernel 'reduce<2U>': 1 wavefront per request (mean 1.0, ideal 1); block 2x1x1 from the launch at
  // ACC: remark: shared store of 's' (4 bytes) in kernel 'reduce<2U>': 1 wavefront per request (mean 1.0, ideal 1); block 1x1x1 from the launch at
}

void launch(int threads, int blocks, const float *in, float *out) {
  switch (threads) {
  case 8:
    reduce<8><<<blocks, threads>>>(in, out);
    break;
  case 4:
    reduce<4><<<blocks, threads>>>(in, out);
    break;
  case 2:
  case 1:
    // Two labels: the launch is analyzed for each.
    reduce<2><<<blocks, threads>>>(in, out);
    break;
  }
}

// Dynamic parallelism: the device-side launch gives the child's shape.
__global__ void child(float *a) {
  __shared__ float s[32][32];
  a[threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // ACC: shapes-from-code.cu:[[@LINE-1]]:20: remark: shared load of 's' (4 bytes) in kernel 'child': 32 wavefronts per request (mean 32.0, ideal 1); block 32x4x1 from the device-side launch at {{.*}}shapes-from-code.cu:[[@LINE+8]]:5
  // CHECK: shapes-from-code.cu:[[@LINE-2]]:20: warning: 32-way shared memory bank conflict on 's'
  // CHECK: note: assuming block 32x4x1 from the device-side launch at
  // CHECK-NOT: invalid launch shape
}

__global__ void parent(float *a) {
  if (threadIdx.x == 0)
    child<<<2, dim3(32, 4)>>>(a);
}
