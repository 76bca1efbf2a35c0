//===- BypassCopy.cpp - Both sides of a cp.async.cg, solved together ------===//
//
// What a cp.async.cg (LDGSTS.BYPASS) request costs depends on each lane's
// source and destination together (rule LDGSTS.BYPASS, HardwareRules.h):
// lanes pair by sector and block on both sides at once, and wavefronts are
// counted per source line and destination row. The two sides are separate
// accesses of the model (Access::CopyPeer); they are solved as one access
// whose address carries both, Src * Scale + Dst + Bias, so that the usual
// enumeration (warps, loop points, cases of the free symbols) gives every
// request with both addresses of every lane. A uniform shift of the packed
// address by 128 * Scale moves the source by a whole line and leaves the
// cost unchanged: that is the period the cases use. The destination must
// not depend on a free symbol (its period would not be one of the packed
// address), but for terms the same in every lane that move it by whole
// 128-byte rows (a pipeline's stage), which are left out; both sides must
// start where 128-byte lines start.
//
//===----------------------------------------------------------------------===//

#include "Solve/Solver.h"

#include "Model/LaunchShape.h"
#include "Solve/HardwareRules.h"
#include "Solve/Space/Space.h"
#include "Solve/Summary/Summarize.h"

#include <algorithm>
#include <string>

