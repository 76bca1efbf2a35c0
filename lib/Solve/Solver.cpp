//===- Solver.cpp - Wavefronts and sectors per warp request ---------------===//
//
// The driver: bind the launch (Space), reduce the free block-uniform symbols
// to finitely many cases (FreeSymbols), enumerate every executed request of
// every case (Enumerate), cost each with the hardware rules (HardwareRules),
// and summarize. When enumeration would exceed its budget or the free
// symbols cannot be reduced, the ISL conflict proof (IslProof) may still
// decide conflict-freedom for every value.
//
//===----------------------------------------------------------------------===//

#include "Solve/Solver.h"

#include "Model/LaunchShape.h"
#include "Solve/Summary/Bounded.h"
#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Summary/Expected.h"
#include "Solve/Cases/FreeSymbols.h"
#include "Solve/Cases/GuardSymbols.h"
#include "Solve/HardwareRules.h"
#include "Solve/Space/InventedSymbols.h"
#include "Solve/Isl/IslProof.h"
#include "Solve/Space/Space.h"
#include "Solve/Summary/Summarize.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace warplint {

const char *patternName(GlobalPattern P) {
  switch (P) {
  case GlobalPattern::Coalesced:
    return "coalesced";
  case GlobalPattern::Uniform:
    return "uniform";
  case GlobalPattern::Strided:
    return "strided";
  case GlobalPattern::Misaligned:
    return "misaligned";
  case GlobalPattern::Scattered:
    return "scattered";
  }
  return "?";
}

std::optional<std::string> FileBudget::exhausted() const {
  if (LaneEvaluations == 0)
    return std::string("the analysis budget of this file is spent (too many "
                       "lane evaluations)");
  if (std::chrono::steady_clock::now() >= Deadline) {
    char Buf[32];
    std::snprintf(Buf, sizeof(Buf), "%g", Seconds);
    return "the analysis budget of this file is spent (" + std::string(Buf) +
           " s)";
  }
  return std::nullopt;
}

FileBudget FileBudget::start(double Seconds, uint64_t LaneEvaluations) {
  return resume({Seconds, Seconds, LaneEvaluations});
}

FileBudget FileBudget::resume(const Left &L) {
  FileBudget B;
  B.Seconds = L.Total;
  B.Deadline = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(std::max(L.Seconds, 0.0)));
  B.LaneEvaluations = L.LaneEvaluations;
  return B;
}

FileBudget::Left FileBudget::left() const {
  std::chrono::duration<double> Rest =
      Deadline - std::chrono::steady_clock::now();
  return {std::max(Rest.count(), 0.0), Seconds, LaneEvaluations};
}

namespace {


/// Whether the file's analysis budget is spent (no retry is worth it).
bool fileSpent(const SolveOptions &Opts) {
  return Opts.File && Opts.File->exhausted();
}

/// For a data bound that failed on values the cases do not follow: the
/// space bounded over those values as well (boundOverValues), once.
std::optional<SolveSpace> boundAlsoOverValues(const SolveSpace &S,
                                              const Summary &Sum,
                                              const SolveOptions &Opts) {
  if (Sum.Status != SolveStatus::Unknown || S.Decoupled || fileSpent(Opts))
    return std::nullopt;
  return boundOverValues(S, Sum.OnlyUnfollowedValues, Sum.Reason);
}

/// Whether some Unknown node of P tests data.
bool hasDataUnknown(const Predicate &P) {
  if (P.kind() == PredKind::Unknown)
    return P.unknownFromData();
  for (const Predicate &Op : P.operands())
    if (hasDataUnknown(Op))
      return true;
  return false;
}

/// Builds the space of an access; when it depends on data, the bounded
/// space (Bounded.h) instead, so that the answer is a bound, not unknown.
std::optional<std::string> buildExactOrBounded(const KernelModel &K,
                                               const Access &A,
                                               const LaunchConfig &L,
                                               SolveSpace &S) {
  auto Err = buildSpace(K, A, L, S);
  if (!Err)
    return std::nullopt;
  SolveSpace B;
  if (auto BoundErr = buildSpace(K, A, L, B, /*Bounded=*/true)) {
    // Data alone would have given a bound: what else stops it is the
    // reason worth reporting.
    bool DataInvolved = A.AddressFromData || hasDataUnknown(A.Guard);
    return DataInvolved && *BoundErr != *Err ? BoundErr : Err;
  }
  if (!B.bounded())
    return Err;
  S = std::move(B);
  return std::nullopt;
}

/// The result of a bounded space's summary (Bounded.h): the greatest
/// values in the fields an exact answer uses, the least in the *Min ones.
template <class Result>
Result boundedResult(const Summary &Sum, const SolveSpace &S,
                     unsigned Result::*Worst, unsigned Result::*IdealWorst,
                     double Result::*Mean, unsigned Result::*Least,
                     double Result::*MeanLeast) {
  Result R;
  if (Sum.Status == SolveStatus::Unknown) {
    R.Reason = Sum.Reason;
    return R;
  }
  R.Status = SolveStatus::Bounded;
  R.Reason = S.BoundReason;
  R.BoundOverValues = S.Decoupled && !S.DataAddress && !S.SureGuard;
  R.*Worst = Sum.Worst.Value;
  R.*IdealWorst = Sum.Worst.Ideal;
  R.*Mean = Sum.HighMean;
  R.IdealMean = Sum.HighIdealMean;
  R.*Least = Sum.LowRequest;
  R.*MeanLeast = Sum.LowMean;
  R.IdealMeanMin = Sum.LowIdealMean;
  R.Requests = Sum.Requests;
  R.Condition = Sum.Condition;
  return R;
}

uint64_t objectBytesOf(const KernelModel &K, const Access &A,
                       const LaunchConfig &L) {
  return A.Object < K.Objects.size() ? knownObjectBytes(K.Objects[A.Object], L)
                                     : 0;
}

} // namespace

