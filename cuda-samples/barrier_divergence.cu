// Barriers that not every thread of the block reaches. warplint's
// warplint-barrier-divergence check reports tileRows (condition 'row < M'
// depends on threadIdx.y; threads disagree when M % 8 != 0), earlyExit
// (the early return under 'i >= n'; threads disagree when n % 256 != 0) and
// uneven (the trip count of the loop over 'k' depends on threadIdx.x),
// halfWarp (lane 16 named by the mask of __syncwarp does not reach it) and
// twoBarriers (condition 'threadIdx.x < 32').
// tileRowsFixed keeps the barrier unconditional and is not reported.
// test/gpu/synccheck/ shows compute-sanitizer's synccheck reporting the same
// kernels at run time when the sizes make the threads disagree.
#include <cstdio>
#include <cstdlib>

#define ROWS 8

__global__ void tileRows(float *out, const float *in, int M) {
  __shared__ float s[ROWS][32];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M) {
    s[threadIdx.y][threadIdx.x] = in[row * 32 + threadIdx.x]; // expect: global load sectors=4 ideal=4 ; shared store wavefronts=1 ideal=1
    __syncthreads();
    out[row * 32 + threadIdx.x] = s[ROWS - 1 - threadIdx.y][threadIdx.x]; // expect: shared load wavefronts=1 ideal=1 ; global store sectors=4 ideal=4
  }
}

__global__ void tileRowsFixed(float *out, const float *in, int M) {
  __shared__ float s[ROWS][32];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M)
    s[threadIdx.y][threadIdx.x] = in[row * 32 + threadIdx.x]; // expect: global load sectors=4 ideal=4 ; shared store wavefronts=1 ideal=1
  __syncthreads();
  if (row < M)
    out[row * 32 + threadIdx.x] = s[ROWS - 1 - threadIdx.y][threadIdx.x]; // expect: shared load wavefronts=1 ideal=1 ; global store sectors=4 ideal=4
}

__global__ void earlyExit(float *data, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = data[i]; // expect: global load sectors=4 ideal=4 ; shared store wavefronts=1 ideal=1
  __syncthreads();
  data[i] = s[255 - threadIdx.x]; // expect: shared load wavefronts=1 ideal=1 ; global store sectors=4 ideal=4
}

__global__ void uneven(int spread) {
  if (spread)
    for (int k = 0; k < threadIdx.x % 4; ++k)
      __syncthreads();
}

// The lanes 16..31 of each warp are named by the full mask but never arrive.
__global__ void halfWarp() {
  if (threadIdx.x % 32 < 16)
    __syncwarp();
}

// Threads that skip the barrier stay alive and reach a second one.
__global__ void twoBarriers(float *data) {
  if (threadIdx.x < 32) {
    __syncthreads();
    data[threadIdx.x] = 1.0f; // expect: global store sectors=4 ideal=4
  }
  __syncthreads();
}

int main(int argc, char **argv) {
  // Defaults make the threads disagree; "104 1024 0" makes them agree.
  int M = argc > 1 ? atoi(argv[1]) : 100;
  int n = argc > 2 ? atoi(argv[2]) : 1000;
  int spread = argc > 3 ? atoi(argv[3]) : 1;
  float *a, *b;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  cudaMemset(a, 0, 1 << 20);
  dim3 block(32, ROWS), grid(1, (M + ROWS - 1) / ROWS);
  tileRows<<<grid, block>>>(b, a, M);
  tileRowsFixed<<<grid, block>>>(b, a, M);
  earlyExit<<<(n + 255) / 256, 256>>>(a, n);
  uneven<<<1, 128>>>(spread);
  if (spread) {
    halfWarp<<<1, 64>>>();
    twoBarriers<<<1, 128>>>(a);
  }
  cudaError_t E = cudaDeviceSynchronize();
  printf("M=%d n=%d spread=%d: %s\n", M, n, spread, cudaGetErrorString(E));
  return 0;
}
