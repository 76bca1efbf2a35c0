// A pointer that is the same in every thread of the block (a kernel
// argument) is null for all of them or for none: `if (mean != nullptr)`
// decides whether the block makes the requests, not which lanes do, as
// optional outputs of normalization kernels are written. An address in a
// __shared__ or __device__ array is never null. Each request's
// numbers are exact; the JSON says which requests run in `condition`. A
// pointer that differs between threads keeps the test unknown.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__global__ void optionalOutputs(float *Out, float *Mean, float *Rstd,
                                const float *In, int *Counts) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  if (Mean != nullptr)
    Mean[I] = V;
  if (threadIdx.x % 32 == 0 && Rstd)
    Rstd[I / 32] = V;
  if (!Counts)
    return;
  Counts[I] = 1;
  const float *Mine = threadIdx.x < 16 ? In : nullptr;
  if (Mine != nullptr)
    Out[I] = V;
  // An address in a __shared__ array is never null: only the return above
  // decides.
  __shared__ float Tile[128];
  float *T = Tile;
  if (T != nullptr)
    T[threadIdx.x] = V;
}

void launch(float *O, float *M, float *R, const float *In, int *C) {
  optionalOutputs<<<64, 128>>>(O, M, R, In, C);
}

// CHECK:      "line": 15,
// CHECK:      "variable": "Mean",
// CHECK:      "op": "store",
// CHECK:      "status": "exact",
// CHECK:      "sectors": 4,
// CHECK:      "condition": "executed only when <the address 'Mean'> != 0"
// CHECK:      "line": 17,
// CHECK:      "variable": "Rstd",
// CHECK:      "status": "exact",
// CHECK:      "sectors": 1,
// CHECK:      "condition": "executed only when <the address 'Rstd'> != 0"
// CHECK:      "line": 20,
// CHECK:      "variable": "Counts",
// CHECK:      "status": "exact",
// CHECK:      "condition": "executed only when <the address 'Counts'> != 0"
// CHECK:      "line": 23,
// CHECK:      "variable": "Out",
// CHECK:      "status": "unknown",
// CHECK:      "reason": "active lanes depend on condition 'Mine != nullptr'
// CHECK:      "line": 29,
// CHECK:      "variable": "Tile",
// CHECK:      "status": "exact",
// CHECK:      "condition": "executed only when <the address 'Counts'> != 0"
// CHECK:      "diagnostics"
