//===- SolveInputs.cpp - When two solves read the same inputs -------------===//

#include "Solve/SolveInputs.h"

#include <functional>
#include <map>
#include <set>

namespace warplint {

namespace {

/// Renumbering of a kernel's loops, opaque values and parameters: the ones
/// a solve reaches, by rank of their id (the order each kind keeps, which
/// is the order the solver's sets of symbols see them in).
struct Ranks {
  std::map<unsigned, unsigned> Loop, Uniform, Param;
  bool Valid = true;

  std::optional<Symbol> of(Symbol S) const {
    const std::map<unsigned, unsigned> *M =
        S.Kind == SymbolKind::LoopVar   ? &Loop
        : S.Kind == SymbolKind::Uniform ? &Uniform
        : S.Kind == SymbolKind::Param   ? &Param
                                        : nullptr;
    if (!M)
      return S;
    auto It = M->find(S.Index);
    if (It == M->end())
      return std::nullopt;
    return Symbol{S.Kind, It->second};
  }
};

/// The loops, opaque values and parameters In's solve reaches: those its
/// address and guard mention, its loops, and, closed over them, what each
/// reached loop's start, condition, step and parents mention.
Ranks reach(const SolveInput &In) {
  const KernelModel &K = *In.Kernel;
  std::set<unsigned> Loops, Uniforms, Params;
  std::vector<unsigned> Work;
  Ranks R;
  auto AddLoop = [&](unsigned Id) {
    if (Id >= K.Loops.size())
      R.Valid = false;
    else if (Loops.insert(Id).second)
      Work.push_back(Id);
  };
  auto Add = [&](const std::vector<Symbol> &Syms) {
    for (Symbol S : Syms) {
      if (S.Kind == SymbolKind::LoopVar)
        AddLoop(S.Index);
      else if (S.Kind == SymbolKind::Uniform) {
        R.Valid &= S.Index < K.Uniforms.size();
        Uniforms.insert(S.Index);
      } else if (S.Kind == SymbolKind::Param) {
        R.Valid &= S.Index < K.Params.size();
        Params.insert(S.Index);
      }
    }
  };
  if (In.Acc->ByteOffset)
    Add(In.Acc->ByteOffset->symbols());
  Add(In.Acc->Guard.symbols());
  for (unsigned Id : In.Acc->Loops)
    AddLoop(Id);
  while (!Work.empty() && R.Valid) {
    const Loop &L = K.Loops[Work.back()];
    Work.pop_back();
    Add(L.Init.symbols());
    Add(L.Condition.symbols());
    if (L.StepExpr)
      Add(L.StepExpr->symbols());
    for (unsigned P : L.Parents)
      AddLoop(P);
  }
  auto Rank = [](const std::set<unsigned> &Ids,
                 std::map<unsigned, unsigned> &To) {
    for (unsigned Id : Ids)
      To.emplace(Id, unsigned(To.size()));
  };
  Rank(Loops, R.Loop);
  Rank(Uniforms, R.Uniform);
  Rank(Params, R.Param);
  return R;
}

/// Two sides, each with its renumbering: structural equality with symbols
/// compared by rank.
struct Pair {
  const Ranks &A, &B;

