//===- AnalyzeAccesses.cpp - Solve every access of a translation unit -----===//
//
// Step three of the pipeline (Pipeline.cpp): the solver runs once per
// (access, launch configuration); the checks and the access listing read the
// results (Checks/Analysis.h).
//
//===----------------------------------------------------------------------===//

#include "Driver/Analyze.h"

#include "Solve/SolveInputs.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <unordered_map>

namespace warplint {

std::vector<AccessAnalysis> analyzeAccesses(
    const TranslationUnitModel &TU, const SolveOptions &Opts,
    const std::function<bool(const KernelModel &, const Access &)> &Wanted) {
  std::vector<AccessAnalysis> Out;
  // Solved once: the results by a hash of their solver inputs, as indices
  // into Out. Accesses of other kernels count (a template's
  // instantiations, a device function inlined into several kernels).
  std::unordered_map<size_t, std::vector<size_t>> Solved;
  for (const KernelModel &K : TU.Kernels) {
    for (const Access &A : K.Accesses) {
      if (Wanted && !Wanted(K, A))
        continue;
      bool Shared = K.Objects[A.Object].Space == MemorySpace::Shared;
      for (const LaunchConfig &L : K.Launches) {
        AccessAnalysis R;
        R.Kernel = &K;
        R.KernelIndex = unsigned(&K - TU.Kernels.data());
        R.Acc = &A;
        R.Launch = &L;
        SolveInput In{&K, &A, &L};
        std::vector<size_t> &Same = Solved[solveInputHash(In)];
        auto Prev = llvm::find_if(Same, [&](size_t I) {
          return sameSolveInputs({Out[I].Kernel, Out[I].Acc, Out[I].Launch},
                                 In);
        });
        if (Prev != Same.end()) {
          const AccessAnalysis &P = Out[*Prev];
          R.Shared = P.Shared;
          R.Global = P.Global;
          R.SharedAsWritten = P.SharedAsWritten;
          Out.push_back(std::move(R));
          continue;
        }
        if (Shared)
          R.Shared = solveShared(K, A, L, Opts);
        else
          R.Global = solveGlobal(K, A, L, Opts);
        // A carrier of merged loads: what the loads would cost apart, for
        // the note that says the merge is what makes the code fine.
        if (Shared && A.Emitted.InstrBytes)
          R.SharedAsWritten = solveSharedAsWritten(K, A, L, Opts);
        Same.push_back(Out.size());
        Out.push_back(std::move(R));
      }
    }
  }
  return Out;
}

AccessRecord toRecord(const AccessAnalysis &A) {
  AccessRecord R;
  const MemoryObject &Obj = A.object();
  R.Loc = A.Acc->Loc;
  R.Begin = A.Acc->Range.Begin;
  R.InlinedFrom = A.Acc->InlinedFrom;
  R.End = A.Acc->Range.End;
  R.Kernel = A.Kernel->Name;
  R.Function = A.Acc->Function;
  for (const CallFrame &F : A.Acc->CallChain)
    R.CalledFrom.push_back(F.CallLoc);
  R.Variable = Obj.Name + A.Acc->Field;
  R.ObjectDecl = Obj.DeclLoc;
  R.Space = Obj.Space;
  R.Op = A.Acc->Op;
  R.Bytes = A.Acc->Bytes;
  if (A.Launch->Block)
    R.Block = std::array<int64_t, 3>{A.Launch->Block->X, A.Launch->Block->Y,
                                     A.Launch->Block->Z};
  R.Grid = A.Launch->Grid;
  R.LaunchDescription = A.Launch->describe();
  // A load whose bytes serve later loads too carries them, as written.
  if (!A.Acc->Emitted.isAsWritten() || !A.Acc->Emitted.Carries.empty() ||
      A.Acc->CasLoop) {
    const Emission &E = A.Acc->Emitted;
    const std::vector<Access> &All = A.Kernel->Accesses;
    EmittedRecord ER;
    ER.Origin = E.From == Emission::Origin::Sass ? "sass" : "source-rule";
    if (E.MergedInto && *E.MergedInto < All.size())
      ER.MergedInto = All[*E.MergedInto].Loc;
    for (unsigned Id : E.Carries)
      if (Id < All.size())
        ER.Carries.push_back(All[Id].Loc);
    ER.InstrBytes = E.InstrBytes;
    ER.IterationsPerInstr = E.IterationsPerInstr;
    ER.SplitBytes = E.SplitBytes;
    ER.Note = E.Note;
    if (ER.Note.empty() && A.Acc->CasLoop)
      ER.Note = A.Acc->Op == AccessOp::Load
                    ? "the first read of the compare-and-swap loop nvcc "
                      "emits for this atomicAdd"
                    : "nvcc has no floating-point atomicAdd on shared "
                      "memory: it reads the word, then repeats a "
                      "compare-and-swap until no other lane changed it";
    R.Emitted = std::move(ER);
  }
  R.Exact = A.exact();
  R.Bounded = A.bounded();
  // What both answers have (SolveResultCommon), then each space's numbers.
  const SolveResultCommon *Common =
      A.Shared   ? static_cast<const SolveResultCommon *>(&*A.Shared)
      : A.Global ? static_cast<const SolveResultCommon *>(&*A.Global)
                 : nullptr;
  if (Common) {
    R.BoundOverValues = Common->BoundOverValues;
    R.Requests = Common->Requests;
    if (Common->Launch)
      R.Launch = {Common->Launch->Requests, Common->Launch->Cost,
                  Common->Launch->Ideal};
    R.Condition = Common->Condition;
    R.Reason = Common->Reason;
    for (const SolveCase &C : Common->Cases)
      R.Cases.push_back({C.Condition, C.Worst, C.Mean, C.Ideal});
    if (const auto &C = Common->Common)
      R.Common =
          CaseRecord{C->Condition, C->Worst, C->Mean, C->Ideal, C->IdealMean};
  }
  if (A.Shared) {
    const SharedResult &S = *A.Shared;
    R.WavefrontsMin = S.WavefrontsMin;
    R.WavefrontsExpected = S.WavefrontsExpected;
    R.ObjectElements = S.ExpectedOverElements;
    R.WavefrontsMeanMin = S.WavefrontsMeanMin;
    R.IdealWavefrontsMeanMin = S.IdealMeanMin;
    R.Wavefronts = S.Wavefronts;
    R.WavefrontsMean = S.WavefrontsMean;
    R.IdealWavefronts = S.IdealWavefronts;
    R.IdealWavefrontsMean = S.IdealMean;
  } else if (A.Global) {
    const GlobalResult &G = *A.Global;
    R.SectorsMin = G.SectorsMin;
    R.SectorsMeanMin = G.SectorsMeanMin;
    R.IdealSectorsMeanMin = G.IdealMeanMin;
    R.Sectors = G.Sectors;
    R.SectorsMean = G.SectorsMean;
    R.IdealSectors = G.IdealSectors;
    R.IdealSectorsMean = G.IdealMean;
    R.Pattern = R.Exact ? patternName(G.Pattern) : "";
  }
  return R;
}

} // namespace warplint