/// Why the compare-and-swap loop of a float atomicAdd on shared memory
/// may run more than once per warp, or nullopt when it runs once (for an
/// atomicCAS, which is one instruction: why its cost is not known). Measured
/// (S8c): 32 lanes on consecutive words, once; lanes two words apart (a
/// 2-way conflict) twice, half the lanes retrying; lanes on one word as
/// often as the warps' arbitration makes it (2,003 times for 8 warps). So
/// one pass is claimed only when no two lanes share a word and the lanes'
/// words are conflict-free at the access's width.
static std::optional<std::string> casLoopRepeats(const KernelModel &K,
                                                 const SolveSpace &S,
                                                 const Access &A,
                                                 const ArchInfo &Arch,
                                                 const SolveOptions &Opts) {
  CostFn Repeats = [&](const RequestView &Req) {
    SharedRequestCost C =
        sharedRequestCost(Req.Lanes, A.Bytes, Arch, SharedOpKind::Store);
    std::set<int64_t> Words;
    bool SharedWord = false;
    for (const LaneAddress &L : Req.Lanes)
      SharedWord |= !Words.insert(floorDiv(L.Addr, A.Bytes)).second;
    Cost X;
    X.Ideal = 1;
    X.Value = SharedWord ? 3 : C.Wavefronts > C.Ideal ? 2 : 1;
    return X;
  };
  Summary Sum = solve(K, S, int64_t(Arch.Banks) * Arch.BankBytes,
                      Arch.BankBytes, Opts, Repeats, std::nullopt, 0);
  std::string Loop = "nvcc makes this atomicAdd a compare-and-swap loop "
                     "that repeats for the lanes that lose";
  if (!A.CasLoop) {
    // One ATOMS.CAS: no retry, but lanes on one word are not measured.
    if (Sum.Status != SolveStatus::Exact || Sum.Worst.Value == 3)
      return std::string("lanes of this atomicCAS may share a word, and how "
                         "ATOMS.CAS serves them is not measured");
    return std::nullopt;
  }
  if (Sum.Status != SolveStatus::Exact)
    return Loop + ", and whether any do is not known: " + Sum.Reason;
  if (Sum.Worst.Value == 3)
    return Loop + ": lanes share a word, so how often it runs depends on "
                  "the order the hardware serves the warps in";
  if (Sum.Worst.Value == 2)
    return Loop + ": the lanes' words conflict in the banks, and the "
                  "lanes of the later wavefronts retry (measured: twice "
                  "for a 2-way conflict)";
  return std::nullopt;
}

