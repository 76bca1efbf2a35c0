//===- HardwareRules.cpp - What one warp request costs --------------------===//

#include "Solve/HardwareRules.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <set>
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

/// The rule for one phase: the bank with the most work decides. For loads
/// and stores the work is the distinct words (lanes on one word are served
/// together, bytes of one word never conflict: S1); for atomics it is the
/// lanes, because lanes on the same address serialize (S8). Uses lists every
/// (bank, word, lane) once.
SharedRequestCost phaseCost(std::vector<WordUse> &Uses, bool CountLanes) {
  SharedRequestCost C;
  if (Uses.empty())
    return C;
  std::sort(Uses.begin(), Uses.end());
  // The lanes of one bank, for atomics (kept across calls: this runs for
  // every request the solver costs).
  static thread_local std::vector<unsigned> Lanes;
  size_t I = 0;
  while (I < Uses.size()) {
    size_t J = I;
    unsigned Distinct = 0, Work = 0;
    int LaneA = -1, LaneB = -1;
    Lanes.clear();
    while (J < Uses.size() && Uses[J].Bank == Uses[I].Bank) {
      bool NewWord = J == I || Uses[J].Word != Uses[J - 1].Word;
      Distinct += NewWord;
      // The witness: the first lanes on two different words; for atomics,
      // failing that, two lanes on one word.
      if (LaneA < 0)
        LaneA = int(Uses[J].Lane);
      else if (NewWord && Distinct == 2)
        LaneB = int(Uses[J].Lane);
      else if (CountLanes && LaneB < 0 && int(Uses[J].Lane) != LaneA)
        LaneB = int(Uses[J].Lane);
      if (CountLanes)
        Lanes.push_back(Uses[J].Lane);
      ++J;
    }
    if (CountLanes) {
      // A lane whose access spans two words of one bank is still one lane.
      std::sort(Lanes.begin(), Lanes.end());
      Work = unsigned(std::unique(Lanes.begin(), Lanes.end()) - Lanes.begin());
    } else {
      Work = Distinct;
    }
    if (Work > C.WorstPhaseWavefronts) {
      C.WorstPhaseWavefronts = Work;
      C.WorstBankWords = Distinct;
      C.Bank = unsigned(Uses[I].Bank);
      C.LaneA = Work > 1 ? LaneA : -1;
      C.LaneB = Work > 1 ? LaneB : -1;
    }
    I = J;
  }
  C.Wavefronts = C.WorstPhaseWavefronts;
  return C;
}

/// Whether every lane pair (2k, 2k+1) of Lanes with both lanes active asks
/// for one address (a lone active lane counts as agreeing).
bool pairsShareAddresses(const std::vector<LaneAddress> &Lanes) {
  for (size_t I = 0; I + 1 < Lanes.size(); ++I)
    if (Lanes[I].Lane % 2 == 0 && Lanes[I + 1].Lane == Lanes[I].Lane + 1 &&
        Lanes[I].Addr != Lanes[I + 1].Addr)
      return false;
  return true;
}

/// The lanes of Lanes with one lane per pair (the first active one).
std::vector<LaneAddress> pairUnits(const std::vector<LaneAddress> &Lanes) {
  std::vector<LaneAddress> Out;
  for (const LaneAddress &L : Lanes)
    if (Out.empty() || Out.back().Lane / 2 != L.Lane / 2)
      Out.push_back(L);
  return Out;
}

/// One phase: the units (lanes, or one lane per merged pair) it serves.
using Phase = std::vector<LaneAddress>;

/// Splits Lanes into Count phases of consecutive lanes of equal size.
void splitPhases(const std::vector<LaneAddress> &Lanes, unsigned Count,
                 const ArchInfo &Arch, std::vector<Phase> &Out) {
  unsigned Per = Arch.WarpSize / Count;
  std::vector<Phase> P(Count);
  for (const LaneAddress &L : Lanes)
    P[std::min(L.Lane / Per, Count - 1)].push_back(L);
  for (Phase &X : P)
    if (!X.empty())
      Out.push_back(std::move(X));
}

