// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s

// atomicAdd on a float or double in shared memory has no instruction of
// its own on sm_90: ptxas emits LDS, then ATOMS.CAST.SPIN (.64 for a
// double) repeated until it succeeds (docs/hardware-model.md S8c). nvcc
// 13.0 -O3 -lineinfo, SASS and Nsight Compute on the H100, 2026-11-26,
// block 256 (test/gpu/measurements/compiler-facts.txt).
#define TID threadIdx.x

// Consecutive words: one pass per warp; the CAS moves 8 bytes a lane (2
// wavefronts, ideal 2), the load 1.
__global__ void fAtomicShared(float *out) {
  __shared__ float sf[256];
  sf[TID] = 0;
  __syncthreads();
  float g = atomicAdd(&sf[TID], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:13: remark: shared atomic of 'sf' (4 bytes) in kernel 'fAtomicShared': 2 wavefronts per request (mean 2.0, ideal 2); nvcc has no floating-point atomicAdd on shared memory: it reads the word, then repeats a compare-and-swap until no other lane changed it;
  // CHECK: shared-float-atomics.cu:[[@LINE-2]]:13: remark: shared load of 'sf' (4 bytes) in kernel 'fAtomicShared': 1 wavefront per request (mean 1.0, ideal 1); the first read of the compare-and-swap loop nvcc emits for this atomicAdd;
  __syncthreads();
  out[TID] = g + sf[TID];
}

// Words two apart: half the lanes retried (16 passes for 8 warps): the
// number of passes is not claimed.
__global__ void fAtomicSharedStride(float *out) {
  __shared__ float sf[1024];
  sf[TID] = 0;
  __syncthreads();
  atomicAdd(&sf[TID * 2], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:3: remark: shared atomic of 'sf' (4 bytes) in kernel 'fAtomicSharedStride': unknown: nvcc makes this atomicAdd a compare-and-swap loop that repeats for the lanes that lose: the lanes' words conflict in the banks, and the lanes of the later wavefronts retry
  // CHECK: shared-float-atomics.cu:[[@LINE-2]]:3: remark: shared load of 'sf' (4 bytes) in kernel 'fAtomicSharedStride': unknown: nvcc makes this atomicAdd a compare-and-swap loop
  __syncthreads();
  out[TID] = sf[TID];
}

// One word for the whole block: 2,003 passes for 8 warps, set by the
// order the hardware serves them in.
__global__ void fAtomicSharedUniform(float *out) {
  __shared__ float sf[256];
  sf[TID] = 0;
  __syncthreads();
  atomicAdd(&sf[0], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:3: remark: shared atomic of 'sf' (4 bytes) in kernel 'fAtomicSharedUniform': unknown: nvcc makes this atomicAdd a compare-and-swap loop that repeats for the lanes that lose: lanes share a word
  // CHECK: shared-float-atomics.cu:[[@LINE-2]]:3: remark: shared load of 'sf' (4 bytes) in kernel 'fAtomicSharedUniform': unknown:
  __syncthreads();
  out[TID] = sf[TID];
}

// A double: LDS.64 (2 wavefronts) and a CAS of 16 bytes a lane (4).
__global__ void dAtomicShared(double *out) {
  __shared__ double sd[256];
  sd[TID] = 0;
  __syncthreads();
  double g = atomicAdd(&sd[TID], 1.0);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:14: remark: shared atomic of 'sd' (8 bytes) in kernel 'dAtomicShared': 4 wavefronts per request (mean 4.0, ideal 4);
  // CHECK: shared-float-atomics.cu:[[@LINE-2]]:14: remark: shared load of 'sd' (8 bytes) in kernel 'dAtomicShared': 2 wavefronts per request (mean 2.0, ideal 2);
  __syncthreads();
  out[TID] = g + sd[TID];
}

// atomicExch on a float is one ATOMS.EXCH: 1 wavefront, no load.
__global__ void fAtomicExchShared(float *out) {
  __shared__ float sf[256];
  sf[TID] = 0;
  __syncthreads();
  float g = atomicExch(&sf[TID], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:13: remark: shared atomic of 'sf' (4 bytes) in kernel 'fAtomicExchShared': 1 wavefront per request (mean 1.0, ideal 1); block
  // CHECK-NOT: shared-float-atomics.cu:[[@LINE-2]]:{{.*}} shared load
  __syncthreads();
  out[TID] = g + sf[TID];
}

// In global memory a float atomicAdd is one instruction (RED/ATOM.ADD.F32).
__global__ void fAtomicGlobal(float *out) {
  atomicAdd(&out[TID], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:3: remark: global atomic of 'out' (4 bytes) in kernel 'fAtomicGlobal': 4 sectors per request
  // CHECK-NOT: shared-float-atomics.cu:[[@LINE-2]]:{{.*}} load
}

// The loop's first read belongs to the atomic: a later load of the same
// word is issued on its own (no barrier between them here).
__global__ void atomicThenRead(float *out) {
  __shared__ float sf[256];
  sf[TID] = 0;
  __syncthreads();
  atomicAdd(&sf[TID], 1.0f);
  float y = sf[TID];
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:13: remark: shared load of 'sf' (4 bytes) in kernel 'atomicThenRead': 1 wavefront per request (mean 1.0, ideal 1); block
  out[TID] = y;
}

// Under a data condition: any subset of lanes on distinct, conflict-free
// words passes once (bounded over the data); a subset of lanes two words
// apart may retry, so that is not claimed.
__global__ void guardedAtomics(const float *in, float *out) {
  __shared__ float sf[512];
  sf[TID] = 0;
  sf[TID + 256] = 0;
  __syncthreads();
  if (in[TID] > 0.5f)
    atomicAdd(&sf[TID], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:5: remark: shared atomic of 'sf' (4 bytes) in kernel 'guardedAtomics': bounded: 1 to 2 wavefronts per request
  if (in[TID] > 0.25f)
    atomicAdd(&sf[TID * 2], 1.0f);
  // CHECK: shared-float-atomics.cu:[[@LINE-1]]:5: remark: shared atomic of 'sf' (4 bytes) in kernel 'guardedAtomics': unknown: nvcc makes this atomicAdd a compare-and-swap loop that repeats for the lanes that lose: the lanes' words conflict in the banks, and the lanes of the later wavefronts retry (measured: twice for a 2-way conflict) (for some of its lanes, which ones depending on the data)
  __syncthreads();
  out[TID] = sf[TID];
}

int main() {
  fAtomicShared<<<1, 256>>>(nullptr);
  fAtomicSharedStride<<<1, 256>>>(nullptr);
  fAtomicSharedUniform<<<1, 256>>>(nullptr);
  dAtomicShared<<<1, 256>>>(nullptr);
  fAtomicExchShared<<<1, 256>>>(nullptr);
  fAtomicGlobal<<<1, 256>>>(nullptr);
  atomicThenRead<<<1, 256>>>(nullptr);
  guardedAtomics<<<1, 256>>>(nullptr, nullptr);
}
