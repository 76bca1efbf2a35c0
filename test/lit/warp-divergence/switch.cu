// The cases of a switch on a modelled value are regions of their own: each
// runs under "the value is one of its labels" (a case without a break falls
// through), default under "none of them". A switch the model cannot follow
// (a break nested in a case) stays opaque: no case regions.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__global__ void onLane(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  switch (threadIdx.x % 4) {
  case 0:
    Out[I] = V * 2.0f;
    break;
  case 1:
    Out[I + 64] = V + 1.0f;
  case 2:
    Out[I + 128] = V * V;
    break;
  default:
    Out[I + 192] = 0.0f;
  }
  Out[I + 256] = V;
}

__global__ void nestedBreak(const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[I];
  switch (threadIdx.x % 2) {
  case 0:
    if (V > 1.0f)
      break;
    V = 1.0f;
    break;
  default:
    V = 2.0f;
  }
  Out[I] = V;
}

void run(const float *In, float *Out) {
  onLane<<<1, 64>>>(In, Out);
  nestedBreak<<<1, 64>>>(In, Out);
}

// CHECK: "branches": [
// case 0: 8 of 32 lanes.
// CHECK: "line": 12,
// CHECK: "kind": "case",
// CHECK: "status": "exact",
// CHECK: "lanes_mean": 8,
// case 1: 8 lanes; case 2 with case 1's fall-through: 16.
// CHECK: "line": 15,
// CHECK: "kind": "case",
// CHECK: "lanes_mean": 8,
// CHECK: "line": 17,
// CHECK: "kind": "case",
// CHECK: "lanes_mean": 16,
// CHECK: "line": 20,
// CHECK: "kind": "case",
// CHECK: "lanes_mean": 8,
// nestedBreak's switch is opaque: no case regions.
// CHECK-NOT: "kind": "case"
// CHECK: "diagnostics"
