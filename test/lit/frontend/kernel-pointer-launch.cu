// Benchmarks launch one kernel after another through a local function
// pointer with the same shape: each kernel stored in the pointer gets the
// launch's block shape. A pointer that also holds something else (here: a
// parameter) has no known targets, and its kernels keep the assumed shape.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s

#define TILE 32
#define ROWS 8

__global__ void copyRows(float *Out, const float *In, int W) {
  for (int J = 0; J < TILE; J += ROWS)
    Out[(blockIdx.y * TILE + threadIdx.y + J) * W + blockIdx.x * TILE +
        threadIdx.x] = In[(blockIdx.y * TILE + threadIdx.y + J) * W +
                          blockIdx.x * TILE + threadIdx.x];
}
// CHECK: kernel-pointer-launch.cu:13:9: remark: global store of 'Out' (4 bytes) in kernel 'copyRows': {{.*}}; block 32x8x1 from the launch at {{.*}}kernel-pointer-launch.cu:[[LAUNCH:[0-9]+]]:5

__global__ void transposeTile(float *Out, const float *In, int W) {
  __shared__ float Tile[TILE][TILE];
  for (int J = 0; J < TILE; J += ROWS)
    Tile[threadIdx.y + J][threadIdx.x] =
        In[(blockIdx.y * TILE + threadIdx.y + J) * W + blockIdx.x * TILE +
           threadIdx.x];
  __syncthreads();
  for (int J = 0; J < TILE; J += ROWS)
    Out[(blockIdx.x * TILE + threadIdx.y + J) * W + blockIdx.y * TILE +
        threadIdx.x] = Tile[threadIdx.x][threadIdx.y + J];
}
// CHECK: kernel-pointer-launch.cu:27:24: remark: shared load of 'Tile' (4 bytes) in kernel 'transposeTile': 32 wavefronts per request (mean 32.0, ideal 1); block 32x8x1 from the launch at {{.*}}kernel-pointer-launch.cu:[[LAUNCH]]:5

__global__ void notStored(float *Out) { Out[threadIdx.x] = 0; }
// CHECK: kernel-pointer-launch.cu:[[@LINE-1]]:41: remark: global store of 'Out' (4 bytes) in kernel 'notStored': {{.*}}no launch found

void runAll(float *Out, const float *In, int W,
            void (*Extra)(float *, const float *, int)) {
  dim3 Grid(W / TILE, W / TILE), Threads(TILE, ROWS);
  void (*Kernel)(float *, const float *, int) = &copyRows;
  for (int K = 0; K < 2; ++K) {
    if (K == 1)
      Kernel = transposeTile;
    Kernel<<<Grid, Threads>>>(Out, In, W);
  }
  void (*Other)(float *, const float *, int) = Extra;
  Other<<<Grid, Threads>>>(Out, In, W);
}
