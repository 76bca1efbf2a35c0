//===- Space.cpp - The analyzed space of one access under one launch ------===//

#include "Solve/Space/Space.h"

#include "Solve/Space/GeometricLoops.h"
#include "Solve/Space/InventedSymbols.h"
#include "Solve/Space/LaunchSpace.h"
#include "Solve/Space/Opaque.h"
#include "Solve/Space/SourceTerms.h"
#include "Solve/Space/SpaceSteps.h"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <set>

namespace warplint {

// Indices far above anything the front end numbers.
Symbol assumedWarpBaseX() { return inventedSymbol(Invented::AssumedShape, 0); }
Symbol assumedBlockDimX32() {
  return inventedSymbol(Invented::AssumedShape, 1);
}
Symbol assumedWarpBaseY() { return inventedSymbol(Invented::AssumedShape, 2); }
Symbol strideLoopSymbol(unsigned LoopId) {
  return inventedSymbol(Invented::StrideLoop, LoopId);
}

std::set<Symbol> boundSymbols(const Loop &Lp) {
  std::set<Symbol> Out;
  for (Symbol Sym : Lp.Init.symbols())
    Out.insert(Sym);
  for (Symbol Sym : Lp.Condition.symbols())
    Out.insert(Sym);
  return Out;
}

bool isFreeSymbol(Symbol S, bool Assumed) {
  if (S.Kind == SymbolKind::LoopVar)
    return false;
  if (S.Kind == SymbolKind::ThreadIdx)
    return Assumed && S.Index != 0;
  return true;
}

std::optional<int64_t> freeSymbolLowerBound(const KernelModel &K, Symbol S) {
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
  case SymbolKind::BlockIdx:
    return 0;
  case SymbolKind::BlockDim:
  case SymbolKind::GridDim:
    return 1;
  case SymbolKind::Uniform:
    if (S == assumedWarpBaseX() || S == assumedWarpBaseY())
      return 0;
    if (S == assumedBlockDimX32())
      return 1;
    return std::nullopt;
  case SymbolKind::Param:
    if (S.Index < K.Params.size()) {
      const std::string &T = K.Params[S.Index].Type;
      if (T.find("unsigned") != std::string::npos ||
          T.find("size_t") != std::string::npos ||
          T.find("uint") != std::string::npos)
        return 0;
    }
    return std::nullopt;
  case SymbolKind::LoopVar:
    return std::nullopt;
  }
  return std::nullopt;
}

bool SolveSpace::warpUniform(Symbol Sym) const {
  if (isFreeSymbol(Sym, Assumed))
    return true;
  switch (Sym.Kind) {
  case SymbolKind::ThreadIdx:
    if (Assumed)
      return false;
    // Warps take consecutive linear thread ids: threadIdx.y is the same
    // across a warp when rows are whole multiples of 32 threads.
    if (Sym.Index == 0)
      return Dim[0] == 1;
    if (Sym.Index == 1)
      return Dim[1] == 1 || Dim[0] % WarpLanes == 0;
    return Dim[2] == 1 || (Dim[0] * Dim[1]) % WarpLanes == 0;
  case SymbolKind::LoopVar:
    return !ThreadDependentDomain;
  default:
    return false;
  }
}

namespace {

/// Replaces block-uniform Unknown nodes by true ("some blocks execute it").
Predicate dropUniformUnknowns(const Predicate &P) {
  return mapLeaves(P, [](const Predicate &L) {
    return L.kind() == PredKind::Unknown ? Predicate(true) : L;
  });
}

/// The first unknown condition that differs between threads: the one that
/// makes the lanes unknown (a block-uniform unknown beside it, such as a loop
/// exit on a shared flag, does not). Null when there is none.
const Predicate *firstThreadDependentUnknown(const Predicate &P) {
  if (P.kind() == PredKind::Unknown)
    return P.unknownDependsOnThread() ? &P : nullptr;
  for (const Predicate &Op : P.operands())
    if (const Predicate *U = firstThreadDependentUnknown(Op))
      return U;
  return nullptr;
}

/// The first unknown condition that is the same for every thread of a
/// block, null when there is none.
const Predicate *firstUniformUnknown(const Predicate &P) {
  if (P.kind() == PredKind::Unknown)
    return P.unknownDependsOnThread() ? nullptr : &P;
  for (const Predicate &Op : P.operands())
    if (const Predicate *U = firstUniformUnknown(Op))
      return U;
  return nullptr;
}

} // namespace

std::string threadDependentReason(const Predicate &P) {
  const Predicate *U = firstThreadDependentUnknown(P);
  if (!U || U->unknownReasons().empty())
    return "";
  return U->unknownReasons().front();
}

bool hasThreadDependentUnknown(const Predicate &P) {
  return firstThreadDependentUnknown(P) != nullptr;
}

