// Accesses whose address or active lanes depend on data get a bounded
// answer: the best and the worst case over all data (docs/solver.md,
// "Bounded answers"). The histogram's atomicAdd(p, 1) with its result
// unused is ATOMS.POPC.INC: at most 8 distinct words of a 256-word array
// share a bank, so 8 wavefronts at most (measured 256 in 32 requests with
// 32 lanes on 8 words of one bank, test/gpu/data_dependent.cu:40). A gap of the model (here a value changed in a loop
// the walker does not follow) stays unknown.
// RUN: %exit 0 %warplint --all-accesses %s -- 2>&1 | FileCheck %s
// RUN: %exit 0 %warplint --format=json --all-accesses %s -- | FileCheck --check-prefix=JSON %s
// RUN: %exit 0 %warplint --show-unknown %s -- 2>&1 | FileCheck --check-prefix=REMARK %s

__global__ void histogram(const unsigned *Bins, unsigned *Out) {
  __shared__ unsigned Hist[256];
  unsigned Tid = threadIdx.x;
  Hist[Tid] = 0;
  __syncthreads();
  unsigned Bin = Bins[blockIdx.x * 256 + Tid] & 255u;
  atomicAdd(&Hist[Bin], 1u);
  // CHECK: data-bounds.cu:[[@LINE-1]]:3: remark: shared atomic of 'Hist' (4 bytes) in kernel 'histogram': bounded: 1 to 8 wavefronts per request (mean 1.0 to 8.0) depending on the data: the address depends on the value loaded from 'Bins[blockIdx.x * 256 + Tid]'
  // JSON: "line": [[@LINE-2]],
  // JSON: "status": "bounded",
  // JSON-NEXT: "wavefronts_min": 1,
  // JSON-NEXT: "wavefronts_max": 8,
  // JSON-NEXT: "wavefronts_mean_min": 1.0,
  // JSON-NEXT: "wavefronts_mean_max": 8.0,
  // JSON-NEXT: "ideal_wavefronts_max": 1,
  // JSON-NEXT: "ideal_wavefronts_mean_min": 1.0,
  // JSON-NEXT: "ideal_wavefronts_mean_max": 1.0,
  // JSON-NEXT: "requests": 8,
  // REMARK: data-bounds.cu:[[@LINE-12]]:3: remark: shared memory atomic of 'Hist' needs 1 to 8 wavefronts per request, depending on the data: the address depends on the value loaded from 'Bins[blockIdx.x * 256 + Tid]' [warplint-bank-conflict]
  __syncthreads();
  Out[blockIdx.x * 256 + Tid] = Hist[Tid];
}

// Lanes 0-7 store whatever the data; the others only where the flag is
// set. The address is a 32-way conflict: 8 to 32 wavefronts for warp 0,
// 0 to 32 for the rest.
__global__ void flagged(const int *Flags, float *Out) {
  __shared__ float T[32 * 64];
  unsigned Tid = threadIdx.x;
  if (Tid < 8 || Flags[Tid] != 0)
    T[Tid * 32] = 1.0f;
  // CHECK: data-bounds.cu:[[@LINE-1]]:5: remark: shared store of 'T' (4 bytes) in kernel 'flagged': bounded: 1 to 32 wavefronts per request (mean 4.0 to 32.0) depending on the data: active lanes depend on condition 'Flags[Tid] != 0' depends on the value loaded from 'Flags[Tid]'
  __syncthreads();
  Out[Tid] = T[Tid];
}

// A gather through an index array, over a buffer of unknown size.
__global__ void gather(const int *Index, const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[Index[I]];
  // CHECK: data-bounds.cu:[[@LINE-1]]:12: remark: global load of 'In' (4 bytes) in kernel 'gather': bounded: 1 to 32 sectors per request (mean 1.0 to 32.0) depending on the data: the address depends on the value loaded from 'Index[I]'
}

// A loop left on data: whether a thread is still in it is data too.
__global__ void converge(const float *In, float *Out, float Tol) {
  __shared__ float S[8 * 256];
  unsigned Tid = threadIdx.x;
  for (int K = 0; K < 8; ++K) {
    if (In[Tid * 8 + K] < Tol)
      break;
    S[Tid * 8 + K] = 1.0f;
    // CHECK: data-bounds.cu:[[@LINE-1]]:5: remark: shared store of 'S' (4 bytes) in kernel 'converge': bounded: 1 to 8 wavefronts per request (mean 0.0 to 8.0) depending on the data: active lanes depend on
  }
  __syncthreads();
  Out[Tid] = S[Tid];
}

