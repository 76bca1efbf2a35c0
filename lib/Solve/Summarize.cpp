//===- Summarize.cpp - Run every case of an access and summarize ----------===//
//
// See Summarize.h. Free symbols are reduced to finitely many cases
// (FreeSymbols), every executed request of every case is enumerated and
// costed, and the cases are summarized; requests that repeat a pattern are
// costed once (CostMemo).
//
//===----------------------------------------------------------------------===//

#include "Solve/Summarize.h"

#include "Solve/GuardSymbols.h"

#include "Solve/FreeSymbols.h"
#include "Solve/GeometricLoops.h"
#include "Solve/HardwareRules.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace warplint {

namespace {

/// What the requests of one case add up to.
struct CaseOutcome {
  bool Executed = false;
  Cost Worst;
  RequestView WorstRequest;
  long double Sum = 0, IdealSum = 0;
  long double LowSum = 0, LowIdealSum = 0; ///< bounded spaces
  unsigned LowRequest = UINT_MAX;          ///< bounded spaces
  uint64_t Weight = 0;
  long double ExpectedSum = 0;
  bool ExpectedKnown = true;
  FreeValues Values;
  double mean() const { return Weight ? double(Sum / Weight) : 0; }
  double idealMean() const { return Weight ? double(IdealSum / Weight) : 0; }
  double lowMean() const { return Weight ? double(LowSum / Weight) : 0; }
  double lowIdealMean() const {
    return Weight ? double(LowIdealSum / Weight) : 0;
  }
};

} // namespace

StrideInfo strides(const SolveSpace &S, const Expr &Bound) {
  StrideInfo SI;
  // A warp over rows has lane terms (l % X, l / X) in the bound offset: the
  // strides are the source's, along threadIdx.x.
  const Expr &Offset = S.RowLanes && S.ThreadOffset ? *S.ThreadOffset : Bound;
  for (unsigned D = 0; D < 3; ++D) {
    Symbol T{SymbolKind::ThreadIdx, D};
    std::string Why;
    auto Split = splitAdditive(
        Offset, [&](Symbol X) { return X == T; }, S, Why);
    if (Split)
      SI.BytesPerThread[D] = Split->Coef.count(T) ? Split->Coef[T] : 0;
  }
  if (!S.Assumed)
    SI.LaneDim = S.Dim[0] > 1 ? 0 : S.Dim[1] > 1 ? 1 : S.Dim[2] > 1 ? 2 : 0;
  return SI;
}

