//===- PropertyTest.cpp - Solver against a plain brute-force counter ------===//
//
// Thousands of random quasi-affine patterns, element sizes, block shapes,
// guards and loops; the expected numbers come from a separate, deliberately
// plain implementation of the hardware rule below (std::map / std::set, C++
// arithmetic, no solver code), so a bug has to be made twice to pass.
//
//===----------------------------------------------------------------------===//

#include "Solve/Isl/IslProof.h"
#include "Solve/Space/Space.h"
#include "SolveTestUtil.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace warplint;
using namespace warplint::test;

namespace {

struct Pattern {
  int64_t A = 0, B = 0, C = 0, D = 0, E = 0; // tx, ty, tz, i, constant
  int64_t F = 0, G = 0, Q = 1;               // F * (tx / Q) + G * (tx % Q)
  int64_t H = 0;                             // H * n, n a free parameter
  int64_t HT = 0; // HT * t * n, t = tx (TDim 0) or ty (TDim 1)
  int TDim = 0;
  unsigned Elem = 4;
  int GuardKind = 0; // 0 none, 1 tx < K, 2 tx + ty >= K, 3 tx % 2 == 0
  int64_t K = 0;
  int Trips = 0; // 0: no loop, else for (i = 0; i < Trips; ++i)
  BlockShape Block;
  bool Atomic = false; // shared integer atomic (4-byte elements)
  bool Store = false;  // a store: 8/16-byte stores never merge lane pairs
};

int64_t fdiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}

int64_t elementIndex(const Pattern &P, int64_t X, int64_t Y, int64_t Z,
                     int64_t I, int64_t N) {
  return P.A * X + P.B * Y + P.C * Z + P.D * I + P.E + P.F * (X / P.Q) +
         P.G * (X % P.Q) + P.H * N + P.HT * (P.TDim ? Y : X) * N;
}

bool active(const Pattern &P, int64_t X, int64_t Y) {
  switch (P.GuardKind) {
  case 1:
    return X < P.K;
  case 2:
    return X + Y >= P.K;
  case 3:
    return X % 2 == 0;
  }
  return true;
}

struct Brute {
  unsigned Worst = 0;
  std::set<unsigned> WorstIdeals;
  double Sum = 0, IdealSum = 0;
  uint64_t Requests = 0;
  bool AnyConflict = false;   ///< cost above ideal
  bool PhaseConflict = false; ///< see phaseConflict

  void add(unsigned Cost, unsigned Ideal) {
    if (Requests == 0 || Cost > Worst) {
      Worst = Cost;
      WorstIdeals.clear();
    }
    if (Cost == Worst)
      WorstIdeals.insert(Ideal);
    Sum += Cost;
    IdealSum += Ideal;
    ++Requests;
  }
};

/// Walks warps and iterations; calls Req(list of (lane, byte address)).
template <typename F> void walk(const Pattern &P, int64_t N, F Req) {
  int64_t Threads = P.Block.threads();
  int64_t Warps = (Threads + 31) / 32;
  for (int I = 0; I < std::max(P.Trips, 1); ++I)
    for (int64_t W = 0; W < Warps; ++W) {
      std::vector<std::pair<int, int64_t>> Lanes;
      for (int L = 0; L < 32; ++L) {
        int64_t Lin = W * 32 + L;
        if (Lin >= Threads)
          break;
        int64_t X = Lin % P.Block.X, Y = (Lin / P.Block.X) % P.Block.Y,
                Z = Lin / (P.Block.X * P.Block.Y);
        if (active(P, X, Y))
          Lanes.push_back({L, elementIndex(P, X, Y, Z, I, N) * P.Elem});
      }
      if (!Lanes.empty())
        Req(Lanes);
    }
}

