//===- GeometricLoops.cpp - Multiplying loops with bounds not known -------===//

#include "Solve/Space/GeometricLoops.h"

#include "Solve/Space/InventedSymbols.h"

#include <algorithm>
#include <functional>
#include <map>

namespace warplint {

Symbol geometricLoopSymbol(unsigned LoopId) {
  return inventedSymbol(Invented::GeometricLoop, LoopId);
}

const std::vector<int64_t> *SolveSpace::valueSet(Symbol Sym) const {
  for (const GeometricLoop &G : GeometricLoops)
    if (G.Sym == Sym && !G.Values.empty())
      return &G.Values;
  return nullptr;
}

bool SolveSpace::reduced(Symbol Sym) const {
  return isFreeSymbol(Sym, Assumed) && !valueSet(Sym);
}

std::optional<int64_t> lowerBoundIn(const KernelModel &K, const SolveSpace &S,
                                    Symbol Sym) {
  for (const SolveSpace::GeometricLoop &G : S.GeometricLoops)
    if (G.Sym == Sym)
      return G.Values.empty() ? G.Lower : std::optional(G.Values.front());
  return freeSymbolLowerBound(K, Sym);
}

namespace {

// Intervals over int128 whose bounds beyond +-Big stand for "no bound":
// every finite bound stays below 2^62, so sums and products of two of
// them fit.
using I128 = __int128;
constexpr I128 Big = I128(1) << 62;
constexpr I128 Inf = I128(1) << 64;

struct Interval {
  I128 Lo = -Inf, Hi = Inf;

  static Interval of(I128 Lo, I128 Hi) {
    Interval R;
    // Out-of-range bounds only ever widen: a lower bound above Big becomes
    // Big, one below -Big none at all (and likewise for the upper bound).
    R.Lo = Lo < -Big ? -Inf : std::min(Lo, Big);
    R.Hi = Hi > Big ? Inf : std::max(Hi, -Big);
    return R;
  }
  static Interval any() { return {}; }
  bool finite() const { return Lo > -Inf && Hi < Inf; }
};

Interval add(Interval A, Interval B) {
  I128 Lo = A.Lo == -Inf || B.Lo == -Inf ? -Inf : A.Lo + B.Lo;
  I128 Hi = A.Hi == Inf || B.Hi == Inf ? Inf : A.Hi + B.Hi;
  return Interval::of(Lo, Hi);
}

Interval negate(Interval A) {
  return Interval::of(A.Hi == Inf ? -Inf : -A.Hi, A.Lo == -Inf ? Inf : -A.Lo);
}

Interval mul(Interval A, Interval B) {
  auto Zero = [](Interval X) { return X.Lo == 0 && X.Hi == 0; };
  if (Zero(A) || Zero(B))
    return Interval::of(0, 0);
  if (!A.finite() || !B.finite()) {
    // Signs are still known when both factors have one.
    if (A.Lo >= 0 && B.Lo >= 0)
      return Interval::of(A.Lo * B.Lo, Inf);
    return Interval::any();
  }
  I128 P[4] = {A.Lo * B.Lo, A.Lo * B.Hi, A.Hi * B.Lo, A.Hi * B.Hi};
  return Interval::of(*std::min_element(P, P + 4), *std::max_element(P, P + 4));
}

/// Both bounds divided by a constant (C's truncation is monotone).
Interval divide(Interval A, int64_t C) {
  if (C == 0)
    return Interval::any();
  auto D = [&](I128 X) {
    if (X == Inf || X == -Inf)
      return (X > 0) == (C > 0) ? Inf : -Inf;
    return X / C;
  };
  I128 X = D(A.Lo), Y = D(A.Hi);
  return Interval::of(std::min(X, Y), std::max(X, Y));
}

/// The ranges the CUDA programming model gives (compute capability 9.0
/// limits: blocks of at most 1024 threads, 64 along z; grids of 2^31 - 1
/// blocks along x, 65535 along y and z), and those of the parameters'
/// integer types.
Interval symbolRange(const KernelModel &K, Symbol S, bool Assumed) {
  unsigned D = S.Index < 3 ? S.Index : 0;
  // The launch limits every architecture shares (the table's defaults).
  static const ArchInfo Limits{};
  const I128 Dim = Limits.MaxBlockDim[D], Grid = Limits.MaxGridDim[D];
  const I128 WarpsPerBlock = Limits.MaxThreadsPerBlock / WarpLanes;
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    return Interval::of(0, Dim - 1);
  case SymbolKind::BlockDim:
    return Interval::of(1, Dim);
  case SymbolKind::BlockIdx:
    return Interval::of(0, Grid - 1);
  case SymbolKind::GridDim:
    return Interval::of(1, Grid);
  case SymbolKind::Uniform:
    if (Assumed && S == assumedWarpBaseX())
      return Interval::of(0, WarpsPerBlock - 1);
    if (Assumed && S == assumedWarpBaseY())
      return Interval::of(0, Limits.MaxThreadsPerBlock / 2 - 1); // rows <= 16
    if (Assumed && S == assumedBlockDimX32())
      return Interval::of(1, WarpsPerBlock);
    return Interval::any();
  case SymbolKind::Param: {
    if (S.Index >= K.Params.size() || K.Params[S.Index].IsPointer)
      return Interval::any();
    std::string T = K.Params[S.Index].Type;
    for (const char *Q : {"const ", "volatile "})
      for (size_t P; (P = T.find(Q)) != std::string::npos;)
        T.erase(P, std::string(Q).size());
    if (T == "int" || T == "signed int" || T == "int32_t" || T == "signed")
      return Interval::of(-(I128(1) << 31), (I128(1) << 31) - 1);
    if (T == "unsigned int" || T == "unsigned" || T == "uint" ||
        T == "uint32_t")
      return Interval::of(0, (I128(1) << 32) - 1);
    if (auto L = freeSymbolLowerBound(K, S))
      return Interval::of(*L, Inf);
    return Interval::any();
  }
  case SymbolKind::LoopVar:
    return Interval::any();
  }
  return Interval::any();
}

class RangeEval {
public:
  RangeEval(const KernelModel &K, bool Assumed) : K(K), Assumed(Assumed) {}

