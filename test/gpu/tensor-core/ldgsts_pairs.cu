// Sweep of cp.async (LDGSTS) lane patterns on the H100 (warplint issue 40):
// what a 16-byte cp.async.cg (LDGSTS.E.BYPASS.128) and cp.async.ca
// (LDGSTS.E.128) request costs, in shared wavefronts and global sectors, as
// a function of every lane's (source, destination) pair. The first sweep
// (tensor_core_rules.cu) measured ten fixed patterns; a rule for the
// bypassing copy needs the two sides varied together.
//
// One kernel, one warp, one cp.async on one source line (the measured line);
// each launch reads its 32 source and 32 destination byte offsets from a
// table (-1: the lane does not copy), so one launch is one pattern. The
// patterns are generated here, deterministically, by family:
//   quarter   each quarter warp copies one 128-byte line into one 128-byte
//             row, chunks permuted on either side
//   split     quarters spread over two lines or two rows (half-line copies)
//   stride    constant source and destination strides
//   offset    contiguous copies from shifted bases
//   pairs     16 pairs, each the two halves of one 32-byte sector into the
//             two halves of one 32-byte block, in random order and lanes
//   random    random chunks on both sides
//   active    contiguous copies with lanes switched off
//   tile      a row-major tile (n lanes per global row) into a padded or
//             XOR-swizzled shared tile
// The host checks every copied byte, so the addresses measured are the
// addresses used.
//
// With a SEED, a fresh set instead (the held-out patterns, drawn after the
// rule was fitted on the fixed set): tiles, pairs, broadcasts and random
// chunks with every parameter drawn from SEED.
//
//   ./pairs list [SEED]               the patterns (id family cg src[32] dst[32])
//   ./pairs run FIRST LAST [SEED]     launches patterns FIRST..LAST-1
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(Call)                                                            \
  do {                                                                         \
    cudaError_t Err = (Call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,       \
                   cudaGetErrorString(Err));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kSharedBytes = 16384;
constexpr int kInBytes = 1 << 16;

template <bool Cg>
__global__ void cpK(const char *__restrict__ In, uint32_t *__restrict__ Out,
                    const int *__restrict__ Pat) {
  __shared__ __align__(1024) uint32_t S[kSharedBytes / 4];
  for (int I = threadIdx.x; I < kSharedBytes / 4; I += 32)
    S[I] = 0;
  __syncthreads();
  int Src = Pat[threadIdx.x];
  int Dst = Pat[32 + threadIdx.x];
  unsigned A = static_cast<unsigned>(__cvta_generic_to_shared(S)) + Dst;
  size_t G = __cvta_generic_to_global(In + Src);
  if (Src >= 0) {
    if constexpr (Cg)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(A), "l"(G) : "memory");
    else
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" : : "r"(A), "l"(G) : "memory");
  }
  asm volatile("cp.async.commit_group;" : : : "memory");
  asm volatile("cp.async.wait_group 0;" : : : "memory");
  __syncthreads();
  for (int I = threadIdx.x; I < kSharedBytes / 4; I += 32)
    Out[I] = S[I];
}

struct Pattern {
  std::string Family;
  bool Cg = true;
  int Src[32], Dst[32];
};

static unsigned long long Seed = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned N) {
  Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
  return static_cast<unsigned>(Seed >> 33) % N;
}
static std::vector<int> perm(int N) {
  std::vector<int> P(N);
  for (int I = 0; I < N; ++I)
    P[I] = I;
  for (int I = N - 1; I > 0; --I)
    std::swap(P[I], P[rnd(I + 1)]);
  return P;
}

// Permutations of the 8 chunks of a 128-byte line.
static std::vector<std::vector<int>> chunkPerms() {
  std::vector<std::vector<int>> Ps;
  auto Add = [&](auto F) {
    std::vector<int> P(8);
    for (int I = 0; I < 8; ++I)
      P[I] = F(I);
    Ps.push_back(P);
  };
  Add([](int I) { return I; });
  for (int X : {1, 2, 3, 4, 7})
    Add([X](int I) { return I ^ X; });
  Add([](int I) { return (I + 1) % 8; });
  Add([](int I) { return (I + 2) % 8; });
  Add([](int I) { return 7 - I; });
  Add([](int I) { return (I % 2) * 4 + I / 2; });
  Add([](int I) { return (I % 4) * 2 + I / 4; });
  Ps.push_back(perm(8));
  Ps.push_back(perm(8));
  return Ps;
}

