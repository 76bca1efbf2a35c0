// Launches through the runtime API, cudaLaunchKernel and
// cudaLaunchCooperativeKernel (the cooperative-groups samples launch so):
// the block and grid come from their arguments as from <<<>>>; the
// kernel's own arguments travel through a void** and bind nothing.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --no-cuda-toolkit %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <cuda_runtime.h>

// Lanes 4 words apart: 4-way on the 64-wide block of the launch through a
// kernel pointer, 2-way on the 16-wide one (16 lanes), each named.
__global__ void narrow(float *a) {
  __shared__ float s[256];
  s[threadIdx.x * 4] = a[threadIdx.x];
  // CHECK: api-launch.cu:[[@LINE-1]]:3: warning: 4-way shared memory bank conflict on 's' (4 wavefronts per request, ideal 1)
  // CHECK: api-launch.cu:[[#@LINE+16]]:3: note: assuming block 64x1x1 from the launch at {{.*}}api-launch.cu:[[#@LINE+16]]:3
  // CHECK: api-launch.cu:[[#@LINE+16]]:3: note: with block 16x1x1 from the launch at {{.*}}api-launch.cu:[[#@LINE+16]]:3: 2 wavefronts per request, ideal 1
}

__global__ void cooperative(float *a) {
  __shared__ float t[256];
  t[threadIdx.x * 2] = a[threadIdx.x];
  // CHECK: api-launch.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 't' (2 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 128x1x1 from the launch at {{.*}}api-launch.cu:[[#@LINE+10]]:3
}

void run(float *a) {
  void *Args[] = {&a};
  dim3 Grid(4), Block(16);
  // Through a local kernel pointer, as <<<>>> would be.
  void (*Fn)(float *) = narrow;
  cudaLaunchKernel((void *)Fn, Grid, dim3(64), Args, 0, 0);
  cudaLaunchKernel((void *)narrow, Grid, Block, Args, 0, 0);
  cudaLaunchCooperativeKernel((const void *)&cooperative, dim3(2), dim3(128),
                              Args, 0, nullptr);
}
