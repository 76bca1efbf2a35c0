// An access whose free values reduce to tens of thousands of cases, each
// costing a lane evaluation per lane and loop point, is refused before any
// case is run when the cases cannot fit the per-access budget (issue 14,
// slow outliers: NVIDIA's fluidsGL_kernels.cu spent 2^24 lane evaluations
// on each of four such accesses, then said "iteration space too large"
// anyway). The reason names the case count, which only the up-front
// decision knows.
// RUN: %exit --timeout=60 0 %warplint --show-unknown %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

// Five offsets of 8 classes each modulo a 32-byte sector: 32768 cases;
// 8 warps x 32 lanes x 16 iterations of p: 4096 lane evaluations each.
__global__ void rows(float *v, int a, int b, int c, int d, int e) {
  int x = threadIdx.x + a + b + c + d + e;
  for (int p = 0; p < 16; p++)
    v[x + 64 * p] = 1.0f;
  // CHECK: many-cases-refused-early.cu:[[@LINE-1]]:5: remark: cannot analyze global memory store of 'v': iteration space too large: more than 16777216 lane evaluations (32768 cases of the free values)
}

// The same loop with one free offset fits the budget and is analyzed.
__global__ void fits(float *v, int a) {
  for (int p = 0; p < 16; p++)
    v[threadIdx.x + a + 64 * p] = 1.0f;
  // CHECK: many-cases-refused-early.cu:[[@LINE-1]]:5: remark: uncoalesced global store to 'v' (5 sectors per request, ideal 4)
}

void host(float *v, int a, int b, int c, int d, int e) {
  rows<<<1, dim3(64, 4)>>>(v, a, b, c, d, e);
  fits<<<1, dim3(64, 4)>>>(v, a);
}
