// Regions inside a loop whose trip count is not known (a bound on a
// parameter): every warp of a block runs that loop equally often, so the
// lanes per instruction and the ratios hold, and the counts are per
// iteration. A loop that lanes leave at different iterations (a
// grid-stride loop over an unknown size), a loop body itself (repeated
// beside a decision that is not) and blocks that the guard tells apart stay
// unknown.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
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

__global__ void repeated(float *Out, int Rounds) {
  float V = Out[threadIdx.x];
  for (int R = 0; R < Rounds; ++R) {
    if (threadIdx.x % 4 == 0) {
      // CHECK: unknown-repeats.cu:[[@LINE-1]]:9: warning: 4 of 4 warp executions of the branch diverge on 'threadIdx.x % 4 == 0' per launch and iteration of the loop around it; its 16 operations run with 8 of 32 lanes active on average, in 4x the warp executions the same lanes need as whole warps (1) [warplint-warp-divergence]
      WORK(V);
      WORK(V);
    }
  }
  Out[threadIdx.x] = V;
}

__global__ void gridStrideSplit(float *Out, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x) {
    float V = Out[I];
    if (threadIdx.x % 4 == 0) {
      WORK(V);
      WORK(V);
    }
    Out[I] = V;
  }
}

__global__ void blockDependent(float *Out, int Rounds) {
  float V = Out[threadIdx.x];
  for (int R = 0; R < Rounds; ++R)
    if (threadIdx.x < blockIdx.x) {
      WORK(V);
      WORK(V);
    }
  Out[threadIdx.x] = V;
}

void launch(float *Out, int Rounds, int N) {
  repeated<<<1, 128>>>(Out, Rounds);
  gridStrideSplit<<<4, 128>>>(Out, N);
  blockDependent<<<4, 128>>>(Out, Rounds);
}

// JSON: "branches": [
// JSON: "line": 23,
// JSON: "kind": "loop",
// JSON-NEXT: "condition": "R < Rounds",
// JSON: "status": "unknown",
// JSON: "reason": "a loop around it repeats it a number of times that is not known"
// JSON: "line": 24,
// JSON: "kind": "if",
// JSON-NEXT: "condition": "threadIdx.x % 4 == 0",
// JSON: "status": "exact",
// JSON: "per": "launch",
// JSON-NEXT: "counts_per_iteration": true,
// JSON-NEXT: "warps": 4,
// JSON-NEXT: "warps_running": 4,
// JSON-NEXT: "warps_diverging": 4,
// JSON-NEXT: "warps_ideal": 1,
// JSON-NEXT: "lanes_mean": 8,
// JSON: "line": 37,
// JSON: "kind": "if",
// JSON: "status": "unknown",
// JSON: "reason": "a loop around it repeats it a number of times that is not known"
// JSON: "line": 48,
// JSON: "kind": "if",
// JSON: "status": "unknown",
// JSON: "reason": "a loop around it repeats it a number of times that is not known"
