//===- Space.cpp - The analyzed space of one access under one launch ------===//

#include "Solve/Space.h"

#include "Solve/GeometricLoops.h"
#include "Solve/LaunchSpace.h"
#include "Solve/Opaque.h"
#include "Solve/SourceTerms.h"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <set>

namespace warplint {

// Indices far above anything the front end numbers.
Symbol assumedWarpBaseX() { return {SymbolKind::Uniform, 0x40000000u}; }
Symbol assumedBlockDimX32() { return {SymbolKind::Uniform, 0x40000001u}; }
Symbol assumedWarpBaseY() { return {SymbolKind::Uniform, 0x40000002u}; }
Symbol strideLoopSymbol(unsigned LoopId) {
  return {SymbolKind::Uniform, 0x40001000u + LoopId};
}

int64_t knownMultiple(const Expr &E) {
  switch (E.kind()) {
  case ExprKind::Const: {
    int64_t C = E.constValue();
    return C == INT64_MIN ? 1 : (C < 0 ? -C : C);
  }
  case ExprKind::Add:
    return std::gcd(knownMultiple(E.lhs()), knownMultiple(E.rhs()));
  case ExprKind::Mul: {
    int64_t R;
    if (__builtin_mul_overflow(knownMultiple(E.lhs()), knownMultiple(E.rhs()),
                               &R))
      return 1;
    return R;
  }
  case ExprKind::Shl: {
    auto K = E.rhs().asConst();
    int64_t A = knownMultiple(E.lhs()), R;
    if (!K || *K < 0 || *K > 61 ||
        __builtin_mul_overflow(A, int64_t(1) << *K, &R))
      return 1;
    return R;
  }
  default:
    return 1;
  }
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
      return Dim[1] == 1 || Dim[0] % 32 == 0;
    return Dim[2] == 1 || (Dim[0] * Dim[1]) % 32 == 0;
  case SymbolKind::LoopVar:
    return !ThreadDependentDomain;
  default:
    return false;
  }
}

