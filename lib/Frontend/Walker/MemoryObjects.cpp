//===- MemoryObjects.cpp - Memory objects and recorded accesses -----------===//
//
// Objects are created the first time a kernel uses them: __shared__
// variables (static or extern), __device__ globals, and pointer kernel
// parameters (global buffers, 256-byte aligned as cudaMalloc returns them).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"
#include "Frontend/Walker/WrittenSum.h"

#include "clang/AST/Attr.h"
#include "clang/AST/TypeLoc.h"

#include <algorithm>

namespace warplint {

using namespace clang;

namespace {

/// The innermost (last written) array extent of a declarator: "33" in
/// `float a[4][33]`.
const clang::Expr *lastExtent(const VarDecl *VD) {
  const TypeSourceInfo *TSI = VD->getTypeSourceInfo();
  if (!TSI)
    return nullptr;
  const clang::Expr *Last = nullptr;
  TypeLoc TL = TSI->getTypeLoc();
  while (TL) {
    if (auto A = TL.getAs<ArrayTypeLoc>()) {
      if (const clang::Expr *Size = A.getSizeExpr())
        Last = Size;
      TL = A.getElementLoc();
      continue;
    }
    TypeLoc Next = TL.getNextTypeLoc();
    if (!Next || Next == TL)
      break;
    TL = Next;
  }
  return Last;
}

/// The alignment the types at an access promise nvcc (Access::TypeAlign):
/// that of the outermost struct or vector whose fields E reads (float2 for
/// `p[i].y`), else that of the accessed type.
unsigned typeAlign(ASTContext &Ctx, const clang::Expr *E, QualType Accessed) {
  auto AlignOf = [&](QualType T) -> unsigned {
    if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
        T->isVoidType())
      return 0;
    return Ctx.getTypeAlignInChars(T).getQuantity();
  };
  unsigned Align = AlignOf(Accessed);
  const clang::Expr *Base = E ? E->IgnoreParenImpCasts() : nullptr;
  while (const auto *M = dyn_cast_or_null<MemberExpr>(Base)) {
    QualType T = M->getBase()->getType();
    if (M->isArrow())
      T = T->getPointeeType();
    Align = std::max(Align, AlignOf(T));
    if (M->isArrow())
      break;
    Base = M->getBase()->IgnoreParenImpCasts();
  }
  return Align;
}

} // namespace

std::optional<unsigned> KernelWalker::objectFor(const ValueDecl *D) {
  if (!D)
    return std::nullopt;
  if (auto It = ObjectIds.find(D); It != ObjectIds.end())
    return It->second;
  MemoryObject O;
  QualType T = D->getType();
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return std::nullopt;
  bool IsParam = paramIndex(D).has_value();
  if (IsParam) {
    if (!T->isPointerType())
      return std::nullopt;
    O.Space = MemorySpace::Global;
    O.IsParameter = true;
    O.AlignBytes = 256;
    T = T->getPointeeType();
  } else if (VD->hasAttr<CUDASharedAttr>()) {
    O.Space = MemorySpace::Shared;
    O.IsExtern = VD->hasExternalStorage();
    O.LinkerPlaced =
        !O.IsExtern && Opts.RelocatableDeviceCode.value_or(
                           Ctx.getLangOpts().GPURelocatableDeviceCode);
  } else if (VD->hasAttr<CUDADeviceAttr>() && VD->hasGlobalStorage() &&
             !VD->hasAttr<CUDAConstantAttr>() && !T.isConstQualified()) {
    O.Space = MemorySpace::Global;
    O.AlignBytes = Ctx.getDeclAlign(VD).getQuantity();
  } else {
    return std::nullopt;
  }
  O.Name = D->getName().str();
  // Peel the array dimensions, outermost first.
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CA = dyn_cast<ConstantArrayType>(AT))
      O.Extents.push_back(CA->getSize().getSExtValue());
    else
      O.Extents.push_back(0);
    T = AT->getElementType();
  }
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressTagKeyword = true;
  O.ElementType = T.getUnqualifiedType().getAsString(PP);
  if (!T->isIncompleteType() && !T->isVoidType())
    O.ElementBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  else
    O.ElementBytes = 1;
  if (O.Space == MemorySpace::Shared && O.AlignBytes == 0)
    O.AlignBytes = Ctx.getDeclAlign(VD).getQuantity();
  O.DeclLoc = loc(VD->getLocation());
  if (const clang::Expr *Last = IsParam ? nullptr : lastExtent(VD)) {
    O.LastExtentRange = range(Last->getSourceRange());
    if (auto Factors = writtenProduct(Ctx, Last))
      O.LastExtentFactors = std::move(*Factors);
  }
  unsigned Id = K.Objects.size();
  K.Objects.push_back(std::move(O));
  ObjectIds[D] = Id;
  return Id;
}

