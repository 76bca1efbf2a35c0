// Hardware-validation kernels for data-dependent accesses: shared- and
// global-memory accesses whose address, or whose set of active lanes, depends
// on data loaded from memory. warplint cannot give one number for these; it
// gives a bound (best and worst case over all possible data, per warp request
// and in total), and the hardware must land inside it. Each kernel below is
// launched several times with different host data, chosen so that every
// data-dependent line is measured at its best case, its worst case and
// something in between (each launch is one row of
// test/gpu/measurements/gpu_data_dependent.csv).
//
// - sharedHistogram: atomicAdd(&Hist[bin], 1u) with bins all equal, in 32
//   distinct banks, 32 lanes on 8 words of one bank, pseudo-random;
// - sharedKeyLoad: S[key] with keys broadcast, conflict-free, 32 distinct
//   words of one bank, pseudo-random;
// - guardedStores: a conflict-free and a 32-way conflicting shared store
//   whose addresses are known but whose guard is data: flags all 0, all 1,
//   only lane 0 of each warp, pseudo-random bits;
// - globalGather / globalScatter: In[Idx[i]] and Out[Idx[i]] with the
//   identity, a reversal within each warp, a 32x32 transpose (each lane its
//   own 128-byte line) and a pseudo-random permutation;
// - bitonicSteps: three compare-exchange steps (strides 32, 16, 1) of the
//   last merge stage of a bitonic sort, on sorted, reverse-sorted and
//   pseudo-random floats (the guarded stores: no lane, every lane, some).
//
// One shared or global access per source line; every launch has a literal
// shape (4 blocks of 256 threads), its data comes from the LCG below and is
// uploaded before the launch, so a run is reproducible.
#include "common.cuh"

#include <cstring>
#include <vector>

// --- Shared histogram: the atomic's address is data ---------------------------
__global__ void sharedHistogram(const unsigned *Bin, unsigned *Out) {
  __shared__ unsigned Hist[256];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Hist[threadIdx.x] = 0u;
  __syncthreads();
  unsigned B = Bin[I];
  atomicAdd(&Hist[B & 255u], 1u);
  __syncthreads();
  unsigned H = Hist[threadIdx.x];
  Out[I] = H;
}

// --- Shared load indexed by data ----------------------------------------------
__global__ void sharedKeyLoad(const unsigned *Key, float *Out) {
  __shared__ float S[1024];
  fillWords(S, 1024);
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned K = Key[I];
  float V = S[K & 1023u];
  Out[I] = V;
}

// --- Known addresses, data-dependent active lanes -----------------------------
// T[tid * 32 % 1024]: the 32 lanes of a warp on words 0, 32, ..., 992, all in
// bank 0: 32 wavefronts when every lane stores.
__global__ void guardedStores(const int *Flag, float *Out) {
  __shared__ float S[256];
  __shared__ float T[1024];
  fillWords(S, 256);
  fillWords(T, 1024);
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  int F = Flag[I];
  float V = float(I);
  if (F) S[threadIdx.x] = V;
  if (F) T[threadIdx.x * 32 % 1024] = V;
  __syncthreads();
  float A = S[threadIdx.x];
  float C = T[threadIdx.x];
  Out[I] = A + C;
}

// --- Global gather and scatter through an index array -------------------------
__global__ void globalGather(const int *Idx, const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  int J = Idx[I];
  float V = In[J];
  Out[I] = V;
}

__global__ void globalScatter(const int *Idx, const float *In, float *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  int J = Idx[I];
  float V = In[I];
  Out[J] = V;
}