/// Adds one phase's rule to Total (the witness when it is the worst phase).
void addPhase(SharedRequestCost &Total, const std::vector<LaneAddress> &Ph,
              unsigned Bytes, const ArchInfo &Arch, bool CountLanes) {
  static thread_local std::vector<WordUse> Uses; // reused: see phaseCost
  Uses.clear();
  for (const LaneAddress &L : Ph) {
    int64_t First = floorDiv(L.Addr, Arch.BankBytes);
    int64_t Last =
        floorDiv(L.Addr + int64_t(std::max(Bytes, 1u)) - 1, Arch.BankBytes);
    for (int64_t W = First; W <= Last; ++W)
      Uses.push_back({floorMod(W, Arch.Banks), W, L.Lane});
  }
  SharedRequestCost P = phaseCost(Uses, CountLanes);
  Total.Wavefronts += P.Wavefronts;
  if (P.WorstPhaseWavefronts > Total.WorstPhaseWavefronts) {
    Total.WorstPhaseWavefronts = P.WorstPhaseWavefronts;
    Total.Bank = P.Bank;
    Total.LaneA = P.LaneA;
    Total.LaneB = P.LaneB;
    Total.WorstBankWords = P.WorstBankWords;
  }
}

/// Sum over phases of the per-phase rule; the witness of the worst phase.
SharedRequestCost costOfPhases(const std::vector<Phase> &Phases, unsigned Bytes,
                               const ArchInfo &Arch, bool CountLanes) {
  SharedRequestCost Total;
  for (const Phase &Ph : Phases)
    addPhase(Total, Ph, Bytes, Arch, CountLanes);
  return Total;
}

int64_t ceilDiv(int64_t A, int64_t B) { return (A + B - 1) / B; }

/// 8- and 16-byte loads with lane-pair merging (S4), decided per half-warp:
/// a half whose active pairs (2k, 2k+1) each ask for one address is a
/// "merged" half. Measured in gpu_shared_validate.csv:199-216 and
/// gpu_open_questions.csv (open_questions.cu:26-51, 78-96).
///  - 16 bytes: a merged half is one phase of its 8 pairs, any other half
///    two quarter phases (`q[tid < 16 ? tid/2 : tid]` 3, csv line 11);
///    ideal = ceil(units x 16 / 128) over the warp, a unit being a pair of a
///    merged half or a lane of another (3 there; 1 for four lone lanes).
///  - 8 bytes: when every active half is merged and the pairs of the whole
///    warp fit in one conflict-free phase, 1 wavefront, ideal 1 (`d[tid/2]`,
///    `d[0]`, `d[tid/2 + (tid/16)*16]`); otherwise the two half-warp phases
///    of S2 with ideal ceil(lanes x 8 / 128): `d[tid/2 + (tid/16)*8]`, whose
///    halves would share banks, measured 2, ideal 2 (csv line 7).
/// Stores never merge: `D[tid/2] = v` 2, `Q[tid/2] = v` 4 (csv lines 18-19).
SharedRequestCost wideLoadCost(const std::vector<LaneAddress> &Lanes,
                               unsigned Bytes, const ArchInfo &Arch) {
  unsigned Half = Arch.WarpSize / 2;
  std::vector<LaneAddress> InHalf[2];
  for (const LaneAddress &L : Lanes)
    InHalf[L.Lane < Half ? 0 : 1].push_back(L);
  bool Merged[2];
  for (int H = 0; H < 2; ++H)
    Merged[H] = !InHalf[H].empty() && pairsShareAddresses(InHalf[H]);
  int64_t Row = int64_t(Arch.Banks) * Arch.BankBytes;
  if (Bytes == 2 * Arch.BankBytes) {
    if ((InHalf[0].empty() || Merged[0]) && (InHalf[1].empty() || Merged[1])) {
      Phase All = pairUnits(Lanes);
      SharedRequestCost C = costOfPhases({All}, Bytes, Arch, false);
      if (C.Wavefronts == 1) {
        C.Ideal = 1;
        C.PairsMerged = true;
        return C;
      }
    }
    std::vector<Phase> Phases;
    splitPhases(Lanes, 2, Arch, Phases);
    SharedRequestCost C = costOfPhases(Phases, Bytes, Arch, false);
    C.Ideal = unsigned(ceilDiv(int64_t(Lanes.size()) * Bytes, Row));
    return C;
  }
  std::vector<Phase> Phases;
  int64_t Units = 0;
  for (int H = 0; H < 2; ++H) {
    if (Merged[H]) {
      Phases.push_back(pairUnits(InHalf[H]));
      Units += int64_t(Phases.back().size());
    } else {
      splitPhases(InHalf[H], Bytes / Arch.BankBytes, Arch, Phases);
      Units += int64_t(InHalf[H].size());
    }
  }
  SharedRequestCost C = costOfPhases(Phases, Bytes, Arch, false);
  C.PairsMerged = Merged[0] || Merged[1];
  C.Ideal = unsigned(std::max<int64_t>(1, ceilDiv(Units * Bytes, Row)));
  return C;
}

} // namespace