/// Why a compare-and-swap (a float atomicAdd's loop, an atomicCAS) whose
/// address or lanes depend on data cannot be answered, if it cannot:
/// lanes on one word, or in conflicting banks for the loop, change what
/// it costs.
static std::optional<std::string>
casUnderData(const KernelModel &K, const Access &A, const LaunchConfig &L,
             const SolveOptions &Opts, const SolveSpace &S) {
  if (S.DataAddress)
    // Lanes that collide on a word repeat a loop, so the requests
    // themselves depend on the data.
    return std::string(A.CasLoop ? "a float atomicAdd (a compare-and-swap "
                                   "loop) at an address that depends on data; "
                                 : "an atomicCAS at an address that depends "
                                   "on data, where lanes may share a word "
                                   "(not measured); ") +
           S.BoundReason;
  // Which lanes run it depends on data: one pass is claimed only when
  // every lane of the block could run it without repeating (a subset of
  // distinct, conflict-free words stays so).
  Access Every = A;
  Every.Guard = Predicate(true);
  SolveSpace All;
  std::optional<std::string> Why = buildExactOrBounded(K, Every, L, All);
  if (!Why && All.bounded())
    Why = "the address depends on " + All.BoundReason;
  if (!Why)
    Why = casLoopRepeats(K, All, Every, Opts.Arch, Opts);
  if (Why)
    return *Why + " (for some of its lanes, which ones depending on the "
                  "data)";
  return std::nullopt;
}

/// The bounded answer of a shared access over S (the data, or values
/// warplint does not follow, decide its address or lanes).
static SharedResult solveSharedBounded(const KernelModel &K, const Access &A,
                                       const LaunchConfig &L,
                                       const SolveOptions &Opts,
                                       SharedOpKind OpKind,
                                       const SolveSpace &S) {
  const ArchInfo &Arch = Opts.Arch;
  unsigned Bytes = A.Bytes;
  uint64_t ObjectBytes = objectBytesOf(K, A, L);
  // By active-lane count, when the address is data (Expected.h).
  std::optional<std::vector<double>> Expected;
  // A linker-placed array (relocatable code) aligned below a word may
  // straddle one more word than its size says: no expectation.
  bool WordAligned = A.Object >= K.Objects.size() ||
                     !K.Objects[A.Object].LinkerPlaced ||
                     K.Objects[A.Object].AlignBytes % Arch.BankBytes == 0;
  if (S.DataAddress && !S.SureGuard && WordAligned)
    Expected = expectedSharedWavefronts(Bytes, OpKind, ObjectBytes, Arch);
  CostFn Bounds = boundedCost(
      S,
      [&](const std::vector<LaneAddress> &Lanes) {
        SharedRequestCost C = sharedRequestCost(Lanes, Bytes, Arch, OpKind);
        return std::pair<unsigned, unsigned>(C.Wavefronts, C.Ideal);
      },
      [&](const std::vector<unsigned> &Lanes) {
        PlacementCost P =
            sharedPlacementCost(Lanes, Bytes, Arch, OpKind, ObjectBytes);
        if (Expected && Lanes.size() < Expected->size())
          P.Expected = (*Expected)[Lanes.size()];
        return P;
      });
  Summary Sum = solve(K, S, int64_t(Arch.Banks) * Arch.BankBytes,
                      Arch.BankBytes, Opts, Bounds, std::nullopt, 0);
  // A data bound that values not followed also stop: a bound over those
  // values too.
  if (auto D = boundAlsoOverValues(S, Sum, Opts)) {
    SharedResult B = solveSharedBounded(K, A, L, Opts, OpKind, *D);
    if (B.Status != SolveStatus::Unknown)
      return B;
  }
  SharedResult B = boundedResult(
      Sum, S, &SharedResult::Wavefronts, &SharedResult::IdealWavefronts,
      &SharedResult::WavefrontsMean, &SharedResult::WavefrontsMin,
      &SharedResult::WavefrontsMeanMin);
  if (B.Status == SolveStatus::Bounded && Sum.ExpectedMean) {
    B.WavefrontsExpected = Sum.ExpectedMean;
    B.ExpectedOverElements = ObjectBytes / Bytes;
  }
  return B;
}

