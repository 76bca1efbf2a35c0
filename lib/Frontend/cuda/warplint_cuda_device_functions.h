//===- warplint_cuda_device_functions.h - CUDA device intrinsics ----------===//
//
// Barriers, fences, atomics, warp-level primitives, bit tricks and __ldg.
// Declarations only: a device-only -fsyntax-only parse never needs bodies,
// and these have external linkage, so clang does not ask for them.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CUDA_DEVICE_FUNCTIONS_H
#define WARPLINT_CUDA_DEVICE_FUNCTIONS_H

// Barriers and fences.
__device__ void __syncthreads();
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence();
__device__ void __threadfence_block();
__device__ void __threadfence_system();
__device__ long long clock64();
__device__ long clock();
// Address-space conversions for inline PTX (sm_20_intrinsics.h); the
// analysis reads them by name.
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_global_to_generic(size_t rawbits);
__device__ void __nanosleep(unsigned int ns);
__device__ void __trap();

// Atomics: the overloads CUDA provides for each operation.
#define __WARPLINT_ATOMIC2(NAME, T) __device__ T NAME(T *address, T val);
#define __WARPLINT_ATOMIC_SCOPES(NAME, T)                                      \
  __WARPLINT_ATOMIC2(NAME, T)                                                  \
  __WARPLINT_ATOMIC2(NAME##_block, T)                                          \
  __WARPLINT_ATOMIC2(NAME##_system, T)

__WARPLINT_ATOMIC_SCOPES(atomicAdd, int)
__WARPLINT_ATOMIC_SCOPES(atomicAdd, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicAdd, unsigned long long)
__WARPLINT_ATOMIC_SCOPES(atomicAdd, float)
__WARPLINT_ATOMIC_SCOPES(atomicAdd, double)
__WARPLINT_ATOMIC_SCOPES(atomicAdd, __half2)
__WARPLINT_ATOMIC_SCOPES(atomicAdd, __half)
__WARPLINT_ATOMIC_SCOPES(atomicSub, int)
__WARPLINT_ATOMIC_SCOPES(atomicSub, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicExch, int)
__WARPLINT_ATOMIC_SCOPES(atomicExch, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicExch, unsigned long long)
__WARPLINT_ATOMIC_SCOPES(atomicExch, float)
__WARPLINT_ATOMIC_SCOPES(atomicMin, int)
__WARPLINT_ATOMIC_SCOPES(atomicMin, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicMin, long long)
__WARPLINT_ATOMIC_SCOPES(atomicMin, unsigned long long)
__WARPLINT_ATOMIC_SCOPES(atomicMax, int)
__WARPLINT_ATOMIC_SCOPES(atomicMax, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicMax, long long)
__WARPLINT_ATOMIC_SCOPES(atomicMax, unsigned long long)
__WARPLINT_ATOMIC_SCOPES(atomicInc, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicDec, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicAnd, int)
__WARPLINT_ATOMIC_SCOPES(atomicAnd, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicAnd, unsigned long long)
__WARPLINT_ATOMIC_SCOPES(atomicOr, int)
__WARPLINT_ATOMIC_SCOPES(atomicOr, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicOr, unsigned long long)
__WARPLINT_ATOMIC_SCOPES(atomicXor, int)
__WARPLINT_ATOMIC_SCOPES(atomicXor, unsigned int)
__WARPLINT_ATOMIC_SCOPES(atomicXor, unsigned long long)
#undef __WARPLINT_ATOMIC_SCOPES
#undef __WARPLINT_ATOMIC2

__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare,
                                  unsigned int val);
__device__ unsigned long long atomicCAS(unsigned long long *address,
                                        unsigned long long compare,
                                        unsigned long long val);
__device__ unsigned short atomicCAS(unsigned short *address,
                                    unsigned short compare, unsigned short val);

// Warp-level primitives.
#define __WARPLINT_SHFL(T)                                                     \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane,              \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,    \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,  \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,         \
                               int width = 32);
__WARPLINT_SHFL(int)
__WARPLINT_SHFL(unsigned int)
__WARPLINT_SHFL(long)
__WARPLINT_SHFL(unsigned long)
__WARPLINT_SHFL(long long)
__WARPLINT_SHFL(unsigned long long)
__WARPLINT_SHFL(float)
__WARPLINT_SHFL(double)
__WARPLINT_SHFL(__half)
__WARPLINT_SHFL(__half2)
#undef __WARPLINT_SHFL

__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ unsigned int __uni_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask();
__device__ unsigned int __match_any_sync(unsigned int mask, int value);
__device__ unsigned int __match_any_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __match_all_sync(unsigned int mask, int value,
                                         int *pred);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_add_sync(unsigned int mask,
                                          unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);

// Bit manipulation and integer intrinsics.
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y,
                                    unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x,
                                         unsigned long long y);

// Read-only data cache loads.
#define __WARPLINT_LDG(T) __device__ T __ldg(const T *ptr);
__WARPLINT_LDG(char)
__WARPLINT_LDG(signed char)
__WARPLINT_LDG(unsigned char)
__WARPLINT_LDG(short)
__WARPLINT_LDG(unsigned short)
__WARPLINT_LDG(int)
__WARPLINT_LDG(unsigned int)
__WARPLINT_LDG(long)
__WARPLINT_LDG(unsigned long)
__WARPLINT_LDG(long long)
__WARPLINT_LDG(unsigned long long)
__WARPLINT_LDG(float)
__WARPLINT_LDG(double)
__WARPLINT_LDG(__half)
__WARPLINT_LDG(__half2)
__WARPLINT_LDG(char2)
__WARPLINT_LDG(char4)
__WARPLINT_LDG(uchar2)
__WARPLINT_LDG(uchar4)
__WARPLINT_LDG(short2)
__WARPLINT_LDG(short4)
__WARPLINT_LDG(ushort2)
__WARPLINT_LDG(ushort4)
__WARPLINT_LDG(int2)
__WARPLINT_LDG(int4)
__WARPLINT_LDG(uint2)
__WARPLINT_LDG(uint4)
__WARPLINT_LDG(longlong2)
__WARPLINT_LDG(ulonglong2)
__WARPLINT_LDG(float2)
__WARPLINT_LDG(float4)
__WARPLINT_LDG(double2)
#undef __WARPLINT_LDG

// Device-side printf. clang accepts this next to the C library's host
// declaration because the execution spaces differ.
extern "C" __device__ int printf(const char *format, ...);
extern "C" __device__ void __assertfail(const char *message, const char *file,
                                        unsigned int line, const char *function,
                                        size_t charSize);

#endif // WARPLINT_CUDA_DEVICE_FUNCTIONS_H
