//===- SolveCases.cpp - Run every case of an access and summarize ---------===//
//
// See Summarize.h. Free symbols are reduced to finitely many cases
// (FreeSymbols), every executed request of every case is enumerated and
// costed, and the cases are summarized; requests that repeat a pattern are
// costed once (CostMemo). The steps are those of CaseSolver, in order.
//
//===----------------------------------------------------------------------===//

#include "Solve/Space/InventedSymbols.h"
#include "Solve/Summary/Summarize.h"

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Space/GeometricLoops.h"
#include "Solve/Cases/GuardSymbols.h"
#include "Solve/Summary/SummarizeSteps.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace warplint {

namespace {

/// Whatever enumeration spends is charged to the file when the solve ends.
struct Charge {
  FileBudget *File;
  const uint64_t &Left;
  uint64_t Start;
  ~Charge() {
    if (File)
      File->LaneEvaluations -= std::min(File->LaneEvaluations, Start - Left);
  }
};

/// One call of solve(), step by step.
class CaseSolver {
public:
  CaseSolver(const KernelModel &K, const SolveSpace &Given, int64_t Modulus,
             int64_t CostModulus, const SolveOptions &Opts,
             const CostFn &CostOf, std::optional<Symbol> BaseSymbol,
             int64_t BaseScale)
      : K(K), Given(Given), Modulus(Modulus), CostModulus(CostModulus),
        Opts(Opts), CostOf(CostOf), BaseSymbol(BaseSymbol),
        BaseScale(BaseScale),
        Budget(Opts.File ? std::min(Opts.EnumerationBudget,
                                    Opts.File->LaneEvaluations)
                         : Opts.EnumerationBudget),
        Charged{Opts.File, Budget, Budget},
        FileBound(Opts.File && Budget < Opts.EnumerationBudget) {}

  Summary run() {
    if (Opts.File)
      if (auto Spent = Opts.File->exhausted()) {
        Sum.Reason = *Spent;
        return Sum;
      }
    if (!plan() || !runCases() || !outcomesHold() || !asideHolds() ||
        !selectorsHold())
      return Sum;
    Sum.Status = SolveStatus::Exact;
    const SolveSpace &S = *Used;
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
    if (S.bounded())
      bounds();
    bool SameWeight = true;
    for (uint64_t C : Executed)
      SameWeight &= Outcomes[C].Weight == B.Weight;
    Sum.Requests = S.SymbolicRepeat || !SameWeight ? 0 : B.Weight;
    Sum.Launch = launchTotals(Plan, S, Outcomes);
    conditions();
    witness();
    return Sum;
  }

private:
  /// Plans the cases of the free symbols, with the block-level guards set
  /// aside or the assumed shape's warps enumerated when that is what makes
  /// a plan (or fewer cases); false with the reason when none fits.
  bool plan() {
    std::optional<SolveSpace> Warps;
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
      // Conjuncts that only say which blocks or launches run the access
      // (`frame == 0`, `blockIdx.x == gridDim.x - 1`) may stop the
      // reduction or multiply the cases for nothing: set aside, the
      // outcome is the same.
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
      // Conjuncts alike for a warp's lanes that change between loop
      // iterations (checked after the cases ran: asideHolds), then those
      // that choose whole blocks by values the offset reads too, a block
      // swizzle's tile tested against the tile count (selectorsHold).
      for (auto SetAside : {warpGuardsAside, blockSelectorsAside}) {
        if (Planned)
          break;
        if (std::optional<SolveSpace> W = SetAside(Given)) {
          Plan = FreePlan();
          if (!planFreeSymbols(K, *W, Modulus, Budget, Plan)) {
            Aside = std::move(W);
            AsideReason = *Err;
            Planned = true;
          }
        }
      }
      if (!Planned) {
        Sum.Reason = *Err;
        return false;
      }
    }
    WarpsSpace = std::move(Warps);
    Used = Aside ? &*Aside : WarpsSpace ? &*WarpsSpace : &Given;
    NCases = Plan.caseCount();
    dropBlocksOutsideGrid();
    return fitsBudget();
  }