namespace {

/// Finds the stride loops of A (see SolveSpace::StrideLoops) and replaces
/// their variables in the offset, the guard and the other loops' bounds.
std::optional<std::string> replaceStrideLoops(const Access &A, SolveSpace &S) {
  auto HasFree = [&](const std::vector<Symbol> &Syms) {
    for (Symbol Sym : Syms)
      if (isFreeSymbol(Sym, S.Assumed))
        return true;
    return false;
  };
  std::map<unsigned, Expr> Value;
  std::map<Symbol, std::string> Names;
  auto Replace = [&](Symbol Sym) -> std::optional<Expr> {
    if (Sym.Kind != SymbolKind::LoopVar)
      return std::nullopt;
    auto It = Value.find(Sym.Index);
    if (It == Value.end())
      return std::nullopt;
    return It->second;
  };
  for (unsigned Id : A.Loops) {
    if (Id >= S.Loops.size())
      return std::string("loop id out of range");
    Loop &Lp = S.Loops[Id];
    if (!Lp.UnknownReason.empty() || Lp.Condition.hasUnknown() ||
        Lp.Step != Loop::StepKind::Add)
      continue;
    // Loops the enumeration can walk stay exact (and counted).
    if (!Lp.StepExpr && !HasFree(Lp.Init.symbols()) &&
        !HasFree(Lp.Condition.symbols()))
      continue;
    // t * step is a multiple of M for every iteration t: the variable is
    // Init + M * W for some block-uniform W.
    int64_t M = Lp.StepExpr ? knownMultiple(*Lp.StepExpr) : Lp.StepValue;
    if (M == 0)
      return "the step of loop '" + Lp.VarName + "' is zero";
    Symbol W = strideLoopSymbol(Id);
    Value[Id] = Lp.Init.substitute(Replace) + Expr::symbol(W) * Expr(M);
    // Named by what it counts from, in the loop's own terms: `(i - tid)`
    // for a grid-stride loop `for (i = tid; ...; i += gridDim.x * ...)`.
    std::string From = sourceTerms(Lp.Init, S);
    if (Lp.Init.kind() == ExprKind::Add) // i - (a + b), not i - a + b
      From = "(" + From + ")";
    std::string Start = "(" + Lp.VarName + " - " + From + ")";
    Names[W] = Lp.StepExpr ? (M == 1 ? Start : Start + " / " + std::to_string(M))
                           : "the iteration of '" + Lp.VarName + "'";
    S.StrideLoops.push_back(Id);
  }
  if (Value.empty())
    return std::nullopt;
  S.Offset = S.Offset.substitute(Replace);
  S.Guard = S.Guard.substitute(Replace);
  for (Loop &Lp : S.Loops) {
    Lp.Init = Lp.Init.substitute(Replace);
    Lp.Condition = Lp.Condition.substitute(Replace);
  }
  auto Inner = S.Name;
  S.Name = [Inner, Names](Symbol X) {
    auto It = Names.find(X);
    return It != Names.end() ? It->second : Inner(X);
  };
  return std::nullopt;
}

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

template <typename T> void addSymbols(const T &X, std::set<Symbol> &Out) {
  for (Symbol S : X.symbols())
    Out.insert(S);
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
    S.Offset = A.ByteOffset->substitute(Bind);
    if (S.RowLanes)
      S.ThreadOffset = A.ByteOffset->substitute(Launch.Constants);
  } else {
    S.DataAddress = true;
    S.BoundReason = A.UnknownReason;
  }
  if (A.Guard.hasUnknown()) {
    // A block-uniform unknown that is a conjunct of the guard only decides
    // whether the block executes the access; anywhere else (under ! or ||)
    // it decides which lanes do, as a data condition would.
    bool UniformInside = uniformUnknownBelowTop(A.Guard);
    if (UniformInside && !Bounded)
      return "active lanes depend on " + firstUniformUnknown(A.Guard)->reason();
    bool DataLanes = hasThreadDependentUnknown(A.Guard) || UniformInside;
    if (DataLanes && !(Bounded && threadDependentUnknownsFromData(A.Guard)))
      return "active lanes depend on " +
             (Bounded ? firstNotDataReason(A.Guard)
                      : threadDependentReason(A.Guard));
    if (const Predicate *U = firstUniformUnknown(A.Guard)) {
      S.GuardAssumedTrue = true;
      S.GuardNote = "the block executes it (" + U->reason() + ")";
    }
    if (DataLanes) {
      S.Guard = decideDataConditions(A.Guard, true, UniformInside)
                    .substitute(Bind);
      S.SureGuard = decideDataConditions(A.Guard, false, UniformInside)
                        .substitute(Bind);
      std::string Lanes =
          "active lanes depend on " +
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
  if (auto Err = replaceStrideLoops(A, S))
    return Err;
  replaceGeometricLoops(K, A, S);
  if (!S.GeometricLoops.empty())
    S.SymbolicRepeat = true; // how many iterations run is not known
  substituteOpaque(S);

  auto LaneVarying = [&](Symbol Sym) {
    return Sym.Kind == SymbolKind::ThreadIdx && !isFreeSymbol(Sym, S.Assumed);
  };
  auto InAccessLoops = [&](unsigned Id) {
    return std::find(A.Loops.begin(), A.Loops.end(), Id) != A.Loops.end();
  };
  auto LoopSymbols = [&](unsigned Id) {
    std::set<Symbol> Out;
    addSymbols(S.Loops[Id].Init, Out);
    addSymbols(S.Loops[Id].Condition, Out);
    return Out;
  };

  // Relevant loops: their variable is used, or their bounds depend on the
  // lane; closed under "a relevant loop's bounds use that variable".
  std::set<Symbol> Used;
  addSymbols(S.Offset, Used);
  addSymbols(S.Guard, Used);
  std::set<unsigned> Relevant;
  std::vector<unsigned> Work;
  auto MarkUses =
      [&](const std::set<Symbol> &Syms) -> std::optional<std::string> {
    for (Symbol Sym : Syms) {
      if (Sym.Kind != SymbolKind::LoopVar)
        continue;
      if (Sym.Index >= S.Loops.size() || !InAccessLoops(Sym.Index))
        return "uses loop variable '" + S.Name(Sym) + "' outside its loop";
      if (Relevant.insert(Sym.Index).second)
        Work.push_back(Sym.Index);
    }
    return std::nullopt;
  };
  if (auto Err = MarkUses(Used))
    return Err;
  // Loops whose bounds differ between lanes (through threadIdx or an outer
  // loop that does) decide which lanes take part: always relevant.
  std::set<unsigned> LaneLoops;
  auto IsStride = [&](unsigned Id) {
    return std::find(S.StrideLoops.begin(), S.StrideLoops.end(), Id) !=
           S.StrideLoops.end();
  };
  for (unsigned Id : A.Loops) {
    if (Id >= S.Loops.size())
      return std::string("loop id out of range");
    if (IsStride(Id))
      continue;
    for (Symbol Sym : LoopSymbols(Id))
      if (LaneVarying(Sym) ||
          (Sym.Kind == SymbolKind::LoopVar && LaneLoops.count(Sym.Index)))
        LaneLoops.insert(Id);
    if (LaneLoops.count(Id) && Relevant.insert(Id).second)
      Work.push_back(Id);
  }
  while (!Work.empty()) {
    unsigned Id = Work.back();
    Work.pop_back();
    const Loop &Lp = S.Loops[Id];
    if (!Lp.UnknownReason.empty())
      return "loop '" + Lp.VarName + "' is not modelled: " + Lp.UnknownReason;
    if (Lp.Condition.hasUnknown())
      return "the condition of loop '" + Lp.VarName +
             "' is not modelled: " + Lp.Condition.unknownReasons().front();
    if (auto Err = MarkUses(LoopSymbols(Id)))
      return Err;
  }

  std::set<Symbol> FreeSet;
  for (Symbol Sym : Used)
    if (isFreeSymbol(Sym, S.Assumed))
      FreeSet.insert(Sym);
  for (unsigned Id : A.Loops) {
    if (!Relevant.count(Id))
      continue;
    S.Relevant.push_back(Id);
    S.ThreadDependentDomain |= LaneLoops.count(Id) != 0;
    for (Symbol Sym : LoopSymbols(Id))
      if (isFreeSymbol(Sym, S.Assumed))
        FreeSet.insert(Sym);
  }
  S.Free.assign(FreeSet.begin(), FreeSet.end());
  // The warps of a row of a partly constant block: W has these values only.
  if (!Launch.WarpValues.empty() && FreeSet.count(assumedWarpBaseX()))
    S.GeometricLoops.push_back({~0u, assumedWarpBaseX(), Launch.WarpValues});

  // The remaining loops only repeat the request.
  for (unsigned Id : A.Loops) {
    if (Relevant.count(Id))
      continue;
    if (IsStride(Id)) {
      S.SymbolicRepeat = true; // how many iterations run is not known
      continue;
    }
    const Loop &Lp = S.Loops[Id];
    if (hasThreadDependentUnknown(Lp.Condition)) {
      // Lanes leave such a loop at different iterations: which lanes run an
      // iteration is not the same for all of them.
      std::string Why = "active lanes depend on the condition of loop '" +
                        Lp.VarName +
                        "': " + threadDependentReason(Lp.Condition);
      if (!(Bounded && threadDependentUnknownsFromData(Lp.Condition)))
        return Why;
      S.SureGuard = Predicate(false); // none is sure to run an iteration
      S.BoundReason = S.BoundReason.empty() ? Why : S.BoundReason + "; " + Why;
    }
    if (!Lp.UnknownReason.empty() || Lp.Condition.hasUnknown()) {
      S.SymbolicRepeat = true;
      continue;
    }
    auto Syms = LoopSymbols(Id);
    bool HasFree = false, HasLoopVar = false;
    for (Symbol Sym : Syms) {
      if (isFreeSymbol(Sym, S.Assumed)) {
        HasFree = true;
        if (FreeSet.count(Sym))
          return "the trip count of loop '" + Lp.VarName +
                 "' and the access both depend on '" + S.Name(Sym) + "'";
      }
      if (Sym.Kind == SymbolKind::LoopVar && Sym.Index != Id) {
        HasLoopVar = true;
        S.CountedPerPoint |= Relevant.count(Sym.Index) != 0;
      }
    }
    if (HasFree && HasLoopVar)
      return "the trip count of loop '" + Lp.VarName +
             "' depends on both free values and other loops";
    if (HasFree)
      S.SymbolicRepeat = true;
    else
      S.Counted.push_back(Id);
  }
  // A counted loop whose bounds use a symbolic-repeat loop's variable cannot
  // be counted.
  for (unsigned Id : S.Counted)
    for (Symbol Sym : LoopSymbols(Id))
      if (Sym.Kind == SymbolKind::LoopVar && Sym.Index != Id &&
          !Relevant.count(Sym.Index) &&
          std::find(S.Counted.begin(), S.Counted.end(), Sym.Index) ==
              S.Counted.end())
        return "the trip count of loop '" + S.Loops[Id].VarName +
               "' depends on a loop that is not modelled";
  return std::nullopt;
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
