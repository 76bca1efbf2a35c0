// Device code nvcc accepts and clang's CUDA mode rejects, where the
// difference does not change what memory is accessed: each construct is
// tolerated (one note per kind) and the rest of the kernel is analyzed.
// RUN: %exit 1 %warplint %s -- 2>%t.err | FileCheck %s --implicit-check-not=error:
// RUN: FileCheck --check-prefix=NOTE %s --implicit-check-not=error: < %t.err
// RUN: %exit 1 %warplint --no-cuda-toolkit %s -- 2>%t.err | FileCheck %s --implicit-check-not=error:
// RUN: FileCheck --check-prefix=NOTE %s --implicit-check-not=error: < %t.err

#include <cuda_runtime.h>

// An object with a constructor in __shared__ memory (like cuda::barrier):
// nvcc warns that it runs no initializer, clang rejects the declaration.
struct Counter {
  __device__ Counter() : N(0) {}
  int N;
};

__device__ unsigned long long nowNanoseconds() {
  unsigned long long T;
  // PTX special registers need no %% for nvcc.
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(T));
  return T;
}

__device__ void release(unsigned char *Flag, unsigned char V) {
  unsigned int R = V;
  // nvcc accepts operands without a comma between them.
  asm volatile("st.release.gpu.global.u8 [%1], %0;" ::"r"(R) "l"(Flag) : "memory");
}

__global__ void child(float *out) { out[threadIdx.x] = 0.0f; }

__global__ void parent(float *out, unsigned char *flags) {
  __shared__ Counter C;
  __shared__ float s[64 * 2];
  // Cache-hinted stores on plain pointers: nvcc's sm_32 intrinsics.
  __stcs(out + threadIdx.x, 1.0f);
  __stcg(out + blockDim.x + threadIdx.x, 2.0f);
  s[threadIdx.x * 2] = float(nowNanoseconds());
  // CHECK: nvcc-dialect.cu:[[@LINE-1]]:3: warning: 2-way shared memory bank conflict on 's'
  release(flags, 1);
  // A launch from device code, compiled without -rdc here (nvcc would
  // need -rdc to build it): the parse runs as relocatable code (nvcc's
  // dynamic shared memory of any type needs it), so this is no error.
  if (threadIdx.x == 0)
    child<<<1, 32>>>(out);
}

int main() {
  float *out;
  unsigned char *flags;
  cudaMalloc(&out, 256 * sizeof(float));
  cudaMalloc(&flags, 1);
  parent<<<1, 64>>>(out, flags);
  return 0;
}
// NOTE: warplint: note: ignored 1 clang error about __shared__ initialization (nvcc accepts it with a warning and runs no initializer; the object's layout is analyzed); first: {{.*}}nvcc-dialect.cu:34:22: initialization is not supported for __shared__ variables
// NOTE: warplint: note: ignored 2 clang errors in inline assembly (nvcc passes asm text to ptxas as written; clang drops such a statement, so memory accesses it makes are not analyzed); first: {{.*}}nvcc-dialect.cu:21:31: invalid % escape
