// nvcc accepts dynamic shared memory declared with any type (`extern
// __shared__ Storage s;`, the Hopper GEMMs' tile structs), with or without
// -rdc; clang's CUDA mode rejects it unless the code is relocatable. The
// parse accepts it as nvcc does, and the struct's members are placed in the
// dynamic window like an `extern __shared__ char[]`'s bytes. Whether the
// command compiles relocatable code still decides what ptxas knows of the
// static shared objects; with -fgpu-rdc (RUN 2) the parse is the same.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- -fgpu-rdc 2>&1 | FileCheck %s
// CHECK-NOT: error:

template <int N> struct Storage {
  float A[N][N];
  float B[N][N];
};

__global__ void tiles(float *Out) {
  extern __shared__ Storage<32> S;
  __shared__ float Fixed[32][33];
  // CHECK: extern-shared-struct.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: shared store of 'S' (4 bytes) in kernel 'tiles': 32 wavefronts per request (mean 32.0, ideal 1)
  S.A[threadIdx.x][0] = 1.0f;
  // CHECK: extern-shared-struct.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: shared store of 'S' (4 bytes) in kernel 'tiles': 1 wavefront per request (mean 1.0, ideal 1)
  S.B[0][threadIdx.x] = 2.0f;
  // CHECK: extern-shared-struct.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: shared store of 'Fixed' (4 bytes) in kernel 'tiles': 1 wavefront per request (mean 1.0, ideal 1)
  Fixed[threadIdx.x][0] = 3.0f;
  __syncthreads();
  Out[threadIdx.x] = S.A[0][threadIdx.x] + Fixed[0][threadIdx.x];
}

int main() {
  float *Out = nullptr;
  tiles<<<1, 32, sizeof(Storage<32>)>>>(Out);
}
