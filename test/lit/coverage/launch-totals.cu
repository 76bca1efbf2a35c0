// Totals over the whole launch, as Nsight Compute's Source Counters show
// them: when n and the grid are known at the launch, the last block the
// bounds guard cuts is counted apart from the full ones, so the launch's
// instructions and sectors are exact although the blocks' requests differ.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

// Every block alike: the totals are the requests per block times the grid.
__global__ void scale(float *x) {
  x[blockIdx.x * 128 + threadIdx.x] *= 2.0f;
}

// n is not known at this launch: the last block cannot be placed, and the
// totals are left out.
__global__ void open(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 0.0f;
}

void run(const float *a, const float *b, float *c, int m) {
  int n = 50000;
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  add<<<blocks, threads>>>(a, b, c, n);
  scale<<<40, 128>>>(c);
  open<<<8, 256>>>(c, m);
}

// 195 full blocks of 8 warps, 4 sectors each; block 195 holds elements
// 49920..49999: two full warps and one of 16 lanes (2 sectors).
// 195 * 8 + 3 = 1563 requests, 50000 * 4 / 32 = 6250 sectors.
// CHECK: "line": 10,
// CHECK: "variable": "a",
// CHECK: "grid": [
// CHECK-NEXT: 196,
// CHECK: "status": "exact",
// CHECK-NOT: "requests":
// CHECK: "launch_requests": 1563,
// CHECK-NEXT: "launch_sectors": 6250,
// CHECK-NEXT: "launch_ideal_sectors": 6250,
// CHECK: "condition": "blockIdx.x == 195",
// CHECK-NEXT: "sectors": 4,
// CHECK-NEXT: "sectors_mean": 3.3333,
// 40 blocks of 4 warps; a load and a store.
// CHECK: "kernel": "scale",
// CHECK: "requests": 4,
// CHECK-NEXT: "launch_requests": 160,
// CHECK-NEXT: "launch_sectors": 640,
// CHECK: "kernel": "open",
// CHECK: "status": "exact",
// CHECK-NOT: "launch_requests"
// CHECK: "pattern": "coalesced"
