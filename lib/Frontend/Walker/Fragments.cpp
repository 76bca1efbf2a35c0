//===- Fragments.cpp - WMMA fragments' loads and stores -------------------===//
//
// wmma::load_matrix_sync and store_matrix_sync are inlined from the CUDA
// headers (crt/mma.hpp) down to one builtin per fragment kind, which nvcc
// turns into instructions whose lanes' addresses the instruction defines,
// not the source. Measured on the H100 (test/gpu/tensor-core/README.md,
// "WMMA": the SASS of each load and store, which lane holds which element,
// and the wavefronts): with g = lane / 4 and t = lane % 4,
//
// - half A and B of m16n16k16, either layout: one LDSM.x4 (.trans for the
//   transposed ones, which costs the same): four 8x8 matrices of 16-byte
//   rows, ldm elements apart;
// - bf16 A row-major and B column-major (m16n16k16), tf32 A row-major and
//   B column-major (m16n16k8): four 32-bit loads, each lane one word of
//   row g or g + 8 (bf16: elements 2t, 2t + 1 and 8 further; tf32: element
//   t and 4 further);
// - float accumulators: row-major four 64-bit accesses (the pairs (g, 2t),
//   (g, 2t + 1) and 8 rows and 8 columns further), column-major eight
//   32-bit ones; half accumulators row-major four 32-bit ones.
//
// Each instruction is one access at the call of the builtin, the header
// line Nsight Compute counts it on. Other fragments (other shapes, types
// and layouts) were not measured: their accesses are listed, unknown.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

