// Regions whose lanes depend on values the launch leaves open: a kernel
// parameter, blockIdx of a grid that is not known. Every case of them is
// enumerated (the window where the guard changes inside the block, one value
// beyond either side): a bounds guard splits at most one warp of a block,
// whatever n is, and a bounded region never warns (the launch's own values
// may be any of the cases).
// RUN: %warplint %s -- 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s --check-prefix=JSON

#define WORK(V)                                                                \
  V = V * V + 0.5f;                                                            \
  V = V * 0.75f - 0.25f;                                                       \
  V = V * V + 0.125f;                                                          \
  V = V * 0.5f + 0.0625f;                                                      \
  V = V * V - 0.5f;                                                            \
  V = V * 0.25f + 0.75f;                                                       \
  V = V * V + 0.25f;                                                           \
  V = V * 0.5f - 0.125f

// The grid is a run-time value: blockIdx.x is open too.
__global__ void boundsGuard(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    float V = Out[I];
    WORK(V);
    WORK(V);
    Out[I] = V;
  }
}

// Odd lanes below a parameter: every case that runs it diverges, but which
// and how many lanes depends on Limit.
__global__ void oddBelow(float *Out, int Limit) {
  float V = Out[threadIdx.x];
  if (threadIdx.x % 2 == 1 && threadIdx.x < Limit) {
    WORK(V);
    WORK(V);
  }
  Out[threadIdx.x] = V;
}

void launch(float *Out, int N, int Blocks, int Limit) {
  boundsGuard<<<Blocks, 256>>>(Out, N);
  oddBelow<<<1, 64>>>(Out, Limit);
}

// JSON: "branches": [
// JSON: "kernel": "boundsGuard",
// JSON: "condition": "I < N",
// JSON: "status": "bounded",
// JSON: "per": "block",
// JSON: "warps": 8,
// JSON: "warps_diverging": 1,
// JSON: "reason": "which lanes run it depends on {{.*}}: the counts are per block, the least and the most over their values",
// JSON-NEXT: "warps_min": 8,
// JSON-NEXT: "warps_max": 8,
// JSON-NEXT: "warps_running_min": 0,
// JSON-NEXT: "warps_running_max": 8,
// JSON-NEXT: "warps_diverging_min": 0,
// JSON-NEXT: "warps_diverging_max": 1,
// JSON-NEXT: "warps_ideal_min": 0,
// JSON-NEXT: "warps_ideal_max": 8,
// JSON-NEXT: "lanes_mean_min": 1,
// JSON-NEXT: "lanes_mean_max": 32
// JSON: "kernel": "oddBelow",
// JSON: "condition": "threadIdx.x % 2 == 1 && threadIdx.x < Limit",
// JSON: "status": "bounded",
// JSON: "warps_diverging": 2,
// JSON: "warps_running_min": 0,
// JSON-NEXT: "warps_running_max": 2,
// JSON-NEXT: "warps_diverging_min": 0,
// JSON-NEXT: "warps_diverging_max": 2,
// JSON: "lanes_mean_min": 1,
// JSON-NEXT: "lanes_mean_max": 16