// --- Bitonic compare-exchange: data decides which lanes store -----------------
// Each block holds 512 floats; these are steps of the last merge stage (Dir
// is true for every pair of a 512-element sort), strides 32, 16 and 1. The
// pair of thread t at stride s is (2t - t % s, 2t - t % s + s).
__global__ void bitonicSteps(const float *Data, float *Out) {
  __shared__ float S[512];
  unsigned Base = blockIdx.x * 512;
  float X0 = Data[Base + threadIdx.x];
  float X1 = Data[Base + threadIdx.x + 256];
  S[threadIdx.x] = X0;
  S[threadIdx.x + 256] = X1;
  __syncthreads();
  // Stride 32: a warp's pairs are words 64w + lane and 64w + lane + 32.
  unsigned Lo = 2 * threadIdx.x - threadIdx.x % 32;
  unsigned Hi = Lo + 32;
  bool Dir = (Lo & 512u) == 0;
  float A = S[Lo];
  float B = S[Hi];
  if ((A > B) == Dir) {
    S[Lo] = B;
    S[Hi] = A;
  }
  __syncthreads();
  // Stride 16: lanes 0-15 on words 0-15 and lanes 16-31 on 32-47 of their
  // 64-word group: banks 0-15 twice, 2 wavefronts when both halves store.
  unsigned Lo16 = 2 * threadIdx.x - threadIdx.x % 16;
  unsigned Hi16 = Lo16 + 16;
  bool Dir16 = (Lo16 & 512u) == 0;
  float A16 = S[Lo16];
  float B16 = S[Hi16];
  if ((A16 > B16) == Dir16) {
    S[Lo16] = B16;
    S[Hi16] = A16;
  }
  __syncthreads();
  // Stride 1: words 2t and 2t + 1 (adjacent: nvcc may pair them).
  unsigned Lo1 = 2 * threadIdx.x;
  unsigned Hi1 = Lo1 + 1;
  bool Dir1 = (Lo1 & 512u) == 0;
  float A1 = S[Lo1];
  float B1 = S[Hi1];
  if ((A1 > B1) == Dir1) {
    S[Lo1] = B1;
    S[Hi1] = A1;
  }
  __syncthreads();
  float Y0 = S[threadIdx.x];
  float Y1 = S[threadIdx.x + 256];
  Out[Base + threadIdx.x] = Y0;
  Out[Base + threadIdx.x + 256] = Y1;
}

// --- Host side: deterministic data --------------------------------------------
// 64-bit LCG (Knuth's MMIX constants); the high bits are the output.
struct Lcg {
  unsigned long long State;
  explicit Lcg(unsigned long long Seed) : State(Seed) {}
  unsigned next() {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(State >> 32);
  }
};

constexpr int Threads = 4 * 256; // every launch below: 4 blocks of 256
constexpr int Floats = 4 * 512;  // bitonicSteps: 512 floats per block

// Fills Count 32-bit words on the host with Value(i) and copies them to Dev.
template <class F> void upload(unsigned *Dev, int Count, F Value) {
  std::vector<unsigned> Host(Count);
  for (int I = 0; I < Count; ++I)
    Host[I] = Value(I);
  WL_CHECK(cudaMemcpy(Dev, Host.data(), Count * sizeof(unsigned),
                      cudaMemcpyHostToDevice));
}

unsigned floatBits(float F) {
  unsigned U;
  std::memcpy(&U, &F, sizeof U);
  return U;
}

// A permutation of 0..Count-1 (Fisher-Yates with the LCG).
std::vector<unsigned> permutation(int Count, Lcg &Rng) {
  std::vector<unsigned> P(Count);
  for (int I = 0; I < Count; ++I)
    P[I] = I;
  for (int I = Count - 1; I > 0; --I) {
    int J = Rng.next() % unsigned(I + 1);
    unsigned T = P[I];
    P[I] = P[J];
    P[J] = T;
  }
  return P;
}