namespace warplint {

namespace {

/// A shared address lies within 1 MiB of 0 (the window is below 256 KiB):
/// Dst + Bias is in [0, Scale).
constexpr int64_t Bias = int64_t(1) << 20;
constexpr int64_t Scale = int64_t(1) << 21;
constexpr int64_t Line = 128;

struct Joint {
  const Access *Src = nullptr, *Dst = nullptr;
  SolveSpace Space;
};

/// Where the destination array lies modulo 128 bytes: its window address
/// when known, else 0 when its alignment is a multiple of 128.
std::optional<int64_t> destinationBase(const MemoryObject &O) {
  if (O.WindowAddress)
    return *O.WindowAddress;
  // Dynamic shared memory starts at least 16-byte aligned (SharedWindow.cpp).
  unsigned Align = O.IsExtern ? std::max(16u, O.AlignBytes) : O.AlignBytes;
  if (!O.LinkerPlaced && Align && Align % Line == 0)
    return 0;
  return std::nullopt;
}

/// Dst without its terms that are the same in every lane and a multiple of
/// 128 bytes in every iteration (a pipeline's stage, `(k % 2) * TILE`):
/// they move every lane's destination by whole rows, which leaves the cost
/// as it is, and would otherwise be free symbols of the packed address.
Expr withoutWholeRows(const Expr &Dst) {
  return splitWholeUnits(Dst, Line,
                         {SymbolKind::ThreadIdx, SymbolKind::LoopVar})
      .Kept;
}

std::optional<std::string> buildJoint(const KernelModel &K, const Access &A,
                                      const LaunchConfig &L,
                                      const SolveOptions &Opts, Joint &J) {
  if (auto Bad = launchShapeProblem(Opts.Arch, L))
    return "invalid launch shape: " + *Bad;
  if (!A.CopyPeer || *A.CopyPeer >= K.Accesses.size())
    return std::string("the other side of this cp.async is not known");
  const Access &Peer = K.Accesses[*A.CopyPeer];
  auto Space = [&](const Access &X) {
    return X.Object < K.Objects.size() ? K.Objects[X.Object].Space
                                       : MemorySpace::Shared;
  };
  J.Src = Space(A) == MemorySpace::Global ? &A : &Peer;
  J.Dst = J.Src == &A ? &Peer : &A;
  if (Space(*J.Src) != MemorySpace::Global ||
      Space(*J.Dst) != MemorySpace::Shared)
    return std::string("the cp.async does not copy from global to shared "
                       "memory");
  if (A.Bytes != 16)
    return "a " + std::to_string(A.Bytes) +
           "-byte cp.async.cg: the rule was measured for 16 bytes";
  for (const Access *X : {J.Src, J.Dst})
    if (!X->ByteOffset)
      return "the " + std::string(X == J.Src ? "source" : "destination") +
             " address is not known" +
             (X->UnknownReason.empty() ? "" : ": " + X->UnknownReason);
  const MemoryObject &DstObj = K.Objects[J.Dst->Object];
  std::optional<int64_t> DstBase = destinationBase(DstObj);
  if (!DstBase)
    return "where '" + DstObj.Name +
           "' lies in the shared window is known only to " +
           std::to_string(DstObj.IsExtern ? std::max(16u, DstObj.AlignBytes)
                                          : DstObj.AlignBytes) +
           " bytes, and which 128-byte rows the copy fills depends on it";
  const MemoryObject &SrcObj = K.Objects[J.Src->Object];
  unsigned SrcAlign = SrcObj.AlignBytes ? SrcObj.AlignBytes : 256;
  if (SrcAlign % Line != 0)
    return "'" + SrcObj.Name + "' is known to be aligned to " +
           std::to_string(SrcAlign) +
           " bytes only, and which 128-byte lines the copy reads depends on "
           "where it starts";
  // The destination's free symbols: a shift of one moves the packed
  // address by less than the period the cases use.
  Access Dst = *J.Dst;
  Dst.ByteOffset = withoutWholeRows(*J.Dst->ByteOffset);
  SolveSpace DstOnly;
  if (auto Err = buildSpace(K, Dst, L, DstOnly))
    return Err;
  std::vector<Symbol> InDst = DstOnly.Offset.symbols();
  for (Symbol Sym : DstOnly.Free)
    if (std::find(InDst.begin(), InDst.end(), Sym) != InDst.end())
      return "the destination address depends on '" + DstOnly.Name(Sym) +
             "', which the joint solve of both sides of a cp.async.cg does "
             "not follow";
  Access Packed = Dst;
  Packed.ByteOffset = *Dst.ByteOffset + Expr(*DstBase + Bias) +
                      *J.Src->ByteOffset * Expr(Scale);
  if (auto Err = buildSpace(K, Packed, L, J.Space))
    return Err;
  return std::nullopt;
}

/// The lanes of a packed request, each side decoded.
std::vector<CopyLane> copyLanes(const std::vector<LaneAddress> &Lanes) {
  std::vector<CopyLane> Out;
  Out.reserve(Lanes.size());
  for (const LaneAddress &L : Lanes)
    Out.push_back(
        {L.Lane, floorDiv(L.Addr, Scale), floorMod(L.Addr, Scale) - Bias});
  return Out;
}

/// The witness's lanes at one side's offsets from its object.
void decodeWitness(RequestWitness &W, bool Source, int64_t DstBase) {
  auto Decode = [&](LaneWitness &L) {
    int64_t Dst = floorMod(L.ByteOffset, Scale) - Bias;
    L.ByteOffset = Source ? floorDiv(L.ByteOffset, Scale) : Dst - DstBase;
  };
  Decode(W.A);
  Decode(W.B);
  for (LaneWitness &L : W.Lanes)
    Decode(L);
}

/// One side's answer: the packed enumeration with that side's cost.
template <class Result>
Result solveSide(const KernelModel &K, const Access &A, const LaunchConfig &L,
                 const SolveOptions &Opts, bool Source, unsigned Result::*Worst,
                 double Result::*Mean, unsigned Result::*Ideal) {
  Result R;
  Joint J;
  if (auto Err = buildJoint(K, A, L, Opts, J)) {
    R.Reason = *Err;
    return R;
  }
  if (J.Space.bounded()) {
    R.Reason = "its addresses depend on data; the cost of a cp.async.cg "
               "follows from each lane's source and destination together";
    return R;
  }
  std::string Unmeasured;
  CostFn CostOf = [&](const RequestView &Req) {
    BypassCopyCost C = bypassCopyCost(copyLanes(Req.Lanes));
    if (!C.Unmeasured.empty() && Unmeasured.empty())
      Unmeasured = C.Unmeasured;
    Cost X;
    X.Faults = C.Misaligned;
    X.Value = Source ? C.Sectors : C.Wavefronts;
    X.Ideal = Source ? C.IdealSectors : C.IdealWavefronts;
    X.LaneA = C.LaneA;
    X.LaneB = C.LaneB;
    return X;
  };
  const int64_t Period = Line * Scale;
  Summary Sum =
      solve(K, J.Space, Period, Period, Opts, CostOf, std::nullopt, 0);
  if (Sum.Status == SolveStatus::Unknown) {
    R.Reason = Sum.Reason;
    return R;
  }
  if (Sum.Faulting && !Sum.Worst.Ideal) {
    R.Reason = "no value of the free symbols gives every lane a 16-byte "
               "aligned source and destination, which the copy requires";
    return R;
  }
  if (!Unmeasured.empty()) {
    R.Reason = "some request is outside what the cp.async.cg rule covers: " +
               Unmeasured;
    return R;
  }
  SolveSpace Side;
  if (!buildSpace(K, A, L, Side))
    R.Strides = strides(Side, Side.Offset);
  R.Status = SolveStatus::Exact;
  R.*Worst = Sum.Worst.Value;
  R.*Ideal = Sum.Worst.Ideal;
  R.*Mean = Sum.Mean;
  R.IdealMean = Sum.IdealMean;
  R.Requests = Sum.Requests;
  R.Launch = Sum.Launch;
  R.Condition = Sum.Condition;
  R.ConditionOnParameters = Sum.ConditionOnParameters;
  R.WorstAlmostAlways = Sum.WorstAlmostAlways;
  R.Cases = Sum.Cases;
  R.Common = Sum.Common;
  if (Sum.Example && R.*Worst > R.*Ideal) {
    R.Example = Sum.Example;
    decodeWitness(*R.Example, Source,
                  *destinationBase(K.Objects[J.Dst->Object]));
  }
  return R;
}

} // namespace

SharedResult solveBypassCopyShared(const KernelModel &K, const Access &A,
                                   const LaunchConfig &L,
                                   const SolveOptions &Opts) {
  return solveSide<SharedResult>(
      K, A, L, Opts, /*Source=*/false, &SharedResult::Wavefronts,
      &SharedResult::WavefrontsMean, &SharedResult::IdealWavefronts);
}

GlobalResult solveBypassCopyGlobal(const KernelModel &K, const Access &A,
                                   const LaunchConfig &L,
                                   const SolveOptions &Opts) {
  return solveSide<GlobalResult>(
      K, A, L, Opts, /*Source=*/true, &GlobalResult::Sectors,
      &GlobalResult::SectorsMean, &GlobalResult::IdealSectors);
}

} // namespace warplint