namespace {

LaneWitness laneWitness(const SolveSpace &S, const RequestView &R, int Lane,
                        const FreeValues &Values, int64_t BaseShift) {
  LaneWitness W;
  W.Warp = R.Warp;
  for (size_t I = 0; I < R.Lanes.size(); ++I) {
    if (int(R.Lanes[I].Lane) != Lane)
      continue;
    W.Lane = R.Lanes[I].Lane;
    W.ByteOffset = R.Lanes[I].Addr - BaseShift;
    for (unsigned D = 0; D < 3; ++D)
      W.Thread[D] = R.Threads[I][D];
  }
  if (S.Assumed && S.RowLanes) {
    // A warp over rows (LaunchSpace.h): the lane names the thread.
    int64_t Rows = 32 / S.RowLanes;
    W.Thread[0] = W.Lane % S.RowLanes;
    W.Thread[1] = W.Lane / S.RowLanes;
    for (const auto &FV : Values)
      if (FV.first == assumedWarpBaseY())
        W.Thread[1] += Rows * FV.second;
  } else if (S.Assumed) {
    for (const auto &FV : Values)
      if (FV.first == assumedWarpBaseX())
        W.Thread[0] += 32 * FV.second;
  }
  return W;
}

std::string formatCount(uint64_t N) { return std::to_string(N); }

/// LaunchTotals: each case's per-block sums times the number of blocks whose
/// indices lie in its classes. Only when every free symbol of the plan is a
/// block index of a known grid (parameters, loaded values and set-aside
/// guards leave the blocks of a case uncountable) and the requests of a
/// block are counted (no loop repeats them a symbolic number of times).
std::optional<LaunchTotals>
launchTotals(const FreePlan &Plan, const SolveSpace &S,
             const std::vector<CaseOutcome> &Outcomes) {
  if (!S.Grid || S.SymbolicRepeat || S.bounded() || S.MayNotRun ||
      S.GuardAssumedTrue || !S.Opaque.empty() || !Plan.Pairs.empty() ||
      !Plan.Compounds.empty() || !S.StrideLoops.empty() ||
      !S.GeometricLoops.empty())
    return std::nullopt;
  const std::array<int64_t, 3> &Grid = *S.Grid;
  std::array<bool, 3> InPlan{false, false, false};
  for (const SymbolClasses &SC : Plan.Symbols) {
    if (SC.Sym.Kind != SymbolKind::BlockIdx || SC.Sym.Index >= 3 ||
        SC.ValueSet)
      return std::nullopt;
    InPlan[SC.Sym.Index] = true;
  }
  // Blocks that differ only in an index the answer does not read.
  uint64_t Others = 1;
  for (unsigned D = 0; D < 3; ++D) {
    if (Grid[D] < 1)
      return std::nullopt;
    if (!InPlan[D] && __builtin_mul_overflow(Others, uint64_t(Grid[D]),
                                             &Others))
      return std::nullopt;
  }
  LaunchTotals T;
  std::vector<unsigned> ClassOf;
  for (uint64_t C = 0; C < Outcomes.size(); ++C) {
    const CaseOutcome &O = Outcomes[C];
    if (!O.Executed)
      continue;
    Plan.classes(C, ClassOf);
    uint64_t Blocks = Others;
    for (size_t I = 0; I < Plan.Symbols.size(); ++I) {
      const SymbolClasses &SC = Plan.Symbols[I];
      uint64_t N = SC.countIn(ClassOf[I], 0, Grid[SC.Sym.Index] - 1);
      if (__builtin_mul_overflow(Blocks, N, &Blocks))
        return std::nullopt;
    }
    // The sums are whole numbers (costs times request weights).
    uint64_t Add[3] = {O.Weight, uint64_t(std::llround(O.Sum)),
                       uint64_t(std::llround(O.IdealSum))};
    uint64_t *Into[3] = {&T.Requests, &T.Cost, &T.Ideal};
    for (unsigned I = 0; I < 3; ++I)
      if (__builtin_mul_overflow(Add[I], Blocks, &Add[I]) ||
          __builtin_add_overflow(*Into[I], Add[I], Into[I]))
        return std::nullopt;
  }
  return T;
}

/// Remembers what requests cost, by shape. The hardware rules
/// (HardwareRules.h) give the same value and ideal to two requests whose
/// lanes are the same and whose addresses differ by one multiple of Modulus
/// (4 bytes for shared memory: the banks only rotate; a 32-byte sector for
/// global memory), so the key is the lanes with their addresses relative to
/// the multiple of Modulus at or below the first one. Warps and loop
/// iterations that repeat a pattern are costed once. Only the value and
/// the ideal of a remembered cost may be used: its witness (bank, lanes,
/// words of that bank) may belong to another request of the shape, so the
/// caller recomputes the cost of the request it keeps as the worst.
class CostMemo {
public:
  CostMemo(const CostFn &CostOf, int64_t Modulus)
      : CostOf(CostOf), Modulus(Modulus) {}

