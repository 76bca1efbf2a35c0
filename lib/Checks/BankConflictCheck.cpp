//===- BankConflictCheck.cpp - warplint-bank-conflict ---------------------===//

#include "Checks/BankConflictCheck.h"

#include <algorithm>
#include "Checks/EmittedNotes.h"
#include "Checks/Explain.h"
#include "Checks/RequestPictures.h"
#include "Solve/HardwareRules.h"

#include <algorithm>
#include <numeric>

namespace warplint {

bool BankConflictCheck::matches(const AccessAnalysis &A) const {
  return A.Shared.has_value();
}

/// "consecutive lanes differ in threadIdx.x and are 33 words apart; since
/// gcd(33, 32) = 1 they fall into different banks" -- the arithmetic behind
/// the degree, when the offset moves by a constant stride between lanes.
static std::optional<std::string> strideNote(const SharedResult &R,
                                             const Access &A,
                                             const LaunchConfig &L,
                                             const ArchInfo &Arch) {
  unsigned Dim = R.Strides.LaneDim;
  const unsigned Banks = Arch.Banks, Word = Arch.BankBytes;
  auto Stride = R.Strides.BytesPerThread[Dim];
  if (!Stride)
    return std::nullopt;
  std::string Idx = threadIndexName(Dim);
  int64_t Bytes = *Stride;
  std::string S = "consecutive lanes differ in " + Idx + " and are " +
                  std::to_string(Bytes) + " bytes apart";
  if (Bytes == 0)
    return S + ": they read the same address, which is a broadcast";
  if (Bytes % Word == 0 && A.Bytes <= Word) {
    int64_t Words = std::llabs(Bytes / int64_t(Word));
    int64_t G = std::gcd(Words, int64_t(Banks));
    S += " (" + std::to_string(Words) + " words); since gcd(" +
         std::to_string(Words) + ", " + std::to_string(Banks) +
         ") = " + std::to_string(G) + ", ";
    if (G == 1)
      S += "consecutive lanes fall into different banks";
    else if (G == int64_t(Banks))
      S += "all of them fall into the same bank";
    else {
      // Only the lanes along this index spread over the banks: with
      // blockDim.x = 16, 16 lanes do, not 32.
      int64_t Lanes = Arch.WarpSize;
      if (auto X = L.blockExtent(0); Dim == 0 && X)
        Lanes = std::min<int64_t>(Arch.WarpSize, *X);
      int64_t Up = std::min<int64_t>(G, (Lanes * G + Banks - 1) / Banks);
      S += "lanes " + std::to_string(Banks / G) +
           " apart share a bank, so each bank is asked for up to " +
           std::to_string(Up) + " different words";
    }
  }
  // Only a block with rows to span has a warp spanning them: a 16x1x1
  // block's warp is its 16 threads.
  // A partly constant block's rows are a run-time number (LaunchSpace.h:
  // taken whole).
  std::optional<int64_t> X = L.blockExtent(0), Y = L.blockExtent(1);
  if (X && *X < Arch.WarpSize && Dim == 0 && (!Y || *Y > 1)) {
    int64_t Rows = Arch.WarpSize / std::max<int64_t>(1, *X);
    S += "; a warp spans " + std::to_string(Y ? std::min(*Y, Rows) : Rows) +
         " values of threadIdx.y because blockDim.x is " + std::to_string(*X);
  }
  return S;
}

/// A bounded answer proves a conflict when even its best case has one: the
/// lanes that run the access whatever the data (a guard `tid % 32 < 8 ||
/// flag[i]`) already ask one bank for several words in every request that
/// executes. The ideal of a 1- to 4-byte access is 1 for any set of lanes
/// (S5), so the least wavefronts over all data is the least waste plus
/// one. A float atomicAdd (a CAS of twice its width) has another ideal: left out,
/// as is an access nvcc merges or splits (its instruction's width decides
/// the ideal), and for now a bound over values warplint does not follow:
/// there the whole answer is the rule's reading of the source: before the
/// source rules paired adjacent stores into one STS.64, fastWalshTransform's
/// stride-2 stores were such a bound of 2 to 2 wavefronts, ideal 1, on a
/// line the H100 measured as ideal (2, ideal 2).
static std::optional<Diagnostic>
provenBoundedConflict(const std::string &Check,
                      const std::vector<const AccessAnalysis *> &PerLaunch,
                      const ArchInfo &Arch) {
  const AccessAnalysis *Best = nullptr;
  for (const AccessAnalysis *A : PerLaunch) {
    if (!A->bounded() || !A->Shared || A->Acc->Bytes > Arch.BankBytes ||
        !A->Acc->Emitted.isAsWritten() || A->Shared->BoundOverValues ||
        A->Shared->WavefrontsMin < 2)
      continue;
    SharedOpKind Op = sharedOpKind(*A->Kernel, *A->Acc);
    if (Op == SharedOpKind::CasLoop || Op == SharedOpKind::CompareAndSwap)
      continue;
    if (!Best || A->Shared->WavefrontsMin > Best->Shared->WavefrontsMin)
      Best = A;
  }
  if (!Best)
    return std::nullopt;
  const SharedResult &R = *Best->Shared;
  const MemoryObject &Obj = Best->object();
  std::string Least = std::to_string(R.WavefrontsMin);
  Diagnostic D;
  D.Check = Check;
  D.Level = Severity::Warning;
  D.Range = Best->Acc->findingRange();
  D.Source = Best->source();
  D.Waste = double(R.WavefrontsMin) - 1;
  D.Numbers = "at least " + Least + "-way conflict, " + Least + " to " +
              std::to_string(R.Wavefronts) + " wavefronts per request, ideal 1";
  D.Message = "at least " + Least + "-way shared memory bank conflict on '" +
              Obj.Name + Best->Acc->Field + "' whatever the data (" + Least +
              " to " + std::to_string(R.Wavefronts) +
              " wavefronts per request, ideal 1)";
  D.Notes.push_back({{},
                     "the lanes that execute it whatever the data already "
                     "conflict in every request; the data decides the rest: " +
                         R.Reason,
                     {}});
  D.Notes.push_back(launchNote(*Best->Launch));
  return D;
}

void BankConflictCheck::check(
    const std::vector<const AccessAnalysis *> &PerLaunch,
    const CheckOptions &Opts, std::vector<Diagnostic> &Out) const {
  if (!worstAnalysis(PerLaunch))
    if (auto D = provenBoundedConflict(id(), PerLaunch, Opts.Arch)) {
      Out.push_back(std::move(*D));
      return;
    }
  const AccessAnalysis *Worst =
      worstOrUnknownRemark(id(), PerLaunch, Opts.ShowUnknown, Out);
  if (!Worst)
    return;
  const SharedResult &R = *Worst->Shared;
  if (R.Wavefronts <= R.IdealWavefronts) {
    // Conflict-free because nvcc merges: say so, and what would break it.
    if (auto Remark = mergeRemark(id(), *Worst))
      Out.push_back(std::move(*Remark));
    return;
  }
  const Access &A = *Worst->Acc;
  const MemoryObject &Obj = Worst->object();

  unsigned Ways = R.WorstBankWords;
  if (Ways < 2)
    Ways = (R.Wavefronts + R.IdealWavefronts - 1) /
           std::max(1u, R.IdealWavefronts);

  // A cp.async.cg's wavefronts follow its global row pitch, a parameter
  // as for the uncoalesced check: a warning when every outcome conflicts,
  // else a remark with the condition, unless the worst case is asked for
  // (--assume-worst, which sets the uncoalesced check's AssumeWorst).
  // (Other shared accesses warn on their worst case: a parameter there is
  // mostly a stride a loop walks through, whose every value runs.)
  bool Bypass = A.Rule == Access::LaneRule::AsyncCopy && A.BypassL1;
  bool Parametric = Bypass && !R.Condition.empty() && R.ConditionOnParameters;
  bool AlwaysConflicts =
      !R.Cases.empty() &&
      std::all_of(R.Cases.begin(), R.Cases.end(),
                  [](const SolveCase &C) { return C.Worst > C.Ideal; });
  bool AssumeWorst =
      OptionsView("warplint-uncoalesced", Opts).getBool("AssumeWorst", false);
  Diagnostic D;
  D.Check = id();
  D.Level = Parametric && !AlwaysConflicts && !R.WorstAlmostAlways &&
                    !AssumeWorst
                ? Severity::Remark
                : Severity::Warning;
  D.Range = A.findingRange();
  D.Source = Worst->source();
  if (R.Example)
    D.Request = findingPicture(*R.Example, A, /*Shared=*/true, R.Wavefronts);
  D.Waste = double(R.Wavefronts) - R.IdealWavefronts;
  D.Numbers = std::to_string(Ways) + "-way conflict, " +
              std::to_string(R.Wavefronts) + " wavefronts per request, ideal " +
              std::to_string(R.IdealWavefronts);
  // A cp.async.cg's wavefronts follow its lanes' source and destination
  // together (rule LDGSTS.BYPASS), not banks: said as such.
  if (Bypass)
    D.Numbers = std::to_string(R.Wavefronts) +
                " wavefronts per request, ideal " +
                std::to_string(R.IdealWavefronts);
  D.Message = Bypass ? "cp.async.cg into '" + Obj.Name + A.Field +
                           "' takes " + std::to_string(R.Wavefronts) +
                           " shared memory wavefronts per request, ideal " +
                           std::to_string(R.IdealWavefronts)
                     : std::to_string(Ways) +
                           "-way shared memory bank conflict on '" + Obj.Name +
                           A.Field + "' (" + std::to_string(R.Wavefronts) +
                           " wavefronts per request, ideal " +
                           std::to_string(R.IdealWavefronts) + ")";

  if (!R.Condition.empty())
    D.Notes.push_back({{},
                       (R.ConditionOnParameters
                            ? "the conflict happens when "
                            : "the conflict happens in the blocks and warps "
                              "where ") +
                           R.Condition,
                       {}});
  if (std::string Common = commonCaseNote(R, "wavefronts"); !Common.empty())
    D.Notes.push_back({{}, Common, {}});
  std::optional<std::string> Mixed =
      R.Example ? mixedIterationsNote(*R.Example) : std::nullopt;
  if (auto N = emittedNote(*Worst))
    D.Notes.push_back(std::move(*N));
  else if (Mixed)
    D.Notes.push_back({{}, *Mixed, {}});
  else if (auto S = Bypass ? std::nullopt
                            : strideNote(R, A, *Worst->Launch, Opts.Arch))
    D.Notes.push_back({{}, *S, {}});
  if (R.Example && Bypass)
    D.Notes.push_back(
        {{},
         "for example " + describeLanePair(*R.Example) +
             " write byte offsets " + std::to_string(R.Example->A.ByteOffset) +
             " and " + std::to_string(R.Example->B.ByteOffset) + " of '" +
             Obj.Name + "'" + describeBindings(*R.Example) +
             " in different wavefronts: a cp.async.cg shares one only "
             "between lanes that copy from one 128-byte line into one "
             "128-byte row, move their data by the same distance modulo 64 "
             "bytes and read different source chunks",
         {}});
  else if (R.Example)
    D.Notes.push_back(
        {{},
         "for example " + describeLanePair(*R.Example) + " both use bank " +
             std::to_string(R.Example->Bank) + ", at byte offsets " +
             std::to_string(R.Example->A.ByteOffset) + " and " +
             std::to_string(R.Example->B.ByteOffset) + " of '" + Obj.Name +
             "'" + describeBindings(*R.Example),
         {}});
  if (R.Requests > 1 && R.WavefrontsMean + 1e-9 < R.Wavefronts)
    D.Notes.push_back({{},
                       "on average " + formatMean(R.WavefrontsMean) +
                           " wavefronts per request over " +
                           std::to_string(R.Requests) + " requests per block",
                       {}});
  addCallContextNotes(*Worst, D.Notes);
  D.Notes.push_back(launchNote(*Worst->Launch));
  addOtherLaunchNotes(PerLaunch, *Worst, D.Notes);
  Out.push_back(std::move(D));
}

} // namespace warplint
