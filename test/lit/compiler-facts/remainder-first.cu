// nvcc unrolls a loop whose trip count is a run-time value by 4 and runs the
// remainder (trip count mod 4) first (docs/hardware-model.md S9 (h); SASS of
// nvcc 13.0 -O3 sm_90). With 40 threads filling 256 words, lanes 0-15 of warp
// 0 run 7 iterations and lanes 16-31 run 6: after the remainder loop (3 and
// 2 passes) one STS of the unrolled loop stores iteration k of lanes 0-15 and
// k - 1 of lanes 16-31, words 40 apart in two banks' worth of overlap: 2
// wavefronts on the 4 copies, 17 wavefronts in 13 requests. The H100 measured
// the same pattern (test/gpu/open_questions.cu's shortWarp, common.cuh:41:
// 27 wavefronts in 23 instructions).
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:

__global__ void constantStep(float *out) {
  __shared__ float s[256];
  for (int i = threadIdx.x; i < 256; i += 40)
    s[i] = float(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'constantStep': 2 wavefronts per request (mean 1.3077, ideal 1)
  // CHECK: remainder-first.cu:[[@LINE-2]]:5: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1) [warplint-bank-conflict]
  // CHECK: note: nvcc unrolls loop 'i' by 4 and runs the remainder of its trip count first, a run-time value that differs between lanes of warp 0: lanes 0 and 16 run different iterations in one instruction
  // CHECK: note: for example lane 16 (threadIdx (16, 0, 0)) and lane 8 (threadIdx (8, 0, 0)) of warp 0 both use bank 0, at byte offsets 384 and 512 of 's'{{$}}
  // CHECK: note: on average 1.31 wavefronts per request over 13 requests per block
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A step of blockDim.x (and the grid stride blockDim.x * gridDim.x) added
// in unsigned, as C adds `int i; i += blockDim.x`, is not unrolled:
// iterations stay in source order (test/gpu/sass-probes/reduction_unroll.cu
// measured the signedness, not the local or the body, to decide).
__global__ void blockStep(float *out) {
  __shared__ float s[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    s[i] = float(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'blockStep': 1 wavefront per request (mean 1.0, ideal 1)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Nor is a loop the user keeps.
__global__ void kept(float *out) {
  __shared__ float s[256];
#pragma unroll 1
  for (int i = threadIdx.x; i < 256; i += 40)
    s[i] = float(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'kept': 1 wavefront per request (mean 1.0, ideal 1)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Nor one with a barrier in its body (LLVM unrolls no convergent loop of
// unknown trip count); lanes that leave early wait at no barrier here, but
// the iterations stay in order.
__global__ void withBarrier(float *out) {
  __shared__ float s[256];
  for (int i = threadIdx.x; i < 256; i += 40) {
    s[i] = float(i);
    // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'withBarrier': 1 wavefront per request (mean 1.0, ideal 1)
    __syncwarp();
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// Whether nvcc unrolls a loop that calls a function it cannot see is not
// known; where the lanes' trip counts differ, neither is the answer.
__device__ float opaque(int);
__global__ void opaqueBody(float *out) {
  __shared__ float s[256];
  for (int i = threadIdx.x; i < 256; i += 40)
    s[i] = opaque(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'opaqueBody': unknown: lanes of warp 0 run loop 'i' 6 and 7 times, and how nvcc unrolls it is not known (a call whose body is not shown, a bare #pragma unroll, or an unsigned variable with a constant step)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// 288 words: lanes 0-7 run 8 iterations (2 unrolled rounds), lanes 8-31 run
// 7 (3 in the remainder, 1 round). ptxas unrolls the rounds further for
// some bodies (16/8/4 copies measured), so which lanes share an
// instruction is not known from the source.
__global__ void roundsDiffer(float *out) {
  __shared__ float s[288];
  for (int i = threadIdx.x; i < 288; i += 40)
    s[i] = float(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'roundsDiffer': unknown: nvcc unrolls loop 'i' by 4 (its trip count is a run-time value), and lanes of warp 0 run 1 and 2 of its unrolled rounds: which instructions they share depends on how ptxas unrolls it further
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The same step held in a signed local is unrolled as a constant one is:
// the 40 threads' lanes 0-15 and 16-31 meet in one instruction again.
__global__ void signedBlockStep(float *out) {
  __shared__ float s[256];
  int step = blockDim.x;
  for (int i = threadIdx.x; i < 256; i += step)
    s[i] = float(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'signedBlockStep': 2 wavefronts per request (mean 1.3077, ideal 1)
  // CHECK: remainder-first.cu:[[@LINE-2]]:5: warning: 2-way shared memory bank conflict on 's' (2 wavefronts per request, ideal 1) [warplint-bank-conflict]
  // CHECK: note: nvcc unrolls loop 'i' by 4 and runs the remainder of its trip count first
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A row reduction with that step: with 64 threads and rows of 50257
// floats, lanes 0-16 of warp 0 run one iteration more than lanes 17-31, and
// each load of the unrolled loop reads two runs of a row (the H200 measured
// 8,542,976 sectors for the 1,608,704 requests of 1024 rows, 5.3105 per
// request; reduction_unroll.cu's rowMaxLocalStep).
__global__ void rowMax(const float *in, float *out, int C) {
  int step = blockDim.x;
  const float *x = in + blockIdx.x * C;
  float m = -1e30f;
  for (int i = threadIdx.x; i < C; i += step)
    m = fmaxf(m, x[i]);
  // ACC: remainder-first.cu:[[@LINE-1]]:18: remark: global load of 'in' (4 bytes) in kernel 'rowMax': 6 sectors per request (mean 5.4978, ideal 4, scattered) when 1 <= blockIdx.x % 8 && blockIdx.x % 8 <= 6
  // CHECK: remainder-first.cu:[[@LINE-2]]:18: warning: uncoalesced global load from 'in' (6 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: nvcc unrolls loop 'i' by 4 and runs the remainder of its trip count first
  // CHECK: note: this access adds 2,109,184 sectors per launch
  out[blockIdx.x * blockDim.x + threadIdx.x] = m;
}

// A constant step added in unsigned to an int variable (`+= 64u`, a tile's
// `warp.size()`) is unrolled with the remainder last: lanes stay at one
// iteration through the rounds, and the tails of lanes 0-16 (two
// iterations left) and 17-31 (one) are instructions of their own: one
// request more per block, as the H200 measured (7,841,408 sectors in
// 1,609,728 requests; reduction_unroll.cu's blockRowIntPlus64u).
__global__ void rowMaxRemainderLast(const float *in, float *out, int C) {
  const float *x = in + blockIdx.x * C;
  float m = -1e30f;
  for (int i = threadIdx.x; i < C; i += 64u)
    m = fmaxf(m, x[i]);
  // ACC: remainder-first.cu:[[@LINE-1]]:18: remark: global load of 'in' (4 bytes) in kernel 'rowMaxRemainderLast': 5 sectors per request (mean 4.9962, ideal 4, misaligned) when blockIdx.x % 8 != 0
  // CHECK: remainder-first.cu:[[@LINE-2]]:18: warning: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this access adds 1,406,592 sectors per launch
  out[blockIdx.x * blockDim.x + threadIdx.x] = m;
}

// With an unsigned variable the first iteration is peeled as well: where
// lanes' trip counts differ the answer is not known.
__global__ void unsignedConstant(float *out) {
  __shared__ float s[256];
  for (unsigned i = threadIdx.x; i < 256u; i += 40u)
    s[i] = float(i);
  // ACC: remainder-first.cu:[[@LINE-1]]:5: remark: shared store of 's' (4 bytes) in kernel 'unsignedConstant': unknown: lanes of warp 0 run loop 'i' 6 and 7 times, and how nvcc unrolls it is not known
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void host(float *o) {
  constantStep<<<1, 40>>>(o);
  blockStep<<<1, 40>>>(o);
  kept<<<1, 40>>>(o);
  withBarrier<<<1, 40>>>(o);
  opaqueBody<<<1, 40>>>(o);
  roundsDiffer<<<1, 40>>>(o);
  signedBlockStep<<<1, 40>>>(o);
  rowMax<<<1024, 64>>>(o, o, 50257);
  unsignedConstant<<<1, 40>>>(o);
  rowMaxRemainderLast<<<1024, 64>>>(o, o, 50257);
}
