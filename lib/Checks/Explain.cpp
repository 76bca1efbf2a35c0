//===- Explain.cpp - Notes shared by the memory checks --------------------===//

#include "Checks/Explain.h"

#include <cmath>
#include <cstdio>

namespace warplint {

std::string threadIndexName(unsigned Dim) {
  static const char *Names[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z"};
  return Names[Dim < 3 ? Dim : 0];
}

std::string formatMean(double Value) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.2f", Value);
  std::string S = Buf;
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S;
}

std::string commonCaseNote(const SolveResultCommon &R, const char *Unit) {
  if (!R.Common)
    return "";
  const SolveCase &C = *R.Common;
  return "in the common case, every size the launch leaves open a large "
         "power of two (" +
         C.Condition + "): " + formatMean(C.Mean) + " " + Unit +
         " per request (ideal " + formatMean(C.IdealMean) + ")";
}

DiagNote launchNote(const LaunchConfig &L) {
  DiagNote N;
  bool Assumed = L.Source == LaunchSource::Assumed;
  N.Message = Assumed ? L.describe() : "assuming " + L.describe();
  N.Role = Assumed ? NoteRole::AssumedLaunch : NoteRole::Launch;
  // The assumed shape points at the launch whose block is a run-time value,
  // when there is one.
  if (L.Source == LaunchSource::LaunchSite ||
      L.Source == LaunchSource::Annotation ||
      L.Source == LaunchSource::KernelCondition ||
      (Assumed && L.Site.isValid()))
    N.Loc = L.Site;
  return N;
}

void addCallContextNotes(const AccessAnalysis &A,
                         std::vector<DiagNote> &Notes) {
  const std::vector<CallFrame> &Chain = A.Acc->CallChain;
  // Innermost call first, as clang prints instantiation contexts.
  for (size_t I = Chain.size(); I-- > 0;) {
    DiagNote N;
    N.Loc = Chain[I].CallLoc;
    N.Message = "in '" + Chain[I].Callee + "' called from " +
                (I == 0 ? "kernel '" + A.Kernel->Name + "'"
                        : "'" + Chain[I - 1].Callee + "' (kernel '" +
                              A.Kernel->Name + "')") +
                " here";
    Notes.push_back(std::move(N));
  }
}

static std::string threadTuple(const LaneWitness &L) {
  return "(" + std::to_string(L.Thread[0]) + ", " +
         std::to_string(L.Thread[1]) + ", " + std::to_string(L.Thread[2]) +
         ")";
}

std::string describeLanePair(const RequestWitness &W) {
  return "lane " + std::to_string(W.A.Lane) + " (threadIdx " +
         threadTuple(W.A) + ") and lane " + std::to_string(W.B.Lane) +
         " (threadIdx " + threadTuple(W.B) + ") of warp " +
         std::to_string(W.A.Warp);
}

std::string describeBindings(const RequestWitness &W) {
  std::string S;
  for (const auto &[Name, Value] : W.Bindings) {
    // The solver's own symbols for a block without a known shape
    // (Space.h: threadIdx.x = 32 * (threadIdx.x / 32) + lane) in the user's
    // terms: the warp's first threadIdx.x, blockDim.x itself.
    std::string Term;
    if (Name == "threadIdx.x / 32") {
      if (Value == 0)
        continue; // the first warp: the lanes' threadIdx say it all
      Term =
          "the warp's first threadIdx.x = " + std::to_string(WarpLanes * Value);
    } else if (Name == "blockDim.x / 32") {
      Term = "blockDim.x = " + std::to_string(WarpLanes * Value);
    } else {
      Term = Name + " = " + std::to_string(Value);
    }
    S += (S.empty() ? " with " : ", ") + Term;
  }
  return S;
}

std::optional<std::string> mixedIterationsNote(const RequestWitness &W) {
  if (W.MixedLoop.empty())
    return std::nullopt;
  std::string By = W.MixedUnroll ? " by " + std::to_string(W.MixedUnroll) : "";
  return "nvcc unrolls loop '" + W.MixedLoop + "'" + By +
         " and runs the remainder of its trip count " +
         (W.MixedRemainderLast ? "last" : "first") +
         ", a run-time value that differs between lanes of warp " +
         std::to_string(W.A.Warp) + ": lanes " + std::to_string(W.MixedLaneA) +
         " and " + std::to_string(W.MixedLaneB) +
         " run different iterations in one instruction";
}

static double excess(const AccessAnalysis &A) {
  if (A.Shared)
    return double(A.Shared->Wavefronts) - A.Shared->IdealWavefronts;
  return double(A.Global->Sectors) - A.Global->IdealSectors;
}

const AccessAnalysis *
worstAnalysis(const std::vector<const AccessAnalysis *> &PerLaunch) {
  const AccessAnalysis *Worst = nullptr;
  for (const AccessAnalysis *A : PerLaunch)
    if (A->exact() && (!Worst || excess(*A) > excess(*Worst)))
      Worst = A;
  return Worst;
}

void addOtherLaunchNotes(const std::vector<const AccessAnalysis *> &PerLaunch,
                         const AccessAnalysis &Worst,
                         std::vector<DiagNote> &Notes) {
  for (const AccessAnalysis *A : PerLaunch) {
    if (A == &Worst)
      continue;
    DiagNote N = launchNote(*A->Launch);
    N.Message = "with " + A->Launch->describe() + ": ";
    if (!A->exact()) {
      std::string Reason = A->Shared ? A->Shared->Reason : A->Global->Reason;
      N.Message += "unknown (" + Reason + ")";
    } else if (A->Shared) {
      N.Message += std::to_string(A->Shared->Wavefronts) +
                   " wavefronts per request, ideal " +
                   std::to_string(A->Shared->IdealWavefronts);
    } else {
      N.Message += std::to_string(A->Global->Sectors) +
                   " sectors per request, ideal " +
                   std::to_string(A->Global->IdealSectors);
    }
    Notes.push_back(std::move(N));
  }
}

Diagnostic unknownRemark(const std::string &Check, const AccessAnalysis &A,
                         const std::string &Reason) {
  Diagnostic D;
  D.Check = Check;
  D.Level = Severity::Remark;
  D.Range = A.Acc->findingRange();
  D.Message = std::string("cannot analyze ") + spaceName(A.object().Space) +
              " memory " + opName(A.Acc->Op) + " of '" + A.object().Name +
              A.Acc->Field + "': " + Reason;
  D.Notes.push_back(launchNote(*A.Launch));
  return D;
}

Diagnostic boundedRemark(const std::string &Check, const AccessAnalysis &A) {
  Diagnostic D;
  D.Check = Check;
  D.Level = Severity::Remark;
  D.Range = A.Acc->findingRange();
  bool Sh = A.Shared.has_value();
  unsigned Min = Sh ? A.Shared->WavefrontsMin : A.Global->SectorsMin;
  unsigned Max = Sh ? A.Shared->Wavefronts : A.Global->Sectors;
  D.Message = std::string(spaceName(A.object().Space)) + " memory " +
              opName(A.Acc->Op) + " of '" + A.object().Name + A.Acc->Field +
              "' needs " + std::to_string(Min) + " to " + std::to_string(Max) +
              (Sh ? " wavefronts" : " sectors") +
              " per request, depending on " +
              ((Sh ? A.Shared->BoundOverValues : A.Global->BoundOverValues)
                   ? "values warplint does not follow: "
                   : "the data: ") +
              (Sh ? A.Shared->Reason : A.Global->Reason);
  // What random data would cost on average: the typical case a histogram
  // or a lookup table sees, with the assumption spelled out.
  if (Sh && A.Shared->WavefrontsExpected)
    D.Notes.push_back(
        {{},
         formatMean(*A.Shared->WavefrontsExpected) +
             " wavefronts per request expected if each lane's index is "
             "uniformly random over the " +
             std::to_string(A.Shared->ExpectedOverElements) +
             " elements of '" + A.object().Name + "'",
         {}});
  D.Notes.push_back(launchNote(*A.Launch));
  return D;
}

const AccessAnalysis *
worstOrUnknownRemark(const std::string &Check,
                     const std::vector<const AccessAnalysis *> &PerLaunch,
                     bool ShowUnknown, std::vector<Diagnostic> &Out) {
  if (const AccessAnalysis *Worst = worstAnalysis(PerLaunch))
    return Worst;
  const AccessAnalysis &First = *PerLaunch.front();
  if (ShowUnknown && First.bounded())
    Out.push_back(boundedRemark(Check, First));
  else if (ShowUnknown)
    Out.push_back(unknownRemark(
        Check, First, First.Shared ? First.Shared->Reason : First.Global->Reason));
  return nullptr;
}

} // namespace warplint