/// Whether some phase of the plain phase split (whole warp, half-warps for 8
/// bytes, quarters for 16) asks one bank for two different words: what the
/// ISL proof decides.
bool phaseConflict(const std::vector<std::pair<int, int64_t>> &Lanes,
                   unsigned Elem) {
  int Phases = Elem <= 4 ? 1 : int(Elem / 4);
  int WordsPerLane = Elem <= 4 ? 1 : int(Elem / 4);
  std::map<std::pair<int, int64_t>, std::set<int64_t>> Bank;
  for (auto [L, Addr] : Lanes)
    for (int K = 0; K < WordsPerLane; ++K) {
      int64_t Word = fdiv(Addr, 4) + K;
      auto &Words = Bank[{L / (32 / Phases), ((Word % 32) + 32) % 32}];
      Words.insert(Word);
      if (Words.size() > 1)
        return true;
    }
  return false;
}

/// The measured shared-memory rules (docs/hardware-model.md S1-S5, S8),
/// written out plainly.
Brute bruteShared(const Pattern &P, int64_t N) {
  Brute B;
  walk(P, N, [&](const std::vector<std::pair<int, int64_t>> &Lanes) {
    int WordsPerLane = P.Elem <= 4 ? 1 : int(P.Elem / 4);
    std::map<int, int64_t> AddrOf(Lanes.begin(), Lanes.end());
    unsigned Cost = 0, Ideal = 0;
    B.PhaseConflict |= phaseConflict(Lanes, P.Elem);
    if (P.Atomic) {
      // S8: a uniform address is one lane; else lanes per bank.
      std::set<int64_t> Distinct;
      for (auto [L, Addr] : Lanes)
        Distinct.insert(Addr);
      std::map<int64_t, int> LanesInBank;
      for (auto [L, Addr] : Lanes)
        LanesInBank[((fdiv(Addr, 4) % 32) + 32) % 32] += 1;
      for (auto &[Bk, Count] : LanesInBank)
        Cost = std::max(Cost, unsigned(Count));
      if (Distinct.size() == 1)
        Cost = 1;
      B.AnyConflict |= Cost > 1;
      B.add(Cost, 1);
      return;
    }
    // Max distinct words per bank of one phase (a list of addresses).
    auto PhaseCost = [&](const std::vector<int64_t> &Addrs) {
      std::map<int64_t, std::set<int64_t>> Bank;
      for (int64_t Addr : Addrs)
        for (int K = 0; K < WordsPerLane; ++K) {
          int64_t Word = fdiv(Addr, 4) + K;
          Bank[((Word % 32) + 32) % 32].insert(Word);
        }
      size_t Max = 0;
      for (auto &[Bk, Words] : Bank)
        Max = std::max(Max, Words.size());
      return unsigned(Max);
    };
    // Addresses of lanes [From, To), one per pair when ByPair.
    auto Range = [&](int From, int To, bool ByPair) {
      std::vector<int64_t> Out;
      for (int L = From; L < To; ++L)
        if (AddrOf.count(L) && !(ByPair && L % 2 == 1 && AddrOf.count(L - 1)))
          Out.push_back(AddrOf[L]);
      return Out;
    };
    bool Wide = P.Elem == 8 || P.Elem == 16;
    if (Wide && !P.Store) {
      // S4, per half-warp: a half merges when its full pairs agree.
      bool Merged[2], Empty[2];
      for (int H = 0; H < 2; ++H) {
        Empty[H] = Range(16 * H, 16 * H + 16, false).empty();
        Merged[H] = !Empty[H];
        for (int K = 8 * H; K < 8 * H + 8; ++K)
          if (AddrOf.count(2 * K) && AddrOf.count(2 * K + 1) &&
              AddrOf[2 * K] != AddrOf[2 * K + 1])
            Merged[H] = false;
      }
      if (P.Elem == 8) {
        bool Combined = (Empty[0] || Merged[0]) && (Empty[1] || Merged[1]) &&
                        PhaseCost(Range(0, 32, true)) == 1;
        if (Combined) {
          Cost = Ideal = 1;
        } else {
          Cost =
              PhaseCost(Range(0, 16, false)) + PhaseCost(Range(16, 32, false));
          Ideal = unsigned((Lanes.size() * 8 + 127) / 128);
        }
      } else {
        size_t Units = 0;
        for (int H = 0; H < 2; ++H) {
          if (Merged[H]) {
            std::vector<int64_t> U = Range(16 * H, 16 * H + 16, true);
            Cost += PhaseCost(U);
            Units += U.size();
          } else {
            for (int Q = 2 * H; Q < 2 * H + 2; ++Q) {
              std::vector<int64_t> U = Range(8 * Q, 8 * Q + 8, false);
              Cost += PhaseCost(U);
              Units += U.size();
            }
          }
        }
        Ideal = unsigned(std::max<size_t>(1, (Units * 16 + 127) / 128));
      }
    } else {
      // S1-S3 phases; S5 ideal from the active lanes' bytes.
      int Phases = P.Elem <= 4 ? 1 : int(P.Elem / 4);
      for (int Ph = 0; Ph < Phases; ++Ph)
        Cost += PhaseCost(
            Range(Ph * (32 / Phases), (Ph + 1) * (32 / Phases), false));
      Ideal = P.Elem <= 4 ? 1 : unsigned((Lanes.size() * P.Elem + 127) / 128);
    }
    B.AnyConflict |= Cost > Ideal;
    B.add(Cost, Ideal);
  });
  return B;
}

