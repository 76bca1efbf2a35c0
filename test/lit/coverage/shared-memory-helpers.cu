// Dynamic shared memory reached through a helper type, as templated
// reductions write it: a conversion operator or a method that returns the
// extern __shared__ array, never touching its object. The helper is inlined
// like a free function, so the accesses through the returned pointer are
// listed and exact (a method that reads its own members stays opaque).
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s

template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int Raw[];
    return (T *)Raw;
  }
};

struct IntBuffer {
  __device__ int *getPointer() {
    extern __shared__ int Ints[];
    return Ints;
  }
  static __device__ int *first() {
    extern __shared__ int Ints[];
    return Ints;
  }
};

template <class T, unsigned BlockSize>
__global__ void reduceTo(const T *In, T *Out) {
  T *Data = SharedMemory<T>();
  unsigned Tid = threadIdx.x;
  Data[Tid] = In[blockIdx.x * BlockSize + Tid];
  // CHECK: shared-memory-helpers.cu:[[@LINE-1]]:3: remark: shared store of 'Raw' (4 bytes) in kernel 'reduceTo<float, 128U>': 1 wavefront per request
  __syncthreads();
  if (Tid % 32 == 0)
    Out[blockIdx.x] = Data[Tid / 32];
  // CHECK: shared-memory-helpers.cu:[[@LINE-1]]:23: remark: shared load of 'Raw' (4 bytes) in kernel 'reduceTo<float, 128U>': 1 wavefront per request
}

__global__ void strided(int *Out) {
  IntBuffer Buffer;
  int *S = Buffer.getPointer();
  S[threadIdx.x * 2] = 1;
  // CHECK: shared-memory-helpers.cu:[[@LINE-1]]:3: remark: shared store of 'Ints' (4 bytes) in kernel 'strided': 2 wavefronts per request
  Out[threadIdx.x] = IntBuffer::first()[threadIdx.x];
  // CHECK: shared-memory-helpers.cu:[[@LINE-1]]:22: remark: shared load of 'Ints' (4 bytes) in kernel 'strided': 1 wavefront per request
}

void launch(const float *In, float *Out, int *Ints) {
  reduceTo<float, 128><<<64, 128, 128 * sizeof(float)>>>(In, Out);
  strided<<<1, 32, 64 * sizeof(int)>>>(Ints);
}
