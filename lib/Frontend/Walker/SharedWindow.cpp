//===- SharedWindow.cpp - Where shared arrays lie in the window -----------===//
//
// Tensor-core code swizzles the absolute shared-window address it gives
// ldmatrix (`a ^ ((a & 0x380) >> 3)`, `a ^= 16`). That is a function of the
// offset into the array alone when the array's window address is a multiple
// of a power of two above every bit the operation reads or writes. Measured
// on sm_90 (test/gpu/tensor-core/shared_base.txt): the first 1 KB of a
// block's window is reserved; a kernel's static shared arrays start at
// 0x400; dynamic shared memory follows them at a multiple of 16, at 0x400
// itself when there are none. So an array that is the kernel's only static
// one, or dynamic memory with no static array beside it, lies at 1024 (any
// operation on its address is one on 1024 + offset); any other array at a
// multiple of its declared alignment (16 at least for dynamic memory).
// Arrays the device linker places (-rdc) were not measured.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

namespace warplint {

using namespace clang;

namespace {

/// The static __shared__ variables a kernel and the functions it calls
/// refer to (an unreferenced one takes no room).
class StaticShared : public RecursiveASTVisitor<StaticShared> {
public:
  std::set<const VarDecl *> Found;
  std::set<const FunctionDecl *> Seen;

  void walk(const FunctionDecl *F) {
    if (!F || !Seen.insert(F).second)
      return;
    if (const FunctionDecl *Def = F->getDefinition())
      if (Def->getBody())
        TraverseStmt(Def->getBody());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (V->hasAttr<CUDASharedAttr>() && !V->hasExternalStorage())
        Found.insert(V);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    walk(C->getDirectCallee());
    return true;
  }
  // Constructors and operators of class types used in the kernel.
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    walk(C->getConstructor());
    return true;
  }
};

} // namespace

size_t KernelWalker::staticSharedCount() {
  if (!StaticSharedCount) {
    StaticShared Scan;
    Scan.walk(KernelDecl);
    StaticSharedCount = Scan.Found.size();
  }
  return *StaticSharedCount;
}

std::optional<int64_t> KernelWalker::windowBase(unsigned Obj) {
  const MemoryObject &O = K.Objects[Obj];
  if (O.Space != MemorySpace::Shared || O.LinkerPlaced)
    return std::nullopt;
  constexpr int64_t WindowStart = 1024;
  if (O.IsExtern ? staticSharedCount() == 0 : staticSharedCount() == 1)
    return WindowStart;
  return std::nullopt;
}

int64_t KernelWalker::windowAlignment(unsigned Obj) {
  const MemoryObject &O = K.Objects[Obj];
  if (O.Space != MemorySpace::Shared)
    return 0;
  if (auto Base = windowBase(Obj))
    return *Base & -*Base;
  return O.IsExtern ? std::max<int64_t>(16, O.AlignBytes) : O.AlignBytes;
}

} // namespace warplint
