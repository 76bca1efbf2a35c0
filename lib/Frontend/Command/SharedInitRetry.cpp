//===- SharedInitRetry.cpp - Instances clang drops for a __shared__ ctor --===//
//
// clang's check (SemaCUDA::checkAllowedInitializer) accepts a __shared__
// object whose default constructor and destructor are trivial. Taking the
// rejected types' ones as trivial while a dropped instance is instantiated
// again gives the body nvcc compiles: the object declared, no initializer
// run, every statement kept.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Command/SharedInitRetry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <vector>

namespace warplint {

using namespace clang;

bool isDroppedInstance(const FunctionDecl *F) {
  if (F->doesThisDeclarationHaveABody() && !F->isInvalidDecl())
    return false;
  const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
  return F->isTemplateInstantiation() && Pattern &&
         Pattern->doesThisDeclarationHaveABody() &&
         (F->isUsed() || F->getTemplateSpecializationKind() ==
                             TSK_ExplicitInstantiationDefinition);
}

namespace {

class DroppedInstances : public RecursiveASTVisitor<DroppedInstances> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  std::vector<FunctionDecl *> Found;

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (isDroppedInstance(F))
      Found.push_back(F);
    return true;
  }
};

/// The __shared__ variables a function body declares (or, traversing a
/// translation unit, every one of its function bodies).
class SharedVars : public RecursiveASTVisitor<SharedVars> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  std::vector<VarDecl *> Found;

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>())
      Found.push_back(V);
    return true;
  }
};

/// The class an object of type T is made of (an array's element), when it
/// does not depend on template parameters.
CXXRecordDecl *objectClass(QualType T) {
  while (const ArrayType *A = T->getAsArrayTypeUnsafe())
    T = A->getElementType();
  if (T->isDependentType())
    return nullptr;
  CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() ? RD->getDefinition() : nullptr;
}

/// A class named as diagnostics name it (with template arguments), the same
/// in every parse of the file.
std::string className(const CXXRecordDecl *RD) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  RD->getNameForDiagnostic(OS, RD->getASTContext().getPrintingPolicy(),
                           /*Qualified=*/true);
  return Name;
}

/// The special members taken as trivial for a retry, put back as clang
/// declared them when it ends.
class TrivialForNow {
public:
  ~TrivialForNow() {
    for (CXXMethodDecl *M : Taken)
      M->setTrivial(false);
  }
  void take(CXXMethodDecl *M) {
    if (!M || M->isTrivial())
      return;
    Taken.push_back(M);
    M->setTrivial(true);
  }

private:
  std::vector<CXXMethodDecl *> Taken;
};

/// The classes of F's __shared__ objects that clang rejected, or false when
/// one of them is not known. The failed instantiation leaves its
/// declarations in F (with the instance's types); the pattern has the
/// others, where they do not depend on the template's parameters.
bool rejectedClasses(FunctionDecl *F, llvm::ArrayRef<SourceLocation> Errors,
                     llvm::SmallPtrSetImpl<CXXRecordDecl *> &Classes) {
  std::vector<VarDecl *> Rejected;
  for (Decl *D : F->decls())
    if (auto *V = dyn_cast<VarDecl>(D))
      if (V->hasAttr<CUDASharedAttr>())
        Rejected.push_back(V);
  SharedVars Pattern;
  Pattern.TraverseStmt(F->getTemplateInstantiationPattern()->getBody());
  bool Any = false;
  for (VarDecl *P : Pattern.Found) {
    if (!llvm::is_contained(Errors, P->getLocation()))
      continue;
    QualType T = P->getType();
    for (VarDecl *V : Rejected)
      if (V->getLocation() == P->getLocation())
        T = V->getType();
    CXXRecordDecl *RD = objectClass(T);
    if (!RD)
      return false;
    Classes.insert(RD);
    Any = true;
  }
  return Any;
}

} // namespace

unsigned retryInstancesDroppedForSharedInit(
    Sema &S, llvm::ArrayRef<SourceLocation> SharedInitErrors) {
  if (SharedInitErrors.empty())
    return 0;
  DroppedInstances Dropped;
  Dropped.TraverseDecl(S.getASTContext().getTranslationUnitDecl());
  unsigned Retried = 0;
  for (FunctionDecl *F : Dropped.Found) {
    llvm::SmallPtrSet<CXXRecordDecl *, 4> Classes;
    if (!rejectedClasses(F, SharedInitErrors, Classes))
      continue;
    TrivialForNow Members;
    for (CXXRecordDecl *RD : Classes) {
      Members.take(S.LookupDefaultConstructor(RD));
      Members.take(S.LookupDestructor(RD));
    }
    // The first parse's diagnostics are the user's; what the retry says
    // only decides whether its body stands.
    DiagnosticsEngine &Diags = S.getDiagnostics();
    DiagnosticConsumer *Client = Diags.getClient();
    bool Owned = Diags.ownsClient();
    std::unique_ptr<DiagnosticConsumer> Taken =
        Owned ? Diags.takeClient() : nullptr;
    DiagnosticConsumer Counter; // counts, shows nothing
    Diags.setClient(&Counter, /*ShouldOwnClient=*/false);
    F->setInvalidDecl(false);
    S.InstantiateFunctionDefinition(F->getPointOfInstantiation(), F,
                                    /*Recursive=*/true,
                                    /*DefinitionRequired=*/false,
                                    /*AtEndOfTU=*/true);
    Diags.setClient(Owned ? Taken.release() : Client, Owned);
    if (Counter.getNumErrors() || !F->doesThisDeclarationHaveABody()) {
      F->setInvalidDecl();
      continue;
    }
    ++Retried;
  }
  return Retried;
}

std::vector<std::string>
classesRejectedInBodies(ASTContext &Ctx,
                        llvm::ArrayRef<SourceLocation> SharedInitErrors) {
  if (SharedInitErrors.empty())
    return {};
  SharedVars Vars;
  Vars.TraverseDecl(Ctx.getTranslationUnitDecl());
  llvm::StringSet<> Seen;
  std::vector<std::string> Names;
  for (VarDecl *V : Vars.Found) {
    if (!V->isInvalidDecl() || !V->isReferenced() ||
        !llvm::is_contained(SharedInitErrors, V->getLocation()))
      continue;
    auto *Init = dyn_cast_or_null<CXXConstructExpr>(V->getInit());
    if (Init && Init->getNumArgs() > 0)
      continue;
    if (CXXRecordDecl *RD = objectClass(V->getType())) {
      std::string Name = className(RD);
      if (Seen.insert(Name).second)
        Names.push_back(std::move(Name));
    }
  }
  return Names;
}

void takeTrivialIfNamed(Sema &S, TagDecl *D, const llvm::StringSet<> &Names) {
  auto *RD = dyn_cast<CXXRecordDecl>(D);
  if (!RD || RD->isDependentContext() || !RD->isCompleteDefinition() ||
      !Names.contains(className(RD)))
    return;
  // Every declaration of each: a constructor defined after its class is
  // another declaration than the one in it.
  if (CXXConstructorDecl *Ctor = S.LookupDefaultConstructor(RD))
    for (FunctionDecl *D : Ctor->redecls())
      cast<CXXMethodDecl>(D)->setTrivial(true);
  if (CXXDestructorDecl *Dtor = S.LookupDestructor(RD))
    for (FunctionDecl *D : Dtor->redecls())
      cast<CXXMethodDecl>(D)->setTrivial(true);
}

} // namespace warplint