  Cost operator()(const RequestView &R) {
    if (Modulus <= 0 || R.Lanes.empty())
      return CostOf(R);
    Key.clear();
    int64_t Base = floorDiv(R.Lanes.front().Addr, Modulus) * Modulus;
    for (size_t I = 0; I < R.Lanes.size(); ++I) {
      const LaneAddress &L = R.Lanes[I];
      int64_t Rel;
      if (__builtin_sub_overflow(L.Addr, Base, &Rel))
        return CostOf(R);
      // A bounded cost also depends on which lanes are sure to be active.
      bool Sure = I < R.Sure.size() && R.Sure[I];
      Key.push_back(int64_t(L.Lane) | (int64_t(Sure) << 32));
      Key.push_back(Rel);
    }
    auto It = Seen.find(Key);
    if (It != Seen.end())
      return It->second;
    Cost C = CostOf(R);
    Seen.emplace(Key, C);
    return C;
  }

private:
  struct KeyHash {
    size_t operator()(const std::vector<int64_t> &K) const {
      uint64_t H = 0xcbf29ce484222325ull;
      for (int64_t V : K)
        H = (H ^ uint64_t(V)) * 0x100000001b3ull;
      return size_t(H ^ (H >> 29));
    }
  };
  const CostFn &CostOf;
  int64_t Modulus;
  std::vector<int64_t> Key;
  std::unordered_map<std::vector<int64_t>, Cost, KeyHash> Seen;
};

/// True when the worst request happens, for every class of values of the
/// launch's free values (parameters, loaded values, ...), in a case where each
/// bounds-guard symbol (GuardSymbols.h: e.g. n - blockIdx.x * 256) lies
/// beyond the lanes' range, i.e. in a warp the bound does not cut. Then the
/// worst case is no condition on the parameters: it happens in every launch
/// whose bound leaves one full warp, and in whichever blocks reach the other
/// free values (blockIdx residues). What differs between cases is which
/// blocks and warps see it, not whether a launch does.
bool worstInUncutWarps(const FreePlan &Plan,
                       const std::vector<uint64_t> &WorstCases,
                       const std::vector<uint64_t> &Executed,
                       bool SkipProductWindow = false) {
  auto IsFresh = [&](Symbol Sym) {
    for (const GuardPair &P : Plan.Pairs)
      if (P.Fresh == Sym)
        return true;
    return false;
  };
  // Everything but "which block" and "which warp" is a property of the
  // launch: parameters, loaded values, loop offsets that stand for a
  // parameter step, an unknown base alignment.
  auto IsParameter = [&](Symbol Sym) {
    return Sym.Kind != SymbolKind::BlockIdx && !(Sym == assumedWarpBaseX()) &&
           !Plan.positional(Sym);
  };
  // The classes of the parameters of a case, as one mixed-radix number
  // (their product is at most the case count): no allocation per case.
  std::vector<uint64_t> Place(Plan.Symbols.size(), 0);
  uint64_t Keys = 1;
  for (size_t I = 0; I < Plan.Symbols.size(); ++I)
    if (!IsFresh(Plan.Symbols[I].Sym) && IsParameter(Plan.Symbols[I].Sym)) {
      Place[I] = Keys;
      Keys *= Plan.Symbols[I].Classes.size();
    }
  std::vector<unsigned> ClassOf;
  auto ParamKey = [&](uint64_t C) {
    Plan.classes(C, ClassOf);
    uint64_t Key = 0;
    for (size_t I = 0; I < Plan.Symbols.size(); ++I)
      Key += Place[I] * ClassOf[I];
    return Key;
  };
  std::vector<char> Covered(Keys, 0);
  for (uint64_t C : WorstCases) {
    Plan.classes(C, ClassOf);
    bool Uncut = true;
    for (size_t I = 0; I < Plan.Symbols.size(); ++I) {
      const SymbolClasses &SC = Plan.Symbols[I];
      if (!IsFresh(SC.Sym))
        continue;
      ValueClass::Region R = SC.Classes[ClassOf[I]].Where;
      Uncut &= R == ValueClass::Above || R == ValueClass::Below;
    }
    if (Uncut)
      Covered[ParamKey(C)] = 1;
  }
  // With SkipProductWindow, the values of the product symbol inside its
  // window are allowed as finitely many exceptions (tx * K is uncoalesced
  // for every K but -7..7).
  int Product = -1;
  for (size_t I = 0; I < Plan.Symbols.size() && SkipProductWindow; ++I)
    if (Plan.ProductSym && Plan.Symbols[I].Sym == *Plan.ProductSym)
      Product = int(I);
  for (uint64_t C : Executed) {
    if (Product >= 0) {
      Plan.classes(C, ClassOf);
      const SymbolClasses &SC = Plan.Symbols[size_t(Product)];
      if (SC.Classes[ClassOf[size_t(Product)]].Where == ValueClass::Exact)
        continue;
    }
    if (!Covered[ParamKey(C)])
      return false;
  }
  return true;
}

} // namespace

