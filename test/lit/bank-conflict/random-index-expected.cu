// A shared access whose index is data has no one answer: warplint bounds it
// and, where the bank rule is one phase of 4-byte words, says what uniformly
// random indices would cost on average, with that assumption in words
// (docs/solver.md, "Expected wavefronts"). Never a warning: only the bounds
// are proven.
// RUN: %warplint --show-unknown %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s --check-prefix=JSON

__global__ void histogram(const unsigned *bins, unsigned *out) {
  __shared__ unsigned hist[256];
  hist[threadIdx.x] = 0u;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[bins[i] & 255u], 1u);
  // CHECK: random-index-expected.cu:[[@LINE-1]]:3: remark: shared memory atomic of 'hist' needs 1 to 8 wavefronts per request, depending on the data: the address depends on the value loaded from 'bins[i]' [warplint-bank-conflict]
  // CHECK: note: 3.15 wavefronts per request expected if each lane's index is uniformly random over the 256 elements of 'hist'
  __syncthreads();
  out[i] = hist[threadIdx.x];
}

// 8-byte elements split into half-warp phases with lane-pair merging: no
// expectation is claimed, only the bounds.
__global__ void lookup(const int *keys, double *out) {
  __shared__ double table[512];
  table[threadIdx.x] = threadIdx.x;
  table[threadIdx.x + 256] = threadIdx.x;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[keys[i] & 511];
  // CHECK: random-index-expected.cu:[[@LINE-1]]:12: remark: shared memory load of 'table' needs {{[0-9]+}} to {{[0-9]+}} wavefronts per request
  // CHECK-NOT: expected if
  // CHECK: note: assuming block 256x1x1
}

void run(const unsigned *bins, unsigned *out, const int *keys, double *d) {
  histogram<<<64, 256>>>(bins, out);
  lookup<<<64, 256>>>(keys, d);
}

// JSON: "variable": "hist",
// JSON: "op": "atomic",
// JSON: "status": "bounded",
// JSON-NEXT: "wavefronts_min": 1,
// JSON-NEXT: "wavefronts_max": 8,
// JSON: "bound_over": "data",
// JSON-NEXT: "wavefronts_expected": 3.1525,
// JSON-NEXT: "expected_assumption": "each active lane's index uniform over the 256 elements of 'hist', independently of the other lanes",
// JSON: "variable": "table",
// JSON: "status": "bounded",
// JSON: "bound_over": "data",
// JSON-NEXT: "reason":
