// Comparator networks index with a runtime mask: pos = 2 * i - (i & (stride
// - 1)). The low bits of the mask decide which lanes meet; its high bits only
// move a whole warp's request by whole 128-byte lines. So the answer has one
// case per residue of the stride (docs/solver.md, "Runtime masks").
// RUN: %exit 1 %warplint --all-accesses %s -- 2>&1 | FileCheck %s
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %exit 1 %warplint --all-accesses --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON
// With the stride of one pass, the answer of that pass:
// RUN: %exit 1 %warplint --all-accesses --param stride=64 %s -- 2>&1 | FileCheck %s --check-prefix=S64
// RUN: %exit 1 %warplint --all-accesses --param stride=2 %s -- 2>&1 | FileCheck %s --check-prefix=S2
typedef unsigned int uint;

__global__ void mergeGlobal(uint *Dst, const uint *Src, uint stride) {
  uint i = blockIdx.x * blockDim.x + threadIdx.x;
  uint pos = 2 * i - (i & (stride - 1));
  Dst[pos] = Src[pos + stride];
  // CHECK: runtime-masks.cu:[[@LINE-1]]:14: remark: global load of 'Src' (4 bytes) in kernel 'mergeGlobal': 8 sectors per request (mean 8.0, ideal 4, strided) when 1 <= stride % 32 && stride % 32 <= 7;
  // S64: runtime-masks.cu:[[@LINE-2]]:14: remark: global load of 'Src' (4 bytes) in kernel 'mergeGlobal': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  // S2: runtime-masks.cu:[[@LINE-3]]:14: remark: global load of 'Src' (4 bytes) in kernel 'mergeGlobal': 8 sectors per request (mean 8.0, ideal 4, scattered)
}
// JSON: "kernel": "mergeGlobal"
// JSON: "status": "exact",
// JSON: "cases": [
// JSON: "condition": "stride % 32 in {0, 8, 16}",
// JSON-NEXT: "sectors": 4,

// A Walsh step in shared memory, the stride halved from an unknown start:
// below 32 it pairs lanes 16 apart on one bank (stride 1: s[2 * t]), from 32
// on a warp reads 32 consecutive words. A conflict proven for those strides.
__global__ void walshShared(float *Data, uint log2N) {
  extern __shared__ float s[];
  uint N = 1u << log2N;
  for (uint stride = N >> 1; stride >= 1; stride >>= 1) {
    __syncthreads();
    uint lo = threadIdx.x & (stride - 1);
    uint i0 = ((threadIdx.x - lo) << 1) + lo;
    s[i0] = s[i0 + stride];
    // CHECK: runtime-masks.cu:[[@LINE-1]]:13: remark: shared load of 's' (4 bytes) in kernel 'walshShared': 2 wavefronts per request (mean 2.0, ideal 1) when stride % 32 != 0;
    // WARN: runtime-masks.cu:[[@LINE-2]]:13: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1) [warplint-bank-conflict]
  }
}

// The same mask on a value that carries into it (n + i) is not split: a
// lane's high bits may differ from its neighbour's.
__global__ void carries(uint *Dst, uint n, uint m) {
  Dst[(n + threadIdx.x) & (m - 1)] = 0;
  // CHECK: runtime-masks.cu:[[@LINE-1]]:3: remark: global store of 'Dst' (4 bytes) in kernel 'carries': unknown: address depends on 'n' inside
}

void host(uint *D, uint *S, uint St, uint L) {
  mergeGlobal<<<64, 256>>>(D, S, St);
  walshShared<<<1, 256, 4096>>>((float *)D, L);
}