  Interval expr(const Expr &E) const {
    auto Const = [](const Expr &X) { return X.asConst(); };
    switch (E.kind()) {
    case ExprKind::Const:
      return Interval::of(E.constValue(), E.constValue());
    case ExprKind::Sym:
      return symbolRange(K, E.symbolValue(), Assumed);
    case ExprKind::Add:
      return add(expr(E.lhs()), expr(E.rhs()));
    case ExprKind::Mul:
      return mul(expr(E.lhs()), expr(E.rhs()));
    case ExprKind::Div:
      if (auto C = Const(E.rhs()))
        return divide(expr(E.lhs()), *C);
      return Interval::any();
    case ExprKind::Rem: {
      auto C = Const(E.rhs());
      if (!C || *C == 0 || *C == INT64_MIN)
        return Interval::any();
      I128 M = *C < 0 ? -I128(*C) : I128(*C);
      Interval L = expr(E.lhs());
      if (L.Lo >= 0)
        return Interval::of(0, std::min(M - 1, L.Hi));
      return Interval::of(-(M - 1), M - 1);
    }
    case ExprKind::BitAnd: {
      Interval A = expr(E.lhs()), B = expr(E.rhs());
      if (A.Lo >= 0 && B.Lo >= 0)
        return Interval::of(0, std::min(A.Hi, B.Hi));
      if (A.Lo >= 0 || B.Lo >= 0)
        return Interval::of(0, A.Lo >= 0 ? A.Hi : B.Hi);
      return Interval::any();
    }
    case ExprKind::Shl: {
      auto C = Const(E.rhs());
      if (!C || *C < 0 || *C > 61)
        return Interval::any();
      return mul(expr(E.lhs()), Interval::of(I128(1) << *C, I128(1) << *C));
    }
    case ExprKind::Shr: {
      auto C = Const(E.rhs());
      Interval L = expr(E.lhs());
      if (!C || *C < 0 || *C > 61)
        return Interval::any();
      auto Sh = [&](I128 X) { return X == Inf || X == -Inf ? X : X >> *C; };
      return Interval::of(Sh(L.Lo), Sh(L.Hi));
    }
    case ExprKind::Min:
    case ExprKind::Max: {
      Interval A = expr(E.lhs()), B = expr(E.rhs());
      bool Min = E.kind() == ExprKind::Min;
      return Interval::of(Min ? std::min(A.Lo, B.Lo) : std::max(A.Lo, B.Lo),
                          Min ? std::min(A.Hi, B.Hi) : std::max(A.Hi, B.Hi));
    }
    case ExprKind::Select: {
      Interval A = expr(E.lhs()), B = expr(E.rhs());
      return Interval::of(std::min(A.Lo, B.Lo), std::max(A.Hi, B.Hi));
    }
    default:
      return Interval::any();
    }
  }

