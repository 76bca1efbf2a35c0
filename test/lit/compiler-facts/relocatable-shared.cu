// RUN: %exit 1 %warplint %s -- -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=RDC --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %warplint --all-accesses --exit-zero %s -- -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: %exit 0 %warplint %s -- 2>&1 | FileCheck %s --check-prefix=WHOLE --implicit-check-not=warning:

// Relocatable device code (nvcc -rdc=true or -dc, clang -fgpu-rdc): the
// device linker places the static __shared__ arrays, and ptxas knows only
// their declared alignment. nvcc 13.0 -O3 -rdc=true (sm_90) kept two LDS
// for p[2*t], p[2*t+1] of a float array and eight LDS for an unrolled row
// of one, and still emitted LDS.64 and LDS.128 for a float2 array, an
// alignas(16) array and the dynamic window (extern __shared__), as without
// -rdc, where every shared array is 16-byte aligned
// (docs/hardware-model.md S9 (e)).

__global__ void localPairs(float *out) {
  __shared__ float p[512];
  unsigned t = threadIdx.x;
  p[t] = t;
  p[t + 256] = t;
  __syncthreads();
  out[t] = p[2 * t] + p[2 * t + 1];
  // RDC: relocatable-shared.cu:[[@LINE-1]]:12: warning: 2-way shared memory bank conflict on 'p' (2 wavefronts per request, ideal 1)
  // WHOLE: relocatable-shared.cu:[[@LINE-2]]:12: remark: the two 4-byte loads of line [[@LINE-2]] are merged by nvcc into one 8-byte load
}

__global__ void alignedRow(float *out) {
  __shared__ alignas(16) float a[256];
  unsigned t = threadIdx.x;
  a[t] = t;
  __syncthreads();
  float s = 0;
#pragma unroll
  for (int i = 0; i < 8; i++)
    s += a[(t >> 3 << 3) + i];
  // ACC: relocatable-shared.cu:[[@LINE-1]]:10: remark: shared load of 'a' (4 bytes) in kernel 'alignedRow': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop of line [[@LINE-2]] and merges this 4-byte load of 4 consecutive iterations into one 16-byte load
  out[t] = s;
}

__global__ void externPairs(float *out) {
  extern __shared__ float dyn[];
  unsigned t = threadIdx.x;
  dyn[t] = t;
  dyn[t + 256] = t;
  __syncthreads();
  out[t] = dyn[2 * t] + dyn[2 * t + 1];
  // RDC: relocatable-shared.cu:[[@LINE-1]]:12: remark: the two 4-byte loads of line [[@LINE-1]] are merged by nvcc into one 8-byte load
  // WHOLE: relocatable-shared.cu:[[@LINE-2]]:12: remark: the two 4-byte loads of line [[@LINE-2]] are merged by nvcc into one 8-byte load
}

void run(float *out) {
  localPairs<<<1, 256>>>(out);
  alignedRow<<<1, 256>>>(out);
  externPairs<<<1, 256, 2048>>>(out);
}