static std::vector<Pattern> patterns() {
  std::vector<Pattern> Out;
  auto Add = [&](const char *Family, auto F) {
    Pattern P;
    P.Family = Family;
    for (int L = 0; L < 32; ++L)
      F(L, P.Src[L], P.Dst[L]);
    Out.push_back(P);
  };
  std::vector<std::vector<int>> Ps = chunkPerms();
  const std::vector<int> &Id = Ps[0];
  // quarter: line q -> row q, chunks permuted.
  for (size_t D = 0; D < Ps.size(); ++D)
    Add("quarter", [&](int L, int &S, int &T) {
      S = (L / 8) * 128 + Id[L % 8] * 16, T = (L / 8) * 128 + Ps[D][L % 8] * 16;
    });
  for (size_t D = 1; D < Ps.size(); ++D)
    Add("quarter", [&](int L, int &S, int &T) {
      S = (L / 8) * 128 + Ps[D][L % 8] * 16, T = (L / 8) * 128 + Id[L % 8] * 16;
    });
  for (size_t D = 1; D < Ps.size(); ++D)
    Add("quarter", [&](int L, int &S, int &T) {
      S = (L / 8) * 128 + Ps[D][L % 8] * 16, T = (L / 8) * 128 + Ps[D][L % 8] * 16;
    });
  // quarter: which line goes to which row.
  for (int Rows : {0, 1, 2, 3, 4})
    Add("quarter", [&](int L, int &S, int &T) {
      int Q = L / 8;
      int R = Rows == 0 ? 3 - Q : Rows == 1 ? 2 * Q : Rows == 2 ? 8 * Q : Rows == 3 ? 0 : Q;
      S = (Rows == 4 ? 2 * Q : Q) * 128 + (L % 8) * 16;
      T = R * 128 + (L % 8) * 16 + (Rows == 3 ? Q * 4096 : 0);
    });
  // split: 4 lanes per line (64 bytes) or per row, halves of either.
  for (int SrcHalf : {0, 1, 2})
    for (int DstHalf : {0, 1, 2, 3})
      Add("split", [&](int L, int &S, int &T) {
        // SrcHalf 0: lanes 4k..4k+3 -> line k, chunks 0-3; 1: chunks 4-7 of
        // line k; 2: whole lines (8 lanes per line).
        S = SrcHalf == 2 ? L * 16 : (L / 4) * 128 + (SrcHalf * 4 + L % 4) * 16;
        // DstHalf 0: 8 lanes per row; 1: 4 lanes per row, chunks 0-3; 2: 4
        // lanes per row, chunks 4-7; 3: rows 1 KB apart, 4 lanes each.
        T = DstHalf == 0   ? L * 16
            : DstHalf == 1 ? (L / 4) * 128 + (L % 4) * 16
            : DstHalf == 2 ? (L / 4) * 128 + (4 + L % 4) * 16
                           : (L / 4) * 1024 + (L % 4) * 16;
      });
  // stride.
  for (int SS : {16, 32, 48, 64, 128, 144, 256})
    for (int DS : {16, 32, 48, 64, 80, 128, 144, 272})
      Add("stride", [&](int L, int &S, int &T) { S = L * SS, T = L * DS; });
  // offset.
  for (int SB : {0, 16, 32, 48, 64, 96})
    for (int DB : {0, 16, 32, 64, 96})
      Add("offset", [&](int L, int &S, int &T) { S = SB + L * 16, T = DB + L * 16; });
  // pairs: 16 (sector, block) pairs; lanes adjacent or random, halves in
  // random order, sectors and blocks near (512 bytes) or far (4 KB).
  for (int LanesRandom : {0, 1})
    for (int SrcFar : {0, 1})
      for (int DstFar : {0, 1})
        for (int Rep = 0; Rep < 8; ++Rep) {
          std::vector<int> SecP = perm(SrcFar ? 128 : 16), BlkP = perm(DstFar ? 128 : 16);
          std::vector<int> Lanes = LanesRandom ? perm(32) : perm(1);
          if (!LanesRandom) {
            Lanes.resize(32);
            for (int I = 0; I < 32; ++I)
              Lanes[I] = I;
          }
          Pattern P;
          P.Family = "pairs";
          for (int K = 0; K < 16; ++K) {
            int Flip = rnd(2), Flip2 = rnd(2);
            for (int H = 0; H < 2; ++H) {
              int L = Lanes[2 * K + H];
              P.Src[L] = SecP[K] * 32 + ((H ^ Flip) * 16);
              P.Dst[L] = BlkP[K] * 32 + ((H ^ Flip2) * 16);
            }
          }
          Out.push_back(P);
        }
  // random: chunks anywhere within 512 bytes or 4 KB.
  for (int Far : {0, 1})
    for (int Rep = 0; Rep < 8; ++Rep) {
      std::vector<int> SP = perm(Far ? 256 : 32), DP = perm(Far ? 256 : 32);
      Add("random", [&](int L, int &S, int &T) { S = SP[L] * 16, T = DP[L] * 16; });
    }
  // active: contiguous, some lanes off.
  for (int M = 0; M < 8; ++M)
    Add("active", [&](int L, int &S, int &T) {
      bool On = M == 0   ? L % 2 == 0
                : M == 1 ? L < 16
                : M == 2 ? L < 8
                : M == 3 ? L % 4 < 2
                : M == 4 ? L == 5
                : M == 5 ? L != 9
                : M == 6 ? L % 8 != 0
                         : (L / 2) % 2 == 0;
      S = On ? L * 16 : -1, T = L * 16;
    });
  // tile: a row-major tile of global rows of Pitch bytes, N lanes per row
  // (N chunks, 16 N bytes), into shared rows of RowBytes, chunk XOR
  // swizzled by (row / Div) % Mod (Mod 1: no swizzle).
  struct Tile { int N, Pitch, RowBytes, Div, Mod; };
  const Tile Tiles[] = {
      {4, 4096, 64, 1, 1},  {4, 4096, 128, 1, 1}, {4, 4096, 80, 1, 1},
      {4, 4096, 64, 1, 4},  {4, 4096, 64, 2, 4},  {8, 4096, 128, 1, 1},
      {8, 4096, 144, 1, 1}, {8, 4096, 128, 1, 8}, {8, 4096, 128, 2, 8},
      {8, 4096, 128, 1, 4}, {2, 4096, 32, 1, 1},  {2, 4096, 48, 1, 1},
      {16, 4096, 256, 1, 1}, {16, 4096, 272, 1, 1}, {16, 4096, 256, 1, 8},
      {8, 256, 128, 1, 1},  {4, 128, 64, 1, 1},   {4, 4096, 128, 1, 8}};
  for (const Tile &Tl : Tiles)
    Add("tile", [&](int L, int &S, int &T) {
      int Row = L / Tl.N, Chunk = L % Tl.N;
      S = Row * Tl.Pitch + Chunk * 16;
      int Sw = Chunk ^ ((Row / Tl.Div) % Tl.Mod);
      // 4-lane rows of 64 bytes that swizzle across 8 chunks take two
      // rows' worth: keep the chunk inside the row's own bytes.
      T = Row * Tl.RowBytes + (Sw % (Tl.RowBytes / 16)) * 16;
    });
  // The same questions for cp.async.ca, where the rules are known: offsets,
  // strides and the tiles (a check that the sweep measures what the first
  // one did).
  size_t Cg = Out.size();
  for (size_t I = 0; I < Cg; ++I)
    if (Out[I].Family == "stride" || Out[I].Family == "offset" || Out[I].Family == "tile") {
      Pattern P = Out[I];
      P.Cg = false;
      Out.push_back(P);
    }
  return Out;
}