/// When the enumeration could not decide (Sum unknown): an ISL proof of
/// conflict-freedom for every lane, iteration and value of the free
/// symbols, else a bound over the values warplint does not follow, else
/// unknown with why.
static SharedResult
sharedAfterEnumeration(const KernelModel &K, const Access &A,
                       const LaunchConfig &L, const SolveOptions &Opts,
                       SharedOpKind OpKind, bool Swaps, const SolveSpace &S,
                       const Summary &Sum, SharedResult R) {
  const ArchInfo &Arch = Opts.Arch;
  IslVerdict V =
      islProveSharedConflictFree(S, K, A.Bytes, Arch, Opts.IslMaxOperations);
  // The proof is about distinct words per bank: not the atomic rules,
  // nor a compare-and-swap (twice the width, and lanes on one word).
  if (V.Kind == IslVerdict::ConflictFree && A.Bytes <= Arch.BankBytes &&
      OpKind != SharedOpKind::Atomic &&
      OpKind != SharedOpKind::AtomicUnaggregated && !Swaps) {
    R.Status = SolveStatus::Exact;
    R.Wavefronts = R.IdealWavefronts = 1;
    R.WavefrontsMean = R.IdealMean = 1;
    R.Requests = 0;
    R.Condition = S.GuardNote;
    R.WorstBankWords = 1;
    return R;
  }
  if (auto D = boundOverValues(S, Sum.OnlyUnfollowedValues, Sum.Reason);
      D && !fileSpent(Opts)) {
    SharedResult B = solveSharedBounded(K, A, L, Opts, OpKind, *D);
    if (B.Status != SolveStatus::Unknown)
      return B;
  }
  R.Reason = Sum.Reason;
  if (V.Kind == IslVerdict::MayConflict && !V.Text.empty())
    R.Reason += "; bank conflicts are possible when " + V.Text;
  else if (V.Kind == IslVerdict::MayConflict)
    R.Reason += "; bank conflicts are possible";
  else if (!V.Text.empty())
    R.Reason += " (ISL: " + V.Text + ")";
  return R;
}

SharedResult solveSharedAsWritten(const KernelModel &K, const Access &A,
                                  const LaunchConfig &L,
                                  const SolveOptions &Opts) {
  SharedResult R;
  SolveSpace S;
  if (auto Bad = launchShapeProblem(Opts.Arch, L)) {
    R.Reason = "invalid launch shape: " + *Bad;
    return R;
  }
  if (auto Err = buildExactOrBounded(K, A, L, S)) {
    R.Reason = *Err;
    return R;
  }
  const ArchInfo &Arch = Opts.Arch;
  unsigned Bytes = A.Bytes;
  SharedOpKind OpKind = sharedOpKind(K, A);
  bool Swaps = A.CasLoop || OpKind == SharedOpKind::CompareAndSwap;
  if (Swaps && S.bounded())
    if (auto Why = casUnderData(K, A, L, Opts, S)) {
      R.Reason = *Why;
      return R;
    }
  if (S.bounded())
    return solveSharedBounded(K, A, L, Opts, OpKind, S);
  CostFn CostOf = [&](const RequestView &Req) {
    SharedRequestCost C = sharedRequestCost(Req.Lanes, Bytes, Arch, OpKind);
    Cost X;
    X.Value = C.Wavefronts;
    X.Ideal = C.Ideal;
    X.LaneA = C.LaneA;
    X.LaneB = C.LaneB;
    X.Bank = C.Bank;
    X.BankWords = C.WorstBankWords;
    return X;
  };
  Summary Sum = solve(K, S, int64_t(Arch.Banks) * Arch.BankBytes,
                      Arch.BankBytes, Opts, CostOf, std::nullopt, 0);
  R.Strides = strides(S, S.Offset);
  if (Sum.Status == SolveStatus::Unknown && fileSpent(Opts)) {
    R.Reason = Sum.Reason;
    return R;
  }
  if (Sum.Status == SolveStatus::Unknown)
    return sharedAfterEnumeration(K, A, L, Opts, OpKind, Swaps, S, Sum,
                                  std::move(R));
  if (Swaps) {
    if (auto Why = casLoopRepeats(K, S, A, Arch, Opts)) {
      R.Reason = *Why;
      return R;
    }
  }
  R.Status = SolveStatus::Exact;
  R.Wavefronts = Sum.Worst.Value;
  R.IdealWavefronts = Sum.Worst.Ideal;
  R.WavefrontsMean = Sum.Mean;
  R.IdealMean = Sum.IdealMean;
  R.Requests = Sum.Requests;
  R.Launch = Sum.Launch;
  R.Condition = Sum.Condition;
  R.ConditionOnParameters = Sum.ConditionOnParameters;
  R.WorstAlmostAlways = Sum.WorstAlmostAlways;
  R.Example = Sum.Example;
  if (R.Example)
    R.Example->Layout =
        sharedRequestLayout(laneOffsets(R.Example->Lanes), Bytes, OpKind, Arch);
  R.WorstBankWords = Sum.Worst.BankWords;
  R.Cases = Sum.Cases;
  R.Common = Sum.Common;
  return R;
}