Brute bruteGlobal(const Pattern &P, int64_t N) {
  Brute B;
  walk(P, N, [&](const std::vector<std::pair<int, int64_t>> &Lanes) {
    std::set<int64_t> Sectors, Addrs;
    for (auto [L, Addr] : Lanes) {
      Addrs.insert(Addr);
      for (int64_t S = fdiv(Addr, 32); S <= fdiv(Addr + P.Elem - 1, 32); ++S)
        Sectors.insert(S);
    }
    std::set<int64_t> Bytes; // G2: distinct bytes, packed
    for (int64_t A : Addrs)
      for (unsigned K = 0; K < P.Elem; ++K)
        Bytes.insert(A + K);
    unsigned Ideal = unsigned((Bytes.size() + 31) / 32);
    B.add(unsigned(Sectors.size()), std::max(Ideal, 1u));
  });
  return B;
}

const BlockShape Shapes[] = {{32, 1, 1}, {8, 4, 1},  {16, 2, 1}, {48, 1, 1},
                             {16, 2, 2}, {8, 8, 2},  {64, 2, 1}, {4, 4, 4},
                             {33, 1, 1}, {96, 1, 1}, {1, 32, 1}, {2, 3, 5}};

Pattern randomPattern(std::mt19937_64 &Rng, bool WithParam) {
  auto Pick = [&](int64_t Lo, int64_t Hi) {
    return std::uniform_int_distribution<int64_t>(Lo, Hi)(Rng);
  };
  Pattern P;
  static const int64_t Interesting[] = {0,  1,  2,  3,  4,  8,
                                        16, 17, 31, 32, 33, 64};
  auto Coef = [&] {
    return Pick(0, 2) == 0 ? Pick(-5, 70) : Interesting[Pick(0, 11)];
  };
  P.A = Coef();
  P.B = Coef();
  P.C = Coef();
  P.E = Pick(0, 40);
  if (Pick(0, 3) == 0) {
    P.Q = Pick(2, 8);
    P.F = Coef();
    P.G = Coef();
  }
  static const unsigned Elems[] = {1, 2, 4, 8, 16};
  P.Elem = Elems[Pick(0, 4)];
  P.GuardKind = int(Pick(0, 3));
  P.K = Pick(0, 40);
  if (Pick(0, 2) == 0) {
    P.Trips = int(Pick(1, 4));
    P.D = Coef();
  }
  if (WithParam)
    P.H = Pick(1, 40);
  P.Block = Shapes[Pick(0, 11)];
  if (P.Elem == 4 && Pick(0, 3) == 0)
    P.Atomic = true;
  if (P.Elem > 4 && Pick(0, 3) == 0)
    P.Store = true;
  return P;
}

