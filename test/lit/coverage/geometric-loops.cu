// Loops that multiply or divide their variable (reductions, scans, merge
// and bitonic sorts) whose bounds the launch does not fix: each value the
// variable can take is a case of its own (lib/Solve/Space/GeometricLoops.h), and
// a local multiplied once per iteration beside it (`offset <<= 1`) is too.
// RUN: %exit 1 %warplint --all-accesses %s -- 2>&1 | FileCheck %s
// RUN: %exit 1 %warplint --all-accesses --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON

// From a constant start, up to a bound the kernel reads from memory: the
// stride takes the powers of two an unsigned holds; strides of a warp or
// more keep each warp's 32 lanes on consecutive words.
__global__ void mergeStride(unsigned *Keys, const unsigned *Length) {
  __shared__ unsigned Sk[1024];
  unsigned N = *Length;
  for (unsigned Stride = 1; Stride < N; Stride <<= 1) {
    unsigned Pos = threadIdx.x & (Stride - 1);
    unsigned *Base = Sk + 2 * (threadIdx.x - Pos);
    __syncthreads();
    unsigned A = Base[Pos];
    // CHECK: geometric-loops.cu:[[@LINE-1]]:18: remark: shared load of 'Sk' (4 bytes) in kernel 'mergeStride': 2 wavefronts per request (mean 2.0, ideal 1) when Stride <= 16; block 256x1x1
    unsigned B = Base[Pos + Stride];
    __syncthreads();
    Base[Pos] = B;
    Base[Pos + Stride] = A;
  }
}
// JSON: "kernel": "mergeStride"
// JSON: "cases": [
// JSON-NEXT: {
// JSON-NEXT: "condition": "Stride <= 16",
// JSON-NEXT: "wavefronts": 2,
// JSON: "condition": "Stride >= 32",
// JSON-NEXT: "wavefronts": 1,

// No launch: blockDim.x is not known, but at most 1024, so the strides of
// `s < blockDim.x` stop at 512. The interleaved reduction conflicts more
// with each doubling of s.
__global__ void interleaved(float *Out) {
  __shared__ float Sd[2048];
  unsigned Tid = threadIdx.x;
  for (unsigned S = 1; S < blockDim.x; S *= 2) {
    if (Tid % (2 * S) == 0)
      Sd[Tid] += Sd[Tid + S];
    // CHECK: geometric-loops.cu:[[@LINE-1]]:18: remark: shared load of 'Sd' (4 bytes) in kernel 'interleaved': 1 wavefront per request (mean 1.0, ideal 1); no launch found
    __syncthreads();
  }
  for (unsigned S = 1; S < blockDim.x; S *= 2) {
    unsigned I = 2 * S * Tid;
    if (I < 2048)
      Sd[I] += Sd[I + S];
    // CHECK: geometric-loops.cu:[[@LINE-1]]:16: remark: shared load of 'Sd' (4 bytes) in kernel 'interleaved': 32 wavefronts per request (mean 32.0, ideal 1) when 16 <= S && S <= 32; no launch found
    __syncthreads();
  }
}
// JSON: "kernel": "interleaved"
// JSON: "condition": "S == 8 || S == 64",
// JSON-NEXT: "wavefronts": 16,
// JSON: "condition": "S == 1 || S == 512",
// JSON-NEXT: "wavefronts": 2,
// JSON-NOT: "condition": "{{.*}}S == 1024

// From a start that is not known: every value the condition admits.
// `tid < s` only cuts the warps s does not cover: one wavefront.
__global__ void sequential(float *Out, unsigned N) {
  __shared__ float Sd[2048];
  unsigned Tid = threadIdx.x;
  for (unsigned S = N / 2; S > 0; S >>= 1) {
    if (Tid < S)
      Sd[Tid] += Sd[Tid + S];
    // CHECK: geometric-loops.cu:[[@LINE-1]]:18: remark: shared load of 'Sd' (4 bytes) in kernel 'sequential': 1 wavefront per request (mean 1.0, ideal 1); block 128x1x1
    __syncthreads();
  }
}

// The up-sweep of a work-efficient scan: d halves from a parameter while
// offset doubles from 1. Each offset is a case: from 16 on, the 32 lanes
// of a full warp meet in one bank.
__global__ void upSweep(unsigned *Out, int Count) {
  __shared__ unsigned S[4096];
  unsigned Tid = threadIdx.x;
  unsigned Offset = 1;
  for (int D = Count >> 1; D > 0; D >>= 1) {
    __syncthreads();
    if (Tid < D) {
      unsigned Ai = Offset * (2 * Tid + 1) - 1;
      unsigned Bi = Offset * (2 * Tid + 2) - 1;
      S[Bi] += S[Ai];
      // CHECK: geometric-loops.cu:[[@LINE-1]]:16: remark: shared load of 'S' (4 bytes) in kernel 'upSweep': 32 wavefronts per request (mean 32.0, ideal 1) when Offset >= 16 && D > 31; block 128x1x1
    }
    Offset <<= 1;
  }
}

// A for loop whose init statement names no variable of its own (it steps
// a local declared before): its start is the value after the init.
__global__ void noInitVariable(float *Out, int End) {
  int It = blockIdx.x;
  for (It += threadIdx.x; It < End; It += 128)
    Out[It] = 0;
  // CHECK: geometric-loops.cu:[[@LINE-1]]:5: remark: global store of 'Out' (4 bytes) in kernel 'noInitVariable': 5 sectors per request (mean 5.0, ideal 4, misaligned) when blockIdx.x % 8 != 0
}

int main() {
  float *F;
  unsigned *U;
  mergeStride<<<8, 256>>>(U, U);
  sequential<<<8, 128>>>(F, *U);
  upSweep<<<8, 128>>>(U, int(*U));
  noInitVariable<<<8, 128>>>(F, int(*U));
}