/// The invented symbol for an under-aligned global base.
static Symbol globalBaseSymbol() {
  return inventedSymbol(Invented::GlobalBase, 0);
}

/// For a request whose lanes read contiguous bytes in lane order: the
/// shifts of the base (multiples of Step below a sector) at which it would
/// waste sectors, one bit each (bit i: shift i * Step). Other requests
/// prove nothing and give 0.
static uint32_t wasteAtShifts(const std::vector<LaneAddress> &Lanes,
                              unsigned Bytes, unsigned Step,
                              const ArchInfo &Arch) {
  if (Lanes.empty())
    return 0;
  for (size_t I = 1; I < Lanes.size(); ++I)
    if (Lanes[I].Addr != Lanes[I - 1].Addr + int64_t(Bytes))
      return 0;
  int64_t Lo = Lanes.front().Addr, Hi = Lanes.back().Addr + Bytes;
  int64_t Sector = Arch.SectorBytes;
  int64_t Ideal = (Hi - Lo + Sector - 1) / Sector;
  uint32_t Bits = 0;
  for (unsigned I = 1; I * Step < Arch.SectorBytes && I < Arch.WarpSize; ++I) {
    int64_t Shift = int64_t(I) * Step;
    if (floorDiv(Hi - 1 + Shift, Sector) - floorDiv(Lo + Shift, Sector) + 1 >
        Ideal)
      Bits |= 1u << I;
  }
  return Bits;
}

