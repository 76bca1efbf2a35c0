// Shared helpers of the hardware-validation kernels (issue 4).
//
// Every validation kernel keeps exactly one shared- or global-memory access
// per source line, so Nsight Compute's per-line counters belong to a single
// instruction. The fill helpers below are the one exception that is shared by
// many kernels: their lines live in this header and are measured too.
#ifndef WARPLINT_TEST_GPU_COMMON_CUH
#define WARPLINT_TEST_GPU_COMMON_CUH

#include <cstdio>
#include <cstdlib>

// Aborts with the failing call's text; a validation run must never go on
// with a kernel that did not execute, or its counters would be missing.
#define WL_CHECK(Call)                                                         \
  do {                                                                         \
    cudaError_t Err = (Call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,       \
                   cudaGetErrorString(Err));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Called after each launch: the launch itself stays written out in main so
// that warplint sees the literal block shape.
inline void launched(const char *Name) {
  WL_CHECK(cudaGetLastError());
  WL_CHECK(cudaDeviceSynchronize());
  std::printf("ran %s\n", Name);
}

// Fills N 4-byte words of a shared array with distinct values, linearly over
// the whole block (conflict-free: consecutive threads write consecutive
// words). Arrays of other element types are filled through a float view so
// that this line always is a 4-byte store.
__device__ inline void fillWords(float *S, int N) {
  int Tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int Threads = blockDim.x * blockDim.y * blockDim.z;
  for (int I = Tid; I < N; I += Threads)
    S[I] = float(I); // expect: shared store wavefronts=1 ideal=1
  __syncthreads();
}

// Device buffers every binary uses: large enough for any index below.
struct Buffers {
  float *In = nullptr;
  float *Out = nullptr;
  static constexpr size_t Bytes = size_t(64) << 20;
  Buffers() {
    WL_CHECK(cudaMalloc(&In, Bytes));
    WL_CHECK(cudaMalloc(&Out, Bytes));
    WL_CHECK(cudaMemset(In, 0, Bytes));
    WL_CHECK(cudaMemset(Out, 0, Bytes));
  }
  ~Buffers() {
    cudaFree(In);
    cudaFree(Out);
  }
};

#endif