SharedOpKind sharedOpKind(const KernelModel &, const Access &A) {
  // Rules LDSM and STSM (test/gpu/tensor-core/README.md): one phase per
  // 8x8 matrix, the 8 lanes' 16-byte rows, each phase the most distinct
  // rows in one bank group, summed, never merged (an ldmatrix of the same
  // 8 rows in all four matrices costs 4; two lanes on one row cost 1):
  // what the store rule gives 16-byte accesses of quarter warps.
  if (A.Rule == Access::LaneRule::MatrixRows)
    return SharedOpKind::Store;
  if (A.Op != AccessOp::Atomic)
    return A.Op == AccessOp::Store ? SharedOpKind::Store : SharedOpKind::Load;
  if (A.CasLoop)
    return SharedOpKind::CasLoop;
  if (A.AtomicIncrementUnused && A.Bytes <= 4)
    return SharedOpKind::AtomicIncrement;
  if (A.AtomicFunction == "atomicCAS")
    return SharedOpKind::CompareAndSwap;
  // nvcc aggregates a warp-uniform address for atomicAdd only, as far as
  // measured (S8, S8d); atomicSub is the same instruction (the headers call
  // __iAtomicAdd with -val); a model without the function name is taken
  // for atomicAdd.
  if (A.AtomicFunction.empty() || A.AtomicFunction == "atomicAdd" ||
      A.AtomicFunction == "atomicSub")
    return SharedOpKind::Atomic;
  return SharedOpKind::AtomicUnaggregated;
}

