// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s

// Which atomic decides the cost of a shared-memory atomic (S8, S8d). nvcc
// 13.0 -O3 -lineinfo, SASS and Nsight Compute on the H100, 2026-11-26,
// block 256 (test/gpu/measurements/compiler-facts.txt).
#define TID threadIdx.x

// atomicExch on one word for the whole warp is not aggregated as atomicAdd
// is: ATOMS.EXCH, 32 wavefronts per request (256 in 8), ideal 1.
__global__ void exchUniform(unsigned *out) {
  __shared__ unsigned flag;
  if (TID == 0)
    flag = 0;
  __syncthreads();
  atomicExch(&flag, 1u);
  // CHECK: atomic-functions.cu:[[@LINE-1]]:3: remark: shared atomic of 'flag' (4 bytes) in kernel 'exchUniform': 32 wavefronts per request (mean 32.0, ideal 1);
  __syncthreads();
  out[TID] = flag;
}

// atomicAdd on one word is: a vote and one lane's ATOMS, 1 wavefront.
__global__ void addUniform(int *out) {
  __shared__ int count;
  if (TID == 0)
    count = 0;
  __syncthreads();
  int c = atomicAdd(&count, int(TID));
  // CHECK: atomic-functions.cu:[[@LINE-1]]:11: remark: shared atomic of 'count' (4 bytes) in kernel 'addUniform': 1 wavefront per request (mean 1.0, ideal 1);
  __syncthreads();
  out[TID] = c + count;
}

// atomicCAS moves the compared and the new value: ATOMS.CAS of 32
// consecutive words, 2 wavefronts, ideal 2 (16 in 8).
__global__ void casLanes(int *out) {
  __shared__ int s[256];
  s[TID] = 0;
  __syncthreads();
  atomicCAS(&s[TID], 0, int(TID));
  // CHECK: atomic-functions.cu:[[@LINE-1]]:3: remark: shared atomic of 's' (4 bytes) in kernel 'casLanes': 2 wavefronts per request (mean 2.0, ideal 2);
  __syncthreads();
  out[TID] = s[255 - TID];
}

// A spin lock's atomicCAS on one word: not measured, so not claimed.
__global__ void casUniform(int *out) {
  __shared__ int lock;
  if (TID == 0)
    lock = 0;
  __syncthreads();
  int old = atomicCAS(&lock, 0, 1);
  // CHECK: atomic-functions.cu:[[@LINE-1]]:13: remark: shared atomic of 'lock' (4 bytes) in kernel 'casUniform': unknown: lanes of this atomicCAS may share a word, and how ATOMS.CAS serves them is not measured
  out[TID] = old;
}

// atomicMax: ATOMS.MAX.S32, 1 wavefront for distinct banks.
__global__ void maxLanes(int *out) {
  __shared__ int s[256];
  s[TID] = 0;
  __syncthreads();
  atomicMax(&s[TID], int(TID));
  // CHECK: atomic-functions.cu:[[@LINE-1]]:3: remark: shared atomic of 's' (4 bytes) in kernel 'maxLanes': 1 wavefront per request (mean 1.0, ideal 1);
  __syncthreads();
  out[TID] = s[255 - TID];
}

// Two atomics on one word, one aggregated and one not: each is solved
// with its own rule.
__global__ void addThenExch(int *out) {
  __shared__ int word;
  if (TID == 0)
    word = 0;
  __syncthreads();
  atomicAdd(&word, int(TID));
  // CHECK: atomic-functions.cu:[[@LINE-1]]:3: remark: shared atomic of 'word' (4 bytes) in kernel 'addThenExch': 1 wavefront per request
  atomicExch(&word, 2);
  // CHECK: atomic-functions.cu:[[@LINE-1]]:3: remark: shared atomic of 'word' (4 bytes) in kernel 'addThenExch': 32 wavefronts per request
  __syncthreads();
  out[TID] = word;
}

int main() {
  exchUniform<<<1, 256>>>(nullptr);
  addUniform<<<1, 256>>>(nullptr);
  casLanes<<<1, 256>>>(nullptr);
  casUniform<<<1, 256>>>(nullptr);
  maxLanes<<<1, 256>>>(nullptr);
  addThenExch<<<1, 256>>>(nullptr);
}
