// A project with its own cuda.h on an -I folder (as Rodinia's b+tree has
// util/cuda/cuda.h): nvcc's runtime headers still read the toolkit's, and so
// does warplint's parse; the file's own `#include "cuda.h"` gets the
// project's, as with nvcc.
// REQUIRES: cuda-toolkit
// RUN: %exit 1 %warplint %s -- -I %S/Inputs/own-cuda-h/util --cuda-path=%cuda_path 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// ERR-NOT: error:
// ERR-NOT: CUDA_VERSION

#include "cuda.h"

#ifndef PROJECT_TILE
#error "the project's own cuda.h was not included"
#endif

__global__ void tile(float *out) {
  __shared__ float s[PROJECT_TILE][PROJECT_TILE];
  s[threadIdx.x][0] = 1.0f;
  __syncthreads();
  // CHECK: own-cuda-h.cu:[[@LINE+1]]:22: warning: 32-way shared memory bank conflict on 's'
  out[threadIdx.x] = s[threadIdx.x][0];
}

int main() { tile<<<1, 32>>>(nullptr); }
