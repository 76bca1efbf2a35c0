// An instance of a kernel template with an error nvcc does not report but
// that warplint cannot take back: a __shared__ object initialized with an
// argument (nvcc warns and runs no initializer; clang rejects it and, in an
// instance, instantiates no body). None of its accesses can be listed, so
// the kernel is named in a note, shown by default, instead of vanishing; a
// non-template kernel with the same declaration keeps its body and is
// analyzed. (An object whose default constructor clang rejects is taken
// back: shared-object-constructor.cu.)
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s
// RUN: %warplint --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=NOTE
struct Counter {
  __device__ Counter(int N) : N(N) {}
  int N;
};

template <int B> __global__ void templated(int *A) {
  // CHECK-DAG: warplint: note: kernel 'templated<2>' ({{.*}}dropped-template-kernel.cu:[[#@LINE-1]]) not analyzed: clang instantiated no body for it after an error in it that nvcc does not report
  // NOTE: warplint: note: kernel 'templated<2>' ({{.*}}dropped-template-kernel.cu:[[#@LINE-2]]) not analyzed
  __shared__ Counter C(B);
  A[threadIdx.x * B] = C.N;
}

__global__ void plain(int *A) {
  __shared__ Counter C(2);
  // CHECK-DAG: dropped-template-kernel.cu:[[#@LINE+1]]:3: remark: global store of 'A' (4 bytes) in kernel 'plain'
  A[threadIdx.x] = 1;
}

int main() {
  int *A = nullptr;
  templated<2><<<1, 32>>>(A);
  plain<<<1, 32>>>(A);
}
