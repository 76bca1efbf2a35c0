// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC

// Adjacent stores of one straight-line region (docs/hardware-model.md S9
// (g)). nvcc 13.0 -O3 -lineinfo (sm_90), SASS with nvdisasm -gi and the
// counts of Nsight Compute on the H100, 2026-11-26 (these kernels, block
// 256; test/gpu/measurements/compiler-facts.txt): s[2*t] and s[2*t+1]
// became one STS.64 on the line of the later store in program order
// (8 requests, 16 wavefronts), whichever of the two addresses it writes;
// four stores one STS.128; a float2's .x and .y one STG.E.64.
#define TID threadIdx.x

__global__ void stPair(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  s[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: remark: the two 4-byte stores of lines [[@LINE-2]]-[[@LINE-1]] are merged by nvcc into one 8-byte store: 2 wavefronts, ideal 2; another access between them or an unaligned base would split them into two 2-wavefront stores [warplint-bank-conflict]
  // ACC: store-pairs.cu:[[@LINE-3]]:3: remark: shared store of 's' (4 bytes) in kernel 'stPair': no request of its own: carried by the 8-byte store of line [[@LINE-2]]: nvcc merges the stores of lines [[@LINE-3]]-[[@LINE-2]];
  // ACC: store-pairs.cu:[[@LINE-3]]:3: remark: shared store of 's' (4 bytes) in kernel 'stPair': 2 wavefronts per request (mean 2.0, ideal 2); nvcc merges the two 4-byte stores of lines [[@LINE-4]]-[[@LINE-3]] into one 8-byte store;
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// The later store writes the lower address: the STS.64 is on its line.
__global__ void stPairReversed(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t + 1] = b;
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: remark: the two 4-byte stores of lines [[@LINE-2]]-[[@LINE-1]] are merged by nvcc into one 8-byte store: 2 wavefronts, ideal 2;
  // ACC: store-pairs.cu:[[@LINE-3]]:3: remark: shared store of 's' (4 bytes) in kernel 'stPairReversed': no request of its own: carried by the 8-byte store of line [[@LINE-2]]
  // ACC: store-pairs.cu:[[@LINE-3]]:3: remark: shared store of 's' (4 bytes) in kernel 'stPairReversed': 2 wavefronts per request (mean 2.0, ideal 2)
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

__global__ void stQuad(const float *in, float *out) {
  __shared__ float s[1024];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[4 * t] = a;
  s[4 * t + 1] = b;
  s[4 * t + 2] = a * b;
  s[4 * t + 3] = a - b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: remark: the four 4-byte stores of lines [[@LINE-4]]-[[@LINE-1]] are merged by nvcc into one 16-byte store: 4 wavefronts, ideal 4;
  __syncthreads();
  out[t] = s[t] + s[t + 512];
}

// Under one data condition: one predicated STS.64 on the second line.
__global__ void stPairData(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  s[t] = in[t];
  s[t + 256] = in[t + 256];
  __syncthreads();
  float a = s[2 * t];
  float b = s[2 * t + 1];
  // CHECK: store-pairs.cu:[[@LINE-2]]:13: remark: the two 4-byte loads of lines [[@LINE-2]]-[[@LINE-1]] are merged by nvcc into one 8-byte load
  if (a > b) {
    s[2 * t] = b;
    s[2 * t + 1] = a;
    // ACC: store-pairs.cu:[[@LINE-2]]:5: remark: shared store of 's' (4 bytes) in kernel 'stPairData': no request of its own: carried by the 8-byte store of line [[@LINE-1]]
    // ACC: store-pairs.cu:[[@LINE-2]]:5: remark: shared store of 's' (4 bytes) in kernel 'stPairData': bounded: 1 to 2 wavefronts per request
  }
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// What keeps two stores apart: each stays a 4-byte store at stride 2, a
// 2-way conflict (the SASS of each case has two STS).
__global__ void stPairLoadBetween(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1)
  float c = s[(t * 7) % 512];
  s[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  out[t] = s[t] + s[t + 256] + c;
}

// Even a store to another shared array between them.
__global__ void stPairOtherStoreBetween(const float *in, float *out) {
  __shared__ float s[512];
  __shared__ float r[256];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  r[t] = a + b;
  s[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  out[t] = s[t] + s[t + 256] + r[255 - t];
}

__global__ void stPairBarrierBetween(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  s[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// A float* parameter: nvcc knows 4-byte alignment only, two STG.E.
__global__ void stPairGlobal(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + TID;
  float a = in[t], b = in[t + 256];
  out[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: uncoalesced global store to 'out' (8 sectors per request, ideal 4)
  out[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: uncoalesced global store to 'out' (8 sectors per request, ideal 4)
}

// The fields of a float2: one STG.E.64 on the second line, 8 sectors.
__global__ void stFieldsGlobal(const float *in, float2 *out) {
  int t = blockIdx.x * blockDim.x + TID;
  float a = in[t], b = in[t + 256];
  out[t].x = a;
  out[t].y = b;
  // ACC: store-pairs.cu:[[@LINE-2]]:3: remark: global store of 'out.x' (4 bytes) in kernel 'stFieldsGlobal': no request of its own: carried by the 8-byte store of line [[@LINE-1]]
  // ACC: store-pairs.cu:[[@LINE-2]]:3: remark: global store of 'out.y' (4 bytes) in kernel 'stFieldsGlobal': 8 sectors per request (mean 8.0, ideal 8, coalesced); nvcc merges the two 4-byte stores of lines [[@LINE-3]]-[[@LINE-2]] into one 8-byte store;
}

__global__ void stSecondGuarded(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  if (b > 0.5f)
    s[2 * t + 1] = b;
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

__global__ void stOddStart(const float *in, float *out) {
  __shared__ float s[520];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t + 1] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  s[2 * t + 2] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

__global__ void stVolatile(const float *in, float *out) {
  volatile __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  s[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// A loop between them (here of global loads).
__global__ void stFarApart(const float *in, float *out, int n) {
  __shared__ float s[512];
  int t = TID;
  float a = in[t], b = in[t + 256];
  s[2 * t] = a;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  for (int k = 0; k < n; ++k)
    b = b * 1.0001f + in[k];
  s[2 * t + 1] = b;
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// Global loads between them do not keep them apart: STS.64 (8 requests,
// 16 wavefronts), the values loaded from global memory first.
__global__ void stPairLoadsBetween(const float *in, float *out) {
  __shared__ float s[512];
  int t = TID;
  s[2 * t] = in[t];
  s[2 * t + 1] = in[t + 256];
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: remark: the two 4-byte stores of lines [[@LINE-2]]-[[@LINE-1]] are merged by nvcc into one 8-byte store: 2 wavefronts, ideal 2;
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// An epilogue's accumulator pair in a swizzled tile (the XOR of an even
// column with a multiple of 8 is even): one STS.64, as measured on a
// tutorial GEMM (test/gpu/real/tensor-core/); the same pair addressed
// through a signed `col % 16` stays two STS.32 there: nvcc does not prove
// the remainder even.
__global__ void stPairSwizzled(const float *in, float *out) {
  __shared__ float s[32 * 128];
  int t = TID % 32;
  int row = t / 4, col = t % 4 * 2;
  int scol = col ^ ((row & 3) << 3);
  s[row * 128 + scol] = in[t];
  s[row * 128 + (scol + 1)] = in[t + 32];
  // CHECK: store-pairs.cu:[[@LINE-1]]:3: remark: the two 4-byte stores of lines [[@LINE-2]]-[[@LINE-1]] are merged by nvcc into one 8-byte store: 2 wavefronts, ideal 2;
  __syncthreads();
  out[t] = s[t];
}

__global__ void stPairRemainder(const float *in, float *out) {
  __shared__ float s[32 * 128];
  int t = TID % 32;
  int row = t / 4, col = 16 + t % 4 * 2;
  float *dst = s + row % 16 * 16 + col % 16;
  dst[0] = in[t];
  dst[1] = in[t + 32];
  // CHECK: store-pairs.cu:[[@LINE-2]]:3: warning: 4-way shared memory bank conflict on 's' (4 wavefronts per request, ideal 1)
  // CHECK: store-pairs.cu:[[@LINE-2]]:3: warning: 4-way shared memory bank conflict on 's' (4 wavefronts per request, ideal 1)
  // ACC: store-pairs.cu:[[@LINE-4]]:3: remark: shared store of 's' (4 bytes) in kernel 'stPairRemainder': 4 wavefronts per request
  // ACC: store-pairs.cu:[[@LINE-4]]:3: remark: shared store of 's' (4 bytes) in kernel 'stPairRemainder': 4 wavefronts per request
  __syncthreads();
  out[t] = s[t];
}

int main() {
  stPairSwizzled<<<1, 32>>>(nullptr, nullptr);
  stPairRemainder<<<1, 32>>>(nullptr, nullptr);
  stPair<<<1, 256>>>(nullptr, nullptr);
  stPairReversed<<<1, 256>>>(nullptr, nullptr);
  stQuad<<<1, 256>>>(nullptr, nullptr);
  stPairData<<<1, 256>>>(nullptr, nullptr);
  stPairLoadBetween<<<1, 256>>>(nullptr, nullptr);
  stPairOtherStoreBetween<<<1, 256>>>(nullptr, nullptr);
  stPairBarrierBetween<<<1, 256>>>(nullptr, nullptr);
  stPairGlobal<<<2, 256>>>(nullptr, nullptr);
  stFieldsGlobal<<<2, 256>>>(nullptr, nullptr);
  stSecondGuarded<<<1, 256>>>(nullptr, nullptr);
  stOddStart<<<1, 256>>>(nullptr, nullptr);
  stVolatile<<<1, 256>>>(nullptr, nullptr);
  stFarApart<<<1, 256>>>(nullptr, nullptr, 4);
  stPairLoadsBetween<<<1, 256>>>(nullptr, nullptr);
}