static bool valid(const Pattern &P);

// The held-out set: every parameter drawn (the generator's state is the
// seed, so the set is reproducible); a draw that breaks a limit (64 KB of
// source, 16 KB of destination, one writer per chunk) is drawn again.
static std::vector<Pattern> heldOut(unsigned long long S) {
  Seed = S;
  std::vector<Pattern> Out;
  auto Push = [&](const char *Family, auto F) {
    Pattern P;
    P.Family = Family;
    for (int L = 0; L < 32; ++L)
      F(L, P.Src[L], P.Dst[L]);
    // Switch off up to 3 random lanes half of the time.
    if (rnd(2))
      for (unsigned K = rnd(4); K > 0; --K)
        P.Src[rnd(32)] = -1;
    if (!valid(P))
      return false;
    Out.push_back(P);
    return true;
  };
  for (int I = 0; I < 40;) {
    int N = 1 << (1 + rnd(4));                 // lanes per global row: 2..16
    int Pitch = 16 * (N + rnd(16)) + (rnd(2) ? 4096 : 0);
    int RowBytes = 16 * (N + rnd(N + 2));      // shared row, maybe padded
    int Mod = 1 << rnd(4), Div = 1 + rnd(2);   // XOR swizzle of the chunk
    int SB = 16 * rnd(8), DB = 16 * rnd(8);
    I += Push("tile", [&](int L, int &Src, int &Dst) {
      int Row = L / N, Chunk = L % N;
      Src = SB + Row * Pitch + Chunk * 16;
      int Sw = (Chunk ^ ((Row / Div) % Mod)) % (RowBytes / 16);
      Dst = DB + Row * RowBytes + Sw * 16;
    });
  }
  // Some lanes paired, the others single, anywhere in 1 KB.
  for (int I = 0; I < 30; ++I) {
    std::vector<int> Sec = perm(32), Blk = perm(32), Lanes = perm(32);
    int Pairs = rnd(17);
    Pattern P;
    P.Family = "pairs";
    int L = 0, K = 0;
    for (; K < Pairs; ++K)
      for (int H = 0; H < 2; ++H, ++L) {
        P.Src[Lanes[L]] = Sec[K] * 32 + ((H ^ (K % 2)) * 16);
        P.Dst[Lanes[L]] = Blk[K] * 32 + H * 16;
      }
    for (; L < 32; ++L, ++K) {
      P.Src[Lanes[L]] = Sec[K % 32] * 32 + 16 * rnd(2) + 1024;
      P.Dst[Lanes[L]] = Blk[K % 32] * 32 + 16 * rnd(2);
    }
    Out.push_back(P);
  }
  // Several lanes read one source chunk.
  for (int I = 0; I < 20;) {
    int Share = 1 << (1 + rnd(3)); // 2, 4 or 8 readers per chunk
    int Spread = rnd(3);
    int DB = 16 * rnd(8);
    I += Push("broadcast", [&](int L, int &Src, int &Dst) {
      Src = (Spread == 0 ? L / Share : Spread == 1 ? L % (32 / Share) : (L / Share) * 3) * 16;
      Dst = DB + L * 16;
    });
  }
  // Random chunks in 256 bytes to 2 KB.
  for (int I = 0; I < 20;) {
    int Window = 16 << rnd(4);
    std::vector<int> SP = perm(Window), DP = perm(Window);
    I += Push("random", [&](int L, int &Src, int &Dst) { Src = SP[L] * 16, Dst = DP[L] * 16; });
  }
  return Out;
}

