// The classic divergence patterns: a lane pattern around substantial work
// warns; a warp-aligned split, a bounds guard and a short body that nvcc
// if-converts do not.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf 'CheckOptions:\n  warplint-warp-divergence.MinWork: 64\n' > %t/.warplint.yaml
// RUN: %exit 0 %warplint --checks='-*,warplint-warp-divergence' %t/k.cu -- 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: printf 'CheckOptions:\n  warplint-warp-divergence.MinWork: many\n' > %t/.warplint.yaml
// RUN: %exit 2 %warplint %t/k.cu -- 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: %exit 1 %warplint --checks='-*,warplint-warp-divergence' --branch-probability=0.5 %s -- 2>&1 | FileCheck %s --check-prefix=PROB
// RUN: %exit 2 %warplint --branch-probability=2 %s -- 2>&1 | FileCheck %s --check-prefix=BADPROB
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

__global__ void oddLanes(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x % 2) {
    // CHECK: classic.cu:[[@LINE-1]]:7: warning: 8 of 8 warp executions of the branch diverge on 'threadIdx.x % 2' per launch; its 16 operations run with 16 of 32 lanes active on average, in 2x the warp executions the same lanes need as whole warps (4) [warplint-warp-divergence]
    // CHECK: note: nvcc keeps a branch around a region of 16 operations
    // CHECK: note: re-index the work so that whole warps take one side
    // CHECK: note: assuming block 128x1x1 from the launch at
    WORK(V);
    WORK(V);
  }
  Out[I] = V;
}

__global__ void wholeWarps(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) { // a bounds guard: only the last warp is split
    float V = In[I];
    WORK(V);
    WORK(V);
    Out[I] = V;
  }
  if ((threadIdx.x / 32) % 2) { // warp-uniform
    float V = In[I];
    WORK(V);
    WORK(V);
    Out[I] = V;
  }
}

__global__ void serialAndSuppressed(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (threadIdx.x == 0) { // one thread's work needs one warp however indexed
    WORK(V);
    WORK(V);
  }
  if (threadIdx.x % 4 == 0) { // NOLINT(warplint-warp-divergence)
    WORK(V);
    WORK(V);
  }
  Out[I] = V;
}

__global__ void reduceInterleaved(const float *In, float *Out) {
  __shared__ float S[128];
  unsigned T = threadIdx.x;
  S[T] = In[blockIdx.x * 128 + T];
  __syncthreads();
  for (unsigned Step = 1; Step < blockDim.x; Step *= 2) {
    if (T % (2 * Step) == 0) // predicated: every warp issues it anyway
      S[T] += S[T + Step];
    __syncthreads();
  }
  if (T == 0)
    Out[blockIdx.x] = S[0];
}

__global__ void onData(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (V < 0.5f) { // no probability given: no warning
    WORK(V);
    WORK(V);
  }
  // warplint: p=0.25
  if (V > 2.0f) {
    // CHECK: classic.cu:[[@LINE-1]]:7: warning: an expected 8 of 8 warp executions of the branch diverge on 'V > 2.0f' per launch; its 16 operations run with 8 of 32 lanes active on average, in 4x the warp executions the same lanes need as whole warps (2) [warplint-warp-divergence]
    // CHECK: note: assuming each lane takes it with probability 0.25 (the '// warplint: p=' comment)
    // CHECK: note: the lanes of a warp take this branch on their data
    WORK(V);
    WORK(V);
  }
  Out[I] = V;
}

void run(const float *In, float *Out) {
  oddLanes<<<2, 128>>>(In, Out);
  wholeWarps<<<2, 128>>>(In, Out, 200);
  reduceInterleaved<<<2, 128>>>(In, Out);
  serialAndSuppressed<<<2, 128>>>(In, Out);
  onData<<<2, 128>>>(In, Out);
}

// QUIET-NOT: warning:
// BADOPT: 'warplint-warp-divergence.MinWork' expects a number, not 'many'
// PROB: classic.cu:85:7: warning: an expected 8 of 8 warp executions of the branch diverge on 'V < 0.5f'
// PROB: note: assuming each lane takes it with probability 0.5 (--branch-probability)
// BADPROB: invalid --branch-probability='2': expected a number from 0 to 1

// JSON: "branches": [
// JSON: "kind": "if",
// JSON-NEXT: "condition": "threadIdx.x % 2",
// JSON-NEXT: "condition_line": {{[0-9]+}},
// JSON-NEXT: "status": "exact",
// JSON-NEXT: "predicated": false,
// JSON-NEXT: "emission": "branched",
// JSON-NEXT: "emission_from": "source-rule",
// JSON-NEXT: "per": "launch",
// JSON-NEXT: "warps": 8,
// JSON-NEXT: "warps_running": 8,
// JSON-NEXT: "warps_diverging": 8,
// JSON-NEXT: "warps_ideal": 4,
// JSON-NEXT: "lanes_mean": 16,
// JSON: "condition": "T % (2 * Step) == 0",
// JSON: "emission": "predicated",
// JSON: "lanes_mean": 4.53
