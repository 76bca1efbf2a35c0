//===- UnrollMerge.cpp - Accesses of unrolled loops merged ----------------===//
//
// Derived from SASS (docs/hardware-model.md S9 (c), test/lit/compiler-facts/
// unrolled-loops.cu): `for (k = 0; k < 8; ++k) ... c[k]` became two
// LDS.128, k < 64 sixteen, k < 256 a loop of LDS.128 unrolled by 16;
// `m[t * 32 + i] = v` over i < 32 became eight STS.128; loads along the
// outer loop of a nest, and 2-byte elements by fours into LDS.64/STS.64
// (test/gpu/sass-probes/unrolled_merge.cu). `#pragma unroll 1`
// kept the LDS; a runtime bound, a trip count that 4 does not divide (6:
// LDS.128 + LDS.64), an unaligned first element, a store to the array in
// the body (nvcc merges there only when its dependence analysis orders the
// accesses) and a float* global parameter (alignment unknown to nvcc) are
// not modelled as merged.
//
//===----------------------------------------------------------------------===//

#include "Facts/UnrollMerge.h"

#include "Facts/Linear.h"
#include "Facts/SourceMerge.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>

namespace warplint {

std::optional<int64_t> constantTripCount(const Loop &L) {
  if (!L.UnknownReason.empty() || L.Step != Loop::StepKind::Add ||
      L.StepExpr || L.StepValue <= 0)
    return std::nullopt;
  auto Init = L.Init.asConst();
  const Predicate &C = L.Condition;
  if (!Init || C.kind() != PredKind::Cmp)
    return std::nullopt;
  Expr Var = Expr::symbol({SymbolKind::LoopVar, L.Id});
  std::optional<int64_t> Bound;
  bool Inclusive = false;
  if (C.lhs() == Var && (C.cmpKind() == CmpKind::LT || C.cmpKind() == CmpKind::LE)) {
    Bound = C.rhs().asConst();
    Inclusive = C.cmpKind() == CmpKind::LE;
  } else if (C.rhs() == Var &&
             (C.cmpKind() == CmpKind::GT || C.cmpKind() == CmpKind::GE)) {
    Bound = C.lhs().asConst();
    Inclusive = C.cmpKind() == CmpKind::GE;
  }
  if (!Bound)
    return std::nullopt;
  int64_t End = *Bound + (Inclusive ? 1 : 0);
  if (End <= *Init)
    return 0;
  return (End - *Init + L.StepValue - 1) / L.StepValue;
}

namespace {

bool mentions(const std::vector<Symbol> &Syms, Symbol S) {
  for (Symbol X : Syms)
    if (X == S)
      return true;
  return false;
}

bool inLoop(const std::vector<unsigned> &Loops, unsigned Id) {
  for (unsigned L : Loops)
    if (L == Id)
      return true;
  return false;
}

/// Whether something else in loop LoopId keeps A's iterations apart: a
/// store to its memory (for a load), any other access to it (for a store),
/// or a barrier. An access of the same shared object at a constant
/// distance beyond every byte A touches in the loop (Span bytes from A's
/// first iteration) cannot overlap it: two arrays of one struct in the
/// dynamic window (`smem.B[t*4 + i] = ...; smem.C[t*4 + i] = ...;`, 2048
/// bytes apart) were both stored with `st.shared.v4.f32` (PTX of nvcc 13.0
/// -O3, sm_90), and HeCBench ssm's two such stores measured 4 wavefronts
/// per request, ideal 4, on the H200 (docs/hardware-model.md S9 (c),
/// structMembers in test/lit/compiler-facts/unrolled-loops.cu).
bool bodyKeepsApart(const KernelModel &K, const Access &A, unsigned LoopId,
                    int64_t Span) {
  bool Global = K.Objects[A.Object].Space == MemorySpace::Global;
  for (const Access &X : K.Accesses) {
    if (X.Id == A.Id || !inLoop(X.Loops, LoopId))
      continue;
    bool SameMemory = X.Object == A.Object ||
                      (Global && K.Objects[X.Object].Space == MemorySpace::Global);
    if (!SameMemory || (X.Op == AccessOp::Load && A.Op == AccessOp::Load))
      continue;
    // D: X's address less A's, the same in every iteration; X's bytes over
    // the loop lie in [D, D + Span - A.Bytes + X.Bytes) past A's first.
    if (!Global && X.Object == A.Object && X.ByteOffset && A.ByteOffset)
      if (auto D = constantDifference(*A.ByteOffset, *X.ByteOffset);
          D &&
          (*D >= Span || *D + Span - int64_t(A.Bytes) + int64_t(X.Bytes) <= 0))
        continue;
    return true;
  }
  for (const Barrier &B : K.Barriers)
    if (inLoop(B.Loops, LoopId))
      return true;
  return false;
}

} // namespace

namespace {

/// The most loop iterations a merged loop's body may hold (nested loops'
/// trip counts multiplied, sibling loops' added) and still be unrolled
/// whole: 80 in leimao's v04 (two 8-element load loops and an 8x8 product
/// loop in each k iteration; ncu measured LDS.128 along k), 32 in
/// unrolled_merge.cu's outer_f32_k16_r16.
constexpr int64_t MaxInnerIterations = 80;

/// The iterations the loops directly inside loop Outer (or the kernel,
/// for nullopt) run in all, each counting those inside it; nullopt when
/// one of them is not unrolled whole.
std::optional<int64_t> unrolledIterations(const KernelModel &K,
                                          unsigned Outer) {
  int64_t Sum = 0;
  for (const Loop &L : K.Loops) {
    if (L.Parents.empty() || L.Parents.back() != Outer)
      continue;
    auto Trip = constantTripCount(L);
    if (!Trip || (L.UnrollPragma && *L.UnrollPragma != 0 &&
                  int64_t(*L.UnrollPragma) < *Trip))
      return std::nullopt;
    auto Inside = unrolledIterations(K, L.Id);
    if (!Inside)
      return std::nullopt;
    Sum += std::max<int64_t>(*Trip, 1) * std::max<int64_t>(*Inside, 1);
    if (Sum > MaxInnerIterations)
      return std::nullopt;
  }
  return Sum;
}

/// Whether the loops nested in loop Outer are unrolled whole, so that the
/// iterations of Outer are straight-line code next to each other.
bool innerLoopsUnrolled(const KernelModel &K, unsigned Outer) {
  return unrolledIterations(K, Outer).has_value();
}

/// Whether A's memory is stored to inside loop LoopId by another access.
bool storedInLoop(const KernelModel &K, const Access &A, unsigned LoopId) {
  for (const Access &X : K.Accesses)
    if (X.Id != A.Id && X.Object == A.Object && X.Op != AccessOp::Load &&
        inLoop(X.Loops, LoopId))
      return true;
  return false;
}

/// Merges A over loop LoopId when its iterations there are consecutive
/// elements that ptxas can join; true when it did.
bool mergeOver(KernelModel &K, Access &A, unsigned LoopId) {
  const Loop &L = K.Loops[LoopId];
  auto Trip = constantTripCount(L);
  // 2-byte elements are joined by fours into 8 bytes, wider ones into 16
  // (unrolled_merge.cu: LDS.64 for __half, LDS.128 for float and double).
  unsigned Per = A.Bytes == 2 ? 4 : 16 / A.Bytes;
  unsigned Width = Per * A.Bytes;
  if (!Trip || *Trip < Per || *Trip % Per)
    return false;
  // `#pragma unroll N` must leave groups of Per iterations next to each
  // other: 1 keeps the loop, 2 cannot give four.
  if (L.UnrollPragma && *L.UnrollPragma != 0 &&
      (*L.UnrollPragma < Per || *L.UnrollPragma % Per))
    return false;
  Symbol Var{SymbolKind::LoopVar, LoopId};
  auto Lin = linearize(*A.ByteOffset);
  // A guard the model cannot read (data, an exit taken on data) may
  // differ between iterations: a thread that leaves after one iteration
  // cannot take part in a vector access covering the next.
  if (!Lin || mentions(A.Guard.symbols(), Var) || A.Guard.hasUnknown())
    return false;
  // The variable must enter the offset only as Coef * var, with
  // consecutive iterations one element apart, ascending.
  Expr VarE = Expr::symbol(Var);
  int64_t Coef = Lin->coefficient(VarE);
  if (Coef * L.StepValue != int64_t(A.Bytes))
    return false;
  LinearForm Start = *Lin;
  bool Elsewhere = false;
  for (auto It = Start.Terms.begin(); It != Start.Terms.end();) {
    if (It->first == VarE) {
      It = Start.Terms.erase(It);
      continue;
    }
    Elsewhere |= mentions(It->first.symbols(), Var);
    ++It;
  }
  if (Elsewhere)
    return false;
  // The first iteration of each group: var = Init + Per * Step * j.
  Start.Const += Coef * *L.Init.asConst();
  int64_t Multiple =
      std::gcd(Start.knownMultiple(), Coef * L.StepValue * int64_t(Per));
  if (provableAlign(K, A, Multiple) < Width ||
      bodyKeepsApart(K, A, LoopId, Coef * L.StepValue * int64_t(*Trip)))
    return false;
  const char *Verb = A.Op == AccessOp::Store ? "store" : "load";
  A.Emitted.From = Emission::Origin::SourceRule;
  A.Emitted.InstrBytes = Width;
  A.Emitted.UnrolledLoop = LoopId;
  A.Emitted.IterationsPerInstr = Per;
  A.Emitted.Note = "nvcc unrolls the loop of line " +
                   std::to_string(L.Loc.Line) + " and merges this " +
                   std::to_string(A.Bytes) + "-byte " + Verb + " of " +
                   std::to_string(Per) + " consecutive iterations into one " +
                   std::to_string(Width) + "-byte " + Verb;
  return true;
}

} // namespace

void mergeUnrolledLoops(KernelModel &K) {
  for (Access &A : K.Accesses) {
    if (A.Loops.empty() || !A.ByteOffset || A.Volatile ||
        A.Op == AccessOp::Atomic ||
        (A.Bytes != 2 && A.Bytes != 4 && A.Bytes != 8) ||
        !A.Emitted.isAsWritten() ||
        A.Emitted.From != Emission::Origin::AsWritten ||
        A.Object >= K.Objects.size())
      continue;
    // The innermost loop first. ptxas also joins loads of an outer loop
    // whose inner loops it unrolled whole (`v[r] = tile[row + r][k]`, r
    // inner, k outer: LDS.128 over four k); stores only over the
    // innermost loop, where they are consecutive in program order
    // (unrolled_merge.cu: outer stores stayed STS).
    for (size_t I = A.Loops.size(); I-- > 0;) {
      if (A.Loops[I] >= K.Loops.size())
        break;
      bool Innermost = I + 1 == A.Loops.size();
      // Along an outer loop the footprint spans the inner loops too: any
      // store to the object in it may alias another inner iteration.
      if (!Innermost &&
          (A.Op != AccessOp::Load || !innerLoopsUnrolled(K, A.Loops[I]) ||
           storedInLoop(K, A, A.Loops[I])))
        break;
      if (mergeOver(K, A, A.Loops[I]))
        break;
    }
  }
}

} // namespace warplint
