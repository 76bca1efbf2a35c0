// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC

// ptxas joins the loads of a fully unrolled loop nest along whichever loop
// walks consecutive elements, the outer one too: `v[r] = tile[row + r][k]`
// with r inner and k outer became LDS.128 over four k (float, double) and
// LDS.64 over four k (__half), also without unroll pragmas; stores only
// along the innermost loop; 1-byte elements not at all
// (test/gpu/sass-probes/unrolled_merge.cu, SASS of nvcc 13.0 -O3 sm_90;
// leimao/CUDA-GEMM-Optimization's v04 measured 2 wavefronts per request,
// ideal 2, for this shape on the H200).
#include <cuda_fp16.h>

template <typename T> __global__ void outerK(const T *in, float *out) {
  __shared__ T tile[128][16];
  int t = threadIdx.x;
  for (int i = t; i < 128 * 16; i += blockDim.x)
    (&tile[0][0])[i] = in[i];
  __syncthreads();
  T v[8];
  float acc = 0;
  int row = t / 16 * 8;
  for (int k = 0; k < 16; ++k) {
    for (int r = 0; r < 8; ++r)
      v[r] = tile[row + r][k];
    // ACC-DAG: unrolled-nests.cu:[[@LINE-1]]:14: remark: shared load of 'tile' (4 bytes) in kernel 'outerK<float>': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop of line [[@LINE-3]] and merges this 4-byte load of 4 consecutive iterations into one 16-byte load;
    // ACC-DAG: unrolled-nests.cu:[[@LINE-2]]:14: remark: shared load of 'tile' (2 bytes) in kernel 'outerK<__half>': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop of line [[@LINE-4]] and merges this 2-byte load of 4 consecutive iterations into one 8-byte load;
    // ACC-DAG: unrolled-nests.cu:[[@LINE-3]]:14: remark: shared load of 'tile' (1 byte) in kernel 'outerK<unsigned char>': 2 wavefronts per request (mean 2.0, ideal 1); block 256x1x1
    for (int r = 0; r < 8; ++r)
      acc += float(v[r]) * float(k);
  }
  out[t] = acc;
}

// Inner loop over 2-byte elements: four of them per 8-byte instruction,
// loads and stores.
__global__ void innerHalf(const __half *in, __half *out) {
  __shared__ __half tile[16][128];
  int t = threadIdx.x;
  int col = t % 16 * 8;
  for (int k = 0; k < 16; ++k)
    for (int r = 0; r < 8; ++r)
      tile[k][col + r] = in[k * 128 + col + r];
  // ACC-DAG: unrolled-nests.cu:[[@LINE-1]]:7: remark: shared store of 'tile' (2 bytes) in kernel 'innerHalf': {{.*}}merges this 2-byte store of 4 consecutive iterations into one 8-byte store;
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 16; ++k)
    for (int r = 0; r < 8; ++r)
      acc += float(tile[k][col + r]);
  // ACC-DAG: unrolled-nests.cu:[[@LINE-1]]:20: remark: shared load of 'tile' (2 bytes) in kernel 'innerHalf': {{.*}}merges this 2-byte load of 4 consecutive iterations into one 8-byte load;
  out[t] = __float2half(acc);
}

// Stores along the outer loop stay one per element (SASS: 128 STS).
__global__ void outerStores(float *out) {
  __shared__ float tile[128][16];
  int t = threadIdx.x;
  int row = t / 16 * 8;
  for (int k = 0; k < 16; ++k)
    for (int r = 0; r < 8; ++r)
      tile[row + r][k] = float(k * r);
  // ACC-DAG: unrolled-nests.cu:[[@LINE-1]]:7: remark: shared store of 'tile' (4 bytes) in kernel 'outerStores': 2 wavefronts per request (mean 2.0, ideal 1); block 256x1x1
  __syncthreads();
  out[t] = tile[t % 128][t % 16];
}

// The outer loop kept (`#pragma unroll 1`): its iterations are not next
// to each other, the loads stay 4-byte.
__global__ void outerKept(const float *in, float *out) {
  __shared__ float tile[128][16];
  int t = threadIdx.x;
  for (int i = t; i < 128 * 16; i += blockDim.x)
    (&tile[0][0])[i] = in[i];
  __syncthreads();
  float acc = 0;
  int row = t / 16 * 8;
#pragma unroll 1
  for (int k = 0; k < 16; ++k)
    for (int r = 0; r < 8; ++r)
      acc += tile[row + r][k] * float(k);
  // ACC-DAG: unrolled-nests.cu:[[@LINE-1]]:14: remark: shared load of 'tile' (4 bytes) in kernel 'outerKept': 2 wavefronts per request (mean 2.0, ideal 1); block 256x1x1
  out[t] = acc;
}

int main() {
  outerK<float><<<1, 256>>>(nullptr, nullptr);
  outerK<__half><<<1, 256>>>(nullptr, nullptr);
  outerK<unsigned char><<<1, 256>>>(nullptr, nullptr);
  innerHalf<<<1, 256>>>(nullptr, nullptr);
  outerStores<<<1, 256>>>(nullptr);
  outerKept<<<1, 256>>>(nullptr, nullptr);
}