struct Built {
  KernelBuilder B;
  Access A;
  LaunchConfig L;
};

Built build(const Pattern &P, MemorySpace Space) {
  Built R{KernelBuilder(Space), Access(),
          block(P.Block.X, P.Block.Y, P.Block.Z)};
  unsigned N = R.B.addParam("n");
  Expr Index = tx() * Expr(P.A) + ty() * Expr(P.B) + tz() * Expr(P.C) +
               Expr(P.E) + Expr::binary(ExprKind::Div, tx(), P.Q) * Expr(P.F) +
               Expr::binary(ExprKind::Rem, tx(), P.Q) * Expr(P.G) +
               param(N) * Expr(P.H) +
               (P.TDim ? ty() : tx()) * param(N) * Expr(P.HT);
  std::vector<unsigned> Loops;
  if (P.Trips) {
    unsigned I =
        R.B.addLoop("i", Expr(0), [&](Expr V) { return lt(V, P.Trips); });
    Loops.push_back(I);
    Index = Index + loopVar(I) * Expr(P.D);
  }
  Predicate Guard = true;
  if (P.GuardKind == 1)
    Guard = lt(tx(), P.K);
  else if (P.GuardKind == 2)
    Guard = Predicate::cmp(CmpKind::GE, tx() + ty(), Expr(P.K));
  else if (P.GuardKind == 3)
    Guard = Predicate::cmp(CmpKind::EQ, Expr::binary(ExprKind::Rem, tx(), 2),
                           Expr(0));
  R.A = R.B.access(Index * Expr(int64_t(P.Elem)), P.Elem, Guard, Loops);
  if (P.Store)
    R.A.Op = AccessOp::Store;
  if (P.Atomic && Space == MemorySpace::Shared) {
    R.A.Op = AccessOp::Atomic;
    R.B.K.Objects[0].ElementType = "int";
  }
  return R;
}

std::string describe(const Pattern &P) {
  return "index " + std::to_string(P.A) + "*tx + " + std::to_string(P.B) +
         "*ty + " + std::to_string(P.C) + "*tz + " + std::to_string(P.D) +
         "*i + " + std::to_string(P.E) + " + " + std::to_string(P.F) + "*(tx/" +
         std::to_string(P.Q) + ") + " + std::to_string(P.G) + "*(tx%" +
         std::to_string(P.Q) + ") + " + std::to_string(P.H) + "*n + " + std::to_string(P.HT) + (P.TDim ? "*ty*n" : "*tx*n") +
         ", elem " +
         std::to_string(P.Elem) + ", guard " + std::to_string(P.GuardKind) +
         "/" + std::to_string(P.K) + ", trips " + std::to_string(P.Trips) +
         ", block " + std::to_string(P.Block.X) + "x" +
         std::to_string(P.Block.Y) + "x" + std::to_string(P.Block.Z) +
         (P.Atomic ? ", atomic" : "") + (P.Store ? ", store" : "");
}

template <typename Result>
void expectMatches(const Result &R, const Brute &Exp, unsigned Worst,
                   double Mean, unsigned Ideal, double IdealMean,
                   const std::string &What) {
  ASSERT_EQ(R.Status, SolveStatus::Exact) << What << ": " << R.Reason;
  EXPECT_EQ(Worst, Exp.Worst) << What;
  if (Exp.Requests) {
    EXPECT_NEAR(Mean, Exp.Sum / Exp.Requests, 1e-9) << What;
    EXPECT_NEAR(IdealMean, Exp.IdealSum / Exp.Requests, 1e-9) << What;
    EXPECT_TRUE(Exp.WorstIdeals.count(Ideal)) << What;
  }
  EXPECT_EQ(R.Requests, Exp.Requests) << What;
}

