// Every memory instruction of inline PTX accounted for: each is listed by
// --all-accesses with its numbers, or unknown with why, or, when it cannot
// be placed in an array or is not modelled, as a remark naming the opcode.
// The expectations are written by hand, one per memory instruction.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// The same with warplint's own CUDA declarations instead of the toolkit's:
// RUN: %warplint --all-accesses --exit-zero --checks=-* --no-cuda-toolkit %s -- 2>&1 | FileCheck %s
// The 14 lines checked below, and no other:
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | grep -c remark: | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}14{{$}}
#include <cstdint>

__global__ void forms(float *Out, const float4 *In, unsigned *Count,
                      const uint32_t *Table) {
  __shared__ __align__(16) float S[32][36];
  unsigned T = threadIdx.x;
  uint32_t Base = static_cast<uint32_t>(__cvta_generic_to_shared(&S[T][0]));
  float X, Y, Z, W;
  asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4+16];"
               : "=f"(X), "=f"(Y), "=f"(Z), "=f"(W) : "r"(Base));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:59: remark: shared load of 'S' (16 bytes) in kernel 'forms': 4 wavefronts per request
  asm volatile("st.shared.f32 [%0], %1;" :: "r"(Base + 4 * 32), "f"(X));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:3: remark: shared store of 'S' (4 bytes) in kernel 'forms': 4 wavefronts per request
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(X), "=f"(Y), "=f"(Z), "=f"(W) : "l"(In + T));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:59: remark: global load of 'In' (16 bytes) in kernel 'forms': 16 sectors per request
  asm volatile("st.global.f32 [%0], %1;" :: "l"(Out + 32 * T), "f"(Y));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:3: remark: global store of 'Out' (4 bytes) in kernel 'forms': 32 sectors per request
  asm volatile("red.global.add.u32 [%0], 1;" :: "l"(Count));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:3: remark: global atomic of 'Count' (4 bytes) in kernel 'forms': 1 sector per request
  // A copy: its global read and its shared write.
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;"
               :: "r"(Base), "l"(In + T));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:34: remark: global load of 'In' (16 bytes) in kernel 'forms': 16 sectors per request
  // CHECK-DAG: inline-ptx.cu:[[@LINE-2]]:34: remark: shared store of 'S' (16 bytes) in kernel 'forms': 4 wavefronts per request
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"(Base), "l"(In + T));
  // The bypassing copy pairs no lanes here (each 16-byte chunk into a row
  // of its own): a sector and a wavefront per lane (rule LDGSTS.BYPASS).
  // CHECK-DAG: inline-ptx.cu:[[@LINE-3]]:34: remark: global load of 'In' (16 bytes) in kernel 'forms': 32 sectors per request
  // CHECK-DAG: inline-ptx.cu:[[@LINE-4]]:34: remark: shared store of 'S' (16 bytes) in kernel 'forms': 32 wavefronts per request
  // An address read from memory: not placed in an array.
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(Z) : "r"(Table[T]));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:3: remark: inline PTX 'ld.shared.f32': its address 'Table[T]' is not known to point into an array or buffer
  // CHECK-DAG: inline-ptx.cu:[[@LINE-2]]:58: remark: global load of 'Table' (4 bytes)
  // A swizzle of the absolute address: exact, S being the kernel's only
  // shared array (at window offset 1024; bank-conflict/window-swizzle.cu).
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(W) : "r"(Base ^ (T << 4)));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:3: remark: shared load of 'S' (4 bytes) in kernel 'forms': 31 wavefronts per request
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];"
               :: "r"(Base), "l"(In), "r"(Base));
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:43: remark: inline PTX 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes' (a bulk or tensor copy) is not modelled; its memory accesses are not analyzed
  Out[T] = X + Y + Z + W;
  // CHECK-DAG: inline-ptx.cu:[[@LINE-1]]:3: remark: global store of 'Out' (4 bytes) in kernel 'forms': 4 sectors per request
}

int main() { forms<<<1, 32>>>(nullptr, nullptr, nullptr, nullptr); }
