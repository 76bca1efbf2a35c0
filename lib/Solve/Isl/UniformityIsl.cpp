//===- UniformityIsl.cpp - Threads that disagree, as an ISL set -----------===//
//
// The second way Uniformity.cpp decides a question: the set
//   [params] -> { Pair[t1x, t1y, t1z, t2x, t2y, t2z] :
//                   t1, t2 in the block, P(t1) and not P(t2) }
// with the symbols both threads share (block indices, shared loop
// variables, iteration numbers) existentially quantified; empty means
// uniform, and its parameter projection is the condition under which
// threads disagree (Question::describe writes it for people).
//
//===----------------------------------------------------------------------===//

#include "Solve/Isl/UniformityQuestion.h"

#include <algorithm>
#include <numeric>

namespace warplint {
namespace uniformity {

namespace {
constexpr unsigned PairDims = 6;

/// A short name for a shared symbol's hidden parameter (debugging output).
std::string sharedName(Symbol S) {
  static const char *Prefix[] = {"t", "b", "n", "g", "l", "p", "u"};
  static const char *Dim[] = {"x", "y", "z"};
  bool PerDim = S.Kind == SymbolKind::BlockIdx ||
                S.Kind == SymbolKind::BlockDim || S.Kind == SymbolKind::GridDim;
  return Prefix[int(S.Kind)] +
         (PerDim ? std::string(Dim[S.Index < 3 ? S.Index : 0])
                 : std::to_string(S.Index));
}
} // namespace

std::optional<isl::pw_aff> Question::sym(Symbol S, int Copy) {
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    if (Copy == 0)
      return std::nullopt; // a shared symbol's bounds read the thread
    return Isl->dim(3 * unsigned(Copy - 1) + (S.Index < 3 ? S.Index : 0));
  case SymbolKind::Param: {
    auto It = Params.find(S.Index);
    if (It == Params.end()) {
      std::string Name = S.Index < K.Params.size()
                             ? K.Params[S.Index].Name
                             : "p" + std::to_string(S.Index);
      It = Params.emplace(S.Index, Isl->freshId(Name)).first;
    }
    return Isl->param(It->second);
  }
  default:
    break;
  }
  auto It = Shared.find(S);
  if (It != Shared.end())
    return It->second;
  isl::pw_aff V = Isl->hidden(sharedName(S));
  Shared.emplace(S, V);
  if (!addDomain(S, V))
    Approximate = true;
  return V;
}

/// Adds what is known about shared symbol S (value V) to SharedDomain;
/// false when the known range had to be widened.
bool Question::addDomain(Symbol S, const isl::pw_aff &V) {
  auto Add = [&](const isl::set &C) {
    SharedDomain = SharedDomain->intersect(C);
  };
  auto Const = [&](int64_t C) { return Isl->constant(C); };
  switch (S.Kind) {
  case SymbolKind::BlockIdx: {
    Add(V.ge_set(Const(0)));
    if (auto G = islExpr(
            Expr::symbol(SymbolKind::GridDim, S.Index).substitute(Bind), 0))
      Add(V.lt_set(*G));
    return true;
  }
  case SymbolKind::BlockDim:
    // blockDim.x is a whole number of warps.
    if (S.Index == 0)
      Add(V.mod(long(Opts.Arch.WarpSize))
              .eq_set(Const(0))
              .intersect(V.ge_set(Const(Opts.Arch.WarpSize))));
    else
      Add(V.ge_set(Const(1)));
    return true;
  case SymbolKind::GridDim:
    Add(V.ge_set(Const(1)));
    return true;
  case SymbolKind::Uniform:
    if (isIteration(S))
      Add(V.ge_set(Const(0)));
    else if (isOpaque(S))
      Add(Isl->inRange(V, 0, 2));
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
    auto Replace = [&](const Expr &E) {
      return [&, E](Symbol X) -> std::optional<Expr> {
        if (X == S)
          return E;
        return std::nullopt;
      };
    };
    auto A = islExpr(At, 0);
    auto C0 = islPred(Cond.substitute(Replace(Init)), 0);
    auto CS = islPred(Cond.substitute(Replace(At)), 0);
    if (!A || !C0 || !CS)
      return false;
    Add(V.eq_set(*A).intersect(*C0).intersect(*CS));
    return isConvexIn(Cond, S);
  }
  default:
    return true;
  }
}

std::optional<isl::pw_aff> Question::islExpr(const Expr &E, int Copy) {
  auto V = Isl->expr(E, names(Copy));
  if (!V && IslFailure.empty())
    IslFailure = Isl->Failure;
  return V;
}

std::optional<isl::set> Question::islPred(const Predicate &P, int Copy,
                                          bool Negate) {
  auto V = Isl->pred(P, names(Copy), Negate);
  if (!V && IslFailure.empty())
    IslFailure = Isl->Failure;
  return V;
}

std::vector<isl::id> Question::paramOrder() const {
  std::vector<isl::id> Order;
  for (auto &[I, Id] : Params)
    Order.push_back(Id);
  return Order;
}

isl::set Question::paramDomain() {
  isl::set Out = Isl->universe();
  for (auto &[I, Id] : Params)
    if (unsignedParam(K, I))
      Out = Out.intersect(Isl->param(Id).ge_set(Isl->constant(0)));
  return Out;
}

