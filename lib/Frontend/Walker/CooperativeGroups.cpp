//===- CooperativeGroups.cpp - What cooperative groups' queries return ----===//
//
// Modern CUDA code asks cooperative groups for thread indices instead of
// reading threadIdx: `cta.thread_rank() == 0`, `tile.thread_rank()`,
// `tile.meta_group_rank()`. The group's kind is in the static type of the
// object (thread_block, thread_block_tile<N>, grid_group), and each query is
// a fixed function of the built-in indices (CUDA Programming Guide,
// "Cooperative Groups"):
//
//   thread_block:          thread_rank = tx + ty*bdx + tz*bdx*bdy
//                          size = num_threads = bdx*bdy*bdz
//   thread_block_tile<N>:  thread_rank = block rank % N, size = N,
//                          meta_group_rank = block rank / N,
//                          meta_group_size = ceil(block size / N)
//   grid_group:            block_rank = bx + by*gdx + bz*gdx*gdy
//                          thread_rank = block_rank * block size + block rank
//                          size = num_threads = grid blocks * block size
//
// The products of blockDim with threadIdx become affine once the solver
// binds the launch shape. Tiles partitioned with a runtime size
// (thread_group) and coalesced groups (data-dependent membership) stay
// opaque.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace warplint {

using namespace clang;

bool inCooperativeGroupsNamespace(const DeclContext *DC) {
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "cooperative_groups")
        return true;
  return false;
}

namespace {

Expr sym(SymbolKind K, unsigned I) { return Expr::symbol(K, I); }

/// The block's thread count.
Expr blockSize() {
  return sym(SymbolKind::BlockDim, 0) * sym(SymbolKind::BlockDim, 1) *
         sym(SymbolKind::BlockDim, 2);
}
Expr gridBlockRank() {
  Expr Gx = sym(SymbolKind::GridDim, 0), Gy = sym(SymbolKind::GridDim, 1);
  return sym(SymbolKind::BlockIdx, 0) + sym(SymbolKind::BlockIdx, 1) * Gx +
         sym(SymbolKind::BlockIdx, 2) * Gx * Gy;
}
Expr gridBlocks() {
  return sym(SymbolKind::GridDim, 0) * sym(SymbolKind::GridDim, 1) *
         sym(SymbolKind::GridDim, 2);
}

} // namespace

Expr KernelWalker::blockRank() {
  Expr Bx = sym(SymbolKind::BlockDim, 0), By = sym(SymbolKind::BlockDim, 1);
  return Expr::threadIdx(0) + Expr::threadIdx(1) * Bx +
         Expr::threadIdx(2) * Bx * By;
}

std::optional<AbsValue>
KernelWalker::evalCooperativeGroups(const CallExpr *C, const FunctionDecl *F) {
  if (!inCooperativeGroupsNamespace(F->getDeclContext()))
    return std::nullopt;
  // The group object: `g.f()` calls a member, or a static member through
  // the object (CUDA 13's thread_block::thread_rank is static).
  const clang::Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
    Obj = MC->getImplicitObjectArgument();
  else if (const auto *M =
               dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts()))
    Obj = M->getBase();
  if (!Obj)
    return std::nullopt;
  // The object's own type, before the conversion to the base class that
  // declares the method (thread_block_tile<32> -> its single-warp base).
  QualType T = Obj->IgnoreParenImpCasts()->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  llvm::StringRef Group = RD->getName(), Query = F->getName();
  if (!F->getIdentifier())
    return std::nullopt;
  // The object is evaluated for its accesses only (a group has none).
  eval(Obj);

  if (Group == "thread_block") {
    if (Query == "thread_rank")
      return AbsValue::integer(KernelWalker::blockRank());
    if (Query == "size" || Query == "num_threads")
      return AbsValue::integer(blockSize());
    return std::nullopt;
  }
  if (Group == "thread_block_tile") {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
    if (!Spec || Spec->getTemplateArgs().size() < 1 ||
        Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    int64_t N = Spec->getTemplateArgs()[0].getAsIntegral().getExtValue();
    if (N <= 0)
      return std::nullopt;
    if (Query == "thread_rank")
      return AbsValue::integer(
          Expr::binary(ExprKind::Rem, KernelWalker::blockRank(), N));
    if (Query == "size" || Query == "num_threads")
      return AbsValue::integer(N);
    if (Query == "meta_group_rank")
      return AbsValue::integer(
          Expr::binary(ExprKind::Div, KernelWalker::blockRank(), N));
    if (Query == "meta_group_size")
      return AbsValue::integer(
          Expr::binary(ExprKind::Div, blockSize() + Expr(N - 1), N));
    return std::nullopt;
  }
  if (Group == "grid_group") {
    if (Query == "block_rank")
      return AbsValue::integer(gridBlockRank());
    if (Query == "thread_rank")
      return AbsValue::integer(gridBlockRank() * blockSize() +
                               KernelWalker::blockRank());
    if (Query == "size" || Query == "num_threads")
      return AbsValue::integer(gridBlocks() * blockSize());
    if (Query == "num_blocks")
      return AbsValue::integer(gridBlocks());
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace warplint
