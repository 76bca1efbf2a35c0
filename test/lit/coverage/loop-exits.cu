// A break whose condition grows with the loop variable (once true, true in
// every later iteration) is folded into the guard: a thread still runs
// iteration i when i is the first one or the condition did not hold in
// iteration i - 1. Other exits stay an opaque guard, with the reason.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --checks=-* --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON

// Each of 64 threads takes every 64th permutation until 992. Warp 0 reads
// Pidx = 0..991 in iterations 0..15 (16 requests); warp 1 leaves in
// iteration 15 at Pidx = 992..1023 (15 requests): 31 requests of 4
// sectors. The first 160 go to shared memory: warp 0 in iterations 0, 1, 2
// (Pidx 0..31, 64..95, 128..159), warp 1 in 0 and 1: 5 requests. (Out
// uses the loaded value before the if, so that nvcc does not move the load
// into it: frontend/load-sinking.cu.)
__global__ void permutations(const unsigned *Perm, unsigned *Out) {
  __shared__ unsigned S[160];
  for (int I = 0; I < 16; I++) {
    int Pidx = threadIdx.x + 64 * I;
    if (Pidx >= 992)
      break;
    unsigned P = Perm[Pidx];
    Out[Pidx] = P;
    if (Pidx < 160)
      S[Pidx] = P;
  }
}
// JSON: "line": 21,
// JSON-NEXT: "column": 18,
// JSON: "status": "exact",
// JSON-NEXT: "sectors": 4,
// JSON-NOT: "file"
// JSON: "requests": 31,
// JSON: "line": 24,
// JSON-NEXT: "column": 7,
// JSON: "status": "exact",
// JSON-NOT: "file"
// JSON: "requests": 5

// A while loop counting down, leaving when the thread's row is done:
// with Q = threadIdx.x / 8, threads leave when 2 * N + Q < 6, lanes 0..15
// (Q = 0, 1) at N = 2 and lanes 16..31 at N = 1. Stores at N = 8..3 by
// the whole warp (6 requests, 4 sectors), at N = 2 by lanes 16..31 (64
// bytes, 2 sectors): 26 sectors in 7 requests, a mean of 3.7143.
__global__ void countDown(float *A, int N) {
  while (N > 0) {
    if (N * 2 + (int)threadIdx.x / 8 < 6)
      break;
    A[N * 32 + threadIdx.x] = 0;
    // CHECK: loop-exits.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'countDown': 4 sectors per request (mean 3.7143, ideal 4, coalesced)
    N -= 1;
  }
}
// JSON: "line": [[@LINE-5]],
// JSON-NEXT: "column": 5,
// JSON: "status": "exact",
// JSON-NOT: "file"
// JSON: "requests": 7,

// Not folded: an equality holds in one iteration only, and a value loaded
// in the loop may change between iterations (though the same for all
// threads: the answer holds if the block executes the access).
__global__ void notFolded(float *A, const int *Flags) {
  for (int I = 0; I < 16; I++) {
    if (threadIdx.x + 64 * I == 500)
      break;
    A[threadIdx.x + 64 * I] = 0;
    // CHECK: loop-exits.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'notFolded': unknown: active lanes depend on whether the thread left the loop 'I' in an earlier iteration
  }
  for (int I = 0; I < 16; I++) {
    if (Flags[I] != 0)
      break;
    A[threadIdx.x + 64 * I] = 1;
    // CHECK: loop-exits.cu:[[@LINE-1]]:5: remark: global store of 'A' (4 bytes) in kernel 'notFolded': 4 sectors per request (mean 4.0, ideal 4, coalesced) when executed only when <the value loaded from 'Flags[I]'> == 0, and the block executes it (whether the thread left the loop 'I' in an earlier iteration)
  }
}

void launch(const unsigned *Perm, unsigned *Out, float *A, const int *Flags) {
  permutations<<<1, 64>>>(Perm, Out);
  countDown<<<1, 32>>>(A, 8);
  notFolded<<<1, 64>>>(A, Flags);
}