int main() {
  Buffers B;
  unsigned *Dev = nullptr; // index, key, flag or float data of one launch
  WL_CHECK(cudaMalloc(&Dev, Floats * sizeof(unsigned)));
  const int *DevI = reinterpret_cast<const int *>(Dev);
  const float *DevF = reinterpret_cast<const float *>(Dev);
  unsigned *OutU = reinterpret_cast<unsigned *>(B.Out);
  Lcg Rng(20261122);
  auto Lane = [](int I) { return unsigned(I % 32); };
  auto Warp = [](int I) { return unsigned(I / 32); }; // warp of the grid

  // Histogram: same bin (bit 8 and up are garbage that the mask drops).
  upload(Dev, Threads, [&](int) { return (Rng.next() << 8) | 7u; });
  sharedHistogram<<<4, 256>>>(Dev, OutU);
  launched("sharedHistogram same bin");
  // 32 distinct banks: the warps of a block use the 256 bins once each.
  upload(Dev, Threads, [&](int I) { return Lane(I) + 32 * (Warp(I) % 8); });
  sharedHistogram<<<4, 256>>>(Dev, OutU);
  launched("sharedHistogram distinct banks");
  // One bank: bins 0, 32, ..., 224 (4 lanes each), 32 lanes in bank 0.
  upload(Dev, Threads, [&](int I) { return (Lane(I) % 8) * 32; });
  sharedHistogram<<<4, 256>>>(Dev, OutU);
  launched("sharedHistogram one bank");
  upload(Dev, Threads, [&](int) { return Rng.next(); });
  sharedHistogram<<<4, 256>>>(Dev, OutU);
  launched("sharedHistogram random");

  // Shared load by key: broadcast, conflict-free, one bank, random.
  upload(Dev, Threads, [&](int) { return (Rng.next() << 10) | 5u; });
  sharedKeyLoad<<<4, 256>>>(Dev, B.Out);
  launched("sharedKeyLoad broadcast");
  upload(Dev, Threads, [&](int I) { return unsigned(I); });
  sharedKeyLoad<<<4, 256>>>(Dev, B.Out);
  launched("sharedKeyLoad conflict-free");
  upload(Dev, Threads, [&](int I) { return Lane(I) * 32 + Warp(I) % 32; });
  sharedKeyLoad<<<4, 256>>>(Dev, B.Out);
  launched("sharedKeyLoad one bank");
  upload(Dev, Threads, [&](int) { return Rng.next(); });
  sharedKeyLoad<<<4, 256>>>(Dev, B.Out);
  launched("sharedKeyLoad random");

  // Guarded stores: no lane, every lane, lane 0 of each warp, random bits.
  upload(Dev, Threads, [&](int) { return 0u; });
  guardedStores<<<4, 256>>>(DevI, B.Out);
  launched("guardedStores none");
  upload(Dev, Threads, [&](int) { return 1u; });
  guardedStores<<<4, 256>>>(DevI, B.Out);
  launched("guardedStores all");
  upload(Dev, Threads, [&](int I) { return Lane(I) == 0 ? 1u : 0u; });
  guardedStores<<<4, 256>>>(DevI, B.Out);
  launched("guardedStores lane 0");
  upload(Dev, Threads, [&](int) { return (Rng.next() >> 7) & 1u; });
  guardedStores<<<4, 256>>>(DevI, B.Out);
  launched("guardedStores random");

  // Index arrays for the gather and the scatter.
  auto Identity = [](int I) { return unsigned(I); };
  auto Reversed = [&](int I) { return Warp(I) * 32 + (31 - Lane(I)); };
  auto Transposed = [&](int I) { return Lane(I) * 32 + Warp(I); };
  std::vector<unsigned> Perm = permutation(Threads, Rng);
  auto Random = [&](int I) { return Perm[I]; };

  upload(Dev, Threads, Identity);
  globalGather<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalGather identity");
  upload(Dev, Threads, Reversed);
  globalGather<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalGather reversed in warp");
  upload(Dev, Threads, Transposed);
  globalGather<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalGather stride 32");
  upload(Dev, Threads, Random);
  globalGather<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalGather random permutation");

  upload(Dev, Threads, Identity);
  globalScatter<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalScatter identity");
  upload(Dev, Threads, Reversed);
  globalScatter<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalScatter reversed in warp");
  upload(Dev, Threads, Transposed);
  globalScatter<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalScatter stride 32");
  upload(Dev, Threads, Random);
  globalScatter<<<4, 256>>>(DevI, B.In, B.Out);
  launched("globalScatter random permutation");

  // Bitonic steps: sorted (no pair swaps), reverse-sorted (every pair
  // swaps at every step), random.
  upload(Dev, Floats, [&](int I) { return floatBits(float(I)); });
  bitonicSteps<<<4, 256>>>(DevF, B.Out);
  launched("bitonicSteps sorted");
  upload(Dev, Floats, [&](int I) { return floatBits(float(Floats - I)); });
  bitonicSteps<<<4, 256>>>(DevF, B.Out);
  launched("bitonicSteps reverse-sorted");
  upload(Dev, Floats, [&](int) { return floatBits(float(Rng.next() >> 12)); });
  bitonicSteps<<<4, 256>>>(DevF, B.Out);
  launched("bitonicSteps random");

  WL_CHECK(cudaFree(Dev));
  return 0;
}
