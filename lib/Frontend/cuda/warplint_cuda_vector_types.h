//===- warplint_cuda_vector_types.h - CUDA vector types, dim3 -------------===//
//
// CUDA's built-in vector types with the alignments of the toolkit's
// vector_types.h (e.g. float2 8, float4 16, double2 16, int3 4): the bank and
// sector analysis depends on them, since an aligned 16-byte element is one
// 128-bit access. Each type gets its make_* function.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CUDA_VECTOR_TYPES_H
#define WARPLINT_CUDA_VECTOR_TYPES_H

#define __WARPLINT_VEC1(NAME, T, ALIGN)                                        \
  struct __attribute__((aligned(ALIGN))) NAME {                                \
    T x;                                                                       \
  };                                                                           \
  static __host__ __device__ __forceinline__ NAME make_##NAME(T x) {           \
    NAME R;                                                                    \
    R.x = x;                                                                   \
    return R;                                                                  \
  }

#define __WARPLINT_VEC2(NAME, T, ALIGN)                                        \
  struct __attribute__((aligned(ALIGN))) NAME {                                \
    T x, y;                                                                    \
  };                                                                           \
  static __host__ __device__ __forceinline__ NAME make_##NAME(T x, T y) {      \
    NAME R;                                                                    \
    R.x = x;                                                                   \
    R.y = y;                                                                   \
    return R;                                                                  \
  }

#define __WARPLINT_VEC3(NAME, T, ALIGN)                                        \
  struct __attribute__((aligned(ALIGN))) NAME {                                \
    T x, y, z;                                                                 \
  };                                                                           \
  static __host__ __device__ __forceinline__ NAME make_##NAME(T x, T y, T z) { \
    NAME R;                                                                    \
    R.x = x;                                                                   \
    R.y = y;                                                                   \
    R.z = z;                                                                   \
    return R;                                                                  \
  }

#define __WARPLINT_VEC4(NAME, T, ALIGN)                                        \
  struct __attribute__((aligned(ALIGN))) NAME {                                \
    T x, y, z, w;                                                              \
  };                                                                           \
  static __host__ __device__ __forceinline__ NAME make_##NAME(T x, T y, T z,   \
                                                              T w) {           \
    NAME R;                                                                    \
    R.x = x;                                                                   \
    R.y = y;                                                                   \
    R.z = z;                                                                   \
    R.w = w;                                                                   \
    return R;                                                                  \
  }

// One family: 1-, 2-, 3- and 4-component types. CUDA aligns the 1-component
// type to the element, the 2-component type to twice the element, the
// 3-component type only to the element, and the 4-component type to four
// times the element, capped at 16 bytes.
#define __WARPLINT_VEC_FAMILY(PREFIX, T, A1, A2, A4)                           \
  __WARPLINT_VEC1(PREFIX##1, T, A1)                                            \
  __WARPLINT_VEC2(PREFIX##2, T, A2)                                            \
  __WARPLINT_VEC3(PREFIX##3, T, A1)                                            \
  __WARPLINT_VEC4(PREFIX##4, T, A4)

__WARPLINT_VEC_FAMILY(char, signed char, 1, 2, 4)
__WARPLINT_VEC_FAMILY(uchar, unsigned char, 1, 2, 4)
__WARPLINT_VEC_FAMILY(short, short, 2, 4, 8)
__WARPLINT_VEC_FAMILY(ushort, unsigned short, 2, 4, 8)
__WARPLINT_VEC_FAMILY(int, int, 4, 8, 16)
__WARPLINT_VEC_FAMILY(uint, unsigned int, 4, 8, 16)
__WARPLINT_VEC_FAMILY(long, long, sizeof(long), 2 * sizeof(long), 16)
__WARPLINT_VEC_FAMILY(ulong, unsigned long, sizeof(unsigned long),
                      2 * sizeof(unsigned long), 16)
__WARPLINT_VEC_FAMILY(longlong, long long, 8, 16, 16)
__WARPLINT_VEC_FAMILY(ulonglong, unsigned long long, 8, 16, 16)
__WARPLINT_VEC_FAMILY(float, float, 4, 8, 16)
__WARPLINT_VEC_FAMILY(double, double, 8, 16, 16)

#undef __WARPLINT_VEC_FAMILY
#undef __WARPLINT_VEC1
#undef __WARPLINT_VEC2
#undef __WARPLINT_VEC3
#undef __WARPLINT_VEC4

// dim3 is a uint3 with constructors; launch configurations and blockDim
// convert to it.
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const {
    return uint3{x, y, z};
  }
};

#endif // WARPLINT_CUDA_VECTOR_TYPES_H
