// A bound is a finding only when even its best case wastes: the lanes that
// run an access whatever the data already conflict in every request. Then
// the warning gives the least degree; otherwise the bound stays a remark
// (--show-unknown).
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --show-unknown %s -- 2>&1 | FileCheck %s --check-prefix=SHOW

// Lanes 0-7 of every warp store whatever the flags say, each on its own
// word of bank 0: at least 8 wavefronts, up to 32 when every flag is set.
__global__ void sureLanesConflict(const int *flag, float *out) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  if (t % 32 < 8 || flag[i])
    s[(t % 32) * 32] = 1.0f;
  // CHECK: proven-by-bounds.cu:[[@LINE-1]]:5: warning: at least 8-way shared memory bank conflict on 's' whatever the data (8 to 32 wavefronts per request, ideal 1) [warplint-bank-conflict]
  // CHECK: note: the lanes that execute it whatever the data already conflict in every request; the data decides the rest: active lanes depend on
  __syncthreads();
  out[i] = s[t];
}

// No lane is sure: a request may run with one lane, conflict-free. A
// remark with --show-unknown, never a warning.
__global__ void noSureLane(const int *flag, float *out) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  if (flag[i])
    s[(t % 32) * 32] = 1.0f;
  // SHOW: proven-by-bounds.cu:[[@LINE-1]]:5: remark: shared memory store of 's' needs 1 to 32 wavefronts per request, depending on the data
  __syncthreads();
  out[i] = s[t];
}

void run(const int *flag, float *out) {
  sureLanesConflict<<<4, 256>>>(flag, out);
  noSureLane<<<4, 256>>>(flag, out);
}
