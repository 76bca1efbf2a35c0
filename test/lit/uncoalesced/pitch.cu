// Row pitches (issue 3) and grid-stride loops: a symbolic pitch times a
// thread index that is the same across each warp (threadIdx.y with
// blockDim.x a multiple of 32) shifts whole requests, so the answer is
// parametric; odd pitches bound at the launch match the H100 measurements
// (test/gpu/global_validate.cu:68-78: 1001 with 32x8: 4.875 per request).
// RUN: %exit 1 %warplint --show-unknown %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --assume-worst %s -- 2>&1 | FileCheck %s --check-prefix=WORST

__global__ void rows(float *out, const float *in, int pitch) {
  int tx = threadIdx.x, ty = threadIdx.y;
  out[tx] = in[ty * pitch + tx];
  // CHECK: pitch.cu:[[@LINE-1]]:13: remark: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this happens when pitch % 8 != 0
  // CHECK: note: sectors per request by case: 5 (ideal 4) when pitch % 8 != 0; 4 (ideal 4) when pitch % 8 == 0
  // CHECK: note: assuming block 32x8x1
  // WORST: pitch.cu:[[@LINE-5]]:13: warning: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
}

__global__ void rowsOdd(float *out, const float *in, int pitch) {
  int tx = threadIdx.x, ty = threadIdx.y;
  out[tx] = in[ty * pitch + tx];
  // CHECK: pitch.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK-NOT: this happens when
  // CHECK: note: on average 4.88 sectors per request over 8 requests per block
}

__global__ void rowsEven(float *out, const float *in, int pitch) {
  int tx = threadIdx.x, ty = threadIdx.y;
  out[tx] = in[ty * pitch + tx]; // 1024 floats: every row aligned
}

// Two rows per warp: the product differs between the lanes of a warp.
// Rows far apart cost 2 or 3 sectors each by their alignment (the pitch's
// residue); near 0 they overlap. Some pitches are ideal: a remark.
__global__ void rowsNarrow(float *out, const float *in, int pitch) {
  int tx = threadIdx.x, ty = threadIdx.y;
  out[tx] = in[ty * pitch + tx];
  // CHECK: pitch.cu:[[@LINE-1]]:13: remark: uncoalesced global load from 'in' (6 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this happens when pitch % 4 != 0 && (pitch < -18 || pitch > 18)
}

__global__ void rowsNarrowOdd(float *out, const float *in, int pitch) {
  int tx = threadIdx.x, ty = threadIdx.y;
  out[tx] = in[ty * pitch + tx];
  // CHECK: pitch.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'in' (6 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: on average 5.75 sectors per request over 8 requests per block
}

// The grid-stride loop: the grid is not known, every iteration adds a
// multiple of 256 elements; a stride of 2 floats shows through.
__global__ void gridStride(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    out[i] = in[2 * i];
  // CHECK: pitch.cu:[[@LINE-1]]:14: warning: uncoalesced global load from 'in' (8 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: adjacent lanes are 8 bytes apart
}

// A parameter step: each iteration shifts the warp by a multiple of 'step'
// elements, so alignment depends on it.
__global__ void paramStride(float *out, int n, int step) {
  for (int i = threadIdx.x; i < n; i += step)
    out[i] = 0;
  // CHECK: pitch.cu:[[@LINE-1]]:5: remark: uncoalesced global store to 'out' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this happens when (i - threadIdx.x) % 8 != 0
}

void run(float *out, const float *in, int pitch, int n, int blocks) {
  rows<<<1, dim3(32, 8)>>>(out, in, pitch);
  rowsOdd<<<1, dim3(32, 8)>>>(out, in, 1001);
  rowsEven<<<1, dim3(32, 8)>>>(out, in, 1024);
  rowsNarrow<<<1, dim3(16, 16)>>>(out, in, pitch);
  rowsNarrowOdd<<<1, dim3(16, 16)>>>(out, in, 1001);
  gridStride<<<blocks, 256>>>(out, in, n);
  paramStride<<<1, 256>>>(out, n, blocks);
}

// Rows of an odd pitch, each block its own: every block's worst request
// (the strided pass) costs the same, only the contiguous pass's alignment
// changes with blockIdx.x. The cases differ in their means alone, and the
// note lists those rather than a condition that covers every block.
__global__ void rowPasses(float *out, const float *in, int pitch) {
  const float *x = in + blockIdx.x * pitch;
  float s = 0;
  for (int k = 1; k <= 8; k *= 8)
    s += x[threadIdx.x * k];
  out[blockIdx.x * 32 + threadIdx.x] = s;
  // CHECK: pitch.cu:[[@LINE-2]]:10: warning: uncoalesced global load from 'in' (32 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK-NEXT: s += x[threadIdx.x * k];
  // CHECK-NEXT: ^
  // CHECK-NEXT: note: sectors per request by case: 32 (ideal 4) in every case, on average 18.5 when blockIdx.x % 8 != 0; 18 when blockIdx.x % 8 == 0
  // CHECK-NOT: on average 18.5 sectors per request over
  // CHECK: note: assuming block 32x1x1
}

void runPasses(float *out, const float *in) {
  rowPasses<<<64, 32>>>(out, in, 1025);
}
