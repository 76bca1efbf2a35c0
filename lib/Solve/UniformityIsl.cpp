//===- UniformityIsl.cpp - Threads that disagree, as an ISL set -----------===//
//
// The second way Uniformity.cpp decides a question: the set
//   [params] -> { [t1, t2] : t1, t2 in the block, P(t1) and not P(t2) }
// built as ISL text with the shared symbols existentially quantified; empty
// means uniform, and its parameter projection is the condition under which
// threads disagree (Question::describe writes it for people).
//
//===----------------------------------------------------------------------===//

#include "Solve/UniformityQuestion.h"

#include <algorithm>
#include <numeric>

namespace warplint {
namespace uniformity {

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

} // namespace uniformity
} // namespace warplint
