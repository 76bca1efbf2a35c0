// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --exit-zero %s -- > /dev/null

#define TILE 32

__global__ void transposeNaive(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: transpose.cu:[[@LINE-1]]:20: warning: 32-way shared memory bank conflict on 'tile' (32 wavefronts per request, ideal 1) [warplint-bank-conflict]
  // CHECK-NEXT: out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NEXT: {{^ +\| +}}^~~~
  // CHECK: note: consecutive lanes differ in threadIdx.x and are 128 bytes apart (32 words); since gcd(32, 32) = 32
  // CHECK: note: for example lane 0 (threadIdx (0, 0, 0)) and lane 1 (threadIdx (1, 0, 0)) of warp 0 both use bank 0, at byte offsets 0 and 128 of 'tile'
  // CHECK: transpose.cu:[[@LINE+16]]:3: note: assuming block 32x32x1 from the launch at {{.*}}transpose.cu:[[@LINE+16]]:3
}

__global__ void transposePadded(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out, const float *in, int n) {
  dim3 block(TILE, TILE);
  transposeNaive<<<dim3(n / TILE, n / TILE), block>>>(out, in, n);
  transposePadded<<<dim3(n / TILE, n / TILE), block>>>(out, in, n);
}
