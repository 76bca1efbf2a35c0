// Where a block's shared memory lies in the shared window on the H100
// (warplint issue 40, item 2): the window offset (__cvta_generic_to_shared)
// of dynamic shared memory declared without an alignment, with and without
// static shared arrays before it, and of the static arrays themselves. An
// XOR swizzle of an absolute shared address (`a ^ ((a & 0x380) >> 3)`) is a
// function of the offset alone only when the base's low bits are known.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o shared_base shared_base.cu
//   ./shared_base        (prints one line per kernel; shared_base.txt)
#include <cstdint>
#include <cstdio>
#include <cuda_fp16.h>

__device__ unsigned win(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

template <int Static, int Align>
__global__ void withStatic(unsigned *Out) {
  extern __shared__ half Dyn[];
  __shared__ __align__(Align) unsigned char S[Static];
  S[threadIdx.x % Static] = 1;
  Out[0] = win(Dyn);
  Out[1] = win(S);
  Out[2] = S[(threadIdx.x + 1) % Static];
}

__global__ void dynamicOnly(unsigned *Out) {
  extern __shared__ half Dyn[];
  Out[0] = win(Dyn);
  Out[1] = 0;
  Out[2] = 0;
}

__global__ void dynamicBytes(unsigned *Out) {
  extern __shared__ unsigned char Bytes[];
  Out[0] = win(Bytes);
  Out[1] = 0;
  Out[2] = 0;
}

template <typename K> void run(const char *Name, K Kernel, int Dynamic) {
  unsigned *D, H[3];
  cudaMalloc(&D, sizeof(H));
  if (Dynamic > 48 * 1024)
    cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         Dynamic);
  Kernel<<<1, 32, Dynamic>>>(D);
  cudaError_t E = cudaMemcpy(H, D, sizeof(H), cudaMemcpyDeviceToHost);
  printf("%-28s dynamic %6d bytes: dynamic at 0x%05x, static at 0x%05x (%s)\n",
         Name, Dynamic, H[0], H[1], cudaGetErrorString(E));
  cudaFree(D);
}

int main() {
  int Reserved = 0;
  cudaDeviceGetAttribute(&Reserved, cudaDevAttrReservedSharedMemoryPerBlock, 0);
  printf("reserved shared memory per block: %d bytes\n", Reserved);
  for (int Dynamic : {256, 4096, 65536}) {
    run("dynamicOnly (half)", dynamicOnly, Dynamic);
    run("dynamicBytes (uint8_t)", dynamicBytes, Dynamic);
    run("static 4 B, align 4", withStatic<4, 4>, Dynamic);
    run("static 100 B, align 4", withStatic<100, 4>, Dynamic);
    run("static 1000 B, align 16", withStatic<1000, 16>, Dynamic);
    run("static 4100 B, align 128", withStatic<4100, 128>, Dynamic);
    run("static 4096 B, align 1024", withStatic<4096, 1024>, Dynamic);
  }
  return 0;
}
