// Grids computed by helper functions of the host code: a function whose
// body is one return statement is evaluated with its parameters bound to
// the call's arguments (ceil_div templates, a ternary, a dim3 returned from
// a helper, arguments that come from a launcher's caller). A helper with
// more statements, or deeper recursion than the evaluator follows, leaves
// the grid unknown.
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- 2>&1 | FileCheck %s

template <class T> __host__ __device__ T ceil_div(T Dividend, T Divisor) {
  return (Dividend + Divisor - 1) / Divisor;
}

static int blocksFor(int N, int Threads) {
  return N < Threads ? 1 : ceil_div(N, Threads);
}

dim3 gridOf(int Rows) { return dim3(ceil_div(Rows, 4), 2); }

int twoStatements(int N) {
  int G = N / 32;
  return G + 1;
}

int countDown(int N) { return N <= 1 ? 1 : countDown(N - 1); }

__global__ void viaTemplate(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 0;
}
// CHECK: "kernel": "viaTemplate"
// CHECK: "grid": [
// CHECK-NEXT: 40,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],

__global__ void viaTernary(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 0;
}
// CHECK: "kernel": "viaTernary"
// CHECK: "grid": [
// CHECK-NEXT: 79,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],

__global__ void viaDim3(float *Out) {
  Out[(blockIdx.y * gridDim.x + blockIdx.x) * 32 + threadIdx.x] = 0;
}
// CHECK: "kernel": "viaDim3"
// CHECK: "grid": [
// CHECK-NEXT: 250,
// CHECK-NEXT: 2,
// CHECK-NEXT: 1
// CHECK-NEXT: ],

// The helper's argument comes from the launcher's caller: the launch names
// that call, as for any value taken from it.
__global__ void viaCaller(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 0;
}
// CHECK: "kernel": "viaCaller"
// CHECK: "grid": [
// CHECK-NEXT: 20,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "launch": "block 256x1x1 from the launch at {{.*}}launch-helpers.cu:{{[0-9]+}}:3 through the call at {{.*}}launch-helpers.cu:{{[0-9]+}}:3 (N = 5000)",

__global__ void viaTwoStatements(float *Out) { Out[threadIdx.x] = 0; }
// CHECK: "kernel": "viaTwoStatements"
// CHECK-NOT: "grid"
// CHECK: "status"

__global__ void viaDeepRecursion(float *Out) { Out[threadIdx.x] = 0; }
// CHECK: "kernel": "viaDeepRecursion"
// CHECK-NOT: "grid"
// CHECK: "status"

__global__ void viaShallowRecursion(float *Out) { Out[threadIdx.x] = 0; }
// CHECK: "kernel": "viaShallowRecursion"
// CHECK: "grid": [
// CHECK-NEXT: 1,

void launchViaCaller(float *Out, int N) {
  viaCaller<<<ceil_div(N, 256), 256>>>(Out, N);
}

int main() {
  float *Out;
  int N = 10000;
  viaTemplate<<<ceil_div(N, 256), 256>>>(Out, N);
  viaTernary<<<blocksFor(N, 128), 128>>>(Out, N);
  viaDim3<<<gridOf(1000), 32>>>(Out);
  launchViaCaller(Out, 5000);
  viaTwoStatements<<<twoStatements(N), 32>>>(Out);
  viaDeepRecursion<<<countDown(1000), 32>>>(Out);
  viaShallowRecursion<<<countDown(3), 32>>>(Out);
}