static bool valid(const Pattern &P) {
  std::vector<bool> Used(kSharedBytes / 16);
  for (int L = 0; L < 32; ++L) {
    if (P.Src[L] < 0)
      continue;
    if (P.Src[L] % 16 || P.Dst[L] % 16 || P.Src[L] + 16 > kInBytes ||
        P.Dst[L] < 0 || P.Dst[L] + 16 > kSharedBytes || Used[P.Dst[L] / 16])
      return false;
    Used[P.Dst[L] / 16] = true;
  }
  return true;
}

int main(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "list";
  int SeedArg = Mode == "list" ? 2 : 4;
  std::vector<Pattern> Ps = Argc > SeedArg
                                ? heldOut(std::strtoull(Argv[SeedArg], nullptr, 10))
                                : patterns();
  for (size_t I = 0; I < Ps.size(); ++I)
    if (!valid(Ps[I])) {
      std::fprintf(stderr, "pattern %zu (%s) is invalid\n", I, Ps[I].Family.c_str());
      return 1;
    }
  if (Mode == "list") {
    for (size_t I = 0; I < Ps.size(); ++I) {
      std::printf("%zu %s %s", I, Ps[I].Family.c_str(), Ps[I].Cg ? "cg" : "ca");
      for (int L = 0; L < 32; ++L)
        std::printf(" %d", Ps[I].Src[L]);
      for (int L = 0; L < 32; ++L)
        std::printf(" %d", Ps[I].Dst[L]);
      std::printf("\n");
    }
    return 0;
  }
  size_t First = Argc > 2 ? std::strtoul(Argv[2], nullptr, 10) : 0;
  size_t Last = Argc > 3 ? std::strtoul(Argv[3], nullptr, 10) : Ps.size();
  if (Last > Ps.size())
    Last = Ps.size();
  std::vector<unsigned char> In(kInBytes);
  for (int I = 0; I < kInBytes; ++I)
    In[I] = static_cast<unsigned char>(rnd(255) + 1);
  char *DIn;
  uint32_t *DOut;
  int *DPat;
  CHECK(cudaMalloc(&DIn, kInBytes));
  CHECK(cudaMalloc(&DOut, kSharedBytes));
  CHECK(cudaMalloc(&DPat, 64 * sizeof(int)));
  CHECK(cudaMemcpy(DIn, In.data(), kInBytes, cudaMemcpyHostToDevice));
  std::vector<unsigned char> Got(kSharedBytes);
  int Wrong = 0;
  for (size_t I = First; I < Last; ++I) {
    const Pattern &P = Ps[I];
    int Table[64];
    std::memcpy(Table, P.Src, sizeof P.Src);
    std::memcpy(Table + 32, P.Dst, sizeof P.Dst);
    CHECK(cudaMemcpy(DPat, Table, sizeof Table, cudaMemcpyHostToDevice));
    if (P.Cg)
      cpK<true><<<1, 32>>>(DIn, DOut, DPat);
    else
      cpK<false><<<1, 32>>>(DIn, DOut, DPat);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(Got.data(), DOut, kSharedBytes, cudaMemcpyDeviceToHost));
    int Bad = 0;
    for (int L = 0; L < 32; ++L)
      if (P.Src[L] >= 0)
        Bad += std::memcmp(&Got[P.Dst[L]], &In[P.Src[L]], 16) != 0;
    Wrong += Bad != 0;
    std::printf("check %zu %s %s\n", I, P.Family.c_str(), Bad ? "WRONG" : "ok");
  }
  std::printf("done: %d wrong\n", Wrong);
  return Wrong != 0;
}