Summary solve(const KernelModel &K, const SolveSpace &Given, int64_t Modulus,
              int64_t CostModulus, const SolveOptions &Opts,
              const CostFn &CostOf, std::optional<Symbol> BaseSymbol,
              int64_t BaseScale) {
  Summary Sum;
  if (Opts.File)
    if (auto Spent = Opts.File->exhausted()) {
      Sum.Reason = *Spent;
      return Sum;
    }
  uint64_t Budget = Opts.EnumerationBudget;
  if (Opts.File)
    Budget = std::min(Budget, Opts.File->LaneEvaluations);
  // Whatever enumeration spends below is charged to the file.
  struct Charge {
    FileBudget *File;
    const uint64_t &Left;
    uint64_t Start;
    ~Charge() {
      if (File)
        File->LaneEvaluations -= std::min(File->LaneEvaluations, Start - Left);
    }
  } Charged{Opts.File, Budget, Budget};
  // When the file's budget is what limits this access, running out says so.
  bool FileBound = Opts.File && Budget < Opts.EnumerationBudget;
  const std::string FileSpent = "the analysis budget of this file is spent "
                                "(too many lane evaluations)";
  FreePlan Plan;
  std::optional<SolveSpace> Warps;
  // Conjuncts that only say which blocks or launches run the access
  // (`frame == 0`, `blockIdx.x == gridDim.x - 1`) may stop the reduction
  // or multiply the cases for nothing: set aside, the outcome is the same.
  std::optional<SolveSpace> Aside;
  // With no launch, the warp and block-size symbols have finitely many
  // values: enumerated, they need no reduction (GeometricLoops.h).
  auto WithWarps = [&](const SolveSpace &From,
                       std::optional<SolveSpace> &W) -> bool {
    W = withAssumedWarpsEnumerated(From);
    Plan = FreePlan();
    return W && !planFreeSymbols(K, *W, Modulus, Budget, Plan);
  };
  if (auto Err = planFreeSymbols(K, Given, Modulus, Budget, Plan);
      Err && !WithWarps(Given, Warps)) {
    Warps.reset();
    Aside = blockGuardsAside(Given);
    bool Planned = false;
    if (Aside) {
      Plan = FreePlan();
      Planned = !planFreeSymbols(K, *Aside, Modulus, Budget, Plan);
      std::optional<SolveSpace> AsideWarps;
      if (!Planned && WithWarps(*Aside, AsideWarps)) {
        Aside = std::move(AsideWarps);
        Planned = true;
      }
    }
    if (!Planned) {
      Sum.Reason = *Err;
      return Sum;
    }
  }
  const SolveSpace *Used = Aside ? &*Aside : Warps ? &*Warps : &Given;
  uint64_t NCases = Plan.caseCount();
  // Refuse before running any case when the cases cannot fit the budget:
  // every case costs at least PerCaseLower lane evaluations.
  auto LowerFor = [&](const SolveSpace &Sp) {
    return std::max<uint64_t>(
        1, perCaseWorkLowerBound(Sp, Opts.EnumerationBudget));
  };
  uint64_t PerCaseLower = LowerFor(*Used);
  auto TooMany = [&] {
    return NCases == UINT64_MAX || NCases > Budget / PerCaseLower;
  };
  if (TooMany() && !Aside) {
    FreePlan Fewer;
    Aside = blockGuardsAside(*Used);
    if (Aside && !planFreeSymbols(K, *Aside, Modulus, Budget, Fewer) &&
        Fewer.caseCount() < NCases) {
      Plan = std::move(Fewer);
      Used = &*Aside;
      NCases = Plan.caseCount();
      PerCaseLower = LowerFor(*Used);
    } else {
      Aside.reset();
    }
  }
  const SolveSpace &S = *Used;
  if (TooMany()) {
    if (FileBound && NCases <= Opts.EnumerationBudget / PerCaseLower) {
      Sum.Reason = FileSpent;
      return Sum;
    }
    Sum.Reason = "iteration space too large: more than " +
                 formatCount(Opts.EnumerationBudget) + " lane evaluations (" +
                 formatCount(NCases) + " cases of the free values)";
    return Sum;
  }

  std::vector<CaseOutcome> Outcomes(NCases);
  std::vector<unsigned> ClassOf;
  CostMemo Costs(CostOf, CostModulus);
  const EnumerationPrep Prep = prepareEnumeration(S);
  // The worst case (most per request, then highest mean; the first of
  // equals), kept as cases finish: only it needs its worst request and
  // values afterwards, so the others drop theirs (tens of thousands of
  // cases would otherwise keep a request each).
  std::optional<uint64_t> Best;
  auto Worse = [&](const CaseOutcome &O, const CaseOutcome &B) {
    return O.Worst.Value > B.Worst.Value ||
           (O.Worst.Value == B.Worst.Value && O.mean() > B.mean());
  };
  auto Forget = [](CaseOutcome &O) {
    O.WorstRequest = RequestView();
    O.Values = FreeValues();
  };
  for (uint64_t C = 0; C < NCases; ++C) {
    if (Opts.File)
      if (auto Spent = Opts.File->exhausted()) {
        Sum.Reason = *Spent;
        return Sum;
      }
    CaseOutcome &O = Outcomes[C];
    O.Values = Plan.values(C, ClassOf);
    auto St = enumerateRequests(S, Prep, O.Values, Budget,
                                [&](const RequestView &R) {
      Cost X = Costs(R);
      if (!O.Executed || X.Value > O.Worst.Value) {
        O.Worst = CostOf(R); // this request's own witness

        O.WorstRequest = R;
      }
      O.Executed = true;
      O.Sum += (long double)X.Value * R.Weight;
      O.IdealSum += (long double)X.Ideal * R.Weight;
      O.LowSum += (long double)X.Low * R.Weight;
      O.LowIdealSum += (long double)X.LowIdeal * R.Weight;
      O.LowRequest = std::min(O.LowRequest, X.LowIfExecuted);
      O.ExpectedKnown &= X.Expected >= 0;
      O.ExpectedSum += (long double)X.Expected * R.Weight;
      O.Weight += R.Weight;
    });
    if (St.State == EnumerationStatus::OverBudget) {
      Sum.Reason = FileBound ? FileSpent
                             : "iteration space too large: more than " +
                                   formatCount(Opts.EnumerationBudget) +
                                   " lane evaluations";
      return Sum;
    }
    if (St.State == EnumerationStatus::Error) {
      Sum.Reason = St.Reason;
      return Sum;
    }
    if (!O.Executed) {
      Forget(O);
    } else if (!Best || Worse(O, Outcomes[*Best])) {
      if (Best)
        Forget(Outcomes[*Best]);
      Best = C;
    } else {
      Forget(O);
    }
  }

  // An opaque subterm's classes may include values it never takes, and a
  // value made in a loop takes several of them in one launch: the answer
  // holds only when none of them changes an outcome (Opaque.h).
  // (Whether the access runs at all may depend on the latter: the request
  // count is then conditional, below.)
  struct Undecided {
    Symbol Sym;
    std::string Why;
    bool ExecutedOnly;
  };
  std::vector<Undecided> MustNotDecide;
  for (const auto &[Sym, Term] : S.Opaque)
    MustNotDecide.push_back({Sym,
                             "the value of '" + S.Name(Sym) +
                                 "', not known for this launch",
                             false});
  for (const SymbolClasses &C : Plan.Symbols)
    if (C.Sym.Kind == SymbolKind::Uniform && C.Sym.Index < K.Uniforms.size() &&
        K.Uniforms[C.Sym.Index].PerIteration && !S.valueSet(C.Sym))
      MustNotDecide.push_back({C.Sym,
                               K.Uniforms[C.Sym.Index].Description +
                                   ", which may differ between iterations",
                               true});
  // A bound over launch values (SolveSpace::Decoupled) takes every case.
  if (!MustNotDecide.empty() && !S.Decoupled) {
    std::vector<std::array<int64_t, 4>> Keys(NCases);
    for (uint64_t C = 0; C < NCases; ++C) {
      const CaseOutcome &O = Outcomes[C];
      Keys[C] = {O.Executed, O.Worst.Value,
                 std::llround(O.mean() * 1e6) * 1000003 +
                     std::llround(O.lowMean() * 1e6),
                 O.Worst.Ideal};
    }
    for (const Undecided &U : MustNotDecide)
      if (Plan.outcomeDependsOn(U.Sym, Keys, U.ExecutedOnly)) {
        Sum.Reason = "the answer depends on " + U.Why;
        Sum.OnlyUnfollowedValues = true;
        return Sum;
      }
  }

  Sum.Status = SolveStatus::Exact;
  std::vector<uint64_t> Executed;
  for (uint64_t C = 0; C < NCases; ++C)
    if (Outcomes[C].Executed)
      Executed.push_back(C);
  if (Executed.empty()) {
    Sum.Condition = S.GuardNote;
    Sum.Launch = launchTotals(Plan, S, Outcomes);
    return Sum; // the access never executes: no request, nothing to claim
  }

  const CaseOutcome &B = Outcomes[*Best];
  Sum.Worst = B.Worst;
  Sum.Mean = B.mean();
  Sum.IdealMean = B.idealMean();
  if (S.bounded()) {
    // The bounds hold for every case: least and greatest over them.
    Sum.LowRequest = UINT_MAX;
    Sum.LowMean = Sum.LowIdealMean = HUGE_VAL;
    for (uint64_t C : Executed) {
      const CaseOutcome &O = Outcomes[C];
      Sum.LowRequest = std::min(Sum.LowRequest, O.LowRequest);
      Sum.LowMean = std::min(Sum.LowMean, O.lowMean());
      Sum.LowIdealMean = std::min(Sum.LowIdealMean, O.lowIdealMean());
      Sum.HighMean = std::max(Sum.HighMean, O.mean());
      Sum.HighIdealMean = std::max(Sum.HighIdealMean, O.idealMean());
    }
    // Where the access does not run at all (a block the guard skips), the
    // instruction may still issue with no active lane: the least mean
    // counts such requests as 0, as the data bounds do.
    if (Executed.size() < NCases || S.MayNotRun)
      Sum.LowMean = Sum.LowIdealMean = 0;
    // The expectation, when every case that runs has one and they agree.
    bool Agree = true;
    for (uint64_t C : Executed) {
      const CaseOutcome &O = Outcomes[C];
      double E = O.Weight ? double(O.ExpectedSum / O.Weight) : 0;
      Agree &= O.ExpectedKnown && O.Weight &&
               (!Sum.ExpectedMean || std::fabs(*Sum.ExpectedMean - E) <= 1e-9);
      if (!Agree)
        break;
      Sum.ExpectedMean = E;
    }
    if (!Agree)
      Sum.ExpectedMean.reset();
  }
  bool SameWeight = true;
  for (uint64_t C : Executed)
    SameWeight &= Outcomes[C].Weight == B.Weight;
  Sum.Requests = S.SymbolicRepeat || !SameWeight ? 0 : B.Weight;
  Sum.Launch = launchTotals(Plan, S, Outcomes);

  // Distinct outcomes and their conditions.
  std::map<std::tuple<unsigned, long long, unsigned>, std::vector<uint64_t>>
      Distinct;
  for (uint64_t C : Executed) {
    const CaseOutcome &O = Outcomes[C];
    Distinct[{O.Worst.Value, std::llround(O.mean() * 1e6), O.Worst.Ideal}]
        .push_back(C);
  }
  std::vector<uint64_t> WorstCases;
  for (uint64_t C : Executed)
    if (Outcomes[C].Worst.Value == B.Worst.Value)
      WorstCases.push_back(C);
  if (WorstCases.size() != Executed.size()) {
    Sum.ConditionOnParameters =
        !worstInUncutWarps(Plan, WorstCases, Executed);
    Sum.WorstAlmostAlways =
        Sum.ConditionOnParameters &&
        worstInUncutWarps(Plan, WorstCases, Executed, true);
    Sum.Condition = describeCases(Plan, WorstCases, Executed, S.Name);
    if (Sum.Condition.empty())
      Sum.Condition = "depends on the values of the free symbols";
  }
  if (Distinct.size() > 1)
    for (auto It = Distinct.rbegin(); It != Distinct.rend(); ++It) {
      const CaseOutcome &O = Outcomes[It->second.front()];
      Sum.Cases.push_back({describeCases(Plan, It->second, Executed, S.Name),
                           O.Worst.Value, O.mean(), O.Worst.Ideal});
    }
  // A value read from memory (a flag set by one thread: `if (amLast)`)
  // for which the access does not execute at all makes the request count
  // conditional, whatever the per-request numbers. Bounds on parameters and
  // blockIdx (`if (row < M)`) stay as they were: every block that executes
  // the access gets these numbers, and the launch decides how many do.
  // (Guard pairs, compounds and opaque subterms stand for parameters and
  // thread or block indices with fresh symbols of kind Uniform beyond
  // KernelModel::Uniforms: not data.)
  bool DataDecides = false;
  for (const SymbolClasses &C : Plan.Symbols)
    DataDecides |= C.Sym.Kind == SymbolKind::Uniform &&
                   C.Sym.Index < K.Uniforms.size() && !S.valueSet(C.Sym);
  if (DataDecides && Executed.size() < NCases) {
    std::vector<uint64_t> All(NCases);
    std::iota(All.begin(), All.end(), 0);
    std::string When = describeCases(Plan, Executed, All, S.Name);
    std::string Only = "executed only " +
                       (When.empty() ? std::string("for some values of the "
                                                   "free symbols")
                                     : "when " + When);
    Sum.Condition =
        Sum.Condition.empty() ? Only : Sum.Condition + "; " + Only;
  }
  if (!S.GuardNote.empty())
    Sum.Condition = Sum.Condition.empty()
                        ? S.GuardNote
                        : Sum.Condition + ", and " + S.GuardNote;

  if (B.Worst.LaneA >= 0 && B.Worst.LaneB >= 0) {
    int64_t Shift = 0;
    if (BaseSymbol)
      for (const auto &FV : B.Values)
        if (FV.first == *BaseSymbol)
          Shift = FV.second * BaseScale;
    RequestWitness W;
    W.A = laneWitness(S, B.WorstRequest, B.Worst.LaneA, B.Values, Shift);
    W.B = laneWitness(S, B.WorstRequest, B.Worst.LaneB, B.Values, Shift);
    W.Bank = B.Worst.Bank;
    for (size_t I = 0; I < S.Relevant.size(); ++I)
      W.Bindings.push_back(
          {S.Loops[S.Relevant[I]].VarName, B.WorstRequest.Point[I]});
    for (const auto &FV : B.Values)
      if (!(S.RowLanes && FV.first == assumedWarpBaseY())) // in the threads
        W.Bindings.push_back({S.Name(FV.first), FV.second});
    Sum.Example = std::move(W);
  }
  return Sum;
}


} // namespace warplint
