//===- BarrierDivergenceCheck.cpp - warplint-barrier-divergence -----------===//
//
// Block barriers are first grouped: barriers with the same conditions and
// loops are reached by the same threads, and a group under "P and C" next to
// an equally large group under "P and not C" (the two arms of an if/else)
// is reached exactly once by every thread that satisfies P, so the pair
// counts as one barrier under P. Each group is then asked, per launch
// configuration, whether every thread runs its loops equally often and
// whether every thread satisfies its guard (Solve/Uniformity.h).
//
//===----------------------------------------------------------------------===//

#include "Checks/BarrierDivergenceCheck.h"
#include "Checks/Explain.h"
#include "Model/LaunchShape.h"
#include "Solve/Uniformity.h"

#include <algorithm>

namespace warplint {

namespace {

struct BarrierGroup {
  std::vector<const Barrier *> Members;
  std::vector<BarrierCondition> Conds;
  std::vector<unsigned> Loops;
};

bool sameConds(const std::vector<BarrierCondition> &A,
               const std::vector<BarrierCondition> &B, size_t N) {
  for (size_t I = 0; I < N; ++I)
    if (!(A[I].Cond == B[I].Cond))
      return false;
  return true;
}

/// Whether A and B are the two arms of one if/else: same loops, as many
/// barriers each, conditions equal but for complementary last ones.
bool armsOfOneIf(const BarrierGroup &A, const BarrierGroup &B) {
  size_t N = A.Conds.size();
  if (N == 0 || N != B.Conds.size() || A.Loops != B.Loops ||
      A.Members.size() != B.Members.size() ||
      !sameConds(A.Conds, B.Conds, N - 1))
    return false;
  const Predicate &X = A.Conds.back().Cond, &Y = B.Conds.back().Cond;
  return Predicate::negate(X) == Y || Predicate::negate(Y) == X;
}

std::vector<BarrierGroup> groupBarriers(const KernelModel &K) {
  std::vector<BarrierGroup> Groups;
  for (const Barrier &B : K.Barriers) {
    if (B.K == Barrier::Kind::SyncWarp)
      continue;
    auto It =
        std::find_if(Groups.begin(), Groups.end(), [&](const BarrierGroup &G) {
          return G.Loops == B.Loops && G.Conds.size() == B.Conditions.size() &&
                 sameConds(G.Conds, B.Conditions, G.Conds.size());
        });
    if (It != Groups.end()) {
      It->Members.push_back(&B);
      continue;
    }
    Groups.push_back({{&B}, B.Conditions, B.Loops});
  }
  for (bool Merged = true; Merged;) {
    Merged = false;
    for (size_t I = 0; I < Groups.size() && !Merged; ++I)
      for (size_t J = I + 1; J < Groups.size() && !Merged; ++J)
        if (armsOfOneIf(Groups[I], Groups[J])) {
          Groups[I].Conds.pop_back();
          Groups[I].Members.insert(Groups[I].Members.end(),
                                   Groups[J].Members.begin(),
                                   Groups[J].Members.end());
          Groups.erase(Groups.begin() + J);
          Merged = true;
        }
  }
  return Groups;
}

std::string threadName(const std::array<int64_t, 3> &T) {
  return "threadIdx (" + std::to_string(T[0]) + ", " + std::to_string(T[1]) +
         ", " + std::to_string(T[2]) + ")";
}

std::string dimsText(const std::vector<unsigned> &Dims) {
  if (Dims.empty())
    return "the thread";
  std::string S;
  for (size_t I = 0; I < Dims.size(); ++I)
    S += (I == 0                 ? ""
          : I + 1 == Dims.size() ? " and "
                                 : ", ") +
         threadIndexName(Dims[I]);
  return S;
}

std::string bindingsText(const DisagreeingThreads &E) {
  std::string S;
  for (const auto &[Name, V] : E.Bindings)
    S += (S.empty() ? ", for example with " : ", ") + Name + " = " +
         std::to_string(V);
  return S;
}

/// What makes the threads of a group disagree, under one launch.
struct Finding {
  const LaunchConfig *Launch = nullptr;
  UniformityResult Result;
  std::optional<unsigned> Loop; ///< a loop's trip count, or else the guard
  size_t Culprit = 0;           ///< index into the group's Conds
};

std::optional<Finding> findDivergence(const KernelModel &K,
                                      const BarrierGroup &G,
                                      const LaunchConfig &L,
                                      const UniformityOptions &UOpts,
                                      std::string &Unknown) {
  if (!L.NotModelled.empty()) {
    if (Unknown.empty())
      Unknown = L.NotModelled;
    return std::nullopt;
  }
  for (unsigned Id : G.Loops) {
    UniformityResult R = decideTripCount(K, Id, L, UOpts);
    if (R.Verdict == UniformityResult::Divergent)
      return Finding{&L, R, Id, 0};
    if (R.Verdict == UniformityResult::Unknown && Unknown.empty())
      Unknown = R.Reason;
  }
  std::vector<Predicate> Terms;
  for (const BarrierCondition &C : G.Conds)
    Terms.push_back(C.Cond);
  if (Terms.empty())
    return std::nullopt;
  UniformityResult R = decideUniform(K, Predicate::conj(Terms), L, UOpts);
  if (R.Verdict == UniformityResult::Unknown && Unknown.empty())
    Unknown = R.Reason;
  if (R.Verdict != UniformityResult::Divergent)
    return std::nullopt;
  // Name the first condition that splits the block on its own; else the
  // first that mentions the thread.
  size_t Culprit = Terms.size();
  for (size_t I = 0; I < Terms.size() && Culprit == Terms.size(); ++I)
    if (decideUniform(K, Terms[I], L, UOpts).Verdict ==
        UniformityResult::Divergent)
      Culprit = I;
  for (size_t I = 0; I < Terms.size() && Culprit == Terms.size(); ++I)
    if (!threadDims(Terms[I]).empty())
      Culprit = I;
  return Finding{&L, R, std::nullopt, Culprit == Terms.size() ? 0 : Culprit};
}

Diagnostic reportGroupMember(const std::string &Check, const KernelModel &K,
                             const BarrierGroup &G, const Barrier &B,
                             const Finding &F) {
  Diagnostic D;
  D.Check = Check;
  D.Range = B.Range;
  const UniformityResult &R = F.Result;
  std::string Rewrite = "keep the barrier unconditional and guard only the "
                        "work: every thread of the block must reach " +
                        B.Spelling;
  if (F.Loop) {
    const Loop &Lp = K.Loops[*F.Loop];
    std::vector<unsigned> Dims = threadDims(Predicate::conj(
        {Predicate::cmp(CmpKind::EQ, Lp.Init, 0), Lp.Condition}));
    D.Message = B.Spelling +
                " is not reached equally often by all threads of the block: "
                "the trip count of the loop over '" +
                Lp.VarName + "' depends on " + dimsText(Dims);
    std::string Ex;
    if (R.Example)
      Ex = threadName(R.Example->Taken) + " runs an iteration that " +
           threadName(R.Example->NotTaken) + " does not" +
           bindingsText(*R.Example);
    D.Notes.push_back({Lp.Loc, Ex.empty() ? "the loop is here" : Ex, {}});
    Rewrite = "keep the barrier unconditional and guard only the work: run "
              "the loop the same number of times in every thread (a "
              "block-uniform bound) and guard the work inside it";
  } else {
    const BarrierCondition &C = G.Conds[F.Culprit];
    D.Message = B.Spelling +
                " is not reached by all threads of the block: condition '" +
                C.Text + "'" + (C.EarlyExit ? " of an early exit" : "") +
                " depends on " + dimsText(threadDims(C.Cond));
    std::string Ex = "threads of one block disagree on this condition";
    if (R.Example)
      Ex = threadName(R.Example->Taken) + " reaches the barrier and " +
           threadName(R.Example->NotTaken) + " does not" +
           bindingsText(*R.Example);
    D.Notes.push_back({C.Range.Begin, Ex, {}});
    if (C.EarlyExit)
      Rewrite = "keep the barrier unconditional and guard only the work: "
                "instead of leaving early, put the work after the exit under "
                "the opposite condition and let every thread reach " +
                B.Spelling;
  }
  if (!R.Condition.empty())
    D.Notes.push_back({{},
                       R.Condition.rfind("for ", 0) == 0
                           ? "threads disagree only " + R.Condition
                           : "threads disagree when " + R.Condition,
                       {}});
  // Innermost call first, each naming its caller, as clang's
  // instantiation notes do.
  for (size_t I = B.CallChain.size(); I-- > 0;)
    D.Notes.push_back(
        {B.CallChain[I].CallLoc,
         "in '" + B.CallChain[I].Callee + "' called from " +
             (I == 0 ? "kernel '" + K.Name + "'"
                     : "'" + B.CallChain[I - 1].Callee + "' (kernel '" +
                           K.Name + "')") +
             " here",
         {}});
  D.Notes.push_back({{}, Rewrite, {}});
  D.Notes.push_back(launchNote(*F.Launch));
  return D;
}

/// __syncwarp(mask): every lane of the mask must reach it, and only those.
/// Decided by enumerating the block when the launch, the guard and the mask
/// leave no free symbols.
void checkSyncWarp(const std::string &Check, const KernelModel &K,
                   const Barrier &B, std::vector<Diagnostic> &Out) {
  if (!B.WarpMask)
    return;
  for (const LaunchConfig &L : K.Launches) {
    if (!L.Block)
      continue;
    const int64_t D[3] = {L.Block->X, L.Block->Y, L.Block->Z};
    int64_t Threads = L.Block->threads();
    std::vector<char> Reach(Threads);
    std::vector<int64_t> Mask(Threads);
    bool Closed = true;
    auto Value = [&](int64_t Id) {
      std::array<int64_t, 3> T{Id % D[0], Id / D[0] % D[1], Id / (D[0] * D[1])};
      return T;
    };
    for (int64_t Id = 0; Id < Threads && Closed; ++Id) {
      std::array<int64_t, 3> T = Value(Id);
      auto Val = [&](Symbol S) -> std::optional<int64_t> {
        if (S.Kind == SymbolKind::ThreadIdx && S.Index < 3)
          return T[S.Index];
        return launchValue(L, S);
      };
      auto G = B.Guard.evaluate(Val);
      auto M = B.WarpMask->evaluate(Val);
      if (!G || (*G && !M))
        Closed = false;
      else {
        Reach[Id] = *G;
        Mask[Id] = M ? *M & 0xffffffff : 0;
      }
    }
    if (!Closed)
      continue;
    for (int64_t Id = 0; Id < Threads; ++Id) {
      if (!Reach[Id])
        continue;
      int64_t Warp = Id / WarpLanes, Lane = Id % WarpLanes;
      std::optional<int64_t> Missing;
      bool NotInMask = !(Mask[Id] >> Lane & 1);
      for (int64_t Other = 0; Other < WarpLanes && !NotInMask && !Missing;
           ++Other) {
        int64_t OId = Warp * WarpLanes + Other;
        if ((Mask[Id] >> Other & 1) && OId < Threads && !Reach[OId])
          Missing = OId;
      }
      if (!NotInMask && !Missing)
        continue;
      Diagnostic Dg;
      Dg.Check = Check;
      Dg.Range = B.Range;
      int64_t Culprit = Missing ? *Missing : Id;
      Dg.Message =
          NotInMask
              ? B.Spelling +
                    " is executed by a lane its mask leaves out: lane " +
                    std::to_string(Lane) + " of warp " + std::to_string(Warp) +
                    " (" + threadName(Value(Id)) + ")"
              : B.Spelling +
                    " is not reached by every lane its mask names: lane " +
                    std::to_string(Culprit % WarpLanes) + " of warp " +
                    std::to_string(Warp) + " (" + threadName(Value(Culprit)) +
                    ") does not reach it";
      if (Missing) {
        std::array<int64_t, 3> T = Value(Culprit);
        for (const BarrierCondition &C : B.Conditions) {
          auto V = C.Cond.evaluate([&](Symbol S) -> std::optional<int64_t> {
            if (S.Kind == SymbolKind::ThreadIdx && S.Index < 3)
              return T[S.Index];
            return launchValue(L, S);
          });
          if (V && !*V) {
            Dg.Notes.push_back(
                {C.Range.Begin,
                 "condition '" + C.Text + "' is false for " + threadName(T),
                 {}});
            break;
          }
        }
      }
      Dg.Notes.push_back({{},
                          "pass the mask of exactly the lanes that reach it "
                          "(e.g. from __ballot_sync), or keep it "
                          "unconditional",
                          {}});
      Dg.Notes.push_back(launchNote(L));
      Out.push_back(std::move(Dg));
      return;
    }
  }
}

} // namespace

void BarrierDivergenceCheck::checkKernel(const KernelModel &K,
                                         const CheckOptions &Opts,
                                         std::vector<Diagnostic> &Out) const {
  UniformityOptions UOpts;
  UOpts.Arch = Opts.Arch;
  for (const BarrierGroup &G : groupBarriers(K)) {
    std::optional<Finding> F;
    std::string Unknown;
    for (const LaunchConfig &L : K.Launches) {
      F = findDivergence(K, G, L, UOpts, Unknown);
      if (F)
        break;
    }
    for (const Barrier *B : G.Members) {
      if (F) {
        Out.push_back(reportGroupMember(id(), K, G, *B, *F));
      } else if (!Unknown.empty() && Opts.ShowUnknown) {
        Diagnostic D;
        D.Check = id();
        D.Level = Severity::Remark;
        D.Range = B->Range;
        D.Message = "could not decide whether every thread of the block "
                    "reaches " +
                    B->Spelling + ": " + Unknown;
        Out.push_back(std::move(D));
      }
    }
  }
  for (const Barrier &B : K.Barriers)
    if (B.K == Barrier::Kind::SyncWarp)
      checkSyncWarp(id(), K, B, Out);
}

} // namespace warplint
