// Input of sort-and-filter.test: the finding worth less comes first in the
// file.
constexpr int Blocks = 8192;

__global__ void dramBound(const float *In, float *Out) {
  __shared__ float T[32][32];
  unsigned I = blockIdx.x * 1024 + threadIdx.y * 32 + threadIdx.x;
  T[threadIdx.y][threadIdx.x] = In[I];
  __syncthreads();
  Out[I] = In[I + Blocks * 1024] + In[I + 2 * Blocks * 1024] +
           In[I + 3 * Blocks * 1024] + T[threadIdx.x][threadIdx.y];
}

__global__ void sharedBound(float *Out) {
  __shared__ float T[32][32];
  T[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  float Sum = 0;
  for (int K = 0; K < 32; ++K)
    Sum += T[threadIdx.x][K];
  Out[blockIdx.x * 1024 + threadIdx.y * 32 + threadIdx.x] = Sum;
}

void run(float *In, float *Out) {
  sharedBound<<<Blocks, dim3(32, 32)>>>(Out);
  dramBound<<<Blocks, dim3(32, 32)>>>(In, Out);
}
