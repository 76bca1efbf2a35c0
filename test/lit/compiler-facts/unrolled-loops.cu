// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

// Loops with a constant trip count are unrolled by nvcc and the loads of
// four consecutive iterations at consecutive, 16-byte aligned addresses
// become one LDS.128 (regTile: two per k; SASS of nvcc 13 -O3 sm_90).

constexpr int BM = 64, BK = 8, TM = 8;

__global__ void regTile(const float *a, float *out) {
  __shared__ float As[BK * BM];
  int t = threadIdx.x;
  for (int i = t; i < BK * BM; i += blockDim.x)
    As[i] = a[i];
  __syncthreads();
  int row = t / 8;
  float reg[TM];
  float acc = 0;
  for (int k = 0; k < BK; ++k) {
#pragma unroll
    for (int i = 0; i < TM; ++i)
      reg[i] = As[k * BM + row * TM + i];
    // ACC: unrolled-loops.cu:[[@LINE-1]]:16: remark: shared load of 'As' (4 bytes) in kernel 'regTile': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop of line [[@LINE-2]] and merges this 4-byte load of 4 consecutive iterations into one 16-byte load;
    for (int i = 0; i < TM; ++i)
      acc += reg[i] * reg[(i + 1) % TM];
  }
  out[t] = acc;
}

// `#pragma unroll 1` keeps the loop and its 4-byte loads (SASS: one LDS
// in the loop).
__global__ void keptLoop(const float *x, float *y) {
  __shared__ float c[256];
  int t = threadIdx.x;
  c[t] = x[t];
  __syncthreads();
  float acc = 0;
#pragma unroll 1
  for (int k = 0; k < 8; ++k)
    acc = acc * x[t] + c[t * 8 + k];
  // ACC: unrolled-loops.cu:[[@LINE-1]]:24: remark: shared load of 'c' (4 bytes) in kernel 'keptLoop': 8 wavefronts per request (mean 8.0, ideal 1); block
  // CHECK: unrolled-loops.cu:[[@LINE-2]]:24: warning: 8-way shared memory bank conflict on 'c' (8 wavefronts per request, ideal 1)
  y[t] = acc;
}

// A store to the array in the body: nvcc kept the eight LDS of c[k] and
// the eight STS here, while it merged c[t * 8 + k] around a store to
// c[t + 256] into two LDS.128 (ordering the stores by dependence
// analysis). The rule does not model that analysis: with a store to the
// array in the body the loads stay as written.
__global__ void storeInBody(const float *x, float *y) {
  __shared__ float c[256];
  int t = threadIdx.x;
  c[t] = x[t];
  __syncthreads();
  float acc = 0, v = x[t];
  for (int k = 0; k < 8; ++k) {
    acc = acc * v + c[k];
    // ACC: unrolled-loops.cu:[[@LINE-1]]:21: remark: shared load of 'c' (4 bytes) in kernel 'storeInBody': 1 wavefront per request (mean 1.0, ideal 1); block
    c[t + 128] = acc;
  }
  y[t] = acc;
}

// Trip counts, one loop per kernel (nvcc reuses the registers of a loop
// that already read the elements): 8 (the dynamic window) -> 2 LDS.128,
// 64 -> 16 LDS.128, 256 -> a loop of LDS.128 unrolled by 16: merged. 6 ->
// LDS.128 + LDS.64, a start at element 1 -> 2 LDS.128 from element 0 +
// one LDS, a runtime bound -> LDS.128 groups and a remainder: not
// modelled, the loads stay as written.
#define TRIP_KERNEL(Name, Array, Begin, End)                                   \
  __global__ void Name(const float *x, float *y, int n) {                      \
    extern __shared__ float dyn[];                                             \
    __shared__ float c[256];                                                   \
    int t = threadIdx.x;                                                       \
    c[t] = x[t];                                                               \
    dyn[t] = x[t];                                                             \
    __syncthreads();                                                           \
    float acc = 0, v = x[t];                                                   \
    for (int k = Begin; k < End; ++k)                                          \
      acc = acc * v + Array[k];                                                \
    y[t] = acc;                                                                \
  }
