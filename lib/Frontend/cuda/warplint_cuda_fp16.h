//===- warplint_cuda_fp16.h - 16-bit floating-point storage types ---------===//
//
// __half, __half2, __nv_bfloat16 and __nv_bfloat162 with CUDA's sizes and
// alignments (2, 4, 2, 4 bytes). Arithmetic goes through float: warplint
// needs the types to have the right layout and the common expressions to
// type-check, not bit-exact half arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CUDA_FP16_H
#define WARPLINT_CUDA_FP16_H

#define __WARPLINT_HALF_TYPE(NAME, TO_FLOAT, FROM_FLOAT)                       \
  struct __attribute__((aligned(2))) NAME {                                    \
    unsigned short __x;                                                        \
    NAME() = default;                                                          \
    __host__ __device__ NAME(float f) : __x(FROM_FLOAT(f).__x) {}              \
    template <typename T, typename = decltype(static_cast<float>(T()))>        \
    __host__ __device__ NAME(T v) : NAME(static_cast<float>(v)) {}             \
    __host__ __device__ operator float() const;                                \
    __host__ __device__ NAME &operator+=(NAME o) {                             \
      return *this = NAME(float(*this) + float(o));                            \
    }                                                                          \
    __host__ __device__ NAME &operator*=(NAME o) {                             \
      return *this = NAME(float(*this) * float(o));                            \
    }                                                                          \
  };                                                                           \
  __host__ __device__ NAME FROM_FLOAT(float);                                  \
  __host__ __device__ float TO_FLOAT(NAME);                                    \
  __host__ __device__ inline NAME::operator float() const {                    \
    return TO_FLOAT(*this);                                                    \
  }                                                                            \
  __host__ __device__ inline NAME operator+(NAME a, NAME b) {                  \
    return NAME(float(a) + float(b));                                          \
  }                                                                            \
  __host__ __device__ inline NAME operator-(NAME a, NAME b) {                  \
    return NAME(float(a) - float(b));                                          \
  }                                                                            \
  __host__ __device__ inline NAME operator*(NAME a, NAME b) {                  \
    return NAME(float(a) * float(b));                                          \
  }                                                                            \
  __host__ __device__ inline NAME operator/(NAME a, NAME b) {                  \
    return NAME(float(a) / float(b));                                          \
  }

// The constructors need the conversion functions declared first.
struct __half;
struct __nv_bfloat16;
__host__ __device__ __half __float2half(float);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);

__WARPLINT_HALF_TYPE(__half, __half2float, __float2half)
__WARPLINT_HALF_TYPE(__nv_bfloat16, __bfloat162float, __float2bfloat16)
#undef __WARPLINT_HALF_TYPE

typedef __half half;
typedef __nv_bfloat16 nv_bfloat16;

struct __attribute__((aligned(4))) __half2 {
  __half x, y;
};
struct __attribute__((aligned(4))) __nv_bfloat162 {
  __nv_bfloat16 x, y;
};
typedef __half2 half2;
typedef __nv_bfloat162 nv_bfloat162;

__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ float2 __half22float2(__half2);
__device__ __half2 __hadd2(__half2, __half2);
__device__ __half2 __hmul2(__half2, __half2);
__device__ __half2 __hfma2(__half2, __half2, __half2);
__device__ __half __hadd(__half, __half);
__device__ __half __hmul(__half, __half);
__device__ __half __hfma(__half, __half, __half);

#endif // WARPLINT_CUDA_FP16_H
