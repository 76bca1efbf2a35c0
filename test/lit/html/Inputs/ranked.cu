// Input of the HTML report's tests: findings whose estimated speed-ups
// differ (a transpose through a 32-way conflicted tile, sums over a tile's
// rows that nvcc reads 16 bytes at a time, strided loads in a kernel that
// launch overhead dominates), each with a picture, the tiles with fixes.
constexpr int Blocks = 4096;

__global__ void transposeTile(const float *In, float *Out) {
  __shared__ float Tile[32][32];
  unsigned X = blockIdx.x * 32 + threadIdx.x, Y = threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = In[Y * Blocks * 32 + X];
  __syncthreads();
  float Sum = 0;
  for (int K = 0; K < 32; ++K)
    Sum += Tile[threadIdx.x][K];
  Out[Y * Blocks * 32 + X] = Sum;
}

__global__ void transposeNaive(const float *In, float *Out) {
  __shared__ float Tile[32][32];
  unsigned X = blockIdx.x * 32 + threadIdx.x, Y = threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = In[Y * Blocks * 32 + X];
  __syncthreads();
  Out[Y * Blocks * 32 + X] = Tile[threadIdx.x][threadIdx.y];
}

__global__ void stridedLoads(const float *In, float *Out) {
  unsigned I = blockIdx.x * 256 + threadIdx.x;
  Out[I] = In[I * 2];
}

void run(const float *In, float *Out) {
  transposeTile<<<Blocks, dim3(32, 32)>>>(In, Out);
  transposeNaive<<<Blocks, dim3(32, 32)>>>(In, Out);
  stridedLoads<<<Blocks, 256>>>(In, Out);
}
