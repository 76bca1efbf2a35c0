// 2-D blocks narrower than a warp: with blockDim.x = 8 or 16 a warp spans 4 or
// 2 rows of the block, so a tile's row pitch decides which rows share banks.
#include <cstdio>

// Block 16x16: a warp spans 2 rows; P's rows (17 words apart) share bank a.
__global__ void tile16(const float *In, float *Out) {
  __shared__ float T[16][16];
  __shared__ float P[16][18];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  float V = In[Ty * 16 + Tx]; // expect: global load sectors=4 ideal=4
  T[Ty][Tx ^ (Ty % 16)] = V;              // expect: shared store wavefronts=1 ideal=1
  P[Ty][Tx] = V;              // expect: shared store wavefronts=2 ideal=1
  __syncthreads();
  // Column of a 16-float pitch: lanes tx and tx+2 land in the same bank.
  float A = T[Tx][Ty ^ (Tx % 16)]; // expect: shared load wavefronts=8 ideal=1
  // Padding by one is not enough here: rows ty and ty+1 meet in one bank.
  float B = P[Tx][Ty]; // expect: shared load wavefronts=2 ideal=1
  Out[Ty * 16 + Tx] = A + B; // expect: global store sectors=4 ideal=4
}

// Block 8x8: a warp spans 4 rows; P's rows 9 words apart wrap past bank 31.
__global__ void tile8(const float *In, float *Out) {
  __shared__ float T[8][8];
  __shared__ float P[8][12];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  float V = In[Ty * 8 + Tx]; // expect: global load sectors=4 ideal=4
  T[Ty][Tx ^ (Ty % 8)] = V;             // expect: shared store wavefronts=1 ideal=1
  P[Ty][Tx] = V;             // expect: shared store wavefronts=2 ideal=1
  __syncthreads();
  float A = T[Tx][Ty ^ (Tx % 8)];       // expect: shared load wavefronts=2 ideal=1
  float B = P[Tx][Ty];       // expect: shared load wavefronts=2 ideal=1
  float C = T[Ty][Tx ^ (Ty % 8)];       // expect: shared load wavefronts=1 ideal=1
  Out[Ty * 8 + Tx] = A + B + C; // expect: global store sectors=4 ideal=4
}

// Global side of narrow blocks: rows of 8 floats are one sector each, but a
// column walk touches a sector per distinct x.
__global__ void walk8(const float *In, float *Out, int Pitch) {
  int X = blockIdx.x * 8 + threadIdx.x;
  int Y = blockIdx.y * 8 + threadIdx.y;
  float Row = In[Y * Pitch + X]; // expect: global load sectors=4 ideal=4
  float Col = In[X * Pitch + Y]; // expect: global load sectors=8 ideal=4
  Out[Y * Pitch + X] = Row + Col; // expect: global store sectors=4 ideal=4
}

int main() {
  float *In, *Out;
  cudaMalloc(&In, 1 << 22);
  cudaMalloc(&Out, 1 << 22);
  cudaMemset(In, 0, 1 << 22);
  tile16<<<1, dim3(16, 16)>>>(In, Out);
  tile8<<<1, dim3(8, 8)>>>(In, Out);
  walk8<<<dim3(8, 8), dim3(8, 8)>>>(In, Out, 512);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("narrow_blocks: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
