// A thread index times a runtime parameter, free symbols that the access
// only uses together, and block-uniform subterms under a division: each is
// reduced to finitely many cases of the parameter (docs/solver.md).
// RUN: %exit 1 %warplint --all-accesses %s -- 2>&1 | FileCheck %s

// One row per thread, no launch in the file: lane l reads float l * w, so
// every lane has its own sector once |w| >= 8; below that neighbours share.
__global__ void rowPerThread(float *out, const float *in, int w) {
  out[threadIdx.x * w] = in[threadIdx.x * w];
  // CHECK-DAG: parameter-products.cu:[[@LINE-1]]:26: remark: global load of 'in' (4 bytes) in kernel 'rowPerThread': 32 sectors per request (mean 32.0, ideal 4, strided) when w < -7 || w > 7; no launch found
}

// Two rows of 16 floats per warp, rows a runtime pitch apart. Far apart,
// each row takes 2 sectors when aligned and 3 when not; odd pitches leave
// both rows of warps 1-3 and 5-7 misaligned (6), warps 0 and 4 one (5).
// In shared memory the two rows meet the same 16 banks unless the pitch
// is 16 words modulo 32 (or the rows overlap: |pitch| < 16).
__global__ void tile16(float *out, int pitch) {
  __shared__ float s[16 * 64];
  s[threadIdx.y * pitch + threadIdx.x] = out[threadIdx.y * pitch + threadIdx.x];
  // CHECK-DAG: parameter-products.cu:[[@LINE-1]]:42: remark: global load of 'out' (4 bytes) in kernel 'tile16': 6 sectors per request (mean 5.75, ideal 4, scattered) when pitch % 4 != 0 && (pitch < -18 || pitch > 18);
  // CHECK-DAG: parameter-products.cu:[[@LINE-2]]:3: remark: shared store of 's' (4 bytes) in kernel 'tile16': 2 wavefronts per request (mean 2.0, ideal 1) when pitch % 32 != 16 && (pitch < -15 || pitch > 15);
}

// i = blockIdx.x * blockDim.x + threadIdx.x and cta.thread_rank() with no
// launch in the file: blockDim.x is a multiple of 32, so the block's and
// the warp's offsets form one warp-uniform value.
__global__ void reduceKernel(float *out, const float *in, int n) {
  __shared__ float sdata[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    sdata[threadIdx.x] = in[i];
  // CHECK-DAG: parameter-products.cu:[[@LINE-1]]:26: remark: global load of 'in' (4 bytes) in kernel 'reduceKernel': 4 sectors per request (mean 4.0, ideal 4, coalesced) when n - (blockIdx.x * blockDim.x + threadIdx.x - threadIdx.x % 32) >= 25;
  __syncthreads();
  if (threadIdx.x + threadIdx.y * blockDim.x +
          threadIdx.z * blockDim.x * blockDim.y == 0)
    out[blockIdx.x] = sdata[0];
  // CHECK-DAG: parameter-products.cu:[[@LINE-1]]:23: remark: shared load of 'sdata' (4 bytes) in kernel 'reduceKernel': 1 wavefront per request (mean 1.0, ideal 1); no launch found
  // CHECK-DAG: parameter-products.cu:[[@LINE-2]]:5: remark: global store of 'out' (4 bytes) in kernel 'reduceKernel': 1 sector per request (mean 1.0, ideal 1, uniform); no launch found
}

// ImgStride / 2 is one block-uniform value: rows of shorts it apart only
// move whole requests when the row is the same for the warp...
__global__ void halfStride(short *dst, const short *src, int ImgStride) {
  dst[blockIdx.y * (ImgStride / 2) + threadIdx.x] = src[threadIdx.x];
  // CHECK-DAG: parameter-products.cu:[[@LINE-1]]:3: remark: global store of 'dst' (2 bytes) in kernel 'halfStride': bounded: 2 to 3 sectors per request (mean 2.0 to 3.0) depending on values warplint does not follow: the answer depends on the value of 'ImgStride / 2', not known for this launch, bounded over all its values
}

// ...and the answer holds when no value of it changes the outcome.
__global__ void halfStrideRows(float *dst, int ImgStride) {
  dst[blockIdx.y * (ImgStride / 2) * 32 + threadIdx.x] = 0;
  // CHECK-DAG: parameter-products.cu:[[@LINE-1]]:3: remark: global store of 'dst' (4 bytes) in kernel 'halfStrideRows': 4 sectors per request (mean 4.0, ideal 4, coalesced); no launch found
}

void launch(float *o, int pitch) { tile16<<<1, dim3(16, 16)>>>(o, pitch); }

// CHECK-DAG: parameter-products.cu:9:26: warning: uncoalesced global load from 'in' (32 sectors per request, ideal 4) [warplint-uncoalesced]
// CHECK-DAG: parameter-products.cu:9:26: note: this happens when w < -7 || w > 7
// CHECK-DAG: parameter-products.cu:9:26: note: sectors per request by case: 32 (ideal 4) when w < -7 || w > 7; 29 (ideal 4) when w == -7; 28 (ideal 4) when w == 7; 13 more cases, down to 1 (ideal 1)
