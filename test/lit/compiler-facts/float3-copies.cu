// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC

// No memory instruction moves 12 bytes: nvcc stores a float3 with three
// STS (and reads it with three LDS), each at a 12-byte stride between
// lanes, which spreads over all 32 banks: 1 wavefront each, no conflict.

__global__ void vertices(float *out, float v) {
  __shared__ float3 verts[64];
  int i = threadIdx.x;
  verts[i] = make_float3(v, v + 1, v + 2);
  // ACC: float3-copies.cu:[[@LINE-1]]:3: remark: shared store of 'verts' (12 bytes) in kernel 'vertices': 1 wavefront per request (mean 1.0, ideal 1); nvcc has no 12-byte instruction for an element aligned to 4 bytes: it stores it with 3 4-byte stores;
  __syncthreads();
  float3 r = verts[63 - i];
  // ACC: float3-copies.cu:[[@LINE-1]]:14: remark: shared load of 'verts' (12 bytes) in kernel 'vertices': 1 wavefront per request (mean 1.0, ideal 1); nvcc has no 12-byte instruction for an element aligned to 4 bytes: it loads it with 3 4-byte loads;
  out[i] = r.x + r.y + r.z;
}

// To global memory: three STG.E at +0, +4, +8. Each is a 4-byte store at a
// 12-byte stride: 12 sectors for 4 ideal, which the warning reports.
__global__ void normals(float3 *n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  n[i] = make_float3(v, v, v);
  // CHECK: float3-copies.cu:[[@LINE-1]]:3: warning: uncoalesced global store to 'n' (12 sectors per request, ideal 4)
  // CHECK: note: nvcc has no 12-byte instruction for an element aligned to 4 bytes: it stores it with 3 4-byte stores
  // ACC: float3-copies.cu:[[@LINE-3]]:3: remark: global store of 'n' (12 bytes) in kernel 'normals': 12 sectors per request (mean 12.0, ideal 4, strided); nvcc has no 12-byte instruction
}

// A 12-byte struct copy: three LDG.E and three STG.E; with __align__(16)
// the 16-byte struct moves with one LDG.E.128 and one STG.E.128.
struct Triple { float a, b, c; };
struct __align__(16) Quad { float a, b, c, d; };
__global__ void copies(Triple *t, const Triple *u, Quad *q, const Quad *r) {
  int i = threadIdx.x;
  t[i] = u[i];
  // ACC: float3-copies.cu:[[@LINE-1]]:10: remark: global load of 'u' (12 bytes) in kernel 'copies': {{.*}}; nvcc has no 12-byte instruction for an element aligned to 4 bytes: it loads it with 3 4-byte loads;
  // ACC: float3-copies.cu:[[@LINE-2]]:3: remark: global store of 't' (12 bytes) in kernel 'copies': {{.*}}; nvcc has no 12-byte instruction for an element aligned to 4 bytes: it stores it with 3 4-byte stores;
  // One finding for the line (the store's numbers are the same):
  // CHECK: float3-copies.cu:[[@LINE-4]]:10: warning: uncoalesced global load from 'u' (12 sectors per request, ideal 4)
  q[i] = r[i];
  // ACC-NOT: nvcc has no
  // ACC: float3-copies.cu:[[@LINE-2]]:10: remark: global load of 'r' (16 bytes) in kernel 'copies': 16 sectors per request (mean 16.0, ideal 16, coalesced); block
}

int main() {
  float *out;
  cudaMalloc(&out, 64 * sizeof(float));
  vertices<<<1, 64>>>(out, 1.0f);
  normals<<<2, 32>>>((float3 *)out, 1.0f);
  copies<<<1, 32>>>((Triple *)out, (Triple *)out, (Quad *)out, (Quad *)out);
}