// A loop whose trip count is data per thread: lanes leave it at different
// iterations, so none is sure to run one.
__global__ void perThreadCount(const int *Counts, float *Out) {
  __shared__ float U[32 * 32];
  unsigned Tid = threadIdx.x;
  for (int I = 0; I < Counts[Tid]; ++I)
    U[Tid * 32] = float(I);
  // CHECK: data-bounds.cu:[[@LINE-1]]:5: remark: shared store of 'U' (4 bytes) in kernel 'perThreadCount': bounded: 1 to 32 wavefronts per request (mean 0.0 to 32.0) depending on the data: active lanes depend on the condition of loop 'I'
  __syncthreads();
  Out[Tid] = U[Tid];
}

// A float computed from the thread index is not data: warplint could know
// it, and says it does not.
__global__ void floatIndex(float *Out) {
  __shared__ float V[64];
  V[(int)(threadIdx.x * 2.0f)] = 1.0f;
  // CHECK: data-bounds.cu:[[@LINE-1]]:3: remark: shared store of 'V' (4 bytes) in kernel 'floatIndex': unknown: the address depends on the floating-point value
  __syncthreads();
  Out[threadIdx.x] = V[threadIdx.x];
}

// A value the walker loses in a loop is not data: unknown.
__global__ void walk(float *Out, int N) {
  __shared__ float S[256];
  int P = threadIdx.x;
  for (int K = 0; K < N; ++K)
    P = (P * 7 + K) % 256;
  S[P] = 1.0f;
  // CHECK: data-bounds.cu:[[@LINE-1]]:3: remark: shared store of 'S' (4 bytes) in kernel 'walk': unknown:
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x];
}

// A loop that starts where the data says (a graph's edge list: bfs): its
// variable is data in every iteration, and so is when a lane leaves it.
__global__ void edges(const int *Start, const int *Count, const int *Edges,
                      int *Cost) {
  int Tid = blockIdx.x * 256 + threadIdx.x;
  for (int I = Start[Tid]; I < Count[Tid] + Start[Tid]; I++)
    Cost[Edges[I]] = 1;
  // CHECK: data-bounds.cu:[[@LINE-1]]:10: remark: global load of 'Edges' (4 bytes) in kernel 'edges': bounded: 1 to 32 sectors per request (mean 0.0 to 32.0) depending on the data: the address depends on the loop variable 'I' (the initial value of 'I' depends on the value loaded from 'Start[Tid]')
}

// A loop left on data (a count of words loaded per thread): the variable
// after it is data, so the tail's address is bounded.
__global__ void tail(const unsigned *Bits, const unsigned *Pos, unsigned *Dst) {
  unsigned Tid = blockIdx.x * 256 + threadIdx.x;
  unsigned Size = Bits[Tid], I;
  for (I = 1; I < Size / 32; I++)
    Dst[Pos[Tid] + I] = 0;
  Dst[Pos[Tid] + I] = 1;
  // CHECK: data-bounds.cu:[[@LINE-1]]:3: remark: global store of 'Dst' (4 bytes) in kernel 'tail': bounded: 1 to 32 sectors per request (mean 1.0 to 32.0) depending on the data: the address depends on the value loaded from 'Pos[Tid]'
}

int main() {
  histogram<<<64, 256>>>(nullptr, nullptr);
  flagged<<<1, 64>>>(nullptr, nullptr);
  gather<<<64, 256>>>(nullptr, nullptr, nullptr);
  walk<<<1, 256>>>(nullptr, 10);
  converge<<<1, 256>>>(nullptr, nullptr, 0.5f);
  perThreadCount<<<1, 32>>>(nullptr, nullptr);
  floatIndex<<<1, 32>>>(nullptr);
  edges<<<64, 256>>>(nullptr, nullptr, nullptr, nullptr);
  tail<<<64, 256>>>(nullptr, nullptr, nullptr);
}
