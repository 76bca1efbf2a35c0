// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

// Loops with a constant trip count are unrolled by nvcc and the loads of
// four consecutive iterations at consecutive, 16-byte aligned addresses
// become one LDS.128 (regTile: two per k; SASS of nvcc 13 -O3 sm_90).

constexpr int BM = 64, BK = 8, TM = 8;

__global__ void regTile(const float *a, float *out) {
  __shared__ float As[BK * BM];
  int t = threadIdx.x;
  for (int i = t; i < BK * BM; i += blockDim.x)
    As[i] = a[i];
  __syncthreads();
  int row = t / 8;
  float reg[TM];
  float acc = 0;
  for (int k = 0; k < BK; ++k) {
#pragma unroll
    for (int i = 0; i < TM; ++i)
      reg[i] = As[k * BM + row * TM + i];
    // ACC: unrolled-loops.cu:[[@LINE-1]]:16: remark: shared load of 'As' (4 bytes) in kernel 'regTile': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop of line [[@LINE-2]] and merges this 4-byte load of 4 consecutive iterations into one 16-byte load;
    for (int i = 0; i < TM; ++i)
      acc += reg[i] * reg[(i + 1) % TM];
  }
  out[t] = acc;
}

// `#pragma unroll 1` keeps the loop and its 4-byte loads (SASS: one LDS
// in the loop).
__global__ void keptLoop(const float *x, float *y) {
  __shared__ float c[256];
  int t = threadIdx.x;
  c[t] = x[t];
  __syncthreads();
  float acc = 0;
#pragma unroll 1
  for (int k = 0; k < 8; ++k)
    acc = acc * x[t] + c[t * 8 + k];
  // ACC: unrolled-loops.cu:[[@LINE-1]]:24: remark: shared load of 'c' (4 bytes) in kernel 'keptLoop': 8 wavefronts per request (mean 8.0, ideal 1); block
  // CHECK: unrolled-loops.cu:[[@LINE-2]]:24: warning: 8-way shared memory bank conflict on 'c' (8 wavefronts per request, ideal 1)
  y[t] = acc;
}

// A store to the array in the body keeps the iterations' loads apart.
__global__ void storeInBody(const float *x, float *y) {
  __shared__ float c[512];
  int t = threadIdx.x;
  c[t] = x[t];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 8; ++k) {
    acc = acc * x[t] + c[t * 8 + k];
    // ACC: unrolled-loops.cu:[[@LINE-1]]:24: remark: shared load of 'c' (4 bytes) in kernel 'storeInBody': 8 wavefronts per request (mean 8.0, ideal 1); block
    // CHECK: unrolled-loops.cu:[[@LINE-2]]:24: warning: 8-way shared memory bank conflict on 'c' (8 wavefronts per request, ideal 1)
    c[t + 256] = acc;
  }
  y[t] = acc;
}

int main() {
  float *a, *out;
  cudaMalloc(&a, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  regTile<<<1, 64>>>(a, out);
  keptLoop<<<1, 32>>>(a, out);
  storeInBody<<<1, 32>>>(a, out);
}
