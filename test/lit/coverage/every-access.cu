// Every access accounted for: one kernel with one load, store or atomic of
// each form real code uses. Each appears in --all-accesses exactly once per
// object it may touch (no other remark is allowed): subscripts, compound
// assignments and increments (a load and a store), pointer dereferences,
// `->` and struct fields, whole-struct copies, atomics, vector loads and
// vector fields, `*p++`, 2-D shared arrays, a reference parameter of an
// inlined function, and values chosen by a conditional: `c ? A[i] : B[i]`
// reads one of two places, `c ? Buf0 : Buf1` points into one of two objects
// (listed for each, unknown: which one a lane uses is not tracked).
// The expectations are written by hand, one per memory operation in the
// source, independently of the extractor.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// The 28 accesses checked below, and no other (a duplicate or an extra
// listing changes the count):
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | grep -c remark: | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}28{{$}}

struct Pair {
  float X;
  float Y;
};

__device__ void setRef(float &R, float V) { R = V; }
// CHECK-DAG: every-access.cu:[[@LINE-1]]:45: remark: global store of 'A' (4 bytes) in 'setRef' called from kernel 'forms': 4 sectors per request

__global__ void forms(float *A, Pair *Ps, float4 *V, int *Cnt, float *B,
                      int C) {
  __shared__ float T[32][33];
  __shared__ float Buf0[64], Buf1[64];
  int I = threadIdx.x;
  float X = A[I];
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:13: remark: global load of 'A' (4 bytes) in kernel 'forms': 4 sectors
  A[I + 32] = X;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'A' (4 bytes) in kernel 'forms': 4 sectors
  A[I] += 1.0f;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global load of 'A' (4 bytes) in kernel 'forms': 4 sectors
  // CHECK-DAG: every-access.cu:[[@LINE-2]]:3: remark: global store of 'A' (4 bytes) in kernel 'forms': 4 sectors
  ++A[I + 64];
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:5: remark: global load of 'A' (4 bytes) in kernel 'forms': 4 sectors
  // CHECK-DAG: every-access.cu:[[@LINE-2]]:5: remark: global store of 'A' (4 bytes) in kernel 'forms': 4 sectors
  float D = *(A + I);
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:13: remark: global load of 'A' (4 bytes) in kernel 'forms': 4 sectors
  *(A + I + 96) = D;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'A' (4 bytes) in kernel 'forms': 4 sectors
  float E = Ps[I].X;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:13: remark: global load of 'Ps.X' (4 bytes) in kernel 'forms': 8 sectors
  Ps[I].Y = E;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'Ps.Y' (4 bytes) in kernel 'forms': 8 sectors
  Pair *Q = Ps + I;
  float F = Q->X;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:13: remark: global load of 'Ps.X' (4 bytes) in kernel 'forms': 8 sectors
  Q->Y = F;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'Ps.Y' (4 bytes) in kernel 'forms': 8 sectors
  Pair W = Ps[I + 32];
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:12: remark: global load of 'Ps' (8 bytes) in kernel 'forms': 8 sectors
  Ps[I + 64] = W;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'Ps' (8 bytes) in kernel 'forms': 8 sectors
  atomicAdd(&Cnt[I], 1);
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global atomic of 'Cnt' (4 bytes) in kernel 'forms': 4 sectors
  float4 Vec = V[I];
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:16: remark: global load of 'V' (16 bytes) in kernel 'forms': 16 sectors
  V[I + 32].x = Vec.y;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'V.x' (4 bytes) in kernel 'forms': 16 sectors
  float *P = B + I;
  *P++ = 1.0f;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'B' (4 bytes) in kernel 'forms': 4 sectors
  *P = 2.0f;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'B' (4 bytes) in kernel 'forms': 5 sectors
  T[I][0] = X;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: shared store of 'T' (4 bytes) in kernel 'forms': 1 wavefront
  setRef(A[I + 128], D);
  float Either = C ? A[I] : B[I];
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:22: remark: global load of 'A' (4 bytes) in kernel 'forms': 4 sectors
  // CHECK-DAG: every-access.cu:[[@LINE-2]]:29: remark: global load of 'B' (4 bytes) in kernel 'forms': 4 sectors
  float *Src = C ? Buf0 : Buf1;
  Buf0[I] = Either;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: shared store of 'Buf0' (4 bytes) in kernel 'forms': 1 wavefront
  Buf1[I] = 0;
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: shared store of 'Buf1' (4 bytes) in kernel 'forms': 1 wavefront
  __syncthreads();
  A[I + 160] = Src[I];
  // CHECK-DAG: every-access.cu:[[@LINE-1]]:3: remark: global store of 'A' (4 bytes) in kernel 'forms': 4 sectors
  // CHECK-DAG: every-access.cu:[[@LINE-2]]:16: remark: shared load of 'Buf0' (4 bytes) in kernel 'forms': unknown: the address depends on a pointer chosen by 'C'
  // CHECK-DAG: every-access.cu:[[@LINE-3]]:16: remark: shared load of 'Buf1' (4 bytes) in kernel 'forms': unknown: the address depends on a pointer chosen by 'C'
}

void launch(float *A, Pair *Ps, float4 *V, int *Cnt, int C) {
  forms<<<1, 32>>>(A, Ps, V, Cnt, A, C);
}
