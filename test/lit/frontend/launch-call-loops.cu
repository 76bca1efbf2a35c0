// Loops around the call of a launcher function: each iteration whose
// value reaches the launch (through an argument, a local taken from a
// table) is its own launch, as a loop around the launch itself is; a loop
// that only repeats the call is one launch. A dispatcher that switches on
// a version read from argv passes the sizes on unchanged.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s --implicit-check-not="not a compile-time constant"
#include <stdlib.h>

__global__ void rows(float *Out, const float *In, int N, int C) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I * C];
}
// CHECK-DAG: launch-call-loops.cu:[[@LINE-2]]:14: remark: global load of 'In' (4 bytes) in kernel 'rows': 32 sectors per request (mean 32.0, ideal 4, strided); block 32x1x1 from the launch at {{.*}}launch-call-loops.cu:[[LAUNCH:[0-9]+]]:3 through the calls at {{.*}}launch-call-loops.cu:[[DISPATCH:[0-9]+]]:5 and {{.*}}launch-call-loops.cu:[[MAIN:[0-9]+]]:5 (N = 8192, C = 768)
// CHECK-DAG: launch-call-loops.cu:[[@LINE-3]]:14: remark: global load of 'In' (4 bytes) in kernel 'rows': 32 sectors per request (mean 32.0, ideal 4, strided); block 256x1x1 from the launch at {{.*}}launch-call-loops.cu:[[LAUNCH]]:3 through the calls at {{.*}}launch-call-loops.cu:[[DISPATCH]]:5 and {{.*}}launch-call-loops.cu:[[MAIN]]:5 (N = 8192, C = 768)
// CHECK-DAG: launch-call-loops.cu:[[@LINE-4]]:14: remark: global load of 'In' (4 bytes) in kernel 'rows': 32 sectors per request (mean 32.0, ideal 4, strided); block 1024x1x1 from the launch at {{.*}}launch-call-loops.cu:[[LAUNCH]]:3 through the calls at {{.*}}launch-call-loops.cu:[[DISPATCH]]:5 and {{.*}}launch-call-loops.cu:[[MAIN]]:5 (N = 8192, C = 768)

template <class T> T ceilDiv(T A, T B) { return (A + B - 1) / B; }

void rows1(float *Out, const float *In, int B, int T, int C, int BlockSize) {
  int N = B * T;
  rows<<<ceilDiv(N, BlockSize), BlockSize>>>(Out, In, N, C);
}

void dispatch(int Version, float *Out, const float *In, int B, int T, int C,
              int BlockSize) {
  switch (Version) {
  case 1:
    rows1(Out, In, B, T, C, BlockSize);
    break;
  default:
    exit(1);
  }
}

// One launch for a loop that repeats the call with the same values.
__global__ void scale(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] *= 2;
}
// CHECK: launch-call-loops.cu:[[@LINE-2]]:5: remark: global load of 'Out' (4 bytes) in kernel 'scale': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 128x1x1 from the launch at {{.*}}launch-call-loops.cu:[[SCALE:[0-9]+]]:3 through the call at {{.*}}launch-call-loops.cu:[[REPEAT:[0-9]+]]:5 (N = 4096)
// CHECK-NOT: global load of 'Out' (4 bytes) in kernel 'scale'

void scale1(float *Out, int N, int Threads) {
  scale<<<N / Threads, Threads>>>(Out, N);
}

int main(int argc, char **argv) {
  int B = 8;
  int T = 1024;
  int C = 768;
  float *Out = nullptr, *In = nullptr;
  int Version = argc > 1 ? atoi(argv[1]) : 1;
  int BlockSizes[] = {32, 256, 1024};
  for (int J = 0; J < sizeof(BlockSizes) / sizeof(int); J++) {
    int BlockSize = BlockSizes[J];
    dispatch(Version, Out, In, B, T, C, BlockSize);
  }
  for (int Repeat = 0; Repeat < 4; ++Repeat)
    scale1(Out, 4096, 128);
}

// A timing harness that takes the sizes by forwarding reference only passes
// them on: a local handed to it keeps its value. A helper that writes its
// reference parameter changes the caller's local.
#include <utility>

template <class F, class... A> void bench(int Repeats, F Fn, A &&...Args) {
  for (int I = 0; I < Repeats; ++I)
    Fn(std::forward<A>(Args)...);
}

__global__ void shift(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = Out[I + 1];
}
// CHECK: launch-call-loops.cu:[[@LINE-2]]:14: remark: global load of 'Out' (4 bytes) in kernel 'shift': 5 sectors per request (mean 5.0, ideal 4, misaligned); block 64x1x1 from the launch at {{.*}}launch-call-loops.cu:{{[0-9]+}}:34 through the call at {{.*}}launch-call-loops.cu:{{[0-9]+}}:3 (N = 2048)

__global__ void halve(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = Out[I + 1];
}
// CHECK-NOT: kernel 'halve': {{.*}}(N = 
// CHECK: launch-call-loops.cu:[[@LINE-3]]:14: remark: global load of 'Out' (4 bytes) in kernel 'halve': {{.*}} when N - blockIdx.x * 64 >= {{[0-9]+}}

void shift1(float *Out, int N) { shift<<<N / 64, 64>>>(Out, N); }
void halve1(float *Out, int N) { halve<<<N / 64, 64>>>(Out, N); }
void halveSize(int &N) { N /= 2; }

void timing(float *Out) {
  int N = 2048;
  shift1(Out, N);
  bench(10, shift1, Out, N);
  int M = 2048;
  halveSize(M);
  halve1(Out, M);
}
