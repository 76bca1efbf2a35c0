//===- Emitted.cpp - Solve the instructions nvcc emits for an access ------===//
//
// The hardware counts instructions, not source expressions. An
// access that nvcc merged into another's instruction makes no request; the
// carrier is solved at the instruction's width from the lowest address of
// the group (its own offset, or below it for a merged store; the 8/16-byte
// phase rules S2-S4 apply), once
// per IterationsPerInstr iterations of an unrolled loop; a split copy is
// solved part by part and the parts' requests add up. The shared write of
// a cp.async (LDGSTS) conflicts by its source addresses as well as by its
// destination (rule LDGSTS): the two are solved and paired.
//
//===----------------------------------------------------------------------===//

#include "Solve/Solver.h"

#include <algorithm>

namespace warplint {

namespace {

/// The access as one instruction (width, loop grouping) and the kernel it
/// is solved in: a copy whose unrolled loop steps over the groups.
struct Instruction {
  Access Acc;
  std::optional<KernelModel> Grouped;
  const KernelModel *Kernel = nullptr;
};

Instruction instruction(const KernelModel &K, const Access &A) {
  Instruction I;
  I.Acc = A;
  I.Acc.Emitted = Emission();
  I.Kernel = &K;
  const Emission &E = A.Emitted;
  if (E.InstrBytes)
    I.Acc.Bytes = E.InstrBytes;
  if (E.InstrBelow && I.Acc.ByteOffset)
    I.Acc.ByteOffset = *I.Acc.ByteOffset - Expr(E.InstrBelow);
  if (E.UnrolledLoop && E.IterationsPerInstr > 1 &&
      *E.UnrolledLoop < K.Loops.size()) {
    I.Grouped = K;
    I.Grouped->Loops[*E.UnrolledLoop].StepValue *= E.IterationsPerInstr;
    I.Kernel = &*I.Grouped;
  }
  return I;
}

/// Folds the results of the parts of a split access into one: the worst
/// part's witness and numbers, means averaged (the parts run under the same
/// guard and loops, so they execute equally often), requests added.
template <class Result>
Result combine(std::vector<Result> Parts, unsigned Result::*Worst,
               double Result::*Mean, unsigned Result::*Ideal,
               double Result::*IdealMean) {
  for (const Result &P : Parts)
    if (P.Status == SolveStatus::Unknown)
      return P;
  // Bounds of the parts are not combined (the parts' data is one value).
  for (const Result &P : Parts)
    if (P.Status == SolveStatus::Bounded) {
      Result Out;
      Out.Reason = "a copy nvcc splits into several instructions, and " +
                   P.Reason;
      return Out;
    }
  size_t W = 0;
  for (size_t I = 1; I < Parts.size(); ++I)
    if (Parts[I].*Worst > Parts[W].*Worst)
      W = I;
  Result Out = Parts[W];
  double SumMean = 0, SumIdeal = 0;
  uint64_t Requests = 0;
  bool Counted = true;
  std::optional<LaunchTotals> Launch = LaunchTotals();
  for (const Result &P : Parts) {
    SumMean += P.*Mean;
    SumIdeal += P.*IdealMean;
    Requests += P.Requests;
    Counted &= P.Requests != 0;
    if (!P.Launch)
      Launch.reset();
    else if (Launch) {
      Launch->Requests += P.Launch->Requests;
      Launch->Cost += P.Launch->Cost;
      Launch->Ideal += P.Launch->Ideal;
    }
  }
  Out.Launch = Launch;
  // The worst part's common case is not the group's: combined only when
  // the parts' agree (a split copy's parts mostly do).
  for (const Result &P : Parts)
    if (!P.Common || !Out.Common || P.Common->Worst != Out.Common->Worst ||
        P.Common->Mean != Out.Common->Mean ||
        P.Common->IdealMean != Out.Common->IdealMean ||
        P.Common->Condition != Out.Common->Condition) {
      Out.Common.reset();
      break;
    }
  Out.*Mean = SumMean / Parts.size();
  Out.*IdealMean = SumIdeal / Parts.size();
  Out.*Ideal = Parts[W].*Ideal;
  Out.Requests = Counted ? Requests : 0;
  return Out;
}

template <class Result, class SolveFn>
Result solveEmitted(const KernelModel &K, const Access &A, SolveFn Solve,
                    unsigned Result::*Worst, double Result::*Mean,
                    unsigned Result::*Ideal, double Result::*IdealMean) {
  if (A.Emitted.MergedInto) {
    Result R; // no instruction of its own: nothing is requested
    R.Status = SolveStatus::Exact;
    R.Launch = LaunchTotals();
    return R;
  }
  Instruction I = instruction(K, A);
  if (A.Emitted.SplitBytes.empty() || !I.Acc.ByteOffset)
    return Solve(*I.Kernel, I.Acc);
  std::vector<Result> Parts;
  int64_t At = 0;
  for (unsigned Bytes : A.Emitted.SplitBytes) {
    Access Part = I.Acc;
    Part.Bytes = Bytes;
    Part.ByteOffset = *I.Acc.ByteOffset + Expr(At);
    At += Bytes;
    Parts.push_back(Solve(*I.Kernel, Part));
  }
  return combine(std::move(Parts), Worst, Mean, Ideal, IdealMean);
}

/// The shared write of an L1-allocating cp.async (rule LDGSTS,
/// test/gpu/tensor-core/README.md): phases as a store of its width, and
/// two sides that conflict. The destination conflicts as a store does; the
/// source by the banks of its global addresses ((address % 128) / 4), lane
/// by lane (32 lanes copying one source word cost 32: no multicast), as the
/// atomics' rule counts (S8). Measured with one side conflict-free, the
/// request costs the other side's count; with both conflicting it was not
/// measured: unknown.
SharedResult solveAsyncCopyWrite(const KernelModel &K, const Access &A,
                                 const LaunchConfig &L,
                                 const SolveOptions &Opts) {
  SharedResult Dst = solveSharedAsWritten(K, A, L, Opts);
  if (Dst.Status != SolveStatus::Exact || *A.CopyPeer >= K.Accesses.size())
    return Dst;
  // The source's lanes under the lane-by-lane bank rule, at the copy's
  // width: an unaggregated shared atomic of the source's addresses.
  Access Src = K.Accesses[*A.CopyPeer];
  Src.Op = AccessOp::Atomic;
  Src.AtomicFunction = "atomicExch";
  Src.Rule = Access::LaneRule::PerLane;
  Src.Bytes = A.Bytes;
  SharedResult Banks = solveSharedAsWritten(K, Src, L, Opts);
  // One answer for every request (no cases over free symbols): the two
  // sides are then the same requests.
  auto Single = [](const SharedResult &R) {
    return R.Status == SolveStatus::Exact && R.Cases.empty();
  };
  auto ConflictFree = [&](const SharedResult &R) {
    return Single(R) && R.Wavefronts == R.IdealWavefronts &&
           R.WavefrontsMean == R.IdealMean;
  };
  if (ConflictFree(Banks))
    return Dst;
  SharedResult Out = Dst;
  if (Single(Banks) && ConflictFree(Dst)) {
    // The source's conflicts are the request's; the ideal is the write's.
    Out.Wavefronts = Banks.Wavefronts;
    Out.WavefrontsMean = Banks.WavefrontsMean;
    Out.WorstBankWords = Banks.WorstBankWords;
    Out.Example = Banks.Example;
    if (Out.Launch && Banks.Launch)
      Out.Launch->Cost = Banks.Launch->Cost;
    else
      Out.Launch.reset();
    return Out;
  }
  Out = SharedResult();
  Out.Reason = Banks.Status == SolveStatus::Exact
                   ? "its source addresses conflict in the shared write (" +
                         std::to_string(Banks.Wavefronts) +
                         " wavefronts by their banks) and so do its "
                         "destination addresses (" +
                         std::to_string(Dst.Wavefronts) +
                         "); how the two combine was not measured"
                   : "the banks of its source addresses, which conflict in "
                     "the shared write as well: " +
                         Banks.Reason;
  return Out;
}

} // namespace

SharedResult solveShared(const KernelModel &K, const Access &A,
                         const LaunchConfig &L, const SolveOptions &Opts) {
  if (A.Rule == Access::LaneRule::AsyncCopy && A.BypassL1)
    return solveBypassCopyShared(K, A, L, Opts);
  if (A.Rule == Access::LaneRule::AsyncCopy && A.CopyPeer)
    return solveAsyncCopyWrite(K, A, L, Opts);
  if (A.Emitted.isAsWritten())
    return solveSharedAsWritten(K, A, L, Opts);
  return solveEmitted<SharedResult>(
      K, A,
      [&](const KernelModel &IK, const Access &IA) {
        return solveSharedAsWritten(IK, IA, L, Opts);
      },
      &SharedResult::Wavefronts, &SharedResult::WavefrontsMean,
      &SharedResult::IdealWavefronts, &SharedResult::IdealMean);
}

GlobalResult solveGlobal(const KernelModel &K, const Access &A,
                         const LaunchConfig &L, const SolveOptions &Opts) {
  if (A.Rule == Access::LaneRule::AsyncCopy && A.BypassL1)
    return solveBypassCopyGlobal(K, A, L, Opts);
  if (A.Emitted.isAsWritten())
    return solveGlobalAsWritten(K, A, L, Opts);
  return solveEmitted<GlobalResult>(
      K, A,
      [&](const KernelModel &IK, const Access &IA) {
        return solveGlobalAsWritten(IK, IA, L, Opts);
      },
      &GlobalResult::Sectors, &GlobalResult::SectorsMean,
      &GlobalResult::IdealSectors, &GlobalResult::IdealMean);
}

} // namespace warplint
