//===- warplint_cuda_runtime.h - CUDA declarations without a toolkit ------===//
//
// warplint force-includes this file (-include) when it parses CUDA without a
// CUDA toolkit (--no-cuda-toolkit, or no toolkit found). It declares what
// typical kernels and their host-side launch code use, so that the device
// side parses and the access model can be built. It is not a runtime: device
// functions are declarations, or trivial inline bodies built on clang
// builtins where clang would otherwise warn about an undefined internal
// function. Types match CUDA's sizes and alignments, because the analysis
// computes byte addresses from them.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CUDA_RUNTIME_H
#define WARPLINT_CUDA_RUNTIME_H

#ifndef __CUDA__
#error "warplint_cuda_runtime.h is only meant for clang's CUDA mode"
#endif

// nvcc defines __CUDACC__ and much user code tests it; clang's own wrapper
// defines it too.
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif

// Execution-space and memory-space attributes. clang's cuda_wrappers headers
// (<algorithm>, <complex>, <new>), which stay on the include path with
// -nocudainc, need __host__ and __device__ before any user include.
// __noinline__ and __restrict__ are keywords in clang's CUDA mode; defining
// them as macros would break libstdc++, which spells
// __attribute__((__noinline__)).
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(N) __attribute__((aligned(N)))
#define __builtin_align__(N) __attribute__((aligned(N)))
#define __device_builtin__
#define __cudart_builtin__
#define CUDART_CB

#include <stddef.h>
// clang's cuda_wrappers/new, pulled in by any standard container, calls
// ::malloc and ::free; clang's own wrapper includes <stdlib.h> first too.
#include <stdlib.h>

#include "warplint_cuda_vector_types.h"

// threadIdx, blockIdx, blockDim, gridDim and warpSize: clang's own
// definitions (the same ones its wrapper uses with a real toolkit), so the
// AST is identical on both paths.
#include <__clang_cuda_builtin_vars.h>

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const {
  return uint3{x, y, z};
}
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const {
  return uint3{x, y, z};
}
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const {
  return uint3{x, y, z};
}
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const {
  return uint3{x, y, z};
}

// Order matters below (each uses the types of the ones before), so each
// include stands alone where include sorting cannot reorder it.
#include "warplint_cuda_fp16.h"

#include "warplint_cuda_device_functions.h"

#include "warplint_cuda_host_api.h"

#include "warplint_cuda_math.h"

#endif // WARPLINT_CUDA_RUNTIME_H