/// The access solved with its object's base a multiple of Align bytes.
/// With WasteAtShift, collects wasteAtShifts(..., ShiftStep, ...) over
/// every request.
static GlobalResult solveGlobalAligned(const KernelModel &K, const Access &A,
                                       const LaunchConfig &L,
                                       const SolveOptions &Opts, unsigned Align,
                                       unsigned ShiftStep = 0,
                                       uint32_t *WasteAtShift = nullptr) {
  GlobalResult R;
  SolveSpace S;
  if (auto Bad = launchShapeProblem(Opts.Arch, L)) {
    R.Reason = "invalid launch shape: " + *Bad;
    return R;
  }
  if (auto Err = buildExactOrBounded(K, A, L, S)) {
    R.Reason = *Err;
    return R;
  }
  if (!S.DataAddress)
    R.Strides = strides(S, S.Offset);
  const ArchInfo &Arch = Opts.Arch;
  // A base aligned to less than a sector becomes a free symbol:
  // Align * base, analyzed for every residue.
  std::string ObjName =
      A.Object < K.Objects.size() ? K.Objects[A.Object].Name : "?";
  std::optional<Symbol> Base;
  if (Align % Arch.SectorBytes != 0 && !S.DataAddress) {
    Base = globalBaseSymbol();
    S.Offset = S.Offset + Expr::symbol(*Base) * Expr(int64_t(Align));
    S.Free.push_back(*Base);
    auto Inner = S.Name;
    S.Name = [Inner, Base, ObjName, Align](Symbol X) {
      if (X == *Base)
        return "(address of '" + ObjName + "') / " + std::to_string(Align);
      return Inner(X);
    };
  }
  unsigned Bytes = A.Bytes;
  std::function<GlobalResult(const SolveSpace &)> SolveBounded =
      [&](const SolveSpace &S) {
    // A base aligned to less than a sector shifts every place: the sectors
    // an object spans are then not its bytes / 32, so its size bounds
    // nothing (every lane may be in its own sector).
    uint64_t ObjectBytes =
        Align % Arch.SectorBytes == 0 ? objectBytesOf(K, A, L) : 0;
    CostFn Bounds = boundedCost(
        S,
        [&](const std::vector<LaneAddress> &Lanes) {
          GlobalRequestCost C = globalRequestCost(Lanes, Bytes, Arch);
          return std::pair<unsigned, unsigned>(C.Sectors, C.Ideal);
        },
        [&](const std::vector<unsigned> &Lanes) {
          return globalPlacementCost(Lanes, Bytes, Arch, ObjectBytes);
        });
    Summary Sum = solve(K, S, Arch.SectorBytes, Arch.SectorBytes, Opts,
                        Bounds, Base, Align);
    if (auto D = boundAlsoOverValues(S, Sum, Opts)) {
      GlobalResult B = SolveBounded(*D);
      if (B.Status != SolveStatus::Unknown)
        return B;
    }
    GlobalResult B = boundedResult(
        Sum, S,
        &GlobalResult::Sectors, &GlobalResult::IdealSectors,
        &GlobalResult::SectorsMean, &GlobalResult::SectorsMin,
        &GlobalResult::SectorsMeanMin);
    B.Strides = R.Strides;
    return B;
  };
  if (S.bounded())
    return SolveBounded(S);
  CostFn CostOf = [&](const RequestView &Req) {
    GlobalRequestCost C = globalRequestCost(Req.Lanes, Bytes, Arch);
    if (WasteAtShift && !S.DataAddress)
      *WasteAtShift |= wasteAtShifts(Req.Lanes, Bytes, ShiftStep, Arch);
    Cost X;
    X.Value = C.Sectors;
    X.Ideal = C.Ideal;
    X.LaneA = C.LaneA;
    X.LaneB = C.LaneB;
    X.Pattern = C.Pattern;
    return X;
  };
  Summary Sum = solve(K, S, Arch.SectorBytes, Arch.SectorBytes, Opts, CostOf,
                      Base, Align);
  if (Sum.Status == SolveStatus::Unknown) {
    if (auto D = boundOverValues(S, Sum.OnlyUnfollowedValues, Sum.Reason);
        D && !fileSpent(Opts)) {
      GlobalResult B = SolveBounded(*D);
      if (B.Status != SolveStatus::Unknown)
        return B;
    }
    R.Reason = Sum.Reason;
    return R;
  }
  R.Status = SolveStatus::Exact;
  R.Sectors = Sum.Worst.Value;
  R.IdealSectors = Sum.Worst.Ideal;
  R.SectorsMean = Sum.Mean;
  R.IdealMean = Sum.IdealMean;
  R.Requests = Sum.Requests;
  R.Launch = Sum.Launch;
  R.Pattern = Sum.Worst.Pattern;
  R.Condition = Sum.Condition;
  R.ConditionOnParameters = Sum.ConditionOnParameters;
  R.WorstAlmostAlways = Sum.WorstAlmostAlways;
  R.Cases = Sum.Cases;
  R.Common = Sum.Common;
  if (R.Sectors > R.IdealSectors && Sum.Example) {
    R.Example = Sum.Example;
    R.Example->Layout =
        globalRequestLayout(laneOffsets(R.Example->Lanes), Bytes, Arch);
  }
  return R;
}

GlobalResult solveGlobalAsWritten(const KernelModel &K, const Access &A,
                                  const LaunchConfig &L,
                                  const SolveOptions &Opts) {
  // Pointer parameters come from cudaMalloc (256-byte aligned) unless the
  // model knows better.
  const MemoryObject *Obj =
      A.Object < K.Objects.size() ? &K.Objects[A.Object] : nullptr;
  unsigned Align = Obj && Obj->AlignBytes ? Obj->AlignBytes : 256;
  // That alignment is the caller's choice for a parameter: a pointer into
  // an allocation may start at any multiple of its type's alignment. A
  // misalignment is the waste of every such start only when, for each
  // start within a sector, some request still wastes: the requests of
  // contiguous lanes say at which starts they would (a request of another
  // shape proves nothing, so an unproved start leaves a remark).
  unsigned Step = A.TypeAlign ? A.TypeAlign : 1;
  bool Track = Obj && Obj->IsParameter && Align % Opts.Arch.SectorBytes == 0 &&
               Step < Opts.Arch.SectorBytes;
  uint32_t Wastes = 0;
  GlobalResult R =
      solveGlobalAligned(K, A, L, Opts, Align, Step, Track ? &Wastes : nullptr);
  if (!Track || R.Status != SolveStatus::Exact ||
      R.Pattern != GlobalPattern::Misaligned)
    return R;
  bool EveryBaseWastes = true;
  for (unsigned I = 1;
       I * Step < Opts.Arch.SectorBytes && I < Opts.Arch.WarpSize; ++I)
    EveryBaseWastes &= (Wastes >> I & 1) != 0;
  R.WasteAssumesAlignedBase = !EveryBaseWastes;
  return R;
}

} // namespace warplint
