// The sizes a kernel runs with, followed through the host code: arguments
// of launcher functions along every call from the file (main, or each
// caller), kernels passed to a timing helper as a function pointer or a
// template argument, dim3 parameters, and loops over constant block sizes.
// Each distinct set of values is its own launch; the note says which calls
// and loops gave them. A value from argv stays a parameter.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s --check-prefixes=CHECK,NEG --implicit-check-not="no launch found"

__global__ void residual(float *Out, const float *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = A[I * 3 % N];
}
// CHECK-DAG: launch-harness.cu:[[@LINE-2]]:5: remark: global store of 'Out' (4 bytes) in kernel 'residual': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 256x1x1 from the launch at {{.*}}launch-harness.cu:[[LAUNCHER:[0-9]+]]:3 through the calls at {{.*}}launch-harness.cu:[[MIDDLE:[0-9]+]]:3 and {{.*}}launch-harness.cu:[[MAIN1:[0-9]+]]:3 (N = 3145728)
// CHECK-DAG: launch-harness.cu:[[@LINE-3]]:5: remark: global store of 'Out' (4 bytes) in kernel 'residual': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 256x1x1 from the launch at {{.*}}launch-harness.cu:[[LAUNCHER]]:3 through the call at {{.*}}launch-harness.cu:[[MAIN2:[0-9]+]]:3 (N = 4096)
// An argument read from argv is a run-time value: that launch keeps N as a
// parameter (its condition names N).
// CHECK-DAG: launch-harness.cu:[[@LINE-6]]:5: remark: global store of 'Out' (4 bytes) in kernel 'residual': {{.*}} when N - blockIdx.x * 256 >= {{[0-9]+}}; block 256x1x1 from the launch at {{.*}}launch-harness.cu:[[LAUNCHER]]:3 [warplint-access]

void launchResidual(float *Out, const float *A, int N) {
  residual<<<(N + 255) / 256, 256>>>(Out, A, N);
}

void layer(float *Out, const float *A, int B, int T, int C) {
  launchResidual(Out, A, B * T * C);
}

// A parameter the launcher changes is not the caller's value.
__global__ void halves(float *Out, int N) {
  if (threadIdx.x < N)
    Out[threadIdx.x * 2] = 0;
}
// NEG-NOT: kernel 'halves': {{.*}}(N = 
// CHECK: launch-harness.cu:[[@LINE-3]]:5: remark: global store of 'Out' (4 bytes) in kernel 'halves': {{.*}} when N >= {{[0-9]+}}; block 64x1x1 from the launch at

void launchHalves(float *Out, int N) {
  N /= 2;
  halves<<<1, 64>>>(Out, N);
}

__global__ void transposeNaive(float *Out, const float *In, int W) {
  __shared__ float Tile[32][32];
  int X = blockIdx.x * 32 + threadIdx.x, Y = blockIdx.y * 32 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = In[Y * W + X];
  __syncthreads();
  Out[Y * W + X] = Tile[threadIdx.x][threadIdx.y];
}
// CHECK: launch-harness.cu:[[@LINE-2]]:20: remark: shared load of 'Tile' (4 bytes) in kernel 'transposeNaive': 32 wavefronts per request (mean 32.0, ideal 1); block 32x32x1 from the launch at {{.*}}launch-harness.cu:[[BENCH:[0-9]+]]:5 through the call at {{.*}}launch-harness.cu:[[BYPOINTER:[0-9]+]]:3 (W = 2048)

typedef void (*Kernel)(float *, const float *, int);

// A timing helper: the kernel, the grid and the block are its parameters.
float bench(Kernel K, dim3 Grid, dim3 Block, float *Out, const float *In,
            int W) {
  for (int I = 0; I < 10; ++I)
    K<<<Grid, Block>>>(Out, In, W);
  return 0;
}

__global__ void scale(float *Out, const float *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 2 * In[I];
}
// CHECK-DAG: launch-harness.cu:[[@LINE-2]]:5: remark: global store of 'Out' (4 bytes) in kernel 'scale': {{.*}}; block 128x1x1 from the launch at {{.*}}launch-harness.cu:[[TEMPLATE:[0-9]+]]:3 through the call at {{.*}} (N = 4096)
// CHECK-DAG: launch-harness.cu:[[@LINE-3]]:5: remark: global store of 'Out' (4 bytes) in kernel 'scale': {{.*}}; block 512x1x1 from the launch at {{.*}}launch-harness.cu:[[DEDUCED:[0-9]+]]:3 through the call at {{.*}} (N = 8192)
// A loop over a table of block sizes, and a range-for over a braced list.
// CHECK-DAG: launch-harness.cu:[[@LINE-5]]:5: remark: global store of 'Out' (4 bytes) in kernel 'scale': {{.*}}; block 64x1x1 from the launch at {{.*}}launch-harness.cu:[[SWEEP:[0-9]+]]:5 through the call at {{.*}} (N = 1024)
// CHECK-DAG: launch-harness.cu:[[@LINE-6]]:5: remark: global store of 'Out' (4 bytes) in kernel 'scale': {{.*}}; block 256x1x1 from the launch at {{.*}}launch-harness.cu:[[SWEEP]]:5 through the call at {{.*}} (N = 1024)
// CHECK-DAG: launch-harness.cu:[[@LINE-7]]:5: remark: global store of 'Out' (4 bytes) in kernel 'scale': {{.*}}; block 32x1x1 from the launch at {{.*}}launch-harness.cu:[[RANGE:[0-9]+]]:5 (N = 96)
// CHECK-DAG: launch-harness.cu:[[@LINE-8]]:5: remark: global store of 'Out' (4 bytes) in kernel 'scale': {{.*}}; block 32x1x1 from the launch at {{.*}}launch-harness.cu:[[RANGE]]:5 (N = 160)

template <void (*K)(float *, const float *, int)>
void viaTemplate(float *Out, const float *In, int N) {
  K<<<(N + 127) / 128, 128>>>(Out, In, N);
}

template <typename F>
void viaDeduced(F K, float *Out, const float *In, int N, int Threads) {
  K<<<(N + Threads - 1) / Threads, Threads>>>(Out, In, N);
}

void sweep(float *Out, const float *In, int N) {
  const int Sizes[] = {64, 256};
  for (int S = 0; S < 2; ++S)
    scale<<<(N + Sizes[S] - 1) / Sizes[S], Sizes[S]>>>(Out, In, N);
  for (int M : {96, 160})
    scale<<<M / 32, 32>>>(Out, In, M);
}

int atoi(const char *);

int main(int Argc, char **Argv) {
  float *Out = nullptr, *In = nullptr;
  layer(Out, In, 4, 1024, 768);
  launchResidual(Out, In, 4096);
  launchResidual(Out, In, atoi(Argv[1]));
  launchHalves(Out, 64);
  const int W = 2048;
  dim3 Grid(W / 32, W / 32), Block(32, 32);
  bench(transposeNaive, Grid, Block, Out, In, W);
  viaTemplate<scale>(Out, In, 4096);
  viaDeduced(scale, Out, In, 8192, 512);
  sweep(Out, In, 1024);
}