void KernelWalker::noteOutsideUse(unsigned Obj, SourceLocation L,
                                  const std::string &How) {
  if (Obj >= K.Objects.size())
    return;
  MemoryObject &O = K.Objects[Obj];
  if (O.UsedOutsideSubscripts)
    return;
  O.UsedOutsideSubscripts = true;
  O.OutsideUseNote = How + " at " + locString(Ctx, L);
}

void KernelWalker::notePointerEscape(const AbsValue &V, const clang::Expr *E,
                                     const std::string &How) {
  if (V.K == AbsValue::Kind::Pointer)
    noteOutsideUse(V.Object, E->getBeginLoc(),
                   "its address is " + How);
}

void KernelWalker::notePointerConversion(const AbsValue &V,
                                         const clang::Expr *E) {
  if (!V.atSite())
    notePointerEscape(V, E, "converted to an integer");
}

std::shared_ptr<const AddressSite>
KernelWalker::addressSite(const LValue &LV) {
  if (LV.K != LValue::Kind::Memory || !LV.Chain || !LV.Field.empty() ||
      LV.Ptr.K != AbsValue::Kind::Pointer || LV.Ptr.Derived ||
      !LV.Ptr.Offset || !LV.Ptr.AlsoObjects.empty() ||
      LV.Ptr.Object >= K.Objects.size())
    return nullptr;
  const MemoryObject &O = K.Objects[LV.Ptr.Object];
  if (O.Extents.size() < 2 || LV.Subscripts.size() != O.Extents.size() ||
      LV.SubscriptValues.size() != O.Extents.size())
    return nullptr;
  auto Site = std::make_shared<AddressSite>();
  for (size_t I = 0; I < LV.Subscripts.size(); ++I) {
    if (!LV.SubscriptValues[I])
      return nullptr;
    Site->Indices.push_back(*LV.SubscriptValues[I]);
    Site->Ranges.push_back(range(LV.Subscripts[I]->getSourceRange()));
  }
  Site->Offset = *LV.Ptr.Offset;
  return Site;
}