/// Whether every thread-dependent Unknown node of P tests data.
bool threadDependentUnknownsFromData(const Predicate &P) {
  if (P.kind() == PredKind::Unknown)
    return !P.unknownDependsOnThread() || P.unknownFromData();
  for (const Predicate &Op : P.operands())
    if (!threadDependentUnknownsFromData(Op))
      return false;
  return true;
}

namespace {

/// The reason of the first thread-dependent unknown that is not data.
std::string firstNotDataReason(const Predicate &P) {
  if (P.kind() == PredKind::Unknown)
    return P.unknownDependsOnThread() && !P.unknownFromData() ? P.reason()
                                                              : "";
  for (const Predicate &Op : P.operands())
    if (std::string R = firstNotDataReason(Op); !R.empty())
      return R;
  return "";
}

/// Whether a block-uniform unknown sits anywhere but as a conjunct of P.
bool uniformUnknownBelowTop(const Predicate &P) {
  auto Inside = [](const Predicate &Q) { return firstUniformUnknown(Q); };
  if (P.kind() == PredKind::Unknown)
    return false;
  if (P.kind() != PredKind::And)
    return Inside(P) != nullptr;
  for (const Predicate &Op : P.operands())
    if (Op.kind() != PredKind::Unknown && Inside(Op))
      return true;
  return false;
}

/// P with each thread-dependent data condition decided for the widest or
/// the narrowest set of lanes (by its polarity under negations). Block-
/// uniform unknowns are taken as true (the block executes the access) when
/// they are conjuncts; with UniformByPolarity (one sits under ! or ||)
/// every one is decided by polarity like data.
Predicate decideDataConditions(const Predicate &P, bool Widest,
                               bool UniformByPolarity, bool Positive = true) {
  switch (P.kind()) {
  case PredKind::And:
  case PredKind::Or: {
    std::vector<Predicate> Ops;
    for (const Predicate &Op : P.operands())
      Ops.push_back(
          decideDataConditions(Op, Widest, UniformByPolarity, Positive));
    return P.kind() == PredKind::And ? Predicate::conj(std::move(Ops))
                                     : Predicate::disj(std::move(Ops));
  }
  case PredKind::Not:
    return Predicate::negate(decideDataConditions(
        P.operands().front(), Widest, UniformByPolarity, !Positive));
  case PredKind::Unknown:
    if (!P.unknownDependsOnThread() && !UniformByPolarity)
      return Predicate(true);
    return Predicate(Widest == Positive);
  default:
    return P;
  }
}

/// Binds the guard: block-uniform unknowns that only decide whether the
/// block runs the access are set aside (said in GuardNote), data
/// conditions give the widest and narrowest guards of a bounded space; the
/// reason when the lanes cannot be known.
std::optional<std::string>
bindGuard(const Access &A,
          const std::function<std::optional<Expr>(Symbol)> &Bind, bool Bounded,
          SolveSpace &S) {
  if (A.Guard.hasUnknown()) {
    // A block-uniform unknown that is a conjunct of the guard only decides
    // whether the block executes the access; anywhere else (under ! or ||)
    // it decides which lanes do, as a data condition would.
    bool UniformInside = uniformUnknownBelowTop(A.Guard);
    if (UniformInside && !Bounded)
      return "active lanes depend on " + firstUniformUnknown(A.Guard)->reason();
    bool DataLanes = hasThreadDependentUnknown(A.Guard) || UniformInside;
    if (DataLanes && !(Bounded && threadDependentUnknownsFromData(A.Guard)))
      return "active lanes depend on " + (Bounded
                                              ? firstNotDataReason(A.Guard)
                                              : threadDependentReason(A.Guard));
    if (const Predicate *U = firstUniformUnknown(A.Guard)) {
      S.GuardAssumedTrue = true;
      S.GuardNote = "the block executes it (" + U->reason() + ")";
    }
    if (DataLanes) {
      S.Guard =
          decideDataConditions(A.Guard, true, UniformInside).substitute(Bind);
      S.SureGuard =
          decideDataConditions(A.Guard, false, UniformInside).substitute(Bind);
      std::string Lanes = "active lanes depend on " +
                          (hasThreadDependentUnknown(A.Guard)
                               ? threadDependentReason(A.Guard)
                               : firstUniformUnknown(A.Guard)->reason());
      S.BoundReason =
          S.BoundReason.empty() ? Lanes : S.BoundReason + "; " + Lanes;
      // The case reduction classes the free symbols by the widest guard's
      // terms only: a term of the narrowest with a free symbol that the
      // widest lost (`flag || i < n` read as true) would not be classed.
      std::vector<Expr> Known = comparisonTerms(S.Guard);
      for (const Expr &T : comparisonTerms(*S.SureGuard)) {
        if (std::find(Known.begin(), Known.end(), T) != Known.end())
          continue;
        for (Symbol Sym : T.symbols())
          if (isFreeSymbol(Sym, S.Assumed))
            S.SureGuard = Predicate(false);
      }
    } else {
      S.Guard = dropUniformUnknowns(A.Guard).substitute(Bind);
    }
  } else {
    S.Guard = A.Guard.substitute(Bind);
  }
  return std::nullopt;
}

/// The kernel's loops with the launch bound in their bounds and steps.
void bindLoops(const KernelModel &K,
               const std::function<std::optional<Expr>(Symbol)> &Bind,
               SolveSpace &S) {
  S.Loops = K.Loops;
  for (Loop &Lp : S.Loops) {
    Lp.Init = Lp.Init.substitute(Bind);
    Lp.Condition = Lp.Condition.substitute(Bind);
    if (Lp.StepExpr) {
      Expr Step = Lp.StepExpr->substitute(Bind);
      if (auto C = Step.asConst(); C && *C != 0) {
        Lp.StepValue = *C; // the launch made the grid stride a constant
        Lp.StepExpr.reset();
      } else {
        Lp.StepExpr = Step;
      }
    }
  }
}

} // namespace