  /// {can be true, can be false}.
  std::pair<bool, bool> pred(const Predicate &P) const {
    switch (P.kind()) {
    case PredKind::True:
      return {true, false};
    case PredKind::False:
      return {false, true};
    case PredKind::Unknown:
      return {true, true};
    case PredKind::Not: {
      auto [T, F] = pred(P.operands().front());
      return {F, T};
    }
    case PredKind::And:
    case PredKind::Or: {
      bool And = P.kind() == PredKind::And;
      bool AllT = true, AllF = true, AnyT = false, AnyF = false;
      for (const Predicate &Op : P.operands()) {
        auto [T, F] = pred(Op);
        AllT &= T, AllF &= F, AnyT |= T, AnyF |= F;
      }
      // An And can be true only when each operand can (an upper estimate:
      // the operands are not independent, which only widens).
      return And ? std::make_pair(AllT, AnyF) : std::make_pair(AnyT, AllF);
    }
    case PredKind::Cmp: {
      Interval D = add(expr(P.lhs()), negate(expr(P.rhs())));
      switch (P.cmpKind()) {
      case CmpKind::LT:
        return {D.Lo < 0, D.Hi >= 0};
      case CmpKind::LE:
        return {D.Lo <= 0, D.Hi > 0};
      case CmpKind::GT:
        return {D.Hi > 0, D.Lo <= 0};
      case CmpKind::GE:
        return {D.Hi >= 0, D.Lo < 0};
      case CmpKind::EQ:
        return {D.Lo <= 0 && D.Hi >= 0, !(D.Lo == 0 && D.Hi == 0)};
      case CmpKind::NE:
        return {!(D.Lo == 0 && D.Hi == 0), D.Lo <= 0 && D.Hi >= 0};
      }
      return {true, true};
    }
    }
    return {true, true};
  }

private:
  const KernelModel &K;
  bool Assumed;
};

/// Start, Start * Factor, ... (or Start / Factor, ...) in order, while the
/// type holds them and Keep accepts them: overflowing the type ends the
/// sequence (signed overflow is undefined; an unsigned product that wraps
/// to 0 would never end a loop). A division ends after its first 0.
std::vector<int64_t>
sequenceValues(const GeometricSequence &Seq,
               const std::function<bool(int64_t)> &Keep) {
  unsigned Bits = std::clamp(Seq.Bits, 8u, 64u);
  I128 TMin = Seq.Signed ? -(I128(1) << (Bits - 1)) : 0;
  I128 TMax = Seq.Signed || Bits == 64 ? (I128(1) << (Bits - 1)) - 1
                                       : (I128(1) << Bits) - 1;
  std::vector<int64_t> Out;
  if (Seq.Factor < 2)
    return Out;
  for (I128 V = Seq.Start; V >= TMin && V <= TMax && Keep(int64_t(V));) {
    Out.push_back(int64_t(V));
    if (V == 0)
      break;
    V = Seq.Divide ? V / Seq.Factor : V * Seq.Factor;
  }
  return Out;
}

/// The values a loop from constant Start takes, in order, up to the first
/// one its condition rejects for every launch; nullopt when the loop would
/// never end (it may go on at 0, where the value stays) or never runs.
std::optional<std::vector<int64_t>> valuesFrom(const KernelModel &K,
                                               const SolveSpace &S,
                                               const Loop &Lp, int64_t Start) {
  Symbol Var{SymbolKind::LoopVar, Lp.Id};
  RangeEval R(K, S.Assumed);
  auto MayRun = [&](int64_t X) {
    Predicate C =
        Lp.Condition.substitute([&](Symbol Sym) -> std::optional<Expr> {
          if (Sym == Var)
            return Expr(X);
          return std::nullopt;
        });
    return R.pred(C).first; // false: every launch leaves the loop here
  };
  std::vector<int64_t> Out = sequenceValues(
      {Start, Lp.Step == Loop::StepKind::Divide, Lp.StepValue, Lp.VarBits,
       Lp.VarSigned, Lp.VarName},
      MayRun);
  if (Out.empty() || Out.back() == 0)
    return std::nullopt;
  return Out;
}

/// The least value a condition `var > c` or `var >= c` (either way round)
/// admits; nullopt for any other condition.
std::optional<int64_t> leastFrom(const Predicate &P, Symbol Var) {
  if (P.kind() != PredKind::Cmp)
    return std::nullopt;
  CmpKind Op = P.cmpKind();
  std::optional<int64_t> C;
  if (P.lhs().kind() == ExprKind::Sym && P.lhs().symbolValue() == Var)
    C = P.rhs().asConst();
  else if (P.rhs().kind() == ExprKind::Sym && P.rhs().symbolValue() == Var) {
    C = P.lhs().asConst();
    Op = Op == CmpKind::LT   ? CmpKind::GT
         : Op == CmpKind::LE ? CmpKind::GE
         : Op == CmpKind::GT ? CmpKind::LT
         : Op == CmpKind::GE ? CmpKind::LE
                             : Op;
  }
  if (!C || *C == INT64_MAX)
    return std::nullopt;
  if (Op == CmpKind::GT)
    return *C + 1;
  if (Op == CmpKind::GE)
    return C;
  return std::nullopt;
}

} // namespace

