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

#include "Model/LaunchShape.h"
#include "Solve/IslAdapter.h"
#include "Solve/IslText.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

namespace warplint {

namespace {

/// Invented symbols (kind Uniform, indices far above real uniforms):
/// the iteration number of a loop, and block-uniform opaque conditions.
constexpr unsigned IterationBase = 1u << 30;
constexpr unsigned OpaqueBase = 1u << 29;

Symbol iterationSymbol(unsigned LoopId) {
  return {SymbolKind::Uniform, IterationBase + LoopId};
}

bool isIteration(Symbol S) {
  return S.Kind == SymbolKind::Uniform && S.Index >= IterationBase;
}

bool isOpaque(Symbol S) {
  return S.Kind == SymbolKind::Uniform && S.Index >= OpaqueBase &&
         S.Index < IterationBase;
}

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

/// Replaces opaque block-uniform conditions by "o == 1" over a fresh 0/1
/// symbol; records the first thread-dependent opaque condition in Why.
Predicate replaceOpaque(const Predicate &P, unsigned &Next, std::string &Why) {
  switch (P.kind()) {
  case PredKind::Unknown:
    if (P.unknownDependsOnThread()) {
      if (Why.empty())
        Why = P.reason();
      return P;
    }
    return Predicate::cmp(
        CmpKind::EQ, Expr::symbol(SymbolKind::Uniform, OpaqueBase + Next++),
        Expr(1));
  case PredKind::And:
  case PredKind::Or:
  case PredKind::Not: {
    std::vector<Predicate> Ops;
    for (const Predicate &Op : P.operands())
      Ops.push_back(replaceOpaque(Op, Next, Why));
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

/// One uniformity question with the launch bound in.
class Question {
public:
  Question(const KernelModel &K, const LaunchConfig &L,
           const UniformityOptions &Opts)
      : K(K), L(L), Opts(Opts), Bind(bindLaunch(L)) {}

  UniformityResult decide(Predicate P);

  /// Extra symbols with a lower bound of 0 (iteration numbers).
  bool Approximate = false;

private:
  // --- symbol classification
  /// Whether loop J's variable has the same value in all threads at one
  /// iteration (its bounds do not depend on the thread); Why otherwise.
  bool loopShared(unsigned J, std::string &Why);
  bool sharedOnly(const Predicate &P, std::string &Why);
  bool sharedOnly(const Expr &E, std::string &Why);

  // --- enumeration
  std::optional<UniformityResult> enumerate(const Predicate &P);
  bool loopValues(const std::vector<unsigned> &Ids, size_t At,
                  std::map<unsigned, int64_t> &Values,
                  const std::function<bool()> &Visit, unsigned &Budget);

  // --- ISL
  std::optional<std::string> islExpr(const Expr &E, int Copy);
  std::optional<std::string> islPred(const Predicate &P, int Copy);
  std::string sym(Symbol S, int Copy);
  /// Copy 1 and 2 name the two threads' threadIdx; copy 0 is for shared
  /// symbols only.
  IslNameFn names(int Copy) {
    return [this, Copy](Symbol S) -> std::optional<std::string> {
      return sym(S, Copy);
    };
  }
  bool addDomain(Symbol S);
  std::optional<UniformityResult> isl(const Predicate &P);
  std::string describe(const isl::set &D, IslContext &Ctx);

  std::string name(Symbol S) const {
    if (isIteration(S))
      return "the iteration of '" + K.Loops[S.Index - IterationBase].VarName +
             "'";
    return K.symbolName(S);
  }

  const KernelModel &K;
  const LaunchConfig &L;
  const UniformityOptions &Opts;
  std::function<std::optional<Expr>(Symbol)> Bind;
  /// Existential variables (shared symbols, quotients) and constraints of
  /// the set being built; fresh quotients are "q0", "q1", ...
  IslTextScope Scope{"q"};
  std::set<Symbol> Shared, DomainDone;
  std::set<unsigned> Params;
  std::set<unsigned> InProgress;
};

bool Question::loopShared(unsigned J, std::string &Why) {
  if (J >= K.Loops.size()) {
    Why = "an unknown loop";
    return false;
  }
  // A loop's condition mentions its own variable: that one is shared when
  // the rest is.
  if (!InProgress.insert(J).second)
    return true;
  struct Done {
    std::set<unsigned> &S;
    unsigned J;
    ~Done() { S.erase(J); }
  } Leave{InProgress, J};
  const Loop &Lp = K.Loops[J];
  if (!Lp.UnknownReason.empty()) {
    Why = "the loop variable '" + Lp.VarName + "' (" + Lp.UnknownReason + ")";
    return false;
  }
  Expr Init = Lp.Init.substitute(Bind);
  Predicate Cond = Lp.Condition.substitute(Bind);
  std::string Inner;
  if (!sharedOnly(Init, Inner) || !sharedOnly(Cond, Inner)) {
    Why = "the loop variable '" + Lp.VarName +
          "', whose bounds differ between threads";
    return false;
  }
  return true;
}

bool Question::sharedOnly(const Expr &E, std::string &Why) {
  for (Symbol S : E.symbols()) {
    if (S.Kind == SymbolKind::ThreadIdx)
      return Why = "threadIdx", false;
    if (S.Kind == SymbolKind::LoopVar && !loopShared(S.Index, Why))
      return false;
  }
  return true;
}

bool Question::sharedOnly(const Predicate &P, std::string &Why) {
  if (P.kind() == PredKind::Unknown && P.unknownDependsOnThread())
    return Why = P.reason(), false;
  if (P.kind() == PredKind::Cmp)
    return sharedOnly(P.lhs(), Why) && sharedOnly(P.rhs(), Why);
  for (const Predicate &Op : P.operands())
    if (!sharedOnly(Op, Why))
      return false;
  return true;
}

UniformityResult Question::decide(Predicate P) {
  UniformityResult R;
  P = P.substitute(Bind);
  unsigned NextOpaque = 0;
  std::string Why;
  P = negationNormal(replaceOpaque(P, NextOpaque, Why), false);
  if (!Why.empty()) {
    R.Reason = "the condition depends on " + Why;
    return R;
  }
  if (P.kind() == PredKind::True || P.kind() == PredKind::False) {
    R.Verdict = UniformityResult::Uniform;
    return R;
  }
  bool Thread = false;
  for (Symbol S : P.symbols()) {
    if (S.Kind == SymbolKind::ThreadIdx)
      Thread = true;
    else if (S.Kind == SymbolKind::LoopVar && !loopShared(S.Index, Why)) {
      R.Reason = "the condition depends on " + Why;
      return R;
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
  R.Reason = Scope.Failure.empty() ? "the condition cannot be decided"
                                   : "the condition uses " + Scope.Failure;
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

// --- ISL ---------------------------------------------------------------------

std::string Question::sym(Symbol S, int Copy) {
  static const char *Dim[] = {"x", "y", "z"};
  const char *D = Dim[S.Index < 3 ? S.Index : 0];
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    return "t" + std::to_string(Copy) + D;
  case SymbolKind::Param:
    Params.insert(S.Index);
    return "p" + std::to_string(S.Index);
  default:
    break;
  }
  static const char *Prefix[] = {"t", "b", "n", "g", "l", "p", "u"};
  std::string N =
      Prefix[int(S.Kind)] + (S.Kind == SymbolKind::BlockIdx ||
                                     S.Kind == SymbolKind::BlockDim ||
                                     S.Kind == SymbolKind::GridDim
                                 ? std::string(D)
                                 : std::to_string(S.Index));
  if (Shared.insert(S).second) {
    Scope.Exists.push_back(N);
    if (!addDomain(S))
      Approximate = true;
  }
  return N;
}

/// Adds what is known about a shared symbol's values; false when the
/// known range had to be widened.
bool Question::addDomain(Symbol S) {
  std::string N = sym(S, 0);
  switch (S.Kind) {
  case SymbolKind::BlockIdx: {
    Scope.Constraints.push_back(N + " >= 0");
    auto G =
        islExpr(Expr::symbol(SymbolKind::GridDim, S.Index).substitute(Bind), 0);
    if (G)
      Scope.Constraints.push_back(N + " < " + *G);
    return true;
  }
  case SymbolKind::BlockDim:
    if (S.Index == 0)
      Scope.Constraints.push_back("exists (w : " + N + " = 32w and w >= 1)");
    else
      Scope.Constraints.push_back(N + " >= 1");
    return true;
  case SymbolKind::GridDim:
    Scope.Constraints.push_back(N + " >= 1");
    return true;
  case SymbolKind::Uniform:
    if (isIteration(S))
      Scope.Constraints.push_back(N + " >= 0");
    else if (isOpaque(S))
      Scope.Constraints.push_back("0 <= " + N + " <= 1");
    return true;
  case SymbolKind::LoopVar: {
    // i = Init + Step * s at an iteration s that runs: Cond holds there and
    // at s = 0 (exact for convex conditions with an additive step).
    const Loop &Lp = K.Loops[S.Index];
    if (Lp.Step != Loop::StepKind::Add)
      return false;
    Expr Init = Lp.Init.substitute(Bind);
    Expr At = Init + Expr(Lp.StepValue) * Expr::symbol(iterationSymbol(Lp.Id));
    Predicate Cond = Lp.Condition.substitute(Bind);
    auto Replace = [&](const Expr &V) {
      return [&, V](Symbol X) -> std::optional<Expr> {
        if (X == S)
          return V;
        return std::nullopt;
      };
    };
    auto A = islExpr(At, 0);
    auto C0 = islPred(Cond.substitute(Replace(Init)), 0);
    auto CS = islPred(Cond.substitute(Replace(At)), 0);
    if (!A || !C0 || !CS)
      return false;
    Scope.Constraints.push_back(N + " = " + *A);
    Scope.Constraints.push_back(*C0);
    Scope.Constraints.push_back(*CS);
    return isConvexIn(Cond, S);
  }
  default:
    return true;
  }
}

std::optional<std::string> Question::islExpr(const Expr &E, int Copy) {
  return islText(E, names(Copy), Scope);
}

std::optional<std::string> Question::islPred(const Predicate &P, int Copy) {
  return islText(P, names(Copy), Scope);
}

std::optional<UniformityResult> Question::isl(const Predicate &P) {
  auto Yes = islPred(P, 1);
  auto No = islPred(Predicate::negate(P), 2);
  if (!Yes || !No)
    return std::nullopt;
  std::vector<std::string> Threads;
  for (int Copy = 1; Copy <= 2; ++Copy)
    for (unsigned D = 0; D < 3; ++D) {
      std::string T = sym({SymbolKind::ThreadIdx, D}, Copy);
      Threads.push_back(T);
      auto Dim =
          islExpr(Expr::symbol(SymbolKind::BlockDim, D).substitute(Bind), 0);
      Scope.Constraints.push_back("0 <= " + T + " < " + *Dim);
    }
  std::string Body;
  for (const std::string &C : Scope.Constraints)
    Body += C + " and ";
  Body += *Yes + " and " + *No;
  std::string Ex;
  for (const std::string &E : Scope.Exists)
    Ex += (Ex.empty() ? "" : ", ") + E;
  std::string ParamList, Tuple;
  for (unsigned I : Params)
    ParamList += (ParamList.empty() ? "" : ", ") + ("p" + std::to_string(I));
  for (const std::string &T : Threads)
    Tuple += (Tuple.empty() ? "" : ", ") + T;
  std::string Inner = Ex.empty() ? Body : "exists (" + Ex + " : " + Body + ")";
  std::string ParamDomain;
  for (unsigned I : Params)
    if (unsignedParam(K, I))
      ParamDomain += (ParamDomain.empty() ? "" : " and ") +
                     ("p" + std::to_string(I) + " >= 0");

  IslContext Ctx(Opts.IslMaxOperations);
  UniformityResult R;
  try {
    isl::set Pairs(Ctx.ctx(), "[" + ParamList + "] -> { [" + Tuple +
                                  "] : " + Inner + " }");
    if (!ParamDomain.empty())
      Pairs = Pairs.intersect_params(isl::set(
          Ctx.ctx(), "[" + ParamList + "] -> { : " + ParamDomain + " }"));
    if (Pairs.is_empty()) {
      R.Verdict = UniformityResult::Uniform;
      return R;
    }
    if (Approximate) {
      R.Reason = "the values of a loop variable in the condition are only "
                 "approximated";
      return R;
    }
    R.Verdict = UniformityResult::Divergent;
    isl::set D = Pairs.params();
    isl::set Dom(Ctx.ctx(), "[" + ParamList + "] -> { : " +
                                (ParamDomain.empty() ? "0 = 0" : ParamDomain) +
                                " }");
    if (!Dom.is_subset(D))
      R.Condition = describe(D, Ctx);
    // An example: parameters moved into the tuple, the lexicographically
    // first point, preferring positive parameter values.
    std::string Pos;
    for (unsigned I : Params)
      Pos += " and p" + std::to_string(I) + " >= 1";
    std::string All = (ParamList.empty() ? "" : ParamList + ", ") + Tuple;
    isl::set Flat(Ctx.ctx(), "{ [" + All + "] : " + Inner + " }");
    if (!ParamDomain.empty())
      Flat = Flat.intersect(
          isl::set(Ctx.ctx(), "{ [" + All + "] : " + ParamDomain + " }"));
    isl::set Nice = Flat.intersect(
        isl::set(Ctx.ctx(), "{ [" + All + "] : 0 = 0" + Pos + " }"));
    isl::set Point = (Nice.is_empty() ? Flat : Nice).lexmin();
    DisagreeingThreads Example;
    int At = 0;
    for (unsigned I : Params)
      Example.Bindings.emplace_back(K.Params[I].Name,
                                    Point.dim_max_val(At++).get_num_si());
    for (unsigned D3 = 0; D3 < 3; ++D3)
      Example.Taken[D3] = Point.dim_max_val(At++).get_num_si();
    for (unsigned D3 = 0; D3 < 3; ++D3)
      Example.NotTaken[D3] = Point.dim_max_val(At++).get_num_si();
    R.Example = Example;
    return R;
  } catch (const isl::exception &E) {
    R.Verdict = UniformityResult::Unknown;
    R.Reason = Ctx.quotaExhausted() ? "the ISL operation quota ran out"
                                    : std::string("ISL failed: ") + E.what();
    return R;
  }
}

/// "M % 8 != 0 or N % 32 != 0" when the set where threads disagree is
/// exactly that (for positive parameters); otherwise an example.
std::string Question::describe(const isl::set &D, IslContext &Ctx) {
  std::vector<unsigned> Ps(Params.begin(), Params.end());
  std::string ParamList;
  for (unsigned I : Ps)
    ParamList += (ParamList.empty() ? "" : ", ") + ("p" + std::to_string(I));
  auto ParamSet = [&](const std::string &C) {
    return isl::set(Ctx.ctx(), "[" + ParamList + "] -> { : " + C + " }");
  };
  std::vector<int64_t> Cands = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  if (L.Block) {
    const BlockShape &B = *L.Block;
    for (int64_t C : {B.X, B.Y, B.Z, B.X * B.Y, B.threads()})
      Cands.push_back(C);
  }
  std::sort(Cands.begin(), Cands.end());
  Cands.erase(std::unique(Cands.begin(), Cands.end()), Cands.end());
  int64_t Big = 1;
  for (int64_t C : Cands)
    if (C >= 2)
      Big = std::lcm(Big, C);
  auto NotMultiple = [](const std::string &P, int64_t M) {
    return "not (exists (e : " + P + " = " + std::to_string(M) + "e))";
  };
  std::string Pos = "0 = 0";
  for (unsigned I : Ps)
    Pos += " and p" + std::to_string(I) + " >= 1";
  std::string Terms, Text;
  for (unsigned I : Ps) {
    std::string P = "p" + std::to_string(I), Others = Pos;
    for (unsigned J : Ps)
      if (J != I)
        Others += " and p" + std::to_string(J) + " = " + std::to_string(Big);
    isl::set Slice = D.intersect(ParamSet(Others));
    if (Slice.is_empty())
      continue;
    for (int64_t M : Cands) {
      if (M < 2)
        continue;
      if (Slice.is_equal(ParamSet(Others + " and " + NotMultiple(P, M)))) {
        Terms += (Terms.empty() ? "(" : " or (") + NotMultiple(P, M) + ")";
        Text += (Text.empty() ? "" : " or ") + K.Params[I].Name + " % " +
                std::to_string(M) + " != 0";
        break;
      }
    }
  }
  if (!Terms.empty()) {
    isl::set PosSet = ParamSet(Pos);
    if (D.intersect(PosSet).is_equal(ParamSet(Pos + " and (" + Terms + ")")) &&
        D.subtract(PosSet).is_empty())
      return Text;
  }
  // No short form: the caller shows the example's parameter values.
  return "for some values of the parameters";
}

} // namespace

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
