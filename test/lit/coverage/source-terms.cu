// Reasons quote expressions the way the source writes them, not as the
// solver rewrote them. Without a launch, the solver analyzes one warp with
// threadIdx.x = 32 * W + lane and blockDim.x = 32 * B (docs/solver.md,
// "Warp layout"); a reason quoting a guard says 'threadIdx.x +
// blockIdx.x * blockDim.x', never 'threadIdx.x + threadIdx.x / 32 * 32'.
// RUN: %exit 0 %warplint --all-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not='/ 32'

// The store's row adds 'ImageW' to the guard's column: the guard and the
// address both use 'ImageW' with the warp's first thread, which no exact
// reduction follows.
__global__ void copyRows(float *Dst, const float *Src, int ImageW) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < ImageW)
    Dst[blockIdx.y * ImageW + X] = Src[X];
  // CHECK: source-terms.cu:[[@LINE-1]]:36: remark: global load of 'Src' (4 bytes) in kernel 'copyRows': 4 sectors per request (mean 4.0, ideal 4, coalesced) when ImageW - (blockIdx.x * blockDim.x + threadIdx.x - threadIdx.x % 32) >= 25
  // CHECK: source-terms.cu:[[@LINE-2]]:5: remark: global store of 'Dst' (4 bytes) in kernel 'copyRows': unknown: active lanes depend on 'threadIdx.x + blockIdx.x * blockDim.x - ImageW < 0', which uses 'ImageW' and 'threadIdx.x - threadIdx.x % 32' together
}