std::optional<UniformityResult> Question::isl(const Predicate &P) {
  IslContext Ctx(Opts.IslMaxOperations);
  try {
    Isl.emplace(Ctx.ctx(), "Pair", PairDims);
    SharedDomain = Isl->universe();
    auto R = islOn(P);
    Shared.clear();
    Params.clear();
    SharedDomain.reset();
    Isl.reset();
    return R;
  } catch (const isl::exception &E) {
    Shared.clear();
    Params.clear();
    SharedDomain.reset();
    Isl.reset();
    UniformityResult R;
    R.Verdict = UniformityResult::Unknown;
    R.Reason = Ctx.quotaExhausted() ? "the ISL operation quota ran out"
                                    : std::string("ISL failed: ") + E.what();
    return R;
  }
}

/// isl() once the builder exists: every ISL object dies before the context.
std::optional<UniformityResult> Question::islOn(const Predicate &P) {
  auto Yes = islPred(P, 1);
  auto No = islPred(P, 2, /*Negate=*/true);
  if (!Yes || !No)
    return std::nullopt;
  isl::set Threads = Isl->universe();
  for (int Copy = 1; Copy <= 2; ++Copy)
    for (unsigned D = 0; D < 3; ++D) {
      auto Dim =
          islExpr(Expr::symbol(SymbolKind::BlockDim, D).substitute(Bind), 0);
      if (!Dim)
        return std::nullopt;
      isl::pw_aff T = *sym({SymbolKind::ThreadIdx, D}, Copy);
      Threads = Threads.intersect(T.ge_set(Isl->constant(0)))
                    .intersect(T.lt_set(*Dim));
    }
  isl::set Pairs = Isl->projectHidden(
      SharedDomain->intersect(Threads).intersect(*Yes).intersect(*No));
  Pairs = Pairs.intersect(paramDomain());
  UniformityResult R;
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
  if (!paramDomain().params().is_subset(D))
    R.Condition = describe(D);
  R.Example = example(Pairs);
  return R;
}

/// The lexicographically first pair of disagreeing threads with its
/// parameters (parameters first), preferring positive parameter values.
DisagreeingThreads Question::example(const isl::set &Pairs) {
  std::vector<isl::id> Order = paramOrder();
  isl::set Positive = Isl->universe();
  for (const isl::id &Id : Order)
    Positive = Positive.intersect(Isl->param(Id).ge_set(Isl->constant(1)));
  isl::set Nice = Pairs.intersect(Positive);
  isl::set Chosen = alignParams(Nice.is_empty() ? Pairs : Nice, Order);
  isl::id_list Ids(Chosen.ctx(), int(Order.size()));
  for (const isl::id &Id : Order)
    Ids = Ids.add(Id);
  isl::multi_id Tuple = isl::space::unit(Chosen.ctx())
                            .add_unnamed_tuple(Order.size())
                            .multi_id(Ids);
  // { [params..., t1..., t2...] }: the parameters moved into the tuple.
  isl::set Point = Chosen.unbind_params_insert_domain(Tuple).wrap().lexmin();
  DisagreeingThreads Example;
  int At = 0;
  for (auto &[I, Id] : Params)
    Example.Bindings.emplace_back(Id.name(),
                                  Point.dim_max_val(At++).get_num_si());
  for (unsigned D3 = 0; D3 < 3; ++D3)
    Example.Taken[D3] = Point.dim_max_val(At++).get_num_si();
  for (unsigned D3 = 0; D3 < 3; ++D3)
    Example.NotTaken[D3] = Point.dim_max_val(At++).get_num_si();
  return Example;
}

/// "M % 8 != 0 or N % 32 != 0" when the set where threads disagree is
/// exactly that (for positive parameters); otherwise an example.
std::string Question::describe(const isl::set &D) {
  auto P = [&](unsigned I) { return Isl->param(Params.at(I)); };
  auto C = [&](int64_t V) { return Isl->constant(V); };
  std::vector<int64_t> Cands = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  if (L.Block) {
    const BlockShape &B = *L.Block;
    for (int64_t X : {B.X, B.Y, B.Z, B.X * B.Y, B.threads()})
      Cands.push_back(X);
  }
  std::sort(Cands.begin(), Cands.end());
  Cands.erase(std::unique(Cands.begin(), Cands.end()), Cands.end());
  int64_t Big = 1;
  for (int64_t X : Cands)
    if (X >= 2)
      Big = std::lcm(Big, X);
  auto NotMultiple = [&](unsigned I, int64_t M) {
    return P(I).mod(long(M)).ne_set(C(0));
  };
  isl::set Pos = Isl->universe();
  for (auto &[I, Id] : Params)
    Pos = Pos.intersect(P(I).ge_set(C(1)));
  isl::set Terms = Isl->empty();
  std::string Text;
  for (auto &[I, Id] : Params) {
    isl::set Others = Pos;
    for (auto &[J, IdJ] : Params)
      if (J != I)
        Others = Others.intersect(P(J).eq_set(C(Big)));
    isl::set Slice = D.intersect(Others.params());
    if (Slice.is_empty())
      continue;
    for (int64_t M : Cands) {
      if (M < 2)
        continue;
      if (Slice.is_equal(Others.intersect(NotMultiple(I, M)).params())) {
        Terms = Terms.unite(NotMultiple(I, M));
        Text += (Text.empty() ? "" : " or ") + K.Params[I].Name + " % " +
                std::to_string(M) + " != 0";
        break;
      }
    }
  }
  if (!Text.empty()) {
    isl::set PosSet = Pos.params();
    if (D.intersect(PosSet).is_equal(Pos.intersect(Terms).params()) &&
        D.subtract(PosSet).is_empty())
      return Text;
  }
  // No short form: the caller shows the example's parameter values.
  return "for some values of the parameters";
}

} // namespace uniformity
} // namespace warplint
