//===- Uniformity.cpp - Do all threads of a block agree on a condition? ---===//
//
// Two steps. First the launch is bound (blockDim, gridDim, constant kernel
// arguments) and every symbol is sorted: threadIdx varies per thread; loop
// variables of loops whose bounds do not depend on the thread are shared by
// all threads at one iteration; everything else is a block-uniform unknown.
// Block-uniform opaque conditions become free 0/1 symbols; thread-dependent
// opaque ones make the answer unknown (nothing is claimed about data).
//
// Then: if only threadIdx and loop variables with constant bounds remain,
// every thread of the block is evaluated for every loop iteration (exact).
// Otherwise ISL decides the set
//   [params] -> { [t1, t2] : t1, t2 in the block, P(t1) and not P(t2) }
// with the shared symbols existentially quantified; empty means uniform, and
// its parameter projection is the condition under which threads disagree.
//
//===----------------------------------------------------------------------===//

#include "Solve/Uniformity.h"

#include "Solve/Space/InventedSymbols.h"
#include "Solve/Isl/UniformityQuestion.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

namespace warplint {

namespace uniformity {

Symbol iterationSymbol(unsigned LoopId) {
  return inventedSymbol(Invented::Iteration, LoopId);
}

bool isIteration(Symbol S) { return isInvented(S, Invented::Iteration); }

bool isOpaque(Symbol S) { return isInvented(S, Invented::OpaqueCondition); }

/// Pushes negations down to comparisons (ISL has no "not" of a formula).
Predicate negationNormal(const Predicate &P, bool Negate) {
  switch (P.kind()) {
  case PredKind::True:
  case PredKind::False:
  case PredKind::Cmp:
  case PredKind::Unknown:
    return Negate ? Predicate::negate(P) : P;
  case PredKind::Not:
    return negationNormal(P.operands().front(), !Negate);
  case PredKind::And:
  case PredKind::Or: {
    std::vector<Predicate> Ops;
    for (const Predicate &Op : P.operands())
      Ops.push_back(negationNormal(Op, Negate));
    bool IsAnd = (P.kind() == PredKind::And) != Negate;
    return IsAnd ? Predicate::conj(std::move(Ops))
                 : Predicate::disj(std::move(Ops));
  }
  }
  return P;
}

llvm::Error whyNot(const std::string &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

/// Replaces opaque block-uniform conditions by "o == 1" over a fresh 0/1
/// symbol; an error with the reason of the first thread-dependent one.
llvm::Expected<Predicate> replaceOpaque(const Predicate &P, unsigned &Next) {
  switch (P.kind()) {
  case PredKind::Unknown:
    if (P.unknownDependsOnThread())
      return whyNot(P.reason());
    return Predicate::cmp(
        CmpKind::EQ,
        Expr::symbol(inventedSymbol(Invented::OpaqueCondition, Next++)),
        Expr(1));
  case PredKind::And:
  case PredKind::Or:
  case PredKind::Not: {
    std::vector<Predicate> Ops;
    for (const Predicate &Op : P.operands()) {
      auto R = replaceOpaque(Op, Next);
      if (!R)
        return R.takeError();
      Ops.push_back(std::move(*R));
    }
    if (P.kind() == PredKind::Not)
      return Predicate::negate(Ops.front());
    return P.kind() == PredKind::And ? Predicate::conj(std::move(Ops))
                                     : Predicate::disj(std::move(Ops));
  }
  default:
    return P;
  }
}

bool mentions(const Expr &E, Symbol V) {
  for (Symbol S : E.symbols())
    if (S == V)
      return true;
  return false;
}

/// Whether V only appears added and scaled in E: then an inequality over E
/// is convex in V.
bool isLinearIn(const Expr &E, Symbol V) {
  if (!mentions(E, V))
    return true;
  switch (E.kind()) {
  case ExprKind::Sym:
    return true;
  case ExprKind::Add:
    return isLinearIn(E.lhs(), V) && isLinearIn(E.rhs(), V);
  case ExprKind::Mul:
    return (E.lhs().isConst() || E.rhs().isConst()) && isLinearIn(E.lhs(), V) &&
           isLinearIn(E.rhs(), V);
  default:
    return false;
  }
}

/// Whether the values of V where P holds form a convex set (an interval),
/// for any fixed value of the other symbols.
bool isConvexIn(const Predicate &P, Symbol V) {
  bool Uses = false;
  for (Symbol S : P.symbols())
    Uses |= S == V;
  if (!Uses)
    return true;
  switch (P.kind()) {
  case PredKind::Cmp:
    return P.cmpKind() != CmpKind::NE && isLinearIn(P.lhs(), V) &&
           isLinearIn(P.rhs(), V);
  case PredKind::And:
    for (const Predicate &Op : P.operands())
      if (!isConvexIn(Op, V))
        return false;
    return true;
  default:
    return false;
  }
}

bool unsignedParam(const KernelModel &K, unsigned Index) {
  if (Index >= K.Params.size())
    return false;
  const std::string &T = K.Params[Index].Type;
  return T.find("unsigned") != std::string::npos ||
         T.find("size_t") != std::string::npos ||
         T.find("uint") != std::string::npos;
}

llvm::Error Question::loopShared(unsigned J) {
  if (J >= K.Loops.size())
    return whyNot("an unknown loop");
  // A loop's condition mentions its own variable: that one is shared when
  // the rest is.
  if (!InProgress.insert(J).second)
    return llvm::Error::success();
  struct Done {
    std::set<unsigned> &S;
    unsigned J;
    ~Done() { S.erase(J); }
  } Leave{InProgress, J};
  const Loop &Lp = K.Loops[J];
  if (!Lp.UnknownReason.empty())
    return whyNot("the loop variable '" + Lp.VarName + "' (" +
                  Lp.UnknownReason + ")");
  Expr Init = Lp.Init.substitute(Bind);
  Predicate Cond = Lp.Condition.substitute(Bind);
  llvm::Error Inner = sharedOnly(Init);
  if (!Inner)
    Inner = sharedOnly(Cond);
  if (Inner) {
    // The loop's own words say more than what its bounds read.
    llvm::consumeError(std::move(Inner));
    return whyNot("the loop variable '" + Lp.VarName +
                  "', whose bounds differ between threads");
  }
  return llvm::Error::success();
}

llvm::Error Question::sharedOnly(const Expr &E) {
  for (Symbol S : E.symbols()) {
    if (S.Kind == SymbolKind::ThreadIdx)
      return whyNot("threadIdx");
    if (S.Kind == SymbolKind::LoopVar)
      if (llvm::Error Err = loopShared(S.Index))
        return Err;
  }
  return llvm::Error::success();
}

llvm::Error Question::sharedOnly(const Predicate &P) {
  if (P.kind() == PredKind::Unknown && P.unknownDependsOnThread())
    return whyNot(P.reason());
  if (P.kind() == PredKind::Cmp) {
    if (llvm::Error Err = sharedOnly(P.lhs()))
      return Err;
    return sharedOnly(P.rhs());
  }
  for (const Predicate &Op : P.operands())
    if (llvm::Error Err = sharedOnly(Op))
      return Err;
  return llvm::Error::success();
}

UniformityResult Question::decide(Predicate P) {
  UniformityResult R;
  P = P.substitute(Bind);
  unsigned NextOpaque = 0;
  auto Replaced = replaceOpaque(P, NextOpaque);
  if (!Replaced) {
    R.Reason =
        "the condition depends on " + llvm::toString(Replaced.takeError());
    return R;
  }
  P = negationNormal(*Replaced, false);
  if (P.kind() == PredKind::True || P.kind() == PredKind::False) {
    R.Verdict = UniformityResult::Uniform;
    return R;
  }
  bool Thread = false;
  for (Symbol S : P.symbols()) {
    if (S.Kind == SymbolKind::ThreadIdx) {
      Thread = true;
    } else if (S.Kind == SymbolKind::LoopVar) {
      if (llvm::Error Err = loopShared(S.Index)) {
        R.Reason = "the condition depends on " + llvm::toString(std::move(Err));
        return R;
      }
    }
  }
  if (!Thread) {
    R.Verdict = UniformityResult::Uniform;
    return R;
  }
  if (auto E = enumerate(P))
    return *E;
  if (auto I = isl(P))
    return *I;
  R.Reason = IslFailure.empty() ? "the condition cannot be decided"
                                : "the condition uses " + IslFailure;
  return R;
}

// --- enumeration ------------------------------------------------------------

bool Question::loopValues(const std::vector<unsigned> &Ids, size_t At,
                          std::map<unsigned, int64_t> &Values,
                          const std::function<bool()> &Visit,
                          unsigned &Budget) {
  if (At == Ids.size()) {
    if (Budget == 0)
      return false;
    --Budget;
    return Visit();
  }
  const Loop &Lp = K.Loops[Ids[At]];
  auto Val = [&](Symbol S) -> std::optional<int64_t> {
    auto It = Values.find(S.Index);
    if (S.Kind == SymbolKind::LoopVar && It != Values.end())
      return It->second;
    return std::nullopt;
  };
  auto V = Lp.Init.substitute(Bind).evaluate(Val);
  Predicate Cond = Lp.Condition.substitute(Bind);
  for (unsigned Iter = 0; V; ++Iter) {
    Values[Lp.Id] = *V;
    auto C = Cond.evaluate(Val);
    if (!C || Iter > 4096)
      return false;
    if (!*C)
      break;
    if (!loopValues(Ids, At + 1, Values, Visit, Budget))
      return false;
    int64_t S = Lp.StepValue;
    if (Lp.Step == Loop::StepKind::Add)
      V = *V + S;
    else if (Lp.Step == Loop::StepKind::Multiply)
      V = *V * S;
    else
      V = *V / S;
  }
  Values.erase(Lp.Id);
  return V.has_value();
}

std::optional<UniformityResult> Question::enumerate(const Predicate &P) {
  if (!L.Block)
    return std::nullopt;
  // The loops whose variables appear, with their parents, outermost first.
  std::set<unsigned> Needed;
  for (Symbol S : P.symbols()) {
    if (S.Kind == SymbolKind::LoopVar) {
      Needed.insert(S.Index);
      for (unsigned Pa : K.Loops[S.Index].Parents)
        Needed.insert(Pa);
    } else if (S.Kind != SymbolKind::ThreadIdx) {
      return std::nullopt; // a free symbol: ISL gives the condition
    }
  }
  for (unsigned J : Needed)
    for (const Predicate *C : {&K.Loops[J].Condition})
      for (Symbol S : C->substitute(Bind).symbols())
        if (S.Kind != SymbolKind::LoopVar && S.Kind != SymbolKind::ThreadIdx)
          return std::nullopt;
  std::vector<unsigned> Ids(Needed.begin(), Needed.end());
  const int64_t D[3] = {L.Block->X, L.Block->Y, L.Block->Z};
  std::map<unsigned, int64_t> Values;
  std::optional<UniformityResult> Found;
  bool Failed = false;
  auto Visit = [&]() {
    std::optional<std::array<int64_t, 3>> Yes, No;
    std::array<int64_t, 3> T{0, 0, 0};
    auto Val = [&](Symbol S) -> std::optional<int64_t> {
      if (S.Kind == SymbolKind::ThreadIdx)
        return T[S.Index];
      auto It = Values.find(S.Index);
      if (S.Kind == SymbolKind::LoopVar && It != Values.end())
        return It->second;
      return std::nullopt;
    };
    for (T[2] = 0; T[2] < D[2]; ++T[2])
      for (T[1] = 0; T[1] < D[1]; ++T[1])
        for (T[0] = 0; T[0] < D[0]; ++T[0]) {
          auto B = P.evaluate(Val);
          if (!B) {
            Failed = true;
            return false;
          }
          std::optional<std::array<int64_t, 3>> &Seen = *B ? Yes : No;
          if (!Seen)
            Seen = T;
          if (Yes && No) {
            UniformityResult R;
            R.Verdict = UniformityResult::Divergent;
            R.ByEnumeration = true;
            DisagreeingThreads Ex;
            Ex.Taken = *Yes;
            Ex.NotTaken = *No;
            for (const auto &[Id, V] : Values)
              Ex.Bindings.emplace_back(K.Loops[Id].VarName, V);
            R.Example = Ex;
            Found = R;
            return false;
          }
        }
    return true;
  };
  unsigned Budget = Opts.MaxLoopCombinations;
  bool Done = loopValues(Ids, 0, Values, Visit, Budget);
  if (Found)
    return Found;
  if (!Done || Failed)
    return std::nullopt;
  UniformityResult R;
  R.Verdict = UniformityResult::Uniform;
  R.ByEnumeration = true;
  return R;
}

} // namespace uniformity

using namespace uniformity;

std::vector<unsigned> threadDims(const Predicate &P) {
  std::set<unsigned> Dims;
  for (Symbol S : P.symbols())
    if (S.Kind == SymbolKind::ThreadIdx)
      Dims.insert(S.Index);
  return {Dims.begin(), Dims.end()};
}

UniformityResult decideUniform(const KernelModel &K, const Predicate &P,
                               const LaunchConfig &L,
                               const UniformityOptions &Opts) {
  Question Q(K, L, Opts);
  return Q.decide(P);
}

UniformityResult decideTripCount(const KernelModel &K, unsigned LoopId,
                                 const LaunchConfig &L,
                                 const UniformityOptions &Opts) {
  UniformityResult R;
  if (LoopId >= K.Loops.size())
    return R;
  const Loop &Lp = K.Loops[LoopId];
  if (!Lp.UnknownReason.empty()) {
    // Not modelled: still uniform when the condition is.
    UniformityResult C = decideUniform(K, Lp.Condition, L, Opts);
    if (C.Verdict == UniformityResult::Uniform)
      return C;
    R.Reason = "the loop '" + Lp.VarName + "' is not modelled (" +
               Lp.UnknownReason + ")";
    return R;
  }
  auto Bind = bindLaunch(L);
  Predicate Cond = Lp.Condition.substitute(Bind);
  Expr Init = Lp.Init.substitute(Bind);
  Symbol Var{SymbolKind::LoopVar, Lp.Id};
  bool InitThread = !threadDims(Predicate::cmp(CmpKind::EQ, Init, 0)).empty();
  if (Lp.Step != Loop::StepKind::Add) {
    // Multiplicative steps: uniform when the bounds are.
    if (!InitThread) {
      Predicate Other = Cond.substitute([&](Symbol S) -> std::optional<Expr> {
        if (S == Var)
          return Expr::symbol(iterationSymbol(Lp.Id));
        return std::nullopt;
      });
      if (decideUniform(K, Other, L, Opts).Verdict ==
          UniformityResult::Uniform) {
        R.Verdict = UniformityResult::Uniform;
        return R;
      }
    }
    R.Reason = "the loop '" + Lp.VarName +
               "' has a multiplicative step and thread-dependent bounds";
    return R;
  }
  // Thread t runs iteration s when Cond holds at s and at 0 (convex
  // conditions); the threads agree on the trip count when they agree on
  // this for every s.
  Expr At = Init + Expr(Lp.StepValue) * Expr::symbol(iterationSymbol(Lp.Id));
  auto Replace = [&](const Expr &V) {
    return [&, V](Symbol S) -> std::optional<Expr> {
      if (S == Var)
        return V;
      return std::nullopt;
    };
  };
  Predicate Runs = Predicate::conj(
      {Cond.substitute(Replace(Init)), Cond.substitute(Replace(At))});
  Question Q(K, L, Opts);
  Q.Approximate = !isConvexIn(Cond, Var);
  return Q.decide(Runs);
}

} // namespace warplint
