//===- warplint_cuda_math.h - Device math functions -----------------------===//
//
// Single- and double-precision math, the fast intrinsics and CUDA's min/max
// overloads, as static device functions. Static device overloads sit next to
// the C library's host declarations of the same names (clang overloads on
// the execution space), which is what clang's own CUDA wrapper does too.
// Bodies use clang builtins: a static function that is used must be
// defined, and the builtins keep constant folding meaningful.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CUDA_MATH_H
#define WARPLINT_CUDA_MATH_H

#define __WARPLINT_MATH static __device__ __forceinline__

#define __WARPLINT_UNARY(NAME, T, BODY)                                        \
  __WARPLINT_MATH T NAME(T x) { return BODY; }
#define __WARPLINT_BINARY(NAME, T, BODY)                                       \
  __WARPLINT_MATH T NAME(T x, T y) { return BODY; }

__WARPLINT_UNARY(sqrtf, float, __builtin_sqrtf(x))
__WARPLINT_UNARY(rsqrtf, float, 1.0f / __builtin_sqrtf(x))
__WARPLINT_UNARY(cbrtf, float, __builtin_cbrtf(x))
__WARPLINT_UNARY(expf, float, __builtin_expf(x))
__WARPLINT_UNARY(exp2f, float, __builtin_exp2f(x))
__WARPLINT_UNARY(logf, float, __builtin_logf(x))
__WARPLINT_UNARY(log2f, float, __builtin_log2f(x))
__WARPLINT_UNARY(log10f, float, __builtin_log10f(x))
__WARPLINT_UNARY(sinf, float, __builtin_sinf(x))
__WARPLINT_UNARY(cosf, float, __builtin_cosf(x))
__WARPLINT_UNARY(tanf, float, __builtin_tanf(x))
__WARPLINT_UNARY(tanhf, float, __builtin_tanhf(x))
__WARPLINT_UNARY(fabsf, float, __builtin_fabsf(x))
__WARPLINT_UNARY(floorf, float, __builtin_floorf(x))
__WARPLINT_UNARY(ceilf, float, __builtin_ceilf(x))
__WARPLINT_UNARY(roundf, float, __builtin_roundf(x))
__WARPLINT_UNARY(truncf, float, __builtin_truncf(x))
__WARPLINT_UNARY(__expf, float, __builtin_expf(x))
__WARPLINT_UNARY(__logf, float, __builtin_logf(x))
__WARPLINT_UNARY(__sinf, float, __builtin_sinf(x))
__WARPLINT_UNARY(__cosf, float, __builtin_cosf(x))
__WARPLINT_UNARY(__saturatef, float, x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x))
__WARPLINT_BINARY(powf, float, __builtin_powf(x, y))
__WARPLINT_BINARY(__powf, float, __builtin_powf(x, y))
__WARPLINT_BINARY(fminf, float, __builtin_fminf(x, y))
__WARPLINT_BINARY(fmaxf, float, __builtin_fmaxf(x, y))
__WARPLINT_BINARY(fmodf, float, __builtin_fmodf(x, y))
__WARPLINT_BINARY(atan2f, float, __builtin_atan2f(x, y))
__WARPLINT_BINARY(__fdividef, float, x / y)
__WARPLINT_BINARY(__fadd_rn, float, x + y)
__WARPLINT_BINARY(__fmul_rn, float, x *y)
__WARPLINT_MATH float fmaf(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
__WARPLINT_MATH float __fmaf_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}

__WARPLINT_UNARY(sqrt, double, __builtin_sqrt(x))
__WARPLINT_UNARY(rsqrt, double, 1.0 / __builtin_sqrt(x))
__WARPLINT_UNARY(exp, double, __builtin_exp(x))
__WARPLINT_UNARY(log, double, __builtin_log(x))
__WARPLINT_UNARY(sin, double, __builtin_sin(x))
__WARPLINT_UNARY(cos, double, __builtin_cos(x))
__WARPLINT_UNARY(tanh, double, __builtin_tanh(x))
__WARPLINT_UNARY(fabs, double, __builtin_fabs(x))
__WARPLINT_UNARY(floor, double, __builtin_floor(x))
__WARPLINT_UNARY(ceil, double, __builtin_ceil(x))
__WARPLINT_UNARY(round, double, __builtin_round(x))
__WARPLINT_BINARY(pow, double, __builtin_pow(x, y))
__WARPLINT_BINARY(fmin, double, __builtin_fmin(x, y))
__WARPLINT_BINARY(fmax, double, __builtin_fmax(x, y))
__WARPLINT_MATH double fma(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}

// Conversions.
__WARPLINT_MATH int __float2int_rn(float x) {
  return static_cast<int>(__builtin_rintf(x));
}
__WARPLINT_MATH int __float2int_rz(float x) { return static_cast<int>(x); }
__WARPLINT_MATH float __int2float_rn(int x) { return static_cast<float>(x); }
__WARPLINT_MATH unsigned int __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
__WARPLINT_MATH float __uint_as_float(unsigned int x) {
  return __builtin_bit_cast(float, x);
}
__WARPLINT_MATH int __float_as_int(float x) {
  return __builtin_bit_cast(int, x);
}
__WARPLINT_MATH float __int_as_float(int x) {
  return __builtin_bit_cast(float, x);
}

// min and max: CUDA overloads them for every integer and floating-point
// type and for mixed signed/unsigned arguments (which compare as unsigned).
#define __WARPLINT_MINMAX(T1, T2, R)                                           \
  __WARPLINT_MATH R min(T1 x, T2 y) {                                          \
    return static_cast<R>(x) < static_cast<R>(y) ? static_cast<R>(x)           \
                                                 : static_cast<R>(y);          \
  }                                                                            \
  __WARPLINT_MATH R max(T1 x, T2 y) {                                          \
    return static_cast<R>(x) > static_cast<R>(y) ? static_cast<R>(x)           \
                                                 : static_cast<R>(y);          \
  }
__WARPLINT_MINMAX(int, int, int)
__WARPLINT_MINMAX(unsigned int, unsigned int, unsigned int)
__WARPLINT_MINMAX(int, unsigned int, unsigned int)
__WARPLINT_MINMAX(unsigned int, int, unsigned int)
__WARPLINT_MINMAX(long, long, long)
__WARPLINT_MINMAX(unsigned long, unsigned long, unsigned long)
__WARPLINT_MINMAX(long long, long long, long long)
__WARPLINT_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__WARPLINT_MINMAX(float, float, float)
__WARPLINT_MINMAX(double, double, double)
__WARPLINT_MINMAX(float, double, double)
__WARPLINT_MINMAX(double, float, double)
#undef __WARPLINT_MINMAX

#undef __WARPLINT_UNARY
#undef __WARPLINT_BINARY
#undef __WARPLINT_MATH

#endif // WARPLINT_CUDA_MATH_H