bool possiblyTrue(const KernelModel &K, const Predicate &P, bool Assumed) {
  return RangeEval(K, Assumed).pred(P).first;
}

std::optional<SolveSpace> withAssumedWarpsEnumerated(const SolveSpace &S) {
  if (!S.Assumed)
    return std::nullopt;
  Symbol W = assumedWarpBaseX(), B = assumedBlockDimX32();
  bool HasW = std::find(S.Free.begin(), S.Free.end(), W) != S.Free.end();
  bool HasB = std::find(S.Free.begin(), S.Free.end(), B) != S.Free.end();
  if ((!HasW || S.valueSet(W)) && (!HasB || S.valueSet(B)))
    return std::nullopt;
  SolveSpace Out = S;
  std::vector<int64_t> Warps(WarpLanes), Sizes(WarpLanes);
  for (int64_t I = 0; I < int64_t(WarpLanes); ++I)
    Warps[size_t(I)] = I, Sizes[size_t(I)] = I + 1;
  if (HasW)
    Out.GeometricLoops.push_back({~0u, W, Warps});
  if (HasB)
    Out.GeometricLoops.push_back({~0u, B, Sizes});
  if (HasW && HasB) // the warp lies inside the block
    Out.Guard = Predicate::conj(
        {Out.Guard,
         Predicate::cmp(CmpKind::LT, Expr::symbol(W), Expr::symbol(B))});
  return Out;
}

