// Block sizes the host code chooses in ways other than one constant: a
// local that the paths to the launch set to different constants (one
// configuration per value, named in the launch's description), a local
// reassigned before the launch (the assignment that reaches it counts), a
// doubling sweep from the device's warp size (cudaDeviceProp::warpSize is
// 32 on every GPU CUDA runs on), and a harness whose loops over kernel
// versions and block sizes give more combinations than are followed: the
// block sizes, innermost, keep their values. A block capped by a constant
// (`std::min(n, 1024)`, `n < 256 ? n : 256`) with n read at run time is
// analyzed at its cap, the note saying for which sizes. A value no block
// can have (a sentinel 0 the cases overwrite) is not analyzed. A local that
// one path leaves unset, that is also changed by `+=` or in a lambda, stays
// unknown.
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- 2>&1 | FileCheck %s

#include <algorithm>
#include <cuda_runtime.h>

__global__ void chosen(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 0;
}
// CHECK: "kernel": "chosen"
// CHECK: "launch": "block 512x1x1 from the launch at {{.*}}launch-path-values.cu:[[#CHOSEN:]]:3 (block_size = 512, one of the values 512, 256, 128 that the paths to it assign)"
// CHECK: "launch": "block 256x1x1 from the launch at {{.*}}:[[#CHOSEN]]:3 (block_size = 256, one of
// CHECK: "launch": "block 128x1x1 from the launch at {{.*}}:[[#CHOSEN]]:3 (block_size = 128, one of

void runChosen(float *Out, int Hidden) {
  int block_size;
  if (Hidden >= 4096)
    block_size = 512;
  else if (Hidden >= 2048)
    block_size = 256;
  else
    block_size = 128;
  dim3 Block(block_size, 1);
  chosen<<<Hidden / block_size, Block>>>(Out, Hidden);
}

__global__ void reassigned(float *Out, int N) {
  Out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: "kernel": "reassigned"
// CHECK: "launch": "block 96x1x1 from the launch at {{.*}}launch-path-values.cu:[[#@LINE+6]]:3"

void runReassigned(float *Out, int Points) {
  int tpb = Points > 64 ? 64 : Points;
  (void)tpb;
  tpb = 96;
  reassigned<<<4, tpb>>>(Out, Points);
}

__global__ void unsetOnAPath(float *Out, int N) {
  Out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: "kernel": "unsetOnAPath"
// CHECK: "launch": "blockDim.x assumed a multiple of 32: the launch at {{.*}} gives its block as 'b', not a compile-time constant"

void runUnset(float *Out, int N) {
  int b;
  if (N > 100)
    b = 256;
  unsetOnAPath<<<1, b>>>(Out, N);
}

__global__ void inLambda(float *Out, int N) {
  Out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: "kernel": "inLambda"
// CHECK: "launch": "blockDim.x assumed a multiple of 32: the launch at {{.*}} gives its block as 'b', not a compile-time constant"

void runInLambda(float *Out, int N) {
  int b = 128;
  auto Grow = [&] { b = 256; };
  if (N > 100)
    Grow();
  inLambda<<<1, b>>>(Out, N);
}

__global__ void sentinel(float *Out, int N) {
  Out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: "kernel": "sentinel"
// CHECK: "launch": "block 128x1x1 from the launch at {{.*}} (t = 128, one of the values 128, 256 that the paths to it assign)"
// CHECK: "launch": "block 256x1x1 from the launch at

void runSentinel(float *Out, int Version) {
  int t = 0;
  switch (Version) {
  case 0:
    t = 128;
    break;
  case 1:
    t = 256;
    break;
  }
  sentinel<<<1, t>>>(Out, Version);
}

__global__ void stepped(float *Out, int N) {
  Out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: "kernel": "stepped"
// CHECK: "launch": "blockDim.x assumed a multiple of 32: the launch at {{.*}} gives its block as 'b', not a compile-time constant"

void runStepped(float *Out, int N) {
  int b = 128;
  if (N > 100)
    b += 64;
  stepped<<<1, b>>>(Out, N);
}

__global__ void swept(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 0;
}
// CHECK: "kernel": "swept"
// CHECK: "launch": "block 32x1x1 from the launch at
// CHECK: "launch": "block 64x1x1 from the launch at
// CHECK: "launch": "block 128x1x1 from the launch at
// CHECK: "launch": "block 256x1x1 from the launch at
// CHECK: "launch": "block 512x1x1 from the launch at
// CHECK: "launch": "block 1024x1x1 from the launch at

void runSwept(float *Out, int N) {
  cudaDeviceProp Props;
  cudaGetDeviceProperties(&Props, 0);
  int WarpSize = Props.warpSize;
  for (int j = WarpSize; j <= 1024; j = j * 2)
    swept<<<(N + j - 1) / j, j>>>(Out, N);
}

__global__ void capped(float *Out, int N) {
  Out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: "kernel": "capped"
// CHECK: "launch": "block 1024x1x1 from the launch at {{.*}} ('std::min(Hidden, 1024)' at its cap 1024, the block when Hidden >= 1024; smaller values are not analyzed)"
// CHECK: "launch": "block 256x1x1 from the launch at {{.*}} ('Hidden < 256 ? Hidden : 256' at its cap 256, the block when Hidden >= 256; smaller values are not analyzed)"

void runCapped(float *Out, int Hidden) {
  dim3 Block(std::min(Hidden, 1024));
  capped<<<128, Block>>>(Out, Hidden);
  size_t Threads = Hidden < 256 ? Hidden : 256;
  capped<<<dim3(4), dim3(Threads)>>>(Out, Hidden);
}

__global__ void versions(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 0;
}
// CHECK: "kernel": "versions"
// CHECK: "launch": "block 32x1x1 from the launch at {{.*}} through the calls at {{.*}} (N = 8192)"
// CHECK: "launch": "block 64x1x1
// CHECK: "launch": "block 128x1x1
// CHECK: "launch": "block 256x1x1
// CHECK: "launch": "block 512x1x1
// CHECK: "launch": "block 1024x1x1

void version0(float *Out, int N, int BlockSize) {
  versions<<<N / BlockSize, BlockSize>>>(Out, N);
}

void dispatch(int Kernel, float *Out, int N, int BlockSize) {
  switch (Kernel) {
  case 0:
    version0(Out, N, BlockSize);
    break;
  default:
    break;
  }
}

int main() {
  float *Out = nullptr;
  const int BlockSizes[] = {32, 64, 128, 256, 512, 1024};
  for (int Kernel = 0; Kernel < 4; Kernel++)
    for (int BlockSize : BlockSizes)
      dispatch(Kernel, Out, 8192, BlockSize);
}
