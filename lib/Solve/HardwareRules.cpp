//===- HardwareRules.cpp - What one warp request costs --------------------===//

#include "Solve/HardwareRules.h"

#include <algorithm>
#include <optional>
#include <tuple>

namespace warplint {

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && ((A < 0) != (B < 0)))
    --Q;
  return Q;
}

int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

unsigned sharedPhaseCount(unsigned Bytes, const ArchInfo &Arch) {
  // 8-byte accesses are served per half-warp and 16-byte ones per quarter
  // warp: each phase then asks for at most Banks words, one full row.
  if (Bytes <= Arch.BankBytes)
    return 1;
  unsigned Phases = Bytes / Arch.BankBytes;
  return std::min(Phases, Arch.WarpSize);
}

namespace {

struct WordUse {
  int64_t Bank;
  int64_t Word;
  unsigned Lane;
  friend bool operator<(const WordUse &A, const WordUse &B) {
    return std::tie(A.Bank, A.Word, A.Lane) < std::tie(B.Bank, B.Word, B.Lane);
  }
};

/// The rule for one phase: the bank asked for the most distinct words
/// decides; lanes on the same word are served together (broadcast), bytes
/// of one word never conflict.
SharedRequestCost phaseCost(std::vector<WordUse> &Uses) {
  SharedRequestCost C;
  if (Uses.empty())
    return C;
  std::sort(Uses.begin(), Uses.end());
  size_t I = 0;
  while (I < Uses.size()) {
    size_t J = I;
    unsigned Distinct = 0;
    int LaneA = -1, LaneB = -1;
    while (J < Uses.size() && Uses[J].Bank == Uses[I].Bank) {
      if (J == I || Uses[J].Word != Uses[J - 1].Word) {
        ++Distinct;
        if (Distinct == 1)
          LaneA = Uses[J].Lane;
        else if (Distinct == 2)
          LaneB = Uses[J].Lane;
      }
      ++J;
    }
    if (Distinct > C.WorstPhaseWavefronts) {
      C.WorstPhaseWavefronts = Distinct;
      C.WorstBankWords = Distinct;
      C.Bank = unsigned(Uses[I].Bank);
      C.LaneA = Distinct > 1 ? LaneA : -1;
      C.LaneB = Distinct > 1 ? LaneB : -1;
    }
    I = J;
  }
  C.Wavefronts = C.WorstPhaseWavefronts;
  C.Ideal = 1;
  return C;
}

} // namespace

SharedRequestCost sharedRequestCost(const std::vector<LaneAddress> &Lanes,
                                    unsigned Bytes, const ArchInfo &Arch) {
  unsigned Phases = sharedPhaseCount(Bytes, Arch);
  unsigned LanesPerPhase = Arch.WarpSize / Phases;
  std::vector<std::vector<WordUse>> PerPhase(Phases);
  for (const LaneAddress &L : Lanes) {
    int64_t First = floorDiv(L.Addr, Arch.BankBytes);
    int64_t Last =
        floorDiv(L.Addr + int64_t(std::max(Bytes, 1u)) - 1, Arch.BankBytes);
    auto &Uses = PerPhase[std::min(L.Lane / LanesPerPhase, Phases - 1)];
    for (int64_t W = First; W <= Last; ++W)
      Uses.push_back({floorMod(W, Arch.Banks), W, L.Lane});
  }
  SharedRequestCost Total;
  for (auto &Uses : PerPhase) {
    SharedRequestCost P = phaseCost(Uses);
    Total.Wavefronts += P.Wavefronts;
    Total.Ideal += P.Ideal;
    if (P.WorstPhaseWavefronts > Total.WorstPhaseWavefronts) {
      Total.WorstPhaseWavefronts = P.WorstPhaseWavefronts;
      Total.Bank = P.Bank;
      Total.LaneA = P.LaneA;
      Total.LaneB = P.LaneB;
      Total.WorstBankWords = P.WorstBankWords;
    }
  }
  return Total;
}

GlobalRequestCost globalRequestCost(const std::vector<LaneAddress> &Lanes,
                                    unsigned Bytes, const ArchInfo &Arch) {
  GlobalRequestCost C;
  if (Lanes.empty())
    return C;
  int64_t Width = std::max(Bytes, 1u);
  std::vector<int64_t> Sectors, Addrs;
  for (const LaneAddress &L : Lanes) {
    Addrs.push_back(L.Addr);
    for (int64_t S = floorDiv(L.Addr, Arch.SectorBytes),
                 E = floorDiv(L.Addr + Width - 1, Arch.SectorBytes);
         S <= E; ++S)
      Sectors.push_back(S);
  }
  std::sort(Sectors.begin(), Sectors.end());
  C.Sectors =
      unsigned(std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin());
  std::sort(Addrs.begin(), Addrs.end());
  Addrs.erase(std::unique(Addrs.begin(), Addrs.end()), Addrs.end());
  // Ideal: the distinct elements the warp asks for, packed contiguously from
  // a sector boundary. Lanes sharing an address are served by one copy.
  int64_t Distinct = int64_t(Addrs.size());
  C.Ideal = unsigned(std::max<int64_t>(
      1, (Distinct * Width + Arch.SectorBytes - 1) / Arch.SectorBytes));

  int64_t FirstSector = floorDiv(Lanes.front().Addr, Arch.SectorBytes);
  for (size_t I = 1; I < Lanes.size(); ++I)
    if (floorDiv(Lanes[I].Addr, Arch.SectorBytes) != FirstSector) {
      C.LaneA = int(Lanes.front().Lane);
      C.LaneB = int(Lanes[I].Lane);
      break;
    }

  if (Distinct == 1) {
    C.Pattern = GlobalPattern::Uniform;
    return C;
  }
  if (C.Sectors <= C.Ideal) {
    C.Pattern = GlobalPattern::Coalesced;
    return C;
  }
  bool Contiguous = true;
  for (size_t I = 1; I < Addrs.size(); ++I)
    Contiguous &= Addrs[I] - Addrs[I - 1] == Width;
  if (Contiguous) {
    C.Pattern = GlobalPattern::Misaligned;
    return C;
  }
  // Strided: one constant byte distance per lane step, wider than an element.
  std::optional<int64_t> Stride;
  bool Constant = true;
  for (size_t I = 1; I < Lanes.size() && Constant; ++I) {
    int64_t DL = int64_t(Lanes[I].Lane) - int64_t(Lanes[I - 1].Lane);
    int64_t DA = Lanes[I].Addr - Lanes[I - 1].Addr;
    if (DL <= 0 || DA % DL != 0) {
      Constant = false;
      break;
    }
    if (Stride && *Stride != DA / DL)
      Constant = false;
    Stride = DA / DL;
  }
  C.Pattern = Constant && Stride && (*Stride > Width || *Stride < -Width)
                  ? GlobalPattern::Strided
                  : GlobalPattern::Scattered;
  return C;
}

} // namespace warplint
