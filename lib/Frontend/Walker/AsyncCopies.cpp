//===- AsyncCopies.cpp - libcu++'s memcpy_async as the cp.async it is -----===//
//
// `cuda::memcpy_async(dst, src, cuda::aligned_size_t<A>(S), pipe)`, issued
// by one thread with a cuda::pipeline, copies S bytes from global to
// shared memory. When S equals A and is 4, 8 or 16, libcu++ makes it one
// cp.async of S bytes, .cg for 16 and .ca otherwise
// (cuda/__memcpy_async/cp_async_shared_global.h), which nvcc inlines with
// the header's line: Nsight Compute counts the LDGSTS there (cuda-samples'
// bf16 and tf32 TensorCoreGemm async copies, test/gpu/real/tensor-core).
// The access is one cp.async like the inline PTX's (InlineAsm.cpp): the
// LDGSTS rules cost both sides. Other forms (a group's copy shared among
// its threads, a size whose alignment the library checks at run time) keep
// the remark that they are not followed.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/DeclTemplate.h"

namespace warplint {

using namespace clang;

namespace {

/// A of `cuda::aligned_size_t<A>`; nullopt for any other type.
std::optional<uint64_t> alignedSizeAlignment(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "aligned_size_t" ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
}

/// The size an aligned_size_t expression holds when it is a constant: the
/// expression itself, or the initializer of the const variable it names
/// (`const auto shape = cuda::aligned_size_t<16>(16);`).
std::optional<uint64_t> alignedSizeValue(const clang::Expr *E,
                                         const ASTContext &Ctx) {
  E = E->IgnoreImplicit();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (V->getType().isConstQualified() && V->getInit())
        E = V->getInit()->IgnoreImplicit();
  clang::Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || !R.Val.isStruct() ||
      R.Val.getStructNumFields() < 1 || !R.Val.getStructField(0).isInt())
    return std::nullopt;
  return R.Val.getStructField(0).getInt().getZExtValue();
}

} // namespace

std::optional<SourceLoc>
KernelWalker::asyncCopyStatement(const FunctionDecl *MemcpyAsync,
                                 uint64_t Bytes) const {
  // libcu++'s cp.async wrapper, a template on the copy size with its own
  // specialization for 16 bytes, in the namespace of memcpy_async.
  IdentifierInfo &Name = Ctx.Idents.get("__cp_async_shared_global");
  for (const DeclContext *DC =
           MemcpyAsync->getDeclContext()->getEnclosingNamespaceContext();
       DC && !DC->isTranslationUnit(); DC = DC->getParent()) {
    for (const NamedDecl *D : DC->lookup(&Name)) {
      const auto *Template = dyn_cast<FunctionTemplateDecl>(D);
      if (!Template)
        continue;
      const FunctionDecl *Use = Template->getTemplatedDecl();
      for (const FunctionDecl *Spec : Template->specializations()) {
        const TemplateArgumentList *Args =
            Spec->getTemplateSpecializationArgs();
        if (Args && Args->size() == 1 &&
            (*Args)[0].getKind() == TemplateArgument::Integral &&
            (*Args)[0].getAsIntegral() == Bytes &&
            Spec->doesThisDeclarationHaveABody())
          Use = Spec;
      }
      if (auto Where = wrapperStatementOf(Use))
        return Where;
    }
  }
  return std::nullopt;
}

std::optional<AbsValue> KernelWalker::evalAsyncCopy(const CallExpr *C,
                                                    const FunctionDecl *F) {
  // The form one thread issues with a pipeline: (dst, src, size, pipe).
  // With a barrier in shared memory libcu++ chooses cp.async.bulk for 16
  // aligned bytes on sm_90 (cuda/__memcpy_async/dispatch_memcpy_async.h),
  // which this does not model.
  if (C->getNumArgs() != 4 || F->getNumParams() != 4 ||
      !F->getParamDecl(0)->getType()->isPointerType() ||
      !F->getParamDecl(1)->getType()->isPointerType())
    return std::nullopt;
  const auto *Sync =
      C->getArg(3)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!Sync || Sync->getName() != "pipeline")
    return std::nullopt;
  const clang::Expr *SizeArg = C->getArg(2);
  std::optional<uint64_t> Align = alignedSizeAlignment(SizeArg->getType());
  // libcu++ aligns to the larger of the element's alignment and the size's.
  QualType Elem = F->getParamDecl(0)->getType()->getPointeeType();
  if (Align && !Elem->isIncompleteType() && !Elem->isVoidType() &&
      uint64_t(Ctx.getTypeAlignInChars(Elem).getQuantity()) > *Align)
    Align = Ctx.getTypeAlignInChars(Elem).getQuantity();
  std::optional<uint64_t> Size =
      Align ? alignedSizeValue(SizeArg, Ctx) : std::nullopt;
  if (!Size || *Size != *Align || (*Size != 4 && *Size != 8 && *Size != 16))
    return std::nullopt;
  AbsValue Dst = eval(C->getArg(0));
  AbsValue Src = eval(C->getArg(1));
  if (Dst.K != AbsValue::Kind::Pointer || Src.K != AbsValue::Kind::Pointer ||
      K.Objects[Dst.Object].Space != MemorySpace::Shared ||
      K.Objects[Src.Object].Space != MemorySpace::Global)
    return std::nullopt;
  unsigned Bytes = unsigned(*Size);
  std::optional<SourceLoc> Header = asyncCopyStatement(F, Bytes);
  auto Mark = [&](std::pair<size_t, size_t> Range) {
    for (size_t I = Range.first; I < Range.second; ++I) {
      Access &A = K.Accesses[I];
      A.Range = range(C->getSourceRange());
      A.Loc = loc(C->getBeginLoc());
      A.Ptx = Bytes == 16 ? "cp.async.cg.shared.global"
                          : "cp.async.ca.shared.global";
      A.Rule = Access::LaneRule::AsyncCopy;
      A.BypassL1 = Bytes == 16;
      A.InlinedFrom = Header;
    }
    return Range;
  };
  auto [SrcBegin, SrcEnd] = Mark(
      recordInstruction(C->getArg(1), Src, Expr(0), AccessOp::Load, Bytes));
  auto [DstBegin, DstEnd] = Mark(
      recordInstruction(C->getArg(0), Dst, Expr(0), AccessOp::Store, Bytes));
  if (SrcEnd > SrcBegin && DstEnd > DstBegin) {
    for (size_t I = DstBegin; I < DstEnd; ++I)
      K.Accesses[I].CopyPeer = K.Accesses[SrcBegin].Id;
    K.Accesses[SrcBegin].CopyPeer = K.Accesses[DstBegin].Id;
  }
  return AbsValue::unknown("the result of '" + text(C) + "'", false);
}

} // namespace warplint
