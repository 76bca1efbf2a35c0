// RUN: %exit 1 %warplint --checks='-*,warplint-barrier-divergence' %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

#define TILE 8

// Guarded tile load, then a barrier inside the same guard.
__global__ void guardedTile(float *out, const float *in, int M, int N) {
  __shared__ float tile[TILE][32];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M) {
    tile[threadIdx.y][threadIdx.x] = in[row * N + col];
    __syncthreads();
    // CHECK: classic.cu:[[@LINE-1]]:5: warning: __syncthreads() is not reached by all threads of the block: condition 'row < M' depends on threadIdx.y [warplint-barrier-divergence]
    // CHECK-NEXT: {{^ +}}[[@LINE-2]] | __syncthreads();
    // CHECK: classic.cu:[[@LINE-5]]:7: note: threadIdx (0, 0, 0) reaches the barrier and threadIdx (0, 1, 0) does not, for example with M = 1
    // CHECK: note: threads disagree when M % 8 != 0
    // CHECK: note: keep the barrier unconditional and guard only the work: every thread of the block must reach __syncthreads()
    // CHECK: note: assuming block 32x8x1 from the launch at
    out[row * N + col] = tile[TILE - 1 - threadIdx.y][threadIdx.x];
  }
}

// Out-of-range threads leave before the barrier.
__global__ void earlyReturn(float *data, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = data[i];
  __syncthreads();
  // CHECK: classic.cu:[[@LINE-1]]:3: warning: __syncthreads() is not reached by all threads of the block: condition 'i >= n' of an early exit depends on threadIdx.x [warplint-barrier-divergence]
  // CHECK: classic.cu:[[@LINE-5]]:7: note: threadIdx (0, 0, 0) reaches the barrier and threadIdx (232, 0, 0) does not
  // CHECK: note: keep the barrier unconditional and guard only the work: instead of leaving early
  // CHECK: note: assuming block 256x1x1
  data[i] = s[255 - threadIdx.x];
}

// Each thread runs its own number of iterations.
__global__ void threadTrip(float *data) {
  __shared__ float s[128];
  for (int k = 0; k < threadIdx.x; ++k) {
    s[threadIdx.x] = data[k];
    __syncthreads();
    // CHECK: classic.cu:[[@LINE-1]]:5: warning: __syncthreads() is not reached equally often by all threads of the block: the trip count of the loop over 'k' depends on threadIdx.x [warplint-barrier-divergence]
    // CHECK: classic.cu:[[@LINE-4]]:3: note: threadIdx (1, 0, 0) runs an iteration that threadIdx (0, 0, 0) does not
    // CHECK: note: keep the barrier unconditional and guard only the work: run the loop the same number of times
  }
}

// A barrier inside a branch that splits the warps.
__global__ void warpBranch(float *data) {
  __shared__ float s[128];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    // CHECK: classic.cu:[[@LINE-1]]:5: warning: __syncthreads() is not reached by all threads of the block: condition 'threadIdx.x < 32' depends on threadIdx.x [warplint-barrier-divergence]
    // CHECK: classic.cu:[[@LINE-4]]:7: note: threadIdx (0, 0, 0) reaches the barrier and threadIdx (32, 0, 0) does not
  }
}

// __syncwarp whose mask names lanes that do not reach it.
__global__ void warpMask(float *data) {
  if (threadIdx.x % 32 < 16)
    __syncwarp();
  // CHECK: classic.cu:[[@LINE-1]]:5: warning: __syncwarp() is not reached by every lane its mask names: lane 16 of warp 0 (threadIdx (16, 0, 0)) does not reach it [warplint-barrier-divergence]
  // CHECK: classic.cu:[[@LINE-3]]:7: note: condition 'threadIdx.x % 32 < 16' is false for threadIdx (16, 0, 0)
}

int main(int argc, char **argv) {
  float *p = 0;
  int m = argc * 100;
  guardedTile<<<dim3(4, (m + TILE - 1) / TILE), dim3(32, TILE)>>>(p, p, m, 128);
  earlyReturn<<<4, 256>>>(p, 1000);
  threadTrip<<<1, 128>>>(p);
  warpBranch<<<1, 128>>>(p);
  warpMask<<<1, 64>>>(p);
}
