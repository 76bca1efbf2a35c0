//===- SharedInitRetry.h - Code lost to a __shared__ ctor -----*- C++ -*-===//
//
// nvcc runs no initializer for a __shared__ object: it warns that dynamic
// initialization is not supported and compiles the function. clang rejects
// the object when its type's default constructor or destructor is not empty
// (libcu++'s cuda::barrier and cuda::pipeline_shared_state, a struct with
// default member initializers) and marks the declaration invalid. A
// function written once loses only the statements that use the object; an
// instance of a template loses its whole body, because instantiating a use
// of an invalid declaration fails. A kernel template declaring `__shared__
// cuda::barrier bar;` would have no instance to analyze.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_SHAREDINITRETRY_H
#define WARPLINT_FRONTEND_SHAREDINITRETRY_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Sema;
class TagDecl;
} // namespace clang

namespace warplint {

/// An instance of a function template that clang left without a body (or
/// invalid) although its pattern has one, and that the program uses.
bool isDroppedInstance(const clang::FunctionDecl *F);

/// Instantiates again each dropped instance whose pattern declares a
/// __shared__ object at one of SharedInitErrors (the locations of clang's
/// "initialization is not supported for __shared__ variables"), with the
/// default constructors and destructors of those objects' class types taken
/// as trivial for the time of the instantiation: what nvcc makes of them.
/// The types' declarations are as clang built them afterwards. An instance
/// whose new instantiation reports an error of its own stays dropped (and
/// the error unreported: the first parse's errors are the ones the user
/// sees). Returns how many instances got a body.
unsigned retryInstancesDroppedForSharedInit(
    clang::Sema &S, llvm::ArrayRef<clang::SourceLocation> SharedInitErrors);

/// The classes, named as diagnostics name them, of the __shared__ objects
/// clang rejected in function bodies it kept (a function written once) and
/// that the code uses: clang dropped the statements that use them. A second
/// parse that takes these classes' default constructors and destructors as
/// trivial (takeTrivialIfNamed) keeps them. Objects initialized with
/// arguments are not counted: nothing makes clang accept those.
std::vector<std::string>
classesRejectedInBodies(clang::ASTContext &Ctx,
                        llvm::ArrayRef<clang::SourceLocation> SharedInitErrors);

/// Called with each class definition clang completes: when D is one of
/// Names, its default constructor and destructor are taken as trivial for
/// the rest of the parse.
void takeTrivialIfNamed(clang::Sema &S, clang::TagDecl *D,
                        const llvm::StringSet<> &Names);

} // namespace warplint

#endif // WARPLINT_FRONTEND_SHAREDINITRETRY_H
