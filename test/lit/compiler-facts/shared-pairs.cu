// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC

// Adjacent loads of a shared array in straight-line code: nvcc 13 -O3
// (sm_90) emits one LDS.64 for s[2*t] and s[2*t+1] and one LDS.128 for
// s[4*t..4*t+3] (ptxas places shared arrays 16-byte aligned); the hardware
// counts those instructions (docs/hardware-model.md S9).

__global__ void haarPairs(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  s[t + 256] = t;
  __syncthreads();
  float a = s[2 * t];
  float b = s[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-2]]:13: remark: the two 4-byte loads of lines [[@LINE-2]]-[[@LINE-1]] are merged by nvcc into one 8-byte load: 2 wavefronts, ideal 2; a store between them or an unaligned base would split them into two 2-wavefront loads [warplint-bank-conflict]
  // ACC: shared-pairs.cu:[[@LINE-3]]:13: remark: shared load of 's' (4 bytes) in kernel 'haarPairs': 2 wavefronts per request (mean 2.0, ideal 2); nvcc merges the two 4-byte loads of lines [[@LINE-3]]-[[@LINE-2]] into one 8-byte load;
  // ACC: shared-pairs.cu:[[@LINE-3]]:13: remark: shared load of 's' (4 bytes) in kernel 'haarPairs': no request of its own: carried by the 8-byte load of line [[@LINE-4]]: nvcc merges the loads of lines [[@LINE-4]]-[[@LINE-3]];
  float c = s[4 * t + 128];
  float d = s[4 * t + 129];
  float e = s[4 * t + 130];
  float f = s[4 * t + 131];
  // CHECK: shared-pairs.cu:[[@LINE-4]]:13: remark: the four 4-byte loads of lines [[@LINE-4]]-[[@LINE-1]] are merged by nvcc into one 16-byte load: 4 wavefronts, ideal 4; a store between them or an unaligned base would split them into four 4-wavefront loads
  out[t] = a - b + c * d - e * f;
}

// What keeps the loads apart: each stays a 4-byte load at stride 2, a 2-way
// conflict (the SASS of each case has two LDS).
__global__ void storeBetween(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  float a = s[2 * t];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1)
  s[t + 256] = a;
  float b = s[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  out[t] = a - b;
}

__global__ void barrierBetween(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  float a = s[2 * t];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  float b = s[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  out[t] = a - b;
}

__global__ void volatileLoads(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  volatile float *v = s;
  float a = v[2 * t];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  float b = v[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  out[t] = a - b;
}

// s[2*t+1] and s[2*t+2] start 4 bytes past an 8-byte boundary: two LDS.
__global__ void oddStart(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  float a = s[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  float b = s[2 * t + 2];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  out[t] = a - b;
}

// A load of bytes an earlier load of the region already read is not
// issued again (shared_validate.cu:211 has no instruction).
__global__ void reload(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  float a = s[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  float b = s[2 * t + 1];
  // ACC: shared-pairs.cu:[[@LINE-1]]:13: remark: shared load of 's' (4 bytes) in kernel 'reload': no request of its own: nvcc reuses the 4-byte load of line [[@LINE-3]], which already read these bytes;
  out[t] = a * b;
}

// A known gap: with the second load under its own guard nvcc merges all
// the same (one LDS.64: ptxas speculates the shared load), but the source
// rules keep loads of different guards apart, so warplint still counts
// the two loads and warns on the first.
__global__ void guardedSecond(float *out, int n) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  float a = s[2 * t];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:13: warning: 2-way shared memory bank conflict on 's'
  float b = 0;
  if (t < n)
    b = s[2 * t + 1];
  // CHECK: shared-pairs.cu:[[@LINE-1]]:9: warning: 2-way shared memory bank conflict on 's'
  out[t] = a - b;
}

int main() {
  float *out;
  cudaMalloc(&out, 1024 * sizeof(float));
  haarPairs<<<1, 32>>>(out);
  storeBetween<<<1, 32>>>(out);
  barrierBetween<<<1, 32>>>(out);
  volatileLoads<<<1, 32>>>(out);
  oddStart<<<1, 32>>>(out);
  guardedSecond<<<1, 32>>>(out, 32);
  reload<<<1, 32>>>(out);
}