  /// With the launch's grid known, a class of a block index that no block
  /// of the grid is in (`blockIdx.x % 2 == 1` in a grid of one block) is
  /// no case: its outcome would be a claim about blocks that do not run.
  void dropBlocksOutsideGrid() {
    const SolveSpace &S = *Used;
    if (!S.Grid)
      return;
    for (SymbolClasses &SC : Plan.Symbols) {
      if (SC.Sym.Kind != SymbolKind::BlockIdx || SC.Sym.Index >= 3)
        continue;
      int64_t Last = (*S.Grid)[SC.Sym.Index] - 1;
      std::vector<ValueClass> Kept;
      for (unsigned C = 0; C < SC.Classes.size(); ++C)
        if (SC.countIn(C, 0, Last) > 0)
          Kept.push_back(SC.Classes[C]);
      if (!Kept.empty())
        SC.Classes = std::move(Kept);
    }
    NCases = Plan.caseCount();
  }

  /// Refuses before running any case when the cases cannot fit the
  /// budget: every case costs at least perCaseWorkLowerBound.
  bool fitsBudget() {
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
    if (!TooMany())
      return true;
    if (FileBound && NCases <= Opts.EnumerationBudget / PerCaseLower) {
      // What is left cannot pay for this access: the file's budget is
      // spent, as the reason says, for every solve that follows too.
      Opts.File->LaneEvaluations = 0;
      Sum.Reason = FileSpent;
    } else
      Sum.Reason = "iteration space too large: more than " +
                   formatCount(Opts.EnumerationBudget) + " lane evaluations (" +
                   formatCount(NCases) + " cases of the free values)";
    return false;
  }

