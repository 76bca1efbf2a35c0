// A __shared__ object whose type has a constructor that is not empty
// (libcu++'s cuda::barrier, a struct with default member initializers):
// nvcc warns and runs no initializer; clang rejects the declaration, and in
// an instance of a template that drops the whole body. warplint
// instantiates such an instance again with the object's constructor and
// destructor taken as trivial, as nvcc takes them: every access of the
// kernel is listed, the object's own included, for a type that depends on
// the template's parameters too. In a function written once clang keeps
// the body but drops each statement that uses the object: such a file is
// parsed a second time with the class taken so from its definition on.
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --implicit-check-not="not analyzed"
struct Counter {
  int N = 0;
  __device__ Counter() {}
  __device__ ~Counter() { N = 1; }
};

template <int B> struct Box {
  float V[128] = {};
  __device__ Box() {}
};

template <int B> __global__ void counted(int *A) {
  __shared__ Counter C;
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+1]]:3: remark: shared store of 'C.N' (4 bytes) in kernel 'counted<2>'
  C.N = B;
  __syncthreads();
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+2]]:3: remark: global store of 'A' (4 bytes) in kernel 'counted<2>': 8 sectors per request
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+1]]:24: remark: shared load of 'C.N' (4 bytes) in kernel 'counted<2>'
  A[threadIdx.x * B] = C.N;
}

template <int B> __global__ void boxed(float *A) {
  __shared__ Box<B> Tiles[2];
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+1]]:3: remark: shared store of 'Tiles{{.*}}' (4 bytes) in kernel 'boxed<4>': 1 wavefront per request
  Tiles[1].V[threadIdx.x % 32] = A[threadIdx.x];
  __syncthreads();
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+1]]:20: remark: shared load of 'Tiles{{.*}}' (4 bytes) in kernel 'boxed<4>': 4 wavefronts per request
  A[threadIdx.x] = Tiles[1].V[threadIdx.x * B % 128];
}

struct Stage {
  int Slot[64] = {};
  __device__ Stage() {}
};

__global__ void plain(int *A) {
  __shared__ Stage S;
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+1]]:3: remark: shared store of 'S{{.*}}' (4 bytes) in kernel 'plain': 2 wavefronts per request
  S.Slot[threadIdx.x * 2] = 1;
  __syncthreads();
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+2]]:3: remark: global store of 'A' (4 bytes) in kernel 'plain'
  // CHECK-DAG: shared-object-constructor.cu:[[#@LINE+1]]:20: remark: shared load of 'S{{.*}}' (4 bytes) in kernel 'plain': 1 wavefront per request
  A[threadIdx.x] = S.Slot[threadIdx.x];
}

int main() {
  int *A = nullptr;
  float *F = nullptr;
  counted<2><<<1, 32>>>(A);
  boxed<4><<<1, 32>>>(F);
  plain<<<1, 32>>>(A);
}