  bool sym(Symbol X, Symbol Y) const {
    std::optional<Symbol> RX = A.of(X), RY = B.of(Y);
    return RX && RY && *RX == *RY;
  }
  bool expr(const Expr &X, const Expr &Y) const {
    if (X.kind() != Y.kind())
      return false;
    switch (X.kind()) {
    case ExprKind::Const:
      return X.constValue() == Y.constValue();
    case ExprKind::Sym:
      return sym(X.symbolValue(), Y.symbolValue());
    case ExprKind::Select:
      if (!pred(X.cond(), Y.cond()))
        return false;
      [[fallthrough]];
    default:
      return expr(X.lhs(), Y.lhs()) && expr(X.rhs(), Y.rhs());
    }
  }
  bool expr(const std::optional<Expr> &X, const std::optional<Expr> &Y) const {
    return X && Y ? expr(*X, *Y) : !X && !Y;
  }
  bool pred(const Predicate &X, const Predicate &Y) const {
    if (X.kind() != Y.kind() || X.cmpKind() != Y.cmpKind() ||
        X.reason() != Y.reason() ||
        X.unknownDependsOnThread() != Y.unknownDependsOnThread() ||
        X.unknownFromData() != Y.unknownFromData() ||
        X.operands().size() != Y.operands().size())
      return false;
    if (X.kind() == PredKind::Cmp &&
        !(expr(X.lhs(), Y.lhs()) && expr(X.rhs(), Y.rhs())))
      return false;
    for (size_t I = 0; I < X.operands().size(); ++I)
      if (!pred(X.operands()[I], Y.operands()[I]))
        return false;
    return true;
  }
  bool loopIds(const std::vector<unsigned> &X,
               const std::vector<unsigned> &Y) const {
    if (X.size() != Y.size())
      return false;
    for (size_t I = 0; I < X.size(); ++I)
      if (!sym({SymbolKind::LoopVar, X[I]}, {SymbolKind::LoopVar, Y[I]}))
        return false;
    return true;
  }
  bool loop(const Loop &X, const Loop &Y) const {
    return X.VarName == Y.VarName && expr(X.Init, Y.Init) &&
           pred(X.Condition, Y.Condition) && X.Step == Y.Step &&
           X.StepValue == Y.StepValue && expr(X.StepExpr, Y.StepExpr) &&
           loopIds(X.Parents, Y.Parents) &&
           X.UnknownReason == Y.UnknownReason &&
           X.StartIsData == Y.StartIsData && X.UnrollPragma == Y.UnrollPragma &&
           X.RemainderFirstUnroll == Y.RemainderFirstUnroll &&
           X.RemainderLast == Y.RemainderLast && X.VarBits == Y.VarBits &&
           X.VarSigned == Y.VarSigned;
  }
};

bool sameSequence(const std::optional<GeometricSequence> &A,
                  const std::optional<GeometricSequence> &B) {
  if (!A || !B)
    return !A && !B;
  return A->Start == B->Start && A->Divide == B->Divide &&
         A->Factor == B->Factor && A->Bits == B->Bits &&
         A->Signed == B->Signed && A->Name == B->Name;
}

bool sameObject(const MemoryObject &A, const MemoryObject &B) {
  return A.Name == B.Name && A.Space == B.Space &&
         A.ElementType == B.ElementType && A.ElementBytes == B.ElementBytes &&
         A.Extents == B.Extents && A.IsExtern == B.IsExtern &&
         A.LinkerPlaced == B.LinkerPlaced && A.IsParameter == B.IsParameter &&
         A.AlignBytes == B.AlignBytes && A.WindowAddress == B.WindowAddress &&
         A.UsedOutsideSubscripts == B.UsedOutsideSubscripts;
}

/// The launches, their bound parameters compared by rank (a parameter the
/// solve does not reach binds nothing it reads).
bool sameLaunch(const SolveInput &A, const SolveInput &B, const Pair &P) {
  const LaunchConfig &X = *A.Launch, &Y = *B.Launch;
  // Only the reason for a partly run-time shape names the site.
  if ((X.partial() || Y.partial()) && !(X.Site == Y.Site))
    return false;
  auto Bound = [](const LaunchConfig &L, const Ranks &R) {
    std::map<unsigned, int64_t> Out;
    for (const auto &[Id, V] : L.ParamValues)
      if (auto It = R.Param.find(Id); It != R.Param.end())
        Out.emplace(It->second, V);
    return Out;
  };
  return X.Source == Y.Source && X.DeviceSide == Y.DeviceSide &&
         X.UnknownExtents == Y.UnknownExtents && X.Block == Y.Block &&
         X.PartialBlock == Y.PartialBlock && X.Grid == Y.Grid &&
         Bound(X, P.A) == Bound(Y, P.B) &&
         X.DynamicSharedBytes == Y.DynamicSharedBytes &&
         X.RuntimeBlock == Y.RuntimeBlock &&
         X.MoreRuntimeLaunches == Y.MoreRuntimeLaunches &&
         X.NotModelled == Y.NotModelled && X.Refused == Y.Refused &&
         X.MoreRefused == Y.MoreRefused;
}

bool sameEmission(const Emission &A, const Emission &B) {
  return A.MergedInto == B.MergedInto && A.Carries == B.Carries &&
         A.InstrBytes == B.InstrBytes && A.InstrBelow == B.InstrBelow &&
         A.SplitBytes == B.SplitBytes && A.UnrolledLoop == B.UnrolledLoop &&
         A.IterationsPerInstr == B.IterationsPerInstr;
}

/// The access's own inputs but its expressions and loops. For a global
/// access the operation does not change the sectors; for a shared one it
/// picks the bank rule.
bool sameAccessFields(const Access &A, const Access &B, bool Shared) {
  return A.Bytes == B.Bytes && A.TypeAlign == B.TypeAlign && A.Rule == B.Rule &&
         A.BypassL1 == B.BypassL1 && A.UnknownReason == B.UnknownReason &&
         A.AddressFromData == B.AddressFromData &&
         (!Shared ||
          (A.Op == B.Op && A.Field == B.Field &&
           A.AtomicIncrementUnused == B.AtomicIncrementUnused &&
           A.CasLoop == B.CasLoop && A.AtomicFunction == B.AtomicFunction));
}

/// The reached loops, opaque values and parameters of both sides, rank by
/// rank.
bool sameReached(const SolveInput &A, const SolveInput &B, const Pair &P) {
  if (P.A.Loop.size() != P.B.Loop.size() ||
      P.A.Uniform.size() != P.B.Uniform.size() ||
      P.A.Param.size() != P.B.Param.size())
    return false;
  auto ByRank = [](const std::map<unsigned, unsigned> &M) {
    std::vector<unsigned> Ids(M.size());
    for (const auto &[Id, Rank] : M)
      Ids[Rank] = Id;
    return Ids;
  };
  std::vector<unsigned> LA = ByRank(P.A.Loop), LB = ByRank(P.B.Loop);
  for (size_t I = 0; I < LA.size(); ++I)
    if (!P.loop(A.Kernel->Loops[LA[I]], B.Kernel->Loops[LB[I]]))
      return false;
  std::vector<unsigned> UA = ByRank(P.A.Uniform), UB = ByRank(P.B.Uniform);
  for (size_t I = 0; I < UA.size(); ++I) {
    const UniformValue &X = A.Kernel->Uniforms[UA[I]],
                       &Y = B.Kernel->Uniforms[UB[I]];
    if (X.Description != Y.Description || X.PerIteration != Y.PerIteration ||
        !sameSequence(X.Sequence, Y.Sequence))
      return false;
  }
  std::vector<unsigned> PA = ByRank(P.A.Param), PB = ByRank(P.B.Param);
  for (size_t I = 0; I < PA.size(); ++I) {
    const Param &X = A.Kernel->Params[PA[I]], &Y = B.Kernel->Params[PB[I]];
    if (X.Name != Y.Name || X.Type != Y.Type || X.IsPointer != Y.IsPointer)
      return false;
  }
  return true;
}

const MemoryObject *objectOf(const SolveInput &In) {
  return In.Acc->Object < In.Kernel->Objects.size()
             ? &In.Kernel->Objects[In.Acc->Object]
             : nullptr;
}

} // namespace

bool sameSolveInputs(const SolveInput &A, const SolveInput &B) {
  const MemoryObject *OA = objectOf(A), *OB = objectOf(B);
  if (!OA || !OB || !sameObject(*OA, *OB))
    return false;
  bool Shared = OA->Space == MemorySpace::Shared;
  if (!sameAccessFields(*A.Acc, *B.Acc, Shared))
    return false;
  if (A.Kernel == B.Kernel) {
    // One kernel: its symbols are the same on both sides.
    const Access &X = *A.Acc, &Y = *B.Acc;
    return X.Object == Y.Object && X.ByteOffset == Y.ByteOffset &&
           X.Guard == Y.Guard && X.Loops == Y.Loops &&
           sameEmission(X.Emitted, Y.Emitted) && X.CopyPeer == Y.CopyPeer &&
           (A.Launch == B.Launch || sameLaunch(A, B, Pair{reach(A), reach(B)}));
  }
  // A merged or split instruction, or a copy's write, reads other accesses
  // of its kernel.
  if (!A.Acc->Emitted.isAsWritten() || !B.Acc->Emitted.isAsWritten() ||
      A.Acc->CopyPeer || B.Acc->CopyPeer)
    return false;
  Ranks RA = reach(A), RB = reach(B);
  if (!RA.Valid || !RB.Valid)
    return false;
  Pair P{RA, RB};
  return P.expr(A.Acc->ByteOffset, B.Acc->ByteOffset) &&
         P.pred(A.Acc->Guard, B.Acc->Guard) &&
         P.loopIds(A.Acc->Loops, B.Acc->Loops) && sameReached(A, B, P) &&
         sameLaunch(A, B, P);
}

size_t solveInputHash(const SolveInput &In) {
  // What renumbering leaves alone: the shape of the address and guard
  // (their depth), the width, the object and the block.
  size_t Out = In.Acc->ByteOffset ? In.Acc->ByteOffset->depth() : 0;
  Out = Out * 31 + In.Acc->Guard.depth();
  Out = Out * 31 + In.Acc->Loops.size();
  Out = Out * 31 + In.Acc->Bytes;
  if (const MemoryObject *O = objectOf(In))
    Out = Out * 31 + std::hash<std::string>()(O->Name);
  if (In.Launch->Block)
    Out = Out * 31 + size_t(In.Launch->Block->threads());
  return Out;
}

} // namespace warplint
