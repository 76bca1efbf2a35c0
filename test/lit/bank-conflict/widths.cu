// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

// 8- and 16-byte accesses are served in half- and quarter-warp phases.
__global__ void widths(double *outD, float4 *outF) {
  __shared__ double d[32 * 16];
  __shared__ float4 f[32 * 8];
  int t = threadIdx.x;
  d[t] = t;                  // two half-warp phases: ideal
  d[t * 2] = t;
  // CHECK: widths.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 'd' (4 wavefronts per request, ideal 2) [warplint-bank-conflict]
  f[t] = make_float4(0, 0, 0, 0);   // four quarter-warp phases: ideal
  f[t * 2] = make_float4(1, 1, 1, 1);
  // CHECK: widths.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 'f' (8 wavefronts per request, ideal 4) [warplint-bank-conflict]
  __syncthreads();
  outD[t] = d[0];            // broadcast
  outF[t] = f[t];
}

int main() {
  widths<<<1, 32>>>(nullptr, nullptr);
  return 0;
}
