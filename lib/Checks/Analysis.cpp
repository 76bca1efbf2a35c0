//===- Analysis.cpp - Solve every access of a translation unit ------------===//

#include "Checks/Analysis.h"

#include <algorithm>

namespace warplint {

SolveStatus AccessAnalysis::status() const {
  return Shared   ? Shared->Status
         : Global ? Global->Status
                  : SolveStatus::Unknown;
}

namespace {

/// Whether the solver gets the same inputs for two accesses of one kernel
/// (Solve/Solver.h reads these fields and nothing else of an Access): then
/// their results are the same. A read-modify-write (`a[i] += x`,
/// `dst[p].x = dst[p].x * f`) is a load and a store at one address; for
/// global memory the operation does not change the sectors, for shared
/// memory it picks the bank rule, so it must match too.
bool sameSolveInputs(const Access &A, const Access &B, bool Shared) {
  const Emission &EA = A.Emitted, &EB = B.Emitted;
  return A.Object == B.Object && A.Bytes == B.Bytes &&
         A.TypeAlign == B.TypeAlign && A.ByteOffset == B.ByteOffset &&
         A.UnknownReason == B.UnknownReason &&
         A.AddressFromData == B.AddressFromData && A.Guard == B.Guard &&
         A.Loops == B.Loops &&
         (!Shared || (A.Op == B.Op && A.Field == B.Field &&
                      A.AtomicIncrementUnused == B.AtomicIncrementUnused &&
                      A.CasLoop == B.CasLoop &&
                      A.AtomicFunction == B.AtomicFunction)) &&
         EA.MergedInto == EB.MergedInto && EA.InstrBytes == EB.InstrBytes &&
         EA.InstrBelow == EB.InstrBelow &&
         EA.SplitBytes == EB.SplitBytes && EA.UnrolledLoop == EB.UnrolledLoop &&
         EA.IterationsPerInstr == EB.IterationsPerInstr;
}

} // namespace

std::vector<AccessAnalysis> analyzeAccesses(const TranslationUnitModel &TU,
                                            const SolveOptions &Opts) {
  std::vector<AccessAnalysis> Out;
  for (const KernelModel &K : TU.Kernels) {
    // Solved once per launch: the results of accesses with the same solver
    // inputs, by launch, as indices into Out.
    std::vector<std::vector<size_t>> Solved(K.Launches.size());
    for (const Access &A : K.Accesses) {
      bool Shared = K.Objects[A.Object].Space == MemorySpace::Shared;
      for (size_t LI = 0; LI < K.Launches.size(); ++LI) {
        const LaunchConfig &L = K.Launches[LI];
        AccessAnalysis R;
        R.Kernel = &K;
        R.Acc = &A;
        R.Launch = &L;
        auto Same = std::find_if(
            Solved[LI].begin(), Solved[LI].end(), [&](size_t I) {
              return sameSolveInputs(*Out[I].Acc, A, Shared);
            });
        if (Same != Solved[LI].end()) {
          const AccessAnalysis &Prev = Out[*Same];
          R.Shared = Prev.Shared;
          R.Global = Prev.Global;
          R.SharedAsWritten = Prev.SharedAsWritten;
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
        Solved[LI].push_back(Out.size());
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
  if (A.Shared) {
    const SharedResult &S = *A.Shared;
    R.WavefrontsMin = S.WavefrontsMin;
    R.WavefrontsExpected = S.WavefrontsExpected;
    R.ObjectElements = S.ExpectedOverElements;
    R.BoundOverValues = S.BoundOverValues;
    R.WavefrontsMeanMin = S.WavefrontsMeanMin;
    R.IdealWavefrontsMeanMin = S.IdealMeanMin;
    R.Wavefronts = S.Wavefronts;
    R.WavefrontsMean = S.WavefrontsMean;
    R.IdealWavefronts = S.IdealWavefronts;
    R.IdealWavefrontsMean = S.IdealMean;
    R.Requests = S.Requests;
    if (S.Launch)
      R.Launch = {S.Launch->Requests, S.Launch->Cost, S.Launch->Ideal};
    R.Condition = S.Condition;
    R.Reason = S.Reason;
    for (const SolveCase &C : S.Cases)
      R.Cases.push_back({C.Condition, C.Worst, C.Mean, C.Ideal});
  } else if (A.Global) {
    const GlobalResult &G = *A.Global;
    R.SectorsMin = G.SectorsMin;
    R.BoundOverValues = G.BoundOverValues;
    R.SectorsMeanMin = G.SectorsMeanMin;
    R.IdealSectorsMeanMin = G.IdealMeanMin;
    R.Sectors = G.Sectors;
    R.SectorsMean = G.SectorsMean;
    R.IdealSectors = G.IdealSectors;
    R.IdealSectorsMean = G.IdealMean;
    R.Pattern = R.Exact ? patternName(G.Pattern) : "";
    R.Requests = G.Requests;
    if (G.Launch)
      R.Launch = {G.Launch->Requests, G.Launch->Cost, G.Launch->Ideal};
    R.Condition = G.Condition;
    R.Reason = G.Reason;
    for (const SolveCase &C : G.Cases)
      R.Cases.push_back({C.Condition, C.Worst, C.Mean, C.Ideal});
  }
  return R;
}

} // namespace warplint
