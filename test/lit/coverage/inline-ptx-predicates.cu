// A memory instruction of inline PTX guarded by a predicate (`@p`, `@!p`)
// runs in the lanes where the predicate holds: when the template sets it by
// comparing an input operand with a constant (`setp.ne.b32 p, %0, 0;`, the
// usual way to predicate a cp.async on a C++ bool), that comparison guards
// the access; a predicate set any other way is an unknown guard, said so.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
#include <cstdint>

__global__ void guarded(float *Out, const float4 *In, const int *Flags,
                        int Tiles) {
  __shared__ __align__(16) float4 S[64];
  unsigned T = threadIdx.x;
  uint32_t Dst = static_cast<uint32_t>(__cvta_generic_to_shared(&S[T]));
  float A, B, C, D;
  // Lanes 0 to 15 load: half the wavefronts.
  asm volatile("{ .reg .pred p; setp.lt.s32 p, %4, 16;\n"
               " @p ld.shared.v4.f32 {%0, %1, %2, %3}, [%5]; }"
               : "=f"(A), "=f"(B), "=f"(C), "=f"(D)
               : "r"(T), "r"(Dst));
  // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-1]]:30: remark: shared load of 'S' (16 bytes) in kernel 'guarded': 2 wavefronts per request (mean 2.0, ideal 2)
  for (int K = 0; K < Tiles; ++K) {
    // The prefetch of a pipeline: predicated off in its last iterations.
    bool Fetch = K + 3 < Tiles;
    asm volatile("{ .reg .pred p; setp.ne.b32 p, %0, 0;\n"
                 " @p cp.async.cg.shared.global [%1], [%2], 16; }"
                 :: "r"((int)Fetch), "r"(Dst), "l"(In + T));
    // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-1]]:52: remark: global load of 'In' (16 bytes) in kernel 'guarded': 16 sectors per request (mean 16.0, ideal 16,
    // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-2]]:52: remark: shared store of 'S' (16 bytes) in kernel 'guarded': 4 wavefronts per request (mean 4.0, ideal 4)
  }
  // Set from data: bounded by what the data can do.
  asm volatile("{ .reg .pred p; setp.eq.s32 p, %0, 0;\n"
               " @!p st.shared.f32 [%1], %2; }"
               :: "r"(Flags[T]), "r"(Dst), "f"(1.0f));
  // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-1]]:23: remark: global load of 'Flags' (4 bytes) in kernel 'guarded': 4 sectors per request
  // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-2]]:48: remark: shared store of 'S' (4 bytes) in kernel 'guarded': bounded: 1 to 4 wavefronts per request (mean 0.0 to 4.0) depending on the data: active lanes depend on the predicate 'p' of the asm statement ('Flags[T]': the value loaded from 'Flags[T]')
  // Set by an instruction warplint does not follow: an unknown guard.
  asm volatile("{ .reg .pred p; setp.lo.u32 p, %0, 7;\n"
               " @p st.shared.f32 [%1], %2; }"
               :: "r"(T), "r"(Dst), "f"(2.0f));
  // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-1]]:41: remark: shared store of 'S' (4 bytes) in kernel 'guarded': unknown: active lanes depend on the predicate 'p' of the asm statement (not set by comparing an input operand with a constant)
  Out[T] = A + B + C + D;
  // CHECK-DAG: inline-ptx-predicates.cu:[[@LINE-1]]:3: remark: global store of 'Out' (4 bytes) in kernel 'guarded': 4 sectors per request
}

int main() { guarded<<<1, 32>>>(nullptr, nullptr, nullptr, 8); }