TEST(SolverProperty, SharedMatchesBruteForce) {
  std::mt19937_64 Rng(12345);
  for (int Iter = 0; Iter < 3000; ++Iter) {
    Pattern P = randomPattern(Rng, false);
    Built X = build(P, MemorySpace::Shared);
    SharedResult R = solveShared(X.B.K, X.A, X.L, options());
    Brute Exp = bruteShared(P, 0);
    expectMatches(R, Exp, R.Wavefronts, R.WavefrontsMean, R.IdealWavefronts,
                  R.IdealMean, describe(P));
    if (HasFailure())
      return;
  }
}

TEST(SolverProperty, GlobalMatchesBruteForce) {
  std::mt19937_64 Rng(777);
  for (int Iter = 0; Iter < 3000; ++Iter) {
    Pattern P = randomPattern(Rng, false);
    Built X = build(P, MemorySpace::Global);
    GlobalResult R = solveGlobal(X.B.K, X.A, X.L, options());
    Brute Exp = bruteGlobal(P, 0);
    expectMatches(R, Exp, R.Sectors, R.SectorsMean, R.IdealSectors, R.IdealMean,
                  describe(P));
    if (HasFailure())
      return;
  }
}

/// With a free parameter n added to the index, the solver's worst must be
/// the worst over n; brute force tries every n in one full period
/// (128 bytes of banks span at most 128 values of n), negative ones too.
TEST(SolverProperty, FreeParameterWorstOverAllValues) {
  std::mt19937_64 Rng(4242);
  int Conditional = 0;
  for (int Iter = 0; Iter < 150; ++Iter) {
    Pattern P = randomPattern(Rng, true);
    P.GuardKind = Iter % 2 ? 0 : P.GuardKind;
    Built X = build(P, MemorySpace::Shared);
    SharedResult R = solveShared(X.B.K, X.A, X.L, options());
    ASSERT_EQ(R.Status, SolveStatus::Exact) << describe(P) << ": " << R.Reason;
    unsigned Worst = 0;
    std::set<unsigned> Seen;
    for (int64_t N = -128; N < 128; ++N) {
      unsigned W = bruteShared(P, N).Worst;
      Worst = std::max(Worst, W);
      Seen.insert(W);
    }
    EXPECT_EQ(R.Wavefronts, Worst) << describe(P);
    Conditional += !R.Condition.empty();
    EXPECT_EQ(R.Condition.empty(), Seen.size() == 1)
        << describe(P) << ": " << R.Condition;

    Built G = build(P, MemorySpace::Global);
    GlobalResult RG = solveGlobal(G.B.K, G.A, G.L, options());
    ASSERT_EQ(RG.Status, SolveStatus::Exact)
        << describe(P) << ": " << RG.Reason;
    unsigned WorstG = 0;
    std::set<unsigned> SeenG;
    for (int64_t N = -32; N < 32; ++N) {
      unsigned W = bruteGlobal(P, N).Worst;
      WorstG = std::max(WorstG, W);
      SeenG.insert(W);
    }
    EXPECT_EQ(RG.Sectors, WorstG) << describe(P);
    Conditional += !RG.Condition.empty();
    EXPECT_EQ(RG.Condition.empty(), SeenG.size() == 1)
        << describe(P) << ": " << RG.Condition;
    if (HasFailure())
      return;
  }
  EXPECT_GT(Conditional, 20);
}