  /// Enumerates every case. The worst case (most per request, then highest
  /// mean; the first of equals) is kept as cases finish: only it needs its
  /// worst request and values afterwards, so the others drop theirs (tens
  /// of thousands of cases would otherwise keep a request each).
  bool runCases() {
    const SolveSpace &S = *Used;
    dropBlocksOutsideGrid(); // again when fitsBudget planned anew
    Outcomes.assign(NCases, CaseOutcome());
    std::vector<unsigned> ClassOf;
    CostMemo Costs(CostOf, CostModulus);
    const EnumerationPrep Prep = prepareEnumeration(S);
    auto Worse = [&](const CaseOutcome &O, const CaseOutcome &B) {
      return O.Worst.Value > B.Worst.Value ||
             (O.Worst.Value == B.Worst.Value && O.mean() > B.mean());
    };
    auto Forget = [](CaseOutcome &O) {
      O.WorstRequest = RequestView();
      O.Values = FreeValues();
    };
    MustNotDecide = mustNotDecide();
    EarlyDependence Early(Plan, MustNotDecide.empty()
                                    ? std::nullopt
                                    : std::optional(MustNotDecide.front()));
    for (uint64_t C = 0; C < NCases; ++C) {
      if (Opts.File)
        if (auto Spent = Opts.File->exhausted()) {
          Sum.Reason = *Spent;
          return false;
        }
      CaseOutcome &O = Outcomes[C];
      O.Values = Plan.values(C, ClassOf);
      auto St =
          enumerateRequests(S, Prep, O.Values, Budget,
                            [&](const RequestView &R) { add(O, Costs(R), R); });
      if (St.State == EnumerationStatus::OverBudget) {
        Sum.Reason = FileBound ? FileSpent
                               : "iteration space too large: more than " +
                                     formatCount(Opts.EnumerationBudget) +
                                     " lane evaluations";
        return false;
      }
      if (St.State == EnumerationStatus::Error) {
        Sum.Reason = St.Reason;
        return false;
      }
      if (O.Faults) {
        O.Executed = false;
        ++Sum.Faulting;
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
      if (Early.shows(C, O.Executed, [&](uint64_t I) { return outcomeKey(I); }))
        return dependsOn(Early.undecided());
    }
    return true;
  }

  /// With warp-uniform conjuncts set aside (warpGuardsAside), the cases
  /// hold requests that may not run: the answer stands only when every
  /// request of each case costs the same.
  bool asideHolds() {
    if (!Used->UniformAside)
      return true;
    for (const CaseOutcome &O : Outcomes)
      if (O.Executed && (O.Sum != (long double)O.Worst.Value * O.Weight ||
                         O.IdealSum != (long double)O.Worst.Ideal * O.Weight)) {
        Sum.Reason = AsideReason + " (and the requests of the iterations "
                                   "differ in cost)";
        return false;
      }
    return true;
  }

  /// With block selectors set aside (blockSelectorsAside), the cases hold
  /// blocks that may not run: the answer stands only when every case that
  /// runs has the same outcome, so that which blocks run cannot change it.
  bool selectorsHold() {
    if (!Used->SelectorsAside)
      return true;
    auto KeyOf = [&](uint64_t C) {
      std::array<int64_t, 4> K4 = outcomeKey(C);
      return std::array<int64_t, 5>{
          K4[0], K4[1], K4[2], K4[3],
          std::llround(Outcomes[C].idealMean() * 1e6)};
    };
    std::optional<std::array<int64_t, 5>> First;
    for (uint64_t C = 0; C < NCases; ++C) {
      if (!Outcomes[C].Executed)
        continue;
      std::array<int64_t, 5> Key = KeyOf(C);
      if (!First)
        First = Key;
      else if (Key != *First) {
        Sum.Reason = AsideReason + " (and the blocks it chooses differ in "
                                   "cost)";
        return false;
      }
    }
    return true;
  }

  /// Adds one request of cost X to its case.
  void add(CaseOutcome &O, const Cost &X, const RequestView &R) {
    if (X.Faults) {
      O.Faults = true;
      return;
    }
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
  }

  /// An opaque subterm's classes may include values it never takes, and a
  /// value made in a loop takes several of them in one launch: the answer
  /// holds only when none of them changes an outcome (Opaque.h). (Whether
  /// the access runs at all may depend on the latter: the request count is
  /// then conditional, in conditions().)
  /// A symbol the answer must not depend on, and why (outcomesHold).
  struct Undecided {
    Symbol Sym;
    std::string Why;
    bool ExecutedOnly;
  };

  /// The values the answer must not depend on: the opaque subterms (any
  /// value of theirs may be the launch's) and the values that change
  /// between iterations. None when the space bounds over every value.
  std::vector<Undecided> mustNotDecide() const {
    const SolveSpace &S = *Used;
    std::vector<Undecided> Out;
    if (S.Decoupled) // a bound over launch values takes every case
      return Out;
    for (const auto &[Sym, Term] : S.Opaque)
      Out.push_back(
          {Sym, "the value of '" + S.Name(Sym) + "', not known for this launch",
           false});
    for (const SymbolClasses &C : Plan.Symbols)
      if (C.Sym.Kind == SymbolKind::Uniform &&
          C.Sym.Index < K.Uniforms.size() &&
          K.Uniforms[C.Sym.Index].PerIteration && !S.valueSet(C.Sym))
        Out.push_back({C.Sym,
                       K.Uniforms[C.Sym.Index].Description +
                           ", which may differ between iterations",
                       true});
    return Out;
  }

  /// What outcomeDependsOn compares of a case.
  std::array<int64_t, 4> outcomeKey(uint64_t C) const {
    const CaseOutcome &O = Outcomes[C];
    return {O.Executed, O.Worst.Value,
            std::llround(O.mean() * 1e6) * 1000003 +
                std::llround(O.lowMean() * 1e6),
            O.Worst.Ideal};
  }

  bool dependsOn(const Undecided &U) {
    Sum.Reason = "the answer depends on " + U.Why;
    Sum.OnlyUnfollowedValues = true;
    return false;
  }

  bool outcomesHold() {
    if (MustNotDecide.empty())
      return true;
    std::vector<std::array<int64_t, 4>> Keys(NCases);
    for (uint64_t C = 0; C < NCases; ++C)
      Keys[C] = outcomeKey(C);
    for (const Undecided &U : MustNotDecide)
      if (Plan.outcomeDependsOn(U.Sym, Keys, U.ExecutedOnly))
        return dependsOn(U);
    return true;
  }

  /// Watches, as cases finish, whether the first value of mustNotDecide()
  /// decides the answer: two cases that differ in its class alone with
  /// different outcomes. Then outcomesHold would fail with it, whatever the
  /// cases left (it checks the values in that order), so the enumeration
  /// stops there (the bound over the values runs them again).
  class EarlyDependence {
  public:
    EarlyDependence(const FreePlan &Plan, std::optional<Undecided> First)
        : First(std::move(First)) {
      if (this->First)
        Digit = Plan.digitOf(this->First->Sym);
      if (!Digit) // not a symbol of the plan: nothing to watch
        this->First.reset();
    }
    /// Whether case C, just finished, shows the dependence.
    template <typename KeyFn>
    bool shows(uint64_t C, bool Executed, const KeyFn &Key) {
      if (!First || (First->ExecutedOnly && !Executed))
        return false;
      auto [It, New] = FirstOfGroup.emplace(Digit->group(C), C);
      return !New && Key(It->second) != Key(C);
    }
    const Undecided &undecided() const { return *First; }

  private:
    std::optional<Undecided> First;
    std::optional<FreePlan::Digit> Digit;
    std::unordered_map<uint64_t, uint64_t> FirstOfGroup;
  };

  /// A bounded space: the least and greatest over every case that runs.
  void bounds() {
    const SolveSpace &S = *Used;
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

  /// The distinct outcomes and the conditions of the worst.
  void conditions() {
    const SolveSpace &S = *Used;
    const CaseOutcome &B = Outcomes[*Best];
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
    if (Distinct.size() > 1 || S.SelectorsAside)
      commonCase();
    executedOnly();
    if (!S.GuardNote.empty())
      Sum.Condition = Sum.Condition.empty()
                          ? S.GuardNote
                          : Sum.Condition + ", and " + S.GuardNote;
  }

  /// Whether case C is one where every size is a large power of two: each
  /// parameter, and each symbol standing for sizes (a product with the
  /// block index, a bounds guard's distance to the end), is beyond its
  /// window of special values and in residue class 0. The block index and
  /// symbols that only say which block or warp may take any class; a
  /// value read from memory has no typical value.
  bool typicalCase(uint64_t C, std::vector<unsigned> &ClassOf) const {
    Plan.classes(C, ClassOf);
    for (size_t I = 0; I < Plan.Symbols.size(); ++I) {
      const SymbolClasses &SC = Plan.Symbols[I];
      Symbol Sym = SC.Sym;
      // Which block, warp or iteration: every class runs. (An opaque
      // subterm's class decides no outcome of an answer.)
      if (Sym.Kind == SymbolKind::BlockIdx || Plan.positional(Sym) ||
          isInvented(Sym, Invented::AssumedShape) ||
          isInvented(Sym, Invented::StrideLoop) ||
          isInvented(Sym, Invented::GeometricLoop) ||
          isInvented(Sym, Invented::Opaque))
        continue;
      // Sizes: parameters, the grid, a bounds guard's fresh symbol, a
      // compound of sizes with the block index, a pointer's misalignment.
      // A loaded value has no typical value.
      bool Size = Sym.Kind == SymbolKind::Param ||
                  Sym.Kind == SymbolKind::GridDim ||
                  isInvented(Sym, Invented::GuardPair) ||
                  isInvented(Sym, Invented::Compound) ||
                  isInvented(Sym, Invented::GlobalBase);
      if (!Size)
        return false;
      const ValueClass &VC = SC.Classes[ClassOf[I]];
      if (VC.Where == ValueClass::Exact || VC.Where == ValueClass::Below)
        return false;
      if (SC.Modulus > 1 &&
          ((VC.Value % SC.Modulus) + SC.Modulus) % SC.Modulus != 0)
        return false;
    }
    return true;
  }

  /// The common case's outcome (SolveResultCommon::Common), when the
  /// typical cases run the access and all have one outcome.
  void commonCase() {
    // Every block that runs has one outcome (selectorsHold): it is the
    // common case's too, whatever the sizes, and the condition only says
    // which blocks run.
    if (Used->SelectorsAside && !Executed.empty()) {
      const CaseOutcome &O = Outcomes[Executed.front()];
      Sum.Common = SolveCase{Used->GuardNote, O.Worst.Value, O.mean(),
                             O.Worst.Ideal, O.idealMean()};
      return;
    }
    std::vector<uint64_t> Typical;
    std::vector<unsigned> ClassOf;
    for (uint64_t C : Executed)
      if (typicalCase(C, ClassOf))
        Typical.push_back(C);
    if (Typical.empty() || Typical.size() == Executed.size())
      return;
    const CaseOutcome &O = Outcomes[Typical.front()];
    for (uint64_t C : Typical) {
      const CaseOutcome &X = Outcomes[C];
      if (X.Worst.Value != O.Worst.Value || X.Worst.Ideal != O.Worst.Ideal ||
          std::llround(X.mean() * 1e6) != std::llround(O.mean() * 1e6) ||
          std::llround(X.idealMean() * 1e6) !=
              std::llround(O.idealMean() * 1e6))
        return;
    }
    Sum.Common =
        SolveCase{describeCases(Plan, Typical, Executed, Used->Name),
                  O.Worst.Value, O.mean(), O.Worst.Ideal, O.idealMean()};
  }

  /// A value read from memory (a flag set by one thread: `if (amLast)`)
  /// for which the access does not execute at all makes the request count
  /// conditional, whatever the per-request numbers. Bounds on parameters
  /// and blockIdx (`if (row < M)`) stay as they were: every block that
  /// executes the access gets these numbers, and the launch decides how
  /// many do. (Guard pairs, compounds and opaque subterms stand for
  /// parameters and thread or block indices with fresh symbols of kind
  /// Uniform beyond KernelModel::Uniforms: not data.)
  void executedOnly() {
    const SolveSpace &S = *Used;
    auto IsData = [&](Symbol Sym) {
      return Sym.Kind == SymbolKind::Uniform && Sym.Index < K.Uniforms.size() &&
             !S.valueSet(Sym);
    };
    bool DataDecides = false;
    for (const SymbolClasses &C : Plan.Symbols)
      DataDecides |= IsData(C.Sym);
    // A compound or guard pair that holds such a value (`*flag ==
    // gridDim.x - 1`, the last block to finish) is decided by it too.
    for (const CompoundSymbol &C : Plan.Compounds)
      for (Symbol Sym : C.Value.symbols())
        DataDecides |= IsData(Sym);
    for (const GuardPair &P : Plan.Pairs) {
      DataDecides |= IsData(P.Param);
      for (const auto &[Sym, V] : P.Others)
        DataDecides |= IsData(Sym);
    }
    if (!DataDecides || Executed.size() == NCases)
      return;
    std::vector<uint64_t> All(NCases);
    std::iota(All.begin(), All.end(), 0);
    std::string When = describeCases(Plan, Executed, All, S.Name);
    std::string Only =
        "executed only " + (When.empty() ? std::string("for some values of the "
                                                       "free symbols")
                                         : "when " + When);
    Sum.Condition = Sum.Condition.empty() ? Only : Sum.Condition + "; " + Only;
  }

  /// The two lanes that make the worst request's excess, in the user's
  /// threads, with the loop and free values of that request.
  void witness() {
    const SolveSpace &S = *Used;
    const CaseOutcome &B = Outcomes[*Best];
    if (B.Worst.LaneA < 0 || B.Worst.LaneB < 0)
      return;
    int64_t Shift = 0;
    if (BaseSymbol)
      for (const auto &FV : B.Values)
        if (FV.first == *BaseSymbol)
          Shift = FV.second * BaseScale;
    RequestWitness W;
    W.A = laneWitness(S, B.WorstRequest, B.Worst.LaneA, B.Values, Shift);
    W.B = laneWitness(S, B.WorstRequest, B.Worst.LaneB, B.Values, Shift);
    W.Bank = B.Worst.Bank;
    int Mixed = B.WorstRequest.MixedLoop;
    if (Mixed >= 0) {
      W.MixedLoop = S.Loops[Mixed].VarName;
      W.MixedUnroll = S.Loops[Mixed].RemainderFirstUnroll.value_or(0);
      W.MixedRemainderLast = S.Loops[Mixed].RemainderLast;
      W.MixedLaneA = B.WorstRequest.MixedLaneA;
      W.MixedLaneB = B.WorstRequest.MixedLaneB;
    }
    for (const LaneAddress &L : B.WorstRequest.Lanes)
      W.Lanes.push_back(
          laneWitness(S, B.WorstRequest, L.Lane, B.Values, Shift));
    W.Values = B.Values;
    for (size_t I = 0; I < S.Relevant.size(); ++I)
      if (int(S.Relevant[I]) != Mixed) {
        W.Bindings.push_back(
            {S.Loops[S.Relevant[I]].VarName, B.WorstRequest.Point[I]});
        W.Values.push_back({Symbol{SymbolKind::LoopVar, S.Relevant[I]},
                            B.WorstRequest.Point[I]});
      }
    for (const auto &FV : B.Values)
      if (!(S.RowLanes && FV.first == assumedWarpBaseY())) // in the threads
        W.Bindings.push_back({S.Name(FV.first), FV.second});
    Sum.Example = std::move(W);
  }

  const KernelModel &K;
  const SolveSpace &Given;
  const int64_t Modulus, CostModulus;
  const SolveOptions &Opts;
  const CostFn &CostOf;
  const std::optional<Symbol> BaseSymbol;
  const int64_t BaseScale;
  uint64_t Budget;
  Charge Charged;
  /// When the file's budget is what limits this access, running out says
  /// so.
  const bool FileBound;
  const std::string FileSpent = "the analysis budget of this file is spent "
                                "(too many lane evaluations)";

  Summary Sum;
  FreePlan Plan;
  std::optional<SolveSpace> WarpsSpace, Aside;
  /// Why the plan needed warpGuardsAside: the reason when a case's requests
  /// turn out not to cost the same.
  std::string AsideReason;
  const SolveSpace *Used = nullptr;
  uint64_t NCases = 0;
  std::vector<CaseOutcome> Outcomes;
  /// mustNotDecide(), made once the plan is (runCases).
  std::vector<Undecided> MustNotDecide;
  std::optional<uint64_t> Best;
  std::vector<uint64_t> Executed;
};

} // namespace

Summary solve(const KernelModel &K, const SolveSpace &Given, int64_t Modulus,
              int64_t CostModulus, const SolveOptions &Opts,
              const CostFn &CostOf, std::optional<Symbol> BaseSymbol,
              int64_t BaseScale) {
  return CaseSolver(K, Given, Modulus, CostModulus, Opts, CostOf, BaseSymbol,
                    BaseScale)
      .run();
}

} // namespace warplint
