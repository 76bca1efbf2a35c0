// A parametric answer lists its cases in JSON; --param NAME=VALUE, or
// Params: in .warplint.yaml, binds the parameter to the value the kernels
// run with, so the answer is computed for it. A launch that passes a
// constant keeps its own value.
// RUN: %exit 0 %warplint --all-accesses %s -- 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: %exit 0 %warplint --format=json --all-accesses %s -- | FileCheck %s --check-prefix=JSON
// RUN: %exit 0 %warplint --all-accesses --param Pitch=8 --param Width=3 %s -- 2>&1 | FileCheck %s --check-prefix=EIGHT
// RUN: %exit 2 %warplint --param Pitch %s -- 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %exit 2 %warplint --param Pitch=1 --param Pitch=2 %s -- 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf 'Params:\n  Pitch: 8\n' > %t/.warplint.yaml
// RUN: %exit 0 %warplint --all-accesses %t/k.cu -- 2>&1 | FileCheck %s --check-prefix=EIGHT
// RUN: %exit 0 %warplint --all-accesses --param Pitch=3 %t/k.cu -- 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: printf 'Params:\n  Pitch: eight\n' > %t/.warplint.yaml
// RUN: %exit 2 %warplint %t/k.cu -- 2>&1 | FileCheck %s --check-prefix=YAML

__global__ void shifted(const float *In, float *Out, int Pitch) {
  Out[threadIdx.x] = In[threadIdx.x + Pitch];
  // OPEN: [[@LINE-1]]:22: remark: global load of 'In' (4 bytes) in kernel 'shifted': 5 sectors per request (mean 5.0, ideal 4, misaligned) when Pitch % 8 != 0
  // JSON: "condition": "Pitch % 8 != 0",
  // JSON-NEXT: "cases": [
  // JSON-NEXT: {
  // JSON-NEXT: "condition": "Pitch % 8 != 0",
  // JSON-NEXT: "sectors": 5,
  // JSON-NEXT: "sectors_mean": 5.0,
  // JSON-NEXT: "ideal_sectors": 4
  // JSON-NEXT: },
  // JSON-NEXT: {
  // JSON-NEXT: "condition": "Pitch % 8 == 0",
  // JSON-NEXT: "sectors": 4,
  // EIGHT: [[@LINE-13]]:22: remark: global load of 'In' (4 bytes) in kernel 'shifted': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 32x1x1
  // THREE: [[@LINE-14]]:22: remark: global load of 'In' (4 bytes) in kernel 'shifted': 5 sectors per request (mean 5.0, ideal 4, misaligned); block 32x1x1
  // Misaligned by 3 floats, which a caller's 'In' one float into its
  // allocation would make ideal: a remark, so the exit status is 0.
  // THREE: [[@LINE-17]]:22: remark: uncoalesced global load from 'In' (5 sectors per request, ideal 4)
}

// BAD: error: invalid --param='Pitch': expected NAME=INTEGER
// TWICE: error: invalid --param='Pitch=2': 'Pitch' is given twice
// YAML: .warplint.yaml:2:10: Params: the value of 'Pitch' must be an integer, not 'eight'

void run(int P) { shifted<<<1, 32>>>(nullptr, nullptr, P); }
