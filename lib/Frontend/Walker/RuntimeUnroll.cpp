//===- RuntimeUnroll.cpp - How nvcc unrolls a loop of run-time trip count -===//
//---===//
//
// Measured with nvcc 13.0 -O3 for sm_90 (SASS of the kernels of
// test/gpu/sass-probes/runtime_unroll.cu and reduction_unroll.cu,
// docs/hardware-model.md S9 (h)): a step added in a signed type, constant
// (`i += 256`, `+= 40`, `+= 32`) or not (`int step = blockDim.x; i +=
// step`, `i += (int)blockDim.x`, a parameter, `int threads = blockDim.x *
// blockDim.y`), is unrolled by 4 with a remainder loop before the unrolled
// one, whatever the body (a store, a load and a store, 12 FMAs, a
// reduction into a register). A step only known at run time and added in
// an unsigned type (`i += blockDim.x`, the grid stride `i += blockDim.x *
// gridDim.x`, an unsigned variable) is not unrolled, nor is a loop with
// `#pragma unroll 1`; a constant step added in unsigned is unrolled by 4
// with the remainder last (2 copies, then 1), the first iteration peeled
// as well for an unsigned variable. LLVM never unrolls a
// loop of unknown trip count whose body holds a convergent operation (a
// barrier, a vote, a shuffle).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/RuntimeUnroll.h"

#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace warplint {

namespace {

using namespace clang;

/// What in a loop body decides nvcc's unrolling: convergent operations,
/// also in the user functions it calls (nvcc inlines them), and calls
/// whose bodies are not shown.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  bool Convergent = false;
  bool OpaqueCall = false;

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F) {
      OpaqueCall = true;
      return true;
    }
    llvm::StringRef Name = F->getIdentifier() ? F->getName() : "";
    if (Name.starts_with("__sync") || Name.starts_with("__shfl") ||
        Name.starts_with("__ballot") || Name.starts_with("__any") ||
        Name.starts_with("__all") || Name.starts_with("__match") ||
        Name.starts_with("__reduce") || Name.starts_with("__activemask") ||
        Name.starts_with("__barrier") || Name == "sync" ||
        Name.starts_with("shfl") || Name == "ballot" || Name == "any" ||
        Name == "all" || Name.contains("wait")) {
      Convergent = true;
      return true;
    }
    // CUDA header functions are math and memory intrinsics; a user
    // function may hold a barrier: its body is scanned too.
    if (isCudaHeaderFunction(F))
      return true;
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || !Def || Depth >= 8) {
      OpaqueCall = true;
      return true;
    }
    if (Seen.insert(Def).second) {
      ++Depth;
      TraverseStmt(Def->getBody());
      --Depth;
    }
    return true;
  }

private:
  unsigned Depth = 0;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
};

/// A step other than 1 or -1 added in an unsigned type.
bool unsignedStride(const Loop &L) {
  return L.StepUnsigned &&
         (L.StepExpr || (L.StepValue != 1 && L.StepValue != -1));
}

} // namespace

UnrollBodyFacts scanUnrollFacts(const clang::Stmt *Body) {
  BodyScan Scan;
  if (Body)
    Scan.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return {Scan.Convergent, Scan.OpaqueCall};
}

static std::optional<unsigned>
remainderFirstUnroll(const Loop &L, const UnrollBodyFacts &Scan) {
  if (L.UnrollPragma == 1u)
    return 1u;
  if (Scan.Convergent)
    return 1u;
  if (L.Step != Loop::StepKind::Add || Scan.OpaqueCall)
    return std::nullopt;
  if (L.UnrollPragma) // `#pragma unroll N` keeps N; bare: not measured
    return *L.UnrollPragma ? L.UnrollPragma : std::nullopt;
  // Added in unsigned: a step only known at run time keeps the loop; a
  // constant one is unrolled by 4 with the remainder last
  // (remainderLastUnroll) when the variable is signed, and with the first
  // iteration peeled as well when it is unsigned, which is not modelled. A
  // step of 1 (`unsigned k; ++k`) is unrolled as a signed one is.
  if (unsignedStride(L))
    return L.StepExpr    ? std::optional(1u)
           : L.VarSigned ? std::optional(4u)
                         : std::nullopt;
  return 4u;
}

void setRuntimeUnroll(Loop &L, const UnrollBodyFacts &Body) {
  L.RemainderFirstUnroll = remainderFirstUnroll(L, Body);
  // remainderFirstUnroll's 4 for an unsigned constant step on a signed
  // variable is the remainder-last scheme.
  L.RemainderLast = L.RemainderFirstUnroll > 1u && !L.UnrollPragma &&
                    unsignedStride(L) && !L.StepExpr;
}

} // namespace warplint