void replaceGeometricLoops(const KernelModel &K, const Access &A,
                           SolveSpace &S) {
  std::map<Symbol, std::string> Names;
  for (unsigned Id : A.Loops) {
    if (Id >= S.Loops.size())
      continue;
    Loop &Lp = S.Loops[Id];
    if (!Lp.UnknownReason.empty() || Lp.Condition.hasUnknown() ||
        Lp.Step == Loop::StepKind::Add || Lp.StepValue < 2 ||
        std::find(S.StrideLoops.begin(), S.StrideLoops.end(), Id) !=
            S.StrideLoops.end())
      continue;
    Symbol Var{SymbolKind::LoopVar, Id};
    bool HasFree = false, Other = false;
    for (const auto &Syms : {Lp.Init.symbols(), Lp.Condition.symbols()})
      for (Symbol Sym : Syms) {
        if (Sym == Var)
          continue;
        if (isFreeSymbol(Sym, S.Assumed))
          HasFree = true;
        else
          Other = true; // a lane index or another loop: not one value
      }
    if (!HasFree || Other)
      continue;
    auto Uses = [&](const std::vector<Symbol> &Syms) {
      return std::find(Syms.begin(), Syms.end(), Var) != Syms.end();
    };
    bool Used = Uses(S.Offset.symbols()) || Uses(S.Guard.symbols());
    for (unsigned J : A.Loops)
      if (J != Id && J < S.Loops.size())
        Used |= Uses(S.Loops[J].Init.symbols()) ||
                Uses(S.Loops[J].Condition.symbols());
    if (!Used)
      continue; // it only repeats the request: counted as such
    Symbol V = geometricLoopSymbol(Id);
    if (auto Start = Lp.Init.asConst()) {
      auto Values = valuesFrom(K, S, Lp, *Start);
      if (!Values)
        continue;
      Names[V] = Lp.VarName;
      // Still walked by the enumeration, over every value it can take;
      // the guard keeps the case's one.
      auto [Lo, Hi] = std::minmax_element(Values->begin(), Values->end());
      Lp.Condition =
          Predicate::conj({Predicate::cmp(CmpKind::GE, Expr::symbol(Var), *Lo),
                           Predicate::cmp(CmpKind::LE, Expr::symbol(Var), *Hi)});
      S.Guard = Predicate::conj(
          {S.Guard, Predicate::cmp(CmpKind::EQ, Expr::symbol(Var),
                                   Expr::symbol(V))});
      std::sort(Values->begin(), Values->end());
      S.GeometricLoops.push_back({Id, V, std::move(*Values)});
      continue;
    }
    Names[V] = Lp.VarName;
    // Any value the condition admits: the variable is V, a free symbol.
    auto Replace = [&](Symbol Sym) -> std::optional<Expr> {
      if (Sym == Var)
        return Expr::symbol(V);
      return std::nullopt;
    };
    std::optional<int64_t> Lower = leastFrom(Lp.Condition, Var);
    S.Guard = Lower ? S.Guard.substitute(Replace)
                    : Predicate::conj({S.Guard.substitute(Replace),
                                       Lp.Condition.substitute(Replace)});
    S.Offset = S.Offset.substitute(Replace);
    if (S.SureGuard) // its lanes are among the guard's: the same bound
      S.SureGuard = Lower ? S.SureGuard->substitute(Replace)
                          : Predicate::conj({S.SureGuard->substitute(Replace),
                                             Lp.Condition.substitute(Replace)});
    for (unsigned J : A.Loops)
      if (J != Id && J < S.Loops.size()) {
        S.Loops[J].Init = S.Loops[J].Init.substitute(Replace);
        S.Loops[J].Condition = S.Loops[J].Condition.substitute(Replace);
      }
    S.StrideLoops.push_back(Id); // not enumerated; repeats unknown times
    S.GeometricLoops.push_back({Id, V, {}, Lower});
  }
  // Locals that follow a geometric sequence (`offset <<= 1` beside the
  // loop's variable): each value of the sequence is a case.
  std::vector<Symbol> Used = S.Offset.symbols();
  for (Symbol Sym : S.Guard.symbols())
    Used.push_back(Sym);
  for (unsigned Id : A.Loops)
    if (Id < S.Loops.size())
      for (const auto &Syms :
           {S.Loops[Id].Init.symbols(), S.Loops[Id].Condition.symbols()})
        Used.insert(Used.end(), Syms.begin(), Syms.end());
  std::sort(Used.begin(), Used.end());
  Used.erase(std::unique(Used.begin(), Used.end()), Used.end());
  for (Symbol Sym : Used) {
    if (Sym.Kind != SymbolKind::Uniform || Sym.Index >= K.Uniforms.size() ||
        !K.Uniforms[Sym.Index].Sequence)
      continue;
    const GeometricSequence &Seq = *K.Uniforms[Sym.Index].Sequence;
    std::vector<int64_t> Values =
        sequenceValues(Seq, [](int64_t) { return true; });
    if (Values.empty())
      continue;
    std::sort(Values.begin(), Values.end());
    S.GeometricLoops.push_back({~0u, Sym, std::move(Values)});
    Names[Sym] = Seq.Name;
  }
  if (Names.empty())
    return;
  auto Inner = S.Name;
  S.Name = [Inner, Names](Symbol X) {
    auto It = Names.find(X);
    return It != Names.end() ? It->second : Inner(X);
  };
}

} // namespace warplint
