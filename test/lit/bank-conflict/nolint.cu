// RUN: %warplint %s -- 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %exit 1 %warplint --checks='-*,warplint-bank-conflict' %S/Inputs/column.cu -- 2>&1 | FileCheck %s --check-prefix=ENABLED
// RUN: %warplint --checks='-*,warplint-uncoalesced' %S/Inputs/column.cu -- 2>&1 | FileCheck %s --allow-empty --check-prefix=DISABLED

// ENABLED: column.cu:7:13: warning: 32-way shared memory bank conflict on 's'
// DISABLED-NOT: warning:

__global__ void suppressed(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = 1.0f; // NOLINT(warplint-bank-conflict)
  // NOLINTNEXTLINE(warplint-*)
  s[threadIdx.x][1] = 2.0f;
  // NOLINTBEGIN
  s[threadIdx.x][2] = 3.0f;
  // NOLINTEND
  __syncthreads();
  out[threadIdx.x] = s[0][threadIdx.x];
}

int main() { suppressed<<<1, 32>>>(nullptr); }