SharedRequestCost sharedRequestCost(const std::vector<LaneAddress> &Lanes,
                                    unsigned Bytes, const ArchInfo &Arch,
                                    SharedOpKind Op) {
  SharedRequestCost Total;
  if (Lanes.empty())
    return Total;
  if (Op == SharedOpKind::CasLoop || Op == SharedOpKind::CompareAndSwap) {
    // S8c: float atomicAdd compiles to LDS + ATOMS.CAST.SPIN, which moves
    // the compared and the new value: the CAS of 32 consecutive words
    // measured 2 wavefronts, ideal 2 (gpu_shared_validate.csv:294), as an
    // 8-byte access would; of 32 consecutive doubles (CAST.SPIN.64) 4, as
    // a 16-byte one (test/gpu/measurements/compiler-facts.txt); atomicCAS
    // on 32 consecutive ints (ATOMS.CAS) 2, ideal 2 (S8d).
    Bytes *= 2;
    Op = SharedOpKind::Load;
  }
  if (Op == SharedOpKind::AtomicIncrement) {
    // S8b: ATOMS.POPC.INC costs the distinct words of the busiest bank
    // (gpu_data_dependent.csv, data_dependent.cu:40: 32 lanes on 8 words
    // of one bank 8 per request; one word 1; random bins 96 in 32 requests,
    // the distinct-word count), as a 4-byte load does.
    Op = SharedOpKind::Load;
  }
  bool Atomic =
      Op == SharedOpKind::Atomic || Op == SharedOpKind::AtomicUnaggregated;
  if (Op == SharedOpKind::Atomic) {
    // S8: a warp-uniform address is aggregated by the compiler (vote,
    // shuffle) into one lane's ATOMS: 1 wavefront (atomicAdd(&s[0]), counted
    // under shared_validate.cu:262, gpu_shared_validate.csv:290).
    bool Uniform = true;
    for (const LaneAddress &L : Lanes)
      Uniform &= L.Addr == Lanes.front().Addr;
    if (Uniform) {
      Total.Wavefronts = Total.Ideal = Total.WorstPhaseWavefronts = 1;
      Total.WorstBankWords = 1;
      Total.Bank = unsigned(
          floorMod(floorDiv(Lanes.front().Addr, Arch.BankBytes), Arch.Banks));
      return Total;
    }
  }
  bool Wide = Bytes == 2 * Arch.BankBytes || Bytes == 4 * Arch.BankBytes;
  if (Op == SharedOpKind::Load && Wide && Arch.WarpSize == 32)
    return wideLoadCost(Lanes, Bytes, Arch);
  if (unsigned Count = sharedPhaseCount(Bytes, Arch); Count == 1) {
    addPhase(Total, Lanes, Bytes, Arch, Atomic); // the whole warp, uncopied
  } else {
    std::vector<Phase> Phases;
    splitPhases(Lanes, Count, Arch, Phases);
    Total = costOfPhases(Phases, Bytes, Arch, Atomic);
  }
  // S5: Nsight's ideal is the bytes of the active lanes packed into 128-byte
  // rows: ceil(lanes x width / 128), at least 1; for 1-4 byte accesses 1
  // (gpu_shared_validate.csv:226-230: `if (tid%8==0) q[tid+32]` 4
  // wavefronts, ideal 1; stores of 8/16 bytes: 2 and 4 for a full warp).
  int64_t Row = int64_t(Arch.Banks) * Arch.BankBytes;
  Total.Ideal = Bytes <= Arch.BankBytes
                    ? 1
                    : unsigned(std::max<int64_t>(
                          1, ceilDiv(int64_t(Lanes.size()) * Bytes, Row)));
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
  // G2: the ideal is the distinct bytes the warp asks for, packed from a
  // sector boundary: ceil(distinct bytes / 32). Measured 4 for 32 floats
  // whatever the stride, 1 for 32 chars at stride 4, 2 for 16 active lanes
  // and 1 for a block-uniform address (gpu_global_validate.csv:67-69); a
  // uniform atomic is aggregated to one lane: 1 (csv:72, global_validate.cu:
  // 113, counted on the header line).
  int64_t Distinct = int64_t(Addrs.size());
  int64_t DistinctBytes = 0, CoveredTo = INT64_MIN;
  for (int64_t A : Addrs) {
    int64_t From = std::max(A, CoveredTo);
    if (A + Width > From)
      DistinctBytes += A + Width - From;
    CoveredTo = std::max(CoveredTo, A + Width);
  }
  C.Ideal = unsigned(std::max<int64_t>(
      1, (DistinctBytes + Arch.SectorBytes - 1) / Arch.SectorBytes));

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

std::vector<LaneAddress> laneOffsets(const std::vector<LaneWitness> &Lanes) {
  std::vector<LaneAddress> Out;
  for (const LaneWitness &L : Lanes)
    Out.push_back({L.Lane, L.ByteOffset});
  return Out;
}

RequestLayout sharedRequestLayout(const std::vector<LaneAddress> &Lanes,
                                  unsigned Bytes, SharedOpKind Op,
                                  const ArchInfo &Arch) {
  RequestLayout P;
  P.Columns = Arch.Banks;
  P.BytesPerLane = Bytes;
  unsigned Phases = std::max(1u, sharedPhaseCount(Bytes, Arch));
  unsigned PhaseLanes = std::max(1u, Arch.WarpSize / Phases);
  // Per phase and bank, the distinct words asked for.
  std::map<std::pair<unsigned, unsigned>, std::set<int64_t>> Words;
  for (const LaneAddress &L : Lanes) {
    RequestLayout::Lane Cell;
    int64_t First = floorDiv(L.Addr, Arch.BankBytes);
    int64_t Last = floorDiv(L.Addr + Bytes - 1, Arch.BankBytes);
    for (int64_t W = First; W <= Last; ++W) {
      unsigned Bank = unsigned(floorMod(W, Arch.Banks));
      if (!llvm::is_contained(Cell.Columns, Bank))
        Cell.Columns.push_back(Bank);
      Words[{L.Lane / PhaseLanes, Bank}].insert(W);
    }
    P.Lanes.push_back(std::move(Cell));
  }
  for (size_t I = 0; I < Lanes.size(); ++I)
    for (unsigned Bank : P.Lanes[I].Columns)
      P.Lanes[I].Collides |=
          Words[{Lanes[I].Lane / PhaseLanes, Bank}].size() > 1;
  SharedRequestCost C = sharedRequestCost(Lanes, Bytes, Arch, Op);
  P.Cost = C.Wavefronts;
  P.Ideal = C.Ideal;
  return P;
}

RequestLayout globalRequestLayout(const std::vector<LaneAddress> &Lanes,
                                  unsigned Bytes, const ArchInfo &Arch) {
  RequestLayout P;
  P.BytesPerLane = Bytes;
  auto SectorsOf = [&](const LaneAddress &L) {
    return std::make_pair(floorDiv(L.Addr, Arch.SectorBytes),
                          floorDiv(L.Addr + Bytes - 1, Arch.SectorBytes));
  };
  std::set<int64_t> Used;
  for (const LaneAddress &L : Lanes)
    for (auto [S, E] = SectorsOf(L); S <= E; ++S)
      Used.insert(S);
  P.Sectors.assign(Used.begin(), Used.end());
  P.Columns = unsigned(P.Sectors.size());
  for (const LaneAddress &L : Lanes) {
    RequestLayout::Lane Cell;
    for (auto [S, E] = SectorsOf(L); S <= E; ++S)
      Cell.Columns.push_back(
          unsigned(std::lower_bound(P.Sectors.begin(), P.Sectors.end(), S) -
                   P.Sectors.begin()));
    P.Lanes.push_back(std::move(Cell));
  }
  GlobalRequestCost C = globalRequestCost(Lanes, Bytes, Arch);
  P.Cost = C.Sectors;
  P.Ideal = C.Ideal;
  return P;
}

BypassCopyCost bypassCopyCost(const std::vector<CopyLane> &Lanes) {
  BypassCopyCost C;
  constexpr int64_t Chunk = 16, Sector = 32, Line = 128, Shift = 64;
  unsigned N = unsigned(Lanes.size());
  C.IdealSectors = unsigned((N * Chunk + Sector - 1) / Sector);
  C.IdealWavefronts = unsigned((N * Chunk + Line - 1) / Line);
  std::set<int64_t> Written;
  for (const CopyLane &L : Lanes) {
    if (floorMod(L.Src, Chunk) || floorMod(L.Dst, Chunk)) {
      C.Misaligned = true;
      return C;
    }
    if (!Written.insert(L.Dst).second) {
      C.Unmeasured = "two lanes write the same 16 bytes";
      return C;
    }
  }
  // Lanes by (source sector, destination block): two lanes there whose
  // halves differ on both sides are a pair (one destination chunk per lane,
  // so at most two lanes share a block).
  std::map<std::pair<int64_t, int64_t>, std::vector<size_t>> Blocks;
  for (size_t I = 0; I < Lanes.size(); ++I)
    Blocks[{floorDiv(Lanes[I].Src, Sector), floorDiv(Lanes[I].Dst, Sector)}]
        .push_back(I);
  struct Unit {
    size_t Ref; ///< the lane reading the sector's first half, or the only one
    bool Pair;
  };
  std::vector<Unit> Units;
  auto Half = [&](int64_t A) { return floorMod(A, Sector) / Chunk; };
  for (const auto &[Key, Members] : Blocks) {
    if (Members.size() == 2) {
      const CopyLane &A = Lanes[Members[0]], &B = Lanes[Members[1]];
      if (Half(A.Src) != Half(B.Src) && Half(A.Dst) != Half(B.Dst)) {
        Units.push_back({Half(A.Src) == 0 ? Members[0] : Members[1], true});
        continue;
      }
    }
    for (size_t I : Members)
      Units.push_back({I, false});
  }
  C.Sectors = unsigned(Units.size());
  // Classes per (source line, destination row); within a class, the units
  // that read one source chunk (lanes of a broadcast) each take a
  // wavefront of their own.
  struct Class {
    size_t First; ///< its first unit's lane
    /// Per source chunk: its readers and the first one's lane.
    std::map<int64_t, std::pair<unsigned, size_t>> Chunks;
    unsigned Most = 0;
  };
  std::map<std::pair<int64_t, int64_t>,
           std::map<std::tuple<bool, int64_t, int64_t>, Class>>
      Groups;
  for (const Unit &U : Units) {
    const CopyLane &L = Lanes[U.Ref];
    auto &Classes = Groups[{floorDiv(L.Src, Line), floorDiv(L.Dst, Line)}];
    auto Key =
        std::make_tuple(U.Pair, floorMod(L.Dst - L.Src, Shift), Half(L.Src));
    auto [It, New] = Classes.try_emplace(Key, Class{U.Ref, {}, 0});
    auto &Readers = It->second.Chunks
                        .try_emplace(floorDiv(L.Src, Chunk), 0u, U.Ref)
                        .first->second;
    ++Readers.first;
    It->second.Most = std::max(It->second.Most, Readers.first);
    if (C.LaneA >= 0)
      continue;
    if (New && Classes.size() == 2) {
      auto Other = Classes.begin() == It ? std::next(It) : Classes.begin();
      C.LaneA = int(Lanes[Other->second.First].Lane);
      C.LaneB = int(L.Lane);
    } else if (Readers.first == 2) {
      C.LaneA = int(Lanes[Readers.second].Lane);
      C.LaneB = int(L.Lane);
    }
    if (C.LaneA > C.LaneB)
      std::swap(C.LaneA, C.LaneB);
  }
  for (const auto &[Key, Classes] : Groups)
    for (const auto &[ClassKey, Cl] : Classes)
      C.Wavefronts += Cl.Most;
  // Otherwise two lanes of one source line written into two rows (or of
  // one row read from two lines): different wavefronts too.
  for (auto A = Groups.begin(); C.LaneA < 0 && A != Groups.end(); ++A)
    for (auto B = std::next(A); B != Groups.end(); ++B)
      if (A->first.first == B->first.first ||
          A->first.second == B->first.second) {
        C.LaneA = int(Lanes[A->second.begin()->second.First].Lane);
        C.LaneB = int(Lanes[B->second.begin()->second.First].Lane);
        if (C.LaneA > C.LaneB)
          std::swap(C.LaneA, C.LaneB);
        break;
      }
  return C;
}

} // namespace warplint
