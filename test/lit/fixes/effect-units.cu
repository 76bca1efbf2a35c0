// What a fix note's figures count, labelled: per block, and per launch when
// the grid is known and has more than one block; where a loop's trip count
// is a run-time value the per-block sum would count the loop's access once,
// so the note names the accesses the edit changes, per request.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s

// 64 blocks of 32x8 threads: the totals over the launch are 64 times those
// of a block.
__global__ void tileOfGrid(float *out, const float *in) {
  __shared__ float t[32][32];
  for (int j = 0; j < 32; j += 8)
    t[threadIdx.y + j][threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(threadIdx.y + j) * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y + j];
  // CHECK: :[[@LINE-1]]:49: warning: 32-way shared memory bank conflict on 't'
  // CHECK: note: pad the rows of 't' to 33 elements (t[32][33]): every access of 't' becomes conflict-free (1056 -> 64 wavefronts per block, 67584 -> 4096 per launch)
}

// The column read sits in a loop of n iterations: no total per block.
__global__ void tileInLoop(float *out, const float *in, int n) {
  __shared__ float u[32][32];
  u[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += u[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:10: warning: 32-way shared memory bank conflict on 'u'
  // CHECK: note: pad the rows of 'u' to 33 elements (u[32][33]): every access of 'u' becomes conflict-free (line [[@LINE-2]]: 32 -> 1 wavefronts per request; no totals per block: a loop's trip count is a run-time value)
  out[threadIdx.y * 32 + threadIdx.x] = s;
}

void launch(float *out, const float *in, int n) {
  tileOfGrid<<<64, dim3(32, 8)>>>(out, in);
  tileInLoop<<<1, dim3(32, 32)>>>(out, in, n);
}
