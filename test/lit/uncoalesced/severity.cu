// Severity by certainty of waste: a parametric answer is a warning when
// every value of the parameters wastes sectors (by different amounts), a
// remark when some values are ideal.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// Lanes 8 bytes apart: 8 or 9 sectors where 4 are ideal, whatever off is.
__global__ void strided(float *a, const float *b, int off) {
  a[threadIdx.x] = b[2 * threadIdx.x + off];
  // CHECK: severity.cu:[[@LINE-1]]:20: warning: uncoalesced global load from 'b' (9 sectors per request, ideal 4)
  // CHECK: note: sectors per request by case: 9 (ideal 4) when {{.*}}; 8 (ideal 4) when
}

// Contiguous lanes: ideal when off is a multiple of 8.
__global__ void shifted(float *a, const float *b, int off) {
  a[threadIdx.x] = b[threadIdx.x + off];
  // CHECK: severity.cu:[[@LINE-1]]:20: remark: uncoalesced global load from 'b' (5 sectors per request, ideal 4)
  // CHECK: note: this happens when off % 8 != 0
}

void run(float *a, const float *b, int off) {
  strided<<<1, 32>>>(a, b, off);
  shifted<<<1, 32>>>(a, b, off);
}
