// The bounds guard 'i < n' compares blockIdx with a parameter no launch
// binds. n only appears in the guard, so the guard is analyzed through
// n - blockIdx.x * 256, the threads of the block below n (docs/solver.md).
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s --check-prefix=JSON

// Full warps read 8 sectors for 4 of useful data; the warp the guard cuts
// reads fewer. The worst needs 29 threads of the block below n, which every
// launch with a full warp has: a warning, not a parametric remark.
__global__ void strided(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[2 * i];
  // CHECK: bounds-guard.cu:[[@LINE-1]]:14: warning: uncoalesced global load from 'in' (8 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this happens in the blocks and warps where n - blockIdx.x * 256 >= 29
  // CHECK: note: sectors per request by case: 8 (ideal 4) when n - blockIdx.x * 256 >= 29; 7 (ideal 4) when {{.*}}; 5 more cases, down to 1 (ideal 1)
}

// Each warp is one row: the guard never cuts a warp, every block costs the
// same and there is no condition.
__global__ void rows(float *out, const float *in, int M) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M)
    out[row * 32 + threadIdx.x] = in[row * 32 + threadIdx.x];
}

// M also sets the pitch: it is not free to absorb blockIdx.y.
__global__ void pitched(float *out, int M) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M)
    out[threadIdx.x + M] = 0.0f;
}

void run(float *out, const float *in, int n, int M) {
  strided<<<(n + 255) / 256, 256>>>(out, in, n);
  rows<<<dim3(1, (M + 7) / 8), dim3(32, 8)>>>(out, in, M);
  pitched<<<dim3(1, (M + 7) / 8), dim3(32, 8)>>>(out, M);
}

// JSON: "line": 13,
// JSON-NEXT: "column": 14,
// JSON: "status": "exact",
// JSON-NEXT: "sectors": 8,
// The number of requests depends on n: no "requests" beside the means.
// JSON-NOT: "requests"
// JSON: "pattern": "strided",
// JSON-NEXT: "condition": "n - blockIdx.x * 256 >= 29"
// JSON: "kernel": "rows",
// JSON: "status": "exact",
// JSON-NEXT: "sectors": 4,
// JSON-NOT: "condition"
// No exact reduction: the guard's sum is read apart from M, and the
// answer is a bound over all their values (docs/solver.md).
// JSON: "kernel": "pitched",
// JSON: "status": "bounded",
// JSON-NEXT: "sectors_min": 4,
// JSON-NEXT: "sectors_max": 5,
// JSON: "bound_over": "values",
// JSON: "reason": "active lanes depend on 'blockIdx.y * 8 + threadIdx.y < M', bounded over every value of 'blockIdx.y * 8 - M'"