Predicate mapLeaves(const Predicate &P,
                    const std::function<Predicate(const Predicate &)> &Leaf) {
  switch (P.kind()) {
  case PredKind::And:
  case PredKind::Or:
  case PredKind::Not: {
    std::vector<Predicate> Ops;
    for (const Predicate &Op : P.operands())
      Ops.push_back(mapLeaves(Op, Leaf));
    if (P.kind() == PredKind::And)
      return Predicate::conj(std::move(Ops));
    if (P.kind() == PredKind::Or)
      return Predicate::disj(std::move(Ops));
    return Predicate::negate(std::move(Ops.front()));
  }
  default:
    return Leaf(P);
  }
}

std::vector<Expr> comparisonTerms(const Predicate &P) {
  std::vector<Expr> Out;
  mapLeaves(P, [&](const Predicate &L) {
    if (L.kind() == PredKind::Cmp)
      Out.push_back(L.lhs() - L.rhs());
    return L;
  });
  return Out;
}

std::optional<std::string> buildSpace(const KernelModel &K, const Access &A,
                                      const LaunchConfig &L, SolveSpace &S,
                                      bool Bounded) {
  S.Name = [&K](Symbol Sym) {
    if (Sym == assumedWarpBaseX())
      return std::string("threadIdx.x / 32");
    if (Sym == assumedBlockDimX32())
      return std::string("blockDim.x / 32");
    return K.symbolName(Sym);
  };
  // A data address is bounded for one naturally aligned instruction; a
  // copy nvcc may split (an 8-byte struct of ints) is left unknown.
  bool AccessBytesNatural = (A.Bytes == 1 || A.Bytes == 2 || A.Bytes == 4 ||
                             A.Bytes == 8 || A.Bytes == 16) &&
                            A.TypeAlign >= A.Bytes;
  if (!A.ByteOffset && !(Bounded && A.AddressFromData && AccessBytesNatural))
    return A.UnknownReason.empty() ? std::string("address not modelled")
                                   : A.UnknownReason;

  LaunchBinding Launch;
  if (auto Why = bindLaunchShape(L, S, Launch))
    return Why;
  const auto &Bind = Launch.Bind;
  S.Bytes = A.Bytes;

  if (A.ByteOffset) {
    // With the sizes bound, an index decomposed by them and recomposed
    // (`b*T*C + t*C`, b and t the quotient and remainder of one index by
    // T) is that index again: no division of a free symbol is left.
    S.Offset = recombineQuotients(A.ByteOffset->substitute(Bind));
    if (S.RowLanes)
      S.ThreadOffset =
          recombineQuotients(A.ByteOffset->substitute(Launch.Constants));
  } else {
    S.DataAddress = true;
    S.BoundReason = A.UnknownReason;
  }
  if (auto Why = bindGuard(A, Bind, Bounded, S))
    return Why;
  bindLoops(K, Bind, S);
  if (auto Err = replaceStrideLoops(A, S))
    return Err;
  size_t BlockSets = S.GeometricLoops.size(); // walked stride loops' blocks
  replaceGeometricLoops(K, A, S);
  if (S.GeometricLoops.size() > BlockSets)
    S.SymbolicRepeat = true; // how many iterations run is not known
  substituteOpaque(S);

  return sortLoops(A, S, Bounded, Launch.WarpValues);
}

std::optional<int64_t> Env::lookup(Symbol S) const {
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    if (!(Assumed && S.Index != 0))
      return S.Index < 3 ? std::optional<int64_t>(Thread[S.Index])
                         : std::nullopt;
    break;
  case SymbolKind::LoopVar:
    if (S.Index < LoopSet.size() && LoopSet[S.Index])
      return LoopValue[S.Index];
    return std::nullopt;
  default:
    break;
  }
  for (const auto &FV : FreeValue)
    if (FV.first == S)
      return FV.second;
  return std::nullopt;
}

std::optional<int64_t> Env::eval(const Expr &E) const {
  return E.evaluate([this](Symbol S) { return lookup(S); });
}

std::optional<bool> Env::eval(const Predicate &P) const {
  return P.evaluate([this](Symbol S) { return lookup(S); });
}

} // namespace warplint