/// A parameter times a lane index (HT * t * n): the solver's worst, and the
/// highest mean among the values reaching it, must be those of brute force
/// over every n up to well beyond the point where lanes of different t
/// can no longer share a word or sector (the window), plus two periods.
TEST(SolverProperty, LaneTimesParameterWorstOverAllValues) {
  std::mt19937_64 Rng(2024);
  auto Pick = [&](int64_t Lo, int64_t Hi) {
    return std::uniform_int_distribution<int64_t>(Lo, Hi)(Rng);
  };
  int Conditional = 0;
  for (int Iter = 0; Iter < 60; ++Iter) {
    Pattern P = randomPattern(Rng, false);
    P.A = Pick(0, 3), P.B = Pick(0, 3), P.C = Pick(0, 3), P.D = Pick(0, 3);
    P.F = P.G = 0, P.Q = 1;
    P.HT = Pick(1, 40) * (Pick(0, 1) ? 1 : -1);
    P.TDim = int(Pick(0, 1));
    if (P.Block.threads() > 128)
      P.Block = {16, 2, 2};
    // The index's range over the domain, in bytes, bounds the window.
    int64_t Lo = INT64_MAX, Hi = INT64_MIN;
    for (int64_t T = 0; T < P.Block.threads(); ++T)
      for (int I = 0; I < std::max(P.Trips, 1); ++I) {
        int64_t X = T % P.Block.X, Y = T / P.Block.X % P.Block.Y,
                Z = T / (P.Block.X * P.Block.Y);
        int64_t V = elementIndex(P, X, Y, Z, I, 0) * P.Elem;
        Lo = std::min(Lo, V), Hi = std::max(Hi, V);
      }
    int64_t Limit = (Hi - Lo + 160) / (std::abs(P.HT) * P.Elem) + 260;
    for (MemorySpace Space : {MemorySpace::Shared, MemorySpace::Global}) {
      Built X = build(P, Space);
      bool Shared = Space == MemorySpace::Shared;
      SharedResult RS;
      GlobalResult RG;
      if (Shared)
        RS = solveShared(X.B.K, X.A, X.L, options());
      else
        RG = solveGlobal(X.B.K, X.A, X.L, options());
      SolveStatus St = Shared ? RS.Status : RG.Status;
      ASSERT_EQ(St, SolveStatus::Exact)
          << describe(P) << ": " << (Shared ? RS.Reason : RG.Reason);
      unsigned Worst = 0;
      double Mean = 0;
      std::set<unsigned> Seen;
      for (int64_t N = -Limit; N <= Limit; ++N) {
        Brute B = Shared ? bruteShared(P, N) : bruteGlobal(P, N);
        double M = B.Sum / B.Requests;
        if (B.Worst > Worst || (B.Worst == Worst && M > Mean))
          Worst = B.Worst, Mean = M;
        Seen.insert(B.Worst);
      }
      unsigned Got = Shared ? RS.Wavefronts : RG.Sectors;
      double GotMean = Shared ? RS.WavefrontsMean : RG.SectorsMean;
      const std::string &Cond = Shared ? RS.Condition : RG.Condition;
      EXPECT_EQ(Got, Worst) << describe(P);
      EXPECT_NEAR(GotMean, Mean, 1e-9) << describe(P);
      EXPECT_EQ(Cond.empty(), Seen.size() == 1) << describe(P) << ": " << Cond;
      Conditional += !Cond.empty();
      if (HasFailure())
        return;
    }
  }
  EXPECT_GT(Conditional, 30);
}

/// The ISL conflict relation is empty exactly when brute force finds no
/// conflicting request.
TEST(SolverProperty, IslProofAgreesWithBruteForce) {
  std::mt19937_64 Rng(99);
  int Decided = 0, Free = 0;
  for (int Iter = 0; Iter < 400; ++Iter) {
    Pattern P = randomPattern(Rng, false);
    P.Atomic = false; // the proof is about loads and stores
    Built X = build(P, MemorySpace::Shared);
    SolveSpace S;
    ASSERT_FALSE(buildSpace(X.B.K, X.A, X.L, S).has_value());
    IslVerdict V =
        islProveSharedConflictFree(S, X.B.K, P.Elem, options().Arch, 5000000);
    Brute Exp = bruteShared(P, 0);
    if (V.Kind == IslVerdict::Unknown) {
      ADD_FAILURE() << describe(P) << ": " << V.Text;
      return;
    }
    ++Decided;
    Free += V.Kind == IslVerdict::ConflictFree;
    EXPECT_EQ(V.Kind == IslVerdict::ConflictFree, !Exp.PhaseConflict)
        << describe(P);
    if (HasFailure())
      return;
  }
  EXPECT_EQ(Decided, 400);
  // Both verdicts must be well represented for the comparison to mean much.
  EXPECT_GT(Free, 40);
  EXPECT_LT(Free, 360);
}

} // namespace
