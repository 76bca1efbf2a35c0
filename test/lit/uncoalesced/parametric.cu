// An offset that is a kernel parameter no launch binds: the answer depends on
// its value. A remark by default, a warning with --assume-worst.
// RUN: %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --assume-worst %s -- 2>&1 | FileCheck %s --check-prefix=WORST

__global__ void shifted(float *out, const float *in, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + offset];
  // CHECK: parametric.cu:[[@LINE-1]]:12: remark: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this happens when
  // WORST: parametric.cu:[[@LINE-3]]:12: warning: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
}

void run(float *out, const float *in, int offset) {
  shifted<<<64, 256>>>(out, in, offset);
}
