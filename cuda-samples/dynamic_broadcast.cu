// Dynamic shared memory (extern __shared__, size given at launch) holding a
// table that every thread reads, and per-warp scratch rows. Block 128.
#include <cstdio>

// Coefficients shared by the whole block: every lane of a warp reads the same
// word (a broadcast, one wavefront), then a row of 32 consecutive words.
__global__ void polyEval(const float *X, float *Y, int Degree) {
  extern __shared__ float Coef[];
  int Tid = threadIdx.x;
  if (Tid < 8) {
    float C = X[1024 + Tid]; // expect: global load sectors=1 ideal=1
    Coef[Tid] = C;           // expect: shared store wavefronts=1 ideal=1
  }
  __syncthreads();
  float V = X[blockIdx.x * 128 + Tid]; // expect: global load sectors=4 ideal=4
  float Acc = 0;
  for (int K = 0; K < 8; ++K) {
    float C = Coef[K]; // expect: shared load wavefronts=2 ideal=2
    Acc = Acc * V + C;
  }
  Y[blockIdx.x * 128 + Tid] = Acc; // expect: global store sectors=4 ideal=4
}

// Per-warp scratch of 32 x 32 floats after a 8-float header: the lane-major
// write is conflict-free, reading it back by column is 32-way.
__global__ void warpScratch(const float *X, float *Y) {
  extern __shared__ float Dyn[];
  int Lane = threadIdx.x % 32;
  int Warp = threadIdx.x / 32;
  float *Mine = Dyn + 8 + Warp * 32 * 32;
  float V = X[blockIdx.x * 128 + threadIdx.x]; // expect: global load sectors=4 ideal=4
  for (int I = 0; I < 32; ++I)
    Mine[I * 32 + Lane] = V + I; // expect: shared store wavefronts=1 ideal=1
  __syncwarp();
  float Acc = 0;
  for (int I = 0; I < 32; ++I)
    Acc += Mine[Lane * 32 + I]; // expect: shared load wavefronts=32 ideal=4
  Y[blockIdx.x * 128 + threadIdx.x] = Acc; // expect: global store sectors=4 ideal=4
}

int main() {
  float *X, *Y;
  cudaMalloc(&X, 1 << 20);
  cudaMalloc(&Y, 1 << 20);
  cudaMemset(X, 0, 1 << 20);
  polyEval<<<8, dim3(128), 8 * sizeof(float)>>>(X, Y, 8);
  warpScratch<<<8, dim3(128), (8 + 4 * 32 * 32) * sizeof(float)>>>(X, Y);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("dynamic_broadcast: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