void KernelWalker::recordAccess(const LValue &LV, const clang::Expr *E,
                                AccessOp Op, QualType AccessType) {
  if (LV.K != LValue::Kind::Memory || LV.Ptr.K != AbsValue::Kind::Pointer)
    return;
  if (State.CapReached)
    return;
  if (K.Accesses.size() >= Opts.MaxAccessesPerKernel) {
    State.CapReached = true;
    remark(E->getBeginLoc(),
           "more than " + std::to_string(Opts.MaxAccessesPerKernel) +
               " accesses in this kernel; the rest are not analyzed");
    return;
  }
  const MemoryObject &O = K.Objects[LV.Ptr.Object];
  Access A;
  A.Id = K.Accesses.size();
  A.Range = range(E->getSourceRange());
  A.Loc = instructionLoc(Ctx, E, A.Range);
  A.Function = functionName(State.Frames.back().Fn);
  for (size_t I = 1; I < State.Frames.size(); ++I)
    A.CallChain.push_back(
        {functionName(State.Frames[I].Fn), loc(State.Frames[I].CallLoc)});
  A.Object = LV.Ptr.Object;
  A.Op = Op;
  AccessType = AccessType.getNonReferenceType();
  if (!AccessType.isNull() && !AccessType->isIncompleteType() &&
      !AccessType->isVoidType())
    A.Bytes = Ctx.getTypeSizeInChars(AccessType).getQuantity();
  else
    A.Bytes = O.ElementBytes;
  // The load's type may be the rvalue's, which drops the qualifier.
  A.Volatile = (!AccessType.isNull() && AccessType.isVolatileQualified()) ||
               (E && E->IgnoreParenImpCasts()->getType().isVolatileQualified());
  A.TypeAlign = typeAlign(Ctx, E, AccessType);
  bool ZeroLength = !O.IsExtern && !O.Extents.empty() &&
                    std::find(O.Extents.begin(), O.Extents.end(), 0) !=
                        O.Extents.end();
  if (ZeroLength)
    A.UnknownReason = "'" + O.Name + "' is a zero-length array";
  else if (LV.Ptr.Offset)
    A.ByteOffset = *LV.Ptr.Offset;
  else {
    A.UnknownReason = "the address depends on " + LV.Ptr.Reason;
    A.AddressFromData = LV.Ptr.Data;
  }
  A.Guard = currentGuard();
  A.Loops = State.LoopStack;
  if (O.Extents.size() > 1 && LV.Chain)
    for (const clang::Expr *S : LV.Subscripts)
      A.SubscriptRanges.push_back(range(S->getSourceRange()));
  // A one-dimensional array's subscript as written: a named stride in it
  // (s[r * W + c]) lets the fix pad the rows it makes (Fix/StrideView.h).
  if (O.Extents.size() == 1 && LV.Chain && LV.Subscripts.size() == 1)
    if (auto Sum = writtenSum(Ctx, LV.Subscripts.front());
        Sum && Sum->size() <= 2)
      A.WrittenIndex = std::move(*Sum);
  // Field and vector-element accesses keep the subscripts of their base.
  if (LV.Subscripts.size() == O.Extents.size() &&
      LV.SubscriptValues.size() == O.Extents.size() && !LV.Ptr.Derived &&
      std::all_of(LV.SubscriptValues.begin(), LV.SubscriptValues.end(),
                  [](const std::optional<Expr> &V) { return V.has_value(); })) {
    for (const std::optional<Expr> &V : LV.SubscriptValues)
      A.SubscriptIndices.push_back(*V);
    if (!LV.Chain && O.Extents.size() > 1)
      for (const clang::Expr *S : LV.Subscripts)
        A.SubscriptRanges.push_back(range(S->getSourceRange()));
  }
  A.Field = LV.Field;
  // Through the address of a subscripted element, at that very address: the
  // element's subscripts are the access's (a layout fix moves the bytes
  // read from there as a whole, Access::ThroughAddress).
  bool AtSite = LV.Field.empty() && LV.Ptr.atSite() &&
                LV.Ptr.Site->Indices.size() == O.Extents.size();
  if (AtSite) {
    A.SubscriptIndices = LV.Ptr.Site->Indices;
    A.SubscriptRanges = LV.Ptr.Site->Ranges;
    A.ThroughAddress = true;
  } else if (O.Extents.size() > 1 && (LV.Ptr.Derived || !LV.Chain) &&
             LV.Field.empty()) {
    noteOutsideUse(A.Object, E->getBeginLoc(),
                   "accessed through a pointer derived from it");
  }
  // A pointer that may point into several objects: the same access, once
  // per object, with the same unknown address.
  std::vector<Access> Others;
  for (unsigned Obj : LV.Ptr.AlsoObjects) {
    if (K.Accesses.size() + 1 + Others.size() >= Opts.MaxAccessesPerKernel)
      break;
    Access B = A;
    B.Id = A.Id + 1 + Others.size();
    B.Object = Obj;
    Others.push_back(std::move(B));
  }
  K.Accesses.push_back(std::move(A));
  for (Access &B : Others)
    K.Accesses.push_back(std::move(B));
}

} // namespace warplint