TRIP_KERNEL(trip8, dyn, 0, 8)
// ACC: unrolled-loops.cu:[[@LINE-1]]:1: remark: shared load of 'dyn' (4 bytes) in kernel 'trip8': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop
TRIP_KERNEL(trip64, c, 0, 64)
// ACC: unrolled-loops.cu:[[@LINE-1]]:1: remark: shared load of 'c' (4 bytes) in kernel 'trip64': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop
TRIP_KERNEL(trip256, c, 0, 256)
// ACC: unrolled-loops.cu:[[@LINE-1]]:1: remark: shared load of 'c' (4 bytes) in kernel 'trip256': 2 wavefronts per request (mean 2.0, ideal 2); nvcc unrolls the loop
TRIP_KERNEL(trip6, c, 0, 6)
// ACC: unrolled-loops.cu:[[@LINE-1]]:1: remark: shared load of 'c' (4 bytes) in kernel 'trip6': 1 wavefront per request (mean 1.0, ideal 1); block
TRIP_KERNEL(tripFrom1, c, 1, 9)
// ACC: unrolled-loops.cu:[[@LINE-1]]:1: remark: shared load of 'c' (4 bytes) in kernel 'tripFrom1': 1 wavefront per request (mean 1.0, ideal 1); block
TRIP_KERNEL(tripRuntime, c, 0, n)
// ACC: unrolled-loops.cu:[[@LINE-1]]:1: remark: shared load of 'c' (4 bytes) in kernel 'tripRuntime': 1 wavefront per request (mean 1.0, ideal 1); block

// Stores merge too: eight STS.128 at a row stride of 128 bytes, 32
// wavefronts for 4 ideal (as written: 32 STS of 32 wavefronts for 1).
__global__ void rowStores(const float *x, float *y) {
  __shared__ float m[32 * 33];
  int t = threadIdx.x;
  float v = x[t];
  for (int i = 0; i < 32; ++i)
    m[t * 32 + i] = v + i;
  // CHECK: unrolled-loops.cu:[[@LINE-1]]:5: warning: 8-way shared memory bank conflict on 'm' (32 wavefronts per request, ideal 4)
  // CHECK: note: nvcc unrolls the loop of line [[@LINE-3]] and merges this 4-byte store of 4 consecutive iterations into one 16-byte store
  __syncwarp();
  y[t] = m[(t * 7) % 1024];
}

// A const float *__restrict__ parameter: nvcc cannot prove x + 8*t + i
// 16-byte aligned and emits 8 LDG.E.CONSTANT.
__global__ void globalRows(const float *__restrict__ x, float *y) {
  int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 8; ++i)
    acc += x[t * 8 + i];
  // CHECK: unrolled-loops.cu:[[@LINE-1]]:12: warning: uncoalesced global load from 'x' (32 sectors per request, ideal 4)
  y[t] = acc;
}

// Two arrays of one struct in the dynamic window, stored in turn: each is
// 2048 bytes past every byte the other's loop writes, so nvcc orders them
// and stores each as st.shared.v4.f32 (PTX of nvcc 13.0 -O3 sm_90; HeCBench
// ssm's selective scan measured 4 wavefronts per request, ideal 4).
struct Tiles {
  float B[512];
  float C[512];
};

__global__ void structMembers(const float *x, float *y) {
  extern __shared__ char raw[];
  auto &s = *reinterpret_cast<Tiles *>(raw);
  float v = x[threadIdx.x];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    s.B[threadIdx.x * 4 + i] = v + i;
    // ACC: unrolled-loops.cu:[[@LINE-1]]:5: remark: shared store of 'raw' (4 bytes) in kernel 'structMembers': 4 wavefronts per request (mean 4.0, ideal 4); nvcc unrolls the loop of line [[@LINE-2]] and merges this 4-byte store of 4 consecutive iterations into one 16-byte store
    s.C[threadIdx.x * 4 + i] = v * i;
    // ACC: unrolled-loops.cu:[[@LINE-1]]:5: remark: shared store of 'raw' (4 bytes) in kernel 'structMembers': 4 wavefronts per request (mean 4.0, ideal 4); nvcc unrolls the loop of line [[@LINE-4]] and merges
  }
  __syncthreads();
  y[threadIdx.x] = s.B[threadIdx.x] + s.C[threadIdx.x];
}

int main() {
  float *a, *out;
  cudaMalloc(&a, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  regTile<<<1, 64>>>(a, out);
  keptLoop<<<1, 32>>>(a, out);
  storeInBody<<<1, 32>>>(a, out);
  trip8<<<1, 32, 32 * sizeof(float)>>>(a, out, 16);
  trip64<<<1, 32, 32 * sizeof(float)>>>(a, out, 16);
  trip256<<<1, 32, 32 * sizeof(float)>>>(a, out, 16);
  trip6<<<1, 32, 32 * sizeof(float)>>>(a, out, 16);
  tripFrom1<<<1, 32, 32 * sizeof(float)>>>(a, out, 16);
  tripRuntime<<<1, 32, 32 * sizeof(float)>>>(a, out, 16);
  rowStores<<<1, 32>>>(a, out);
  globalRows<<<1, 32>>>(a, out);
  structMembers<<<1, 32, sizeof(Tiles)>>>(a, out);
}
