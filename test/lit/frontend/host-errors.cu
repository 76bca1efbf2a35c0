// nvcc compiles host code with the host compiler, which accepts code that
// clang's CUDA mode rejects. Such errors must not cost the analysis of the
// device code: they are summarized in one note, the kernels are analyzed,
// and the launch in the same host function still gives the block shape.
// RUN: %exit 1 %warplint %s -- 2>%t.err | FileCheck %s --implicit-check-not=error:
// RUN: FileCheck --check-prefix=NOTE %s --implicit-check-not=error: < %t.err
// RUN: %exit 1 %warplint --no-cuda-toolkit %s -- 2>%t.err | FileCheck %s --implicit-check-not=error:
// RUN: FileCheck --check-prefix=NOTE %s --implicit-check-not=error: < %t.err

#include <cuda_runtime.h>

struct Meters {
  float V;
};

__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: host-errors.cu:[[@LINE-1]]:41: warning: 32-way shared memory bank conflict on 'tile'
}

// Host-only helpers with errors gcc would not have: a call no overload
// matches, an undeclared function, a bad conversion.
static int pick(int Rows, Meters M) { return unknownHelper(Rows) + M; }

int main() {
  float *in, *out;
  cudaMalloc(&in, 32 * 32 * sizeof(float));
  cudaMalloc(&out, 32 * 32 * sizeof(float));
  Meters M = {1.0f};
  int Unused = pick(3, M) + M;
  transposeTile<<<1, dim3(32, 32)>>>(out, in);
  // CHECK: note: assuming block 32x32x1 from the launch at {{.*}}host-errors.cu:[[@LINE-1]]:3
  return 0;
}
// NOTE: warplint: note: ignored 2 clang errors in host code (nvcc compiles host code with the host compiler; device code was analyzed); first: {{.*}}host-errors.cu:26:46: use of undeclared identifier 'unknownHelper'
