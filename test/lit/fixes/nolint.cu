// A suppressed finding on an array keeps --fix away from that array.
// RUN: cp %s %t.cu
// RUN: %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: diff %s %t.cu

__global__ void quiet(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // NOLINT(warplint-bank-conflict)
}

void launch(float *out) { quiet<<<1, dim3(32, 32)>>>(out); }
// CHECK-NOT: applied
