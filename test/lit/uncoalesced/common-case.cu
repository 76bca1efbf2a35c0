// The common case of an answer that depends on sizes the launch leaves open
// (read at run time): the outcome when every such size is a large power of
// two, named beside the cases (issue 41: "when C is a multiple of 32: ...").
// A row read at blockIdx.x * C starts on a sector when C is a multiple of
// 8; a bounds guard `if (I < N)` cuts only the last block's warps, so every
// other block is the common case. A size loaded from memory has no common
// value: no common case is named.
// RUN: %warplint --exit-zero %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --format=json %s -- 2>&1 | FileCheck %s --check-prefix=JSON

__global__ void rows(const float *In, float *Out, int C) {
  Out[blockIdx.x * 32 + threadIdx.x] = In[blockIdx.x * C + threadIdx.x];
  // CHECK: common-case.cu:[[@LINE-1]]:40: remark: uncoalesced global load from 'In' (5 sectors per request, ideal 4)
  // CHECK: note: this happens when (blockIdx.x * C) % 8 != 0
  // CHECK: note: sectors per request by case: 5 (ideal 4) when (blockIdx.x * C) % 8 != 0; 4 (ideal 4) when (blockIdx.x * C) % 8 == 0
  // CHECK-NEXT: note: in the common case, every size the launch leaves open a large power of two ((blockIdx.x * C) % 8 == 0): 4 sectors per request (ideal 4)
}
// JSON: "kernel": "rows",
// JSON: "condition": "(blockIdx.x * C) % 8 != 0",
// JSON: "common_case": {
// JSON-NEXT: "condition": "(blockIdx.x * C) % 8 == 0",
// JSON-NEXT: "sectors": 4,
// JSON-NEXT: "sectors_mean": 4.0,
// JSON-NEXT: "ideal_sectors": 4,
// JSON-NEXT: "ideal_sectors_mean": 4.0

__global__ void tail(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I] * 2.0f;
}
// JSON: "kernel": "tail",
// JSON: "condition": "N - blockIdx.x * 256 >= 25",
// JSON: "common_case": {
// JSON-NEXT: "condition": "N - blockIdx.x * 256 > 256",
// JSON-NEXT: "sectors": 4,
// JSON-NEXT: "sectors_mean": 4.0,

__global__ void byData(const int *Offsets, const float *In, float *Out) {
  int Base = Offsets[blockIdx.x];
  Out[blockIdx.x * 32 + threadIdx.x] = In[Base + threadIdx.x];
  // CHECK: common-case.cu:[[@LINE-1]]:40: remark: uncoalesced global load from 'In' (5 sectors per request, ideal 4)
  // CHECK: note: sectors per request by case: 5 (ideal 4) when <the value loaded from 'Offsets[blockIdx.x]'> % 8 != 0
  // CHECK-NOT: common case
  // CHECK: note: the lanes' addresses are contiguous
}
// JSON: "kernel": "byData",
// JSON: "line": [[#@LINE-7]],
// JSON: "condition": "<the value loaded from 'Offsets[blockIdx.x]'> % 8 != 0",
// JSON-NOT: common_case
// JSON: "kernel": "byData",

int main(int argc, char **argv) {
  float *In = nullptr, *Out = nullptr;
  int *Off = nullptr;
  int C = argc * 100, N = argc * 1000;
  rows<<<64, 32>>>(In, Out, C);
  tail<<<(N + 255) / 256, 256>>>(In, Out, N);
  byData<<<64, 32>>>(Off, In, Out);
}
