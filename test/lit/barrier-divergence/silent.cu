// RUN: %exit 0 %warplint --checks='-*,warplint-barrier-divergence' %s -- 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:

// Conditions that mention threadIdx but hold for the whole block.
__global__ void wholeBlock(float *data) {
  __shared__ float s[64];
  if (threadIdx.x < 64) {
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
  }
  if (threadIdx.x < blockDim.x)
    __syncthreads();
}

// Block-uniform conditions and loops.
__global__ void uniform(float *data, int n, int flag) {
  __shared__ float s[256];
  if (blockIdx.x * blockDim.x < n && flag)
    __syncthreads();
  for (int k = 0; k < n; k += 256) {
    s[threadIdx.x] = data[k + threadIdx.x];
    __syncthreads();
  }
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  int any = __syncthreads_or(data[threadIdx.x] > 0);
  if (any)
    __syncthreads();
}

// The same number of barriers in both arms of an if/else.
__global__ void bothArms(float *data) {
  __shared__ float s[128];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
  } else {
    __syncthreads();
  }
}

// __syncwarp with the mask of exactly the lanes that reach it.
__global__ void warpMask(float *data) {
  if (threadIdx.x % 32 < 16)
    __syncwarp(0x0000ffff);
  __syncwarp();
}

int main() {
  float *p = 0;
  wholeBlock<<<1, 64>>>(p);
  uniform<<<4, 256>>>(p, 1000, 1);
  bothArms<<<1, 128>>>(p);
  warpMask<<<1, 128>>>(p);
}
