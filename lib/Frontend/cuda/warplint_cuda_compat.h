//===- warplint_cuda_compat.h - nvcc's device intrinsics clang lacks ------===//
//
// warplint force-includes this file (-include) in every device-side parse,
// after the CUDA runtime (the toolkit's through clang's wrapper, or
// warplint's own declarations). It declares the cache-hinted store
// intrinsics that nvcc's sm_32_intrinsics.hpp provides and clang's
// __clang_cuda_intrinsics.h does not (clang 22 has only __stwt), so that code
// nvcc compiles parses here too: `__stcs(float *, float)` must not be an
// error. The access model reads these calls by name (Frontend/CallEval.cpp)
// as one store of the pointee's width, which is what they are; declarations
// are enough for a syntax-only parse. Without a toolkit the load variants
// and __stwt are declared as well. It also includes the standard headers
// nvcc's pre-included runtime header brings in.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CUDA_COMPAT_H
#define WARPLINT_CUDA_COMPAT_H

#pragma clang system_header

// nvcc pre-includes cuda_runtime.h, whose crt/common_functions.h brings in
// these C and C++ headers; code that calls assert(), clock() or printf()
// without including them compiles with nvcc. clang's CUDA wrapper includes
// only some of them.
#include <assert.h>
#include <new>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef WARPLINT_CUDA_RUNTIME_H
// assert() in device code: glibc's __assert_fail is a host function; clang's
// CUDA wrapper declares a device one, which the built-in mode must too.
extern "C" __device__ void __assert_fail(const char *__message,
                                         const char *__file, unsigned __line,
                                         const char *__function);
#endif

#define __WARPLINT_STORE_HINTS(T)                                              \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);

#ifdef WARPLINT_CUDA_RUNTIME_H
#define __WARPLINT_BUILTIN_HINTS(T)                                            \
  __device__ void __stwt(T *ptr, T value);                                     \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldcg(const T *ptr);                                           \
  __device__ T __ldcs(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ T __ldcv(const T *ptr);
#else
#define __WARPLINT_BUILTIN_HINTS(T)
#endif

#define __WARPLINT_HINTS(T) __WARPLINT_STORE_HINTS(T) __WARPLINT_BUILTIN_HINTS(T)

__WARPLINT_HINTS(char)
__WARPLINT_HINTS(signed char)
__WARPLINT_HINTS(short)
__WARPLINT_HINTS(int)
__WARPLINT_HINTS(long long)
__WARPLINT_HINTS(unsigned char)
__WARPLINT_HINTS(unsigned short)
__WARPLINT_HINTS(unsigned int)
__WARPLINT_HINTS(unsigned long long)
__WARPLINT_HINTS(float)
__WARPLINT_HINTS(double)
__WARPLINT_HINTS(char2)
__WARPLINT_HINTS(char4)
__WARPLINT_HINTS(short2)
__WARPLINT_HINTS(short4)
__WARPLINT_HINTS(int2)
__WARPLINT_HINTS(int4)
__WARPLINT_HINTS(longlong2)
__WARPLINT_HINTS(uchar2)
__WARPLINT_HINTS(uchar4)
__WARPLINT_HINTS(ushort2)
__WARPLINT_HINTS(ushort4)
__WARPLINT_HINTS(uint2)
__WARPLINT_HINTS(uint4)
__WARPLINT_HINTS(ulonglong2)
__WARPLINT_HINTS(float2)
__WARPLINT_HINTS(float4)
__WARPLINT_HINTS(double2)

#undef __WARPLINT_HINTS
#undef __WARPLINT_BUILTIN_HINTS
#undef __WARPLINT_STORE_HINTS

#endif // WARPLINT_CUDA_COMPAT_H