namespace warplint {

using namespace clang;

namespace {

enum class FragmentKind { Unmeasured, MatrixRows, Pairs16, Words32, Accum32 };

struct Fragment {
  FragmentKind Kind = FragmentKind::Unmeasured;
  AccessOp Op = AccessOp::Load;
  unsigned PtrArg = 1; ///< loads: (fragment, pointer, ...); stores swap them
  unsigned ElementBytes = 2;
};

/// What the builtin Name with layout Layout (0 row-major, 1 column-major)
/// does; nullopt when Name is no fragment load or store.
std::optional<Fragment> fragmentOf(llvm::StringRef Name, int64_t Layout) {
  bool Load = Name.contains("_ld_"), Store = Name.contains("_st_");
  if (!(Name.starts_with("__hmma_") || Name.starts_with("__imma_") ||
        Name.starts_with("__bmma_") || Name.starts_with("__mma_") ||
        Name.starts_with("__dmma_")) ||
      !(Load || Store))
    return std::nullopt;
  Fragment F;
  F.Op = Load ? AccessOp::Load : AccessOp::Store;
  F.PtrArg = Load ? 1 : 0;
  if (Name == "__hmma_m16n16k16_ld_a" || Name == "__hmma_m16n16k16_ld_b") {
    F.Kind = FragmentKind::MatrixRows;
  } else if ((Name == "__mma_bf16_m16n16k16_ld_a" && Layout == 0) ||
             (Name == "__mma_bf16_m16n16k16_ld_b" && Layout == 1)) {
    F.Kind = FragmentKind::Pairs16;
  } else if ((Name == "__mma_tf32_m16n16k8_ld_a" && Layout == 0) ||
             (Name == "__mma_tf32_m16n16k8_ld_b" && Layout == 1)) {
    F.Kind = FragmentKind::Words32;
    F.ElementBytes = 4;
  } else if (Name == "__hmma_m16n16k16_ld_c_f32" ||
             Name == "__hmma_m16n16k16_st_c_f32" ||
             Name == "__mma_tf32_m16n16k8_ld_c" ||
             Name == "__mma_m16n16k8_st_c_f32") {
    // tf32's m16n16k8 accumulator has the m16n16k16 one's lane map and
    // instructions (generic 64-bit row-major, 32-bit column-major ones,
    // which cost what shared ones do).
    F.Kind = FragmentKind::Accum32;
    F.ElementBytes = 4;
  } else if ((Name == "__hmma_m16n16k16_ld_c_f16" ||
              Name == "__hmma_m16n16k16_st_c_f16") &&
             Layout == 0) {
    F.Kind = FragmentKind::Pairs16;
  }
  return F;
}

/// One instruction of a fragment: its lane's element (row, column) of the
/// tile and its width.
struct Part {
  Expr Row, Col;
  unsigned Bytes;
};

} // namespace

std::optional<AbsValue>
KernelWalker::evalFragmentBuiltin(const CallExpr *C, llvm::StringRef Name) {
  if (C->getNumArgs() < 3)
    return std::nullopt;
  int64_t Layout = -1;
  if (C->getNumArgs() >= 4)
    if (auto V = C->getArg(3)->getIntegerConstantExpr(Ctx))
      Layout = V->getExtValue();
  std::optional<Fragment> F = fragmentOf(Name, Layout);
  if (!F)
    return std::nullopt;
  const clang::Expr *PtrE = C->getArg(F->PtrArg);
  AbsValue Ptr = eval(PtrE);
  AbsValue Ldm = toInt(eval(C->getArg(2)), C->getArg(2));
  eval(C->getArg(1 - F->PtrArg)); // the fragment
  if (Ptr.K != AbsValue::Kind::Pointer) {
    remark(C->getBeginLoc(),
           "the WMMA fragment access '" + Name.str() +
               "' is not analyzed: its pointer '" + text(PtrE) +
               "' is not known to point into an array or buffer");
    return AbsValue::integer(0);
  }
  // The findings go where the user called load_matrix_sync; the header
  // line the instruction comes from (where Nsight Compute counts it) is
  // kept beside, as for the atomics of the headers.
  auto AtUsersCall = [&](Access &A) {
    if (State.Frames.size() < 2 ||
        !isCudaHeaderFunction(State.Frames.back().Fn))
      return;
    A.InlinedFrom = A.Loc;
    A.Loc = loc(State.Frames.back().CallLoc);
    A.Range = {A.Loc, A.Loc};
    A.Function = functionName(State.Frames[State.Frames.size() - 2].Fn);
    A.CallChain.pop_back();
  };
  Expr Lane = laneIndex();
  Expr G = Expr::binary(ExprKind::Div, Lane, 4);
  Expr T = Expr::binary(ExprKind::Rem, Lane, 4);
  // A column-major accumulator holds the transposed tile: (row, col) is at
  // col * ldm + row. The operands' maps are already in memory's terms.
  bool ColMajor = F->Kind == FragmentKind::Accum32 && Layout == 1;
  std::vector<Part> Parts;
  switch (F->Kind) {
  case FragmentKind::MatrixRows: {
    // Matrix m = lane / 8 is rows (m % 2) * 8 .. + 7 of the 16-byte column
    // chunk m / 2; which lane of a matrix gives which row does not change
    // its cost. Either layout: the rows of memory.
    Expr M = Expr::binary(ExprKind::Div, Lane, 8);
    Expr Row = Expr::binary(ExprKind::Rem, M, 2) * Expr(8) +
               Expr::binary(ExprKind::Rem, Lane, 8);
    Parts.push_back({Row, Expr::binary(ExprKind::Div, M, 2) * Expr(8), 16});
    break;
  }
  case FragmentKind::Pairs16:
    for (auto [R, Col] : {std::pair{0, 0}, {8, 0}, {0, 8}, {8, 8}})
      Parts.push_back({G + Expr(R), T * Expr(2) + Expr(Col), 4});
    break;
  case FragmentKind::Words32:
    for (auto [R, Col] : {std::pair{0, 0}, {8, 0}, {0, 4}, {8, 4}})
      Parts.push_back({G + Expr(R), T + Expr(Col), 4});
    break;
  case FragmentKind::Accum32:
    for (auto [R, Col] : {std::pair{0, 0}, {8, 0}, {0, 8}, {8, 8}}) {
      Expr Row = G + Expr(R), Col0 = T * Expr(2) + Expr(Col);
      if (!ColMajor) {
        Parts.push_back({Row, Col0, 8});
        continue;
      }
      Parts.push_back({Row, Col0, 4});
      Parts.push_back({Row, Col0 + Expr(1), 4});
    }
    break;
  case FragmentKind::Unmeasured:
    break;
  }
  if (Parts.empty()) {
    auto [Begin, End] =
        recordInstruction(C, Ptr, Expr(0), F->Op, F->ElementBytes);
    for (size_t I = Begin; I < End; ++I) {
      AtUsersCall(K.Accesses[I]);
      K.Accesses[I].ByteOffset.reset();
      K.Accesses[I].UnknownReason =
          "which lane of the WMMA fragment of '" + Name.str() + "' (layout " +
          std::to_string(Layout) + ") accesses which address was not measured";
    }
    return AbsValue::integer(0);
  }
  for (const Part &P : Parts) {
    std::optional<Expr> Offset;
    if (Ldm.K == AbsValue::Kind::Int)
      Offset = (ColMajor ? P.Col * Ldm.Int + P.Row : P.Row * Ldm.Int + P.Col) *
               Expr(int64_t(F->ElementBytes));
    auto [Begin, End] =
        recordInstruction(C, Ptr, Offset.value_or(Expr(0)), F->Op, P.Bytes);
    for (size_t I = Begin; I < End; ++I) {
      Access &A = K.Accesses[I];
      AtUsersCall(A);
      if (F->Kind == FragmentKind::MatrixRows)
        A.Rule = Access::LaneRule::MatrixRows;
      if (!Offset && A.ByteOffset) {
        A.ByteOffset.reset();
        A.UnknownReason = "the leading dimension '" + text(C->getArg(2)) +
                          "' of the WMMA fragment (" + Ldm.Reason + ")";
      }
    }
  }
  return AbsValue::integer(0);
}

} // namespace warplint
