//===- CallEval.cpp - Calls: inlining, atomics, builtins, struct copies ---===//
//
// __device__ functions written by the user are inlined in the caller's
// context: parameters are bound to the argument values, the body is walked
// with the caller's guards and loops, and the returned value is the select of
// the return statements' values under their conditions. Functions from system
// headers (the CUDA toolkit) are not inlined; the ones whose meaning matters
// (atomics, __ldg, min/max) are modelled by name, and memory they receive by
// reference is accounted for at the argument.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/SourceLocs.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace warplint {

using namespace clang;

namespace {

constexpr unsigned MaxInlineDepth = 16;

/// atomicAdd, atomicAdd_block, atomicAdd_system, ... -> "atomicAdd".
llvm::StringRef atomicBase(llvm::StringRef Name) {
  static const char *Names[] = {"atomicAdd", "atomicSub", "atomicExch",
                                "atomicMin", "atomicMax", "atomicInc",
                                "atomicDec", "atomicCAS", "atomicAnd",
                                "atomicOr",  "atomicXor"};
  Name.consume_back("_block") || Name.consume_back("_system");
  for (const char *N : Names)
    if (Name == N)
      return N;
  return {};
}

bool isReadOnlyLoad(llvm::StringRef Name) {
  return Name == "__ldg" || Name == "__ldca" || Name == "__ldcg" ||
         Name == "__ldcs" || Name == "__ldlu" || Name == "__ldcv";
}

bool isCacheHintStore(llvm::StringRef Name) {
  return Name == "__stwb" || Name == "__stcg" || Name == "__stcs" ||
         Name == "__stwt";
}

/// Whether a method's body reads or writes its object (`this`, members):
/// one that does not is a function of its arguments alone, inlined like a
/// free function. SharedMemory<T>'s conversion to T*, which returns an
/// extern __shared__ array, is the common case.
bool usesObject(const FunctionDecl *Def) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXThisExpr(CXXThisExpr *) {
      Found = true;
      return false;
    }
  } F;
  F.TraverseStmt(Def->getBody());
  return F.Found;
}

/// Whether the value of E is discarded: E is a statement of its own (in a
/// block or as the body of a branch or loop) or cast to void.
bool resultUnused(clang::ASTContext &Ctx, const clang::Expr *E) {
  const clang::Stmt *Child = E;
  for (int Depth = 0; Depth < 8; ++Depth) {
    auto Parents = Ctx.getParents(*Child);
    if (Parents.size() != 1)
      return false;
    if (const auto *P = Parents[0].get<clang::Expr>()) {
      if (const auto *Cast = dyn_cast<CastExpr>(P))
        if (Cast->getType()->isVoidType())
          return true;
      if (!isa<ImplicitCastExpr, ExprWithCleanups, ParenExpr>(P))
        return false;
      Child = P;
      continue;
    }
    const auto *S = Parents[0].get<clang::Stmt>();
    if (!S)
      return false;
    if (isa<CompoundStmt>(S))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return If->getThen() == Child || If->getElse() == Child;
    if (const auto *For = dyn_cast<ForStmt>(S))
      return For->getBody() == Child || For->getInc() == Child;
    if (const auto *While = dyn_cast<WhileStmt>(S))
      return While->getBody() == Child;
    if (const auto *Do = dyn_cast<DoStmt>(S))
      return Do->getBody() == Child;
    return false;
  }
  return false;
}

/// Whether Def's body names P (in an evaluated context or not): a const
/// reference parameter the body names is read, for a const object can only
/// be read or have its address taken, which the CUDA headers do to read it
/// (`*(const unsigned *)&h`).
bool namesParam(const FunctionDecl *Def, const ParmVarDecl *P) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *P;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      Found |= E->getDecl() == P;
      return !Found;
    }
  } F;
  F.P = P;
  F.TraverseStmt(Def->getBody());
  return F.Found;
}

/// The parameter of F that C's argument I binds, or null (variadic tails;
/// the object argument of a member operator).
const ParmVarDecl *paramOf(const CallExpr *C, const FunctionDecl *F,
                           unsigned I) {
  if (!F)
    return nullptr;
  const auto *MD = dyn_cast<CXXMethodDecl>(F);
  if (isa<CXXOperatorCallExpr>(C) && MD && MD->isInstance()) {
    if (I == 0)
      return nullptr;
    --I;
  }
  return I < F->getNumParams() ? F->getParamDecl(I) : nullptr;
}

bool containsAsm(const Stmt *S) {
  if (!S)
    return false;
  if (isa<AsmStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsAsm(Child))
      return true;
  return false;
}

bool isNoEffect(llvm::StringRef Name) {
  return Name == "__syncthreads" || Name == "__syncwarp" ||
         Name.starts_with("__threadfence") || Name == "__trap";
}

} // namespace

std::optional<SourceLoc>
KernelWalker::wrapperStatement(const CallExpr *C) const {
  return wrapperStatementOf(C->getDirectCallee());
}

std::optional<SourceLoc>
KernelWalker::wrapperStatementOf(const FunctionDecl *F) const {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Def && F) {
    // Declared only: a cache-hint store that clang's headers lack, which
    // warplint's compat header declares for nvcc's sm_32_intrinsics.hpp
    // definition. The instruction comes from that function all the same.
    SourceLocation D = F->getLocation();
    if (F->getIdentifier() && isCacheHintStore(F->getName()) &&
        D.isValid() && Ctx.getSourceManager().isInSystemHeader(D))
      return loc(D);
    return std::nullopt;
  }
  if (!Body || Body->body_empty())
    return std::nullopt;
  // The statement whose instruction it is: the inline PTX of a wrapper
  // that declares its result first (cuda_bf16.hpp's __ldcs), else the
  // first statement.
  const Stmt *Where = *Body->body_begin();
  for (const Stmt *S : Body->body())
    if (containsAsm(S)) {
      Where = S;
      break;
    }
  SourceLocation L = Where->getBeginLoc();
  if (L.isInvalid() || !Ctx.getSourceManager().isInSystemHeader(L))
    return std::nullopt;
  return loc(L);
}

std::optional<AbsValue> KernelWalker::evalAtomic(const CallExpr *C,
                                                 llvm::StringRef Name) {
  bool Atomic = !atomicBase(Name).empty();
  bool Load = isReadOnlyLoad(Name);
  bool Store = isCacheHintStore(Name);
  if ((!Atomic && !Load && !Store) || C->getNumArgs() == 0)
    return std::nullopt;
  // The other operands first: their loads happen before the memory operation.
  for (unsigned I = 1; I < C->getNumArgs(); ++I)
    eval(C->getArg(I));
  const clang::Expr *PtrE = C->getArg(0);
  AbsValue P = eval(PtrE);
  QualType Pointee = PtrE->getType()->getPointeeType();
  if (P.K == AbsValue::Kind::Pointer && !Pointee.isNull()) {
    LValue LV;
    LV.K = LValue::Kind::Memory;
    LV.Ptr = P;
    size_t Before = K.Accesses.size();
    recordAccess(LV, C,
                 Atomic  ? AccessOp::Atomic
                 : Load ? AccessOp::Load
                        : AccessOp::Store,
                 Pointee);
    // atomicAdd(p, 1) whose result is unused: ATOMS.POPC.INC.
    clang::Expr::EvalResult One;
    bool Increment =
        atomicBase(Name) == "atomicAdd" && C->getNumArgs() == 2 &&
        !C->getArg(1)->isValueDependent() &&
        C->getArg(1)->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1 &&
        Pointee->isIntegerType() && resultUnused(Ctx, C);
    std::optional<SourceLoc> Wrapper = wrapperStatement(C);
    // A float or double atomicAdd on shared memory has no instruction of
    // its own on sm_90: ptxas emits a load of the word and a
    // compare-and-swap loop (store-pairs probe, S8c). The load is an
    // access of its own, counted on this line.
    bool Cas = atomicBase(Name) == "atomicAdd" && Pointee->isRealFloatingType();
    bool InShared = false;
    for (size_t I = Before; I < K.Accesses.size(); ++I) {
      Access &X = K.Accesses[I];
      X.AtomicIncrementUnused = Increment;
      X.InlinedFrom = Wrapper;
      if (Atomic)
        X.AtomicFunction = atomicBase(Name).str();
      if (Cas && K.Objects[X.Object].Space == MemorySpace::Shared &&
          (X.Bytes == 4 || X.Bytes == 8))
        X.CasLoop = InShared = true;
    }
    if (InShared) {
      size_t Loads = K.Accesses.size();
      recordAccess(LV, C, AccessOp::Load, Pointee);
      // Only where the pointer may be shared memory: a global atomicAdd is
      // one instruction (RED/ATOM), with no load.
      auto Global = [&](const Access &X) {
        return K.Objects[X.Object].Space != MemorySpace::Shared;
      };
      K.Accesses.erase(std::remove_if(K.Accesses.begin() + Loads,
                                      K.Accesses.end(), Global),
                       K.Accesses.end());
      for (size_t I = Loads; I < K.Accesses.size(); ++I) {
        K.Accesses[I].Id = unsigned(I);
        K.Accesses[I].CasLoop = true;
        K.Accesses[I].InlinedFrom = Wrapper;
      }
    }
    if (Load)
      return opaqueLoadValue(P, C);
  }
  // An atomic returns the old value in memory: data.
  return AbsValue::data("the value returned by '" + Name.str() + "'", true);
}

AbsValue KernelWalker::evalCall(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  std::string Name =
      F && F->getIdentifier() ? F->getName().str() : std::string();
  auto Opaque = [&](const std::string &Why, bool Intrinsic = false) {
    // The result of an intrinsic or library function (no body here) is
    // data when it is computed only from data (a shuffle or ballot of
    // loaded values, sqrtf of one); on known values, or for calls the
    // walker does not follow (lambdas, indirect calls, methods reading
    // their object), it is a gap of the model, not data.
    bool DataArgs = true, AnyData = false;
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const clang::Expr *A = C->getArg(I);
      if (recordReferenceArg(C, F, I))
        continue;
      AbsValue V = eval(A);
      notePointerEscape(V, A, "passed to '" + text(C->getCallee()) + "'");
      if (!V.isUnknown())
        continue;
      AnyData |= V.Data;
      DataArgs &= V.Data;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      if (!recordObjectUse(C, MC->getImplicitObjectArgument()))
        eval(MC->getImplicitObjectArgument());
    // Opaque results are assumed to differ between threads (shuffles, clock,
    // lane masks do), whatever their arguments.
    AbsValue Out = AbsValue::unknown(Why, true);
    Out.Data = Intrinsic && AnyData && DataArgs;
    return Out;
  };
  if (isa<CUDAKernelCallExpr>(C))
    return Opaque("a device-side kernel launch");
  if (!F)
    return Opaque("the result of the indirect call '" + text(C) + "'");
  if (auto B = evalBarrier(C, F))
    return *B;
  if (auto A = evalAtomic(C, Name))
    return *A;
  if (auto G = evalCooperativeGroups(C, F))
    return *G;
  if (auto W = evalFragmentBuiltin(C, Name))
    return *W;
  // The address inline PTX takes: the pointer's place, held in an integer
  // (the shared window's offsets keep the banks of the generic address).
  if ((Name == "__cvta_generic_to_shared" ||
       Name == "__cvta_generic_to_global" ||
       Name == "__nv_cvta_generic_to_shared_impl" ||
       Name == "__nv_cvta_generic_to_global_impl" ||
       Name == "__nvvm_get_smem_pointer") &&
      C->getNumArgs() == 1) {
    AbsValue P = eval(C->getArg(0));
    if (P.K == AbsValue::Kind::Pointer && P.AlsoObjects.empty()) {
      P.Integer = true;
      P.Derived = true;
      notePointerConversion(P, C->getArg(0));
      return P;
    }
    return Opaque("the address '" + text(C->getArg(0)) + "'");
  }
  if (isNoEffect(Name)) {
    for (const clang::Expr *A : C->arguments())
      eval(A);
    return AbsValue::integer(0);
  }
  // Integer min/max (CUDA's overloads, std::min/max): Min/Max nodes.
  bool IsMin = Name == "min" || Name == "umin" || Name == "llmin" ||
               Name == "ullmin";
  bool IsMax = Name == "max" || Name == "umax" || Name == "llmax" ||
               Name == "ullmax";
  if ((IsMin || IsMax) && C->getNumArgs() == 2 &&
      C->getType().getNonReferenceType()->isIntegralOrEnumerationType()) {
    AbsValue A = toInt(eval(C->getArg(0)), C->getArg(0));
    AbsValue B = toInt(eval(C->getArg(1)), C->getArg(1));
    if (A.isUnknown() || B.isUnknown()) {
      const AbsValue &U = A.isUnknown() ? A : B;
      AbsValue Out = AbsValue::unknown(U.Reason, threadDependent(A) ||
                                                     threadDependent(B));
      Out.Data = AbsValue::allUnknownsData({&A, &B});
      return Out;
    }
    return AbsValue::integer(
        Expr::binary(IsMin ? ExprKind::Min : ExprKind::Max, A.Int, B.Int));
  }
  if ((Name == "__mul24" || Name == "__umul24") && C->getNumArgs() == 2)
    return arith(BO_Mul, eval(C->getArg(0)), eval(C->getArg(1)), C);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(F))
    if (MD->getParent()->isLambda()) {
      remark(C->getBeginLoc(), "call to a lambda skipped: accesses inside "
                               "lambdas are not analyzed");
      return Opaque("the result of a lambda call");
    }
  const FunctionDecl *Def = nullptr;
  bool HasBody = F->hasBody(Def) && Def;
  // WMMA's loads and stores are followed into the header down to their
  // builtin, whose accesses Fragments.cpp knows.
  bool Fragment = (Name == "load_matrix_sync" || Name == "store_matrix_sync") &&
                  HasBody && isCudaHeaderFunction(Def);
  if (Fragment)
    return inlineCall(C, Def);
  // The asynchronous copies of the CUDA headers end in a cp.async the
  // walker does not follow there: one thread's libcu++ copy of 4, 8 or 16
  // aligned bytes is that cp.async (AsyncCopies.cpp); any other is said,
  // so that the copy is accounted for.
  if (Name == "memcpy_async" && HasBody && isCudaHeaderFunction(Def))
    if (auto Copy = evalAsyncCopy(C, F))
      return *Copy;
  if ((Name == "memcpy_async" || Name == "__pipeline_memcpy_async") &&
      (!HasBody || isCudaHeaderFunction(Def)))
    remark(C->getBeginLoc(),
           "'" + functionName(F) +
               "' copies asynchronously (a cp.async inside the CUDA "
               "headers) and is not followed there; its memory accesses "
               "are not analyzed");
  if (!HasBody || isCudaHeaderFunction(Def) || F->getBuiltinID() != 0)
    return Opaque("the result of '" + text(C) + "'", /*Intrinsic=*/true);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def)) {
    // Static methods take their arguments as written; a member call to a
    // method that never touches its object likewise (the object is
    // evaluated for its effects). Anything else needs the object's state.
    const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
    bool Free = MD->isStatic() ? !isa<CXXOperatorCallExpr>(C)
                               : MC && !usesObject(Def);
    if (!Free)
      return Opaque("the result of '" + text(C) + "'");
    if (MC)
      eval(MC->getImplicitObjectArgument());
  }
  return inlineCall(C, Def);
}

bool KernelWalker::recordReferenceArg(const CallExpr *C, const FunctionDecl *F,
                                      unsigned I) {
  const ParmVarDecl *P = paramOf(C, F, I);
  if (!P || !P->getType()->isReferenceType())
    return false;
  const clang::Expr *A = C->getArg(I);
  LValue LV = evalLValue(A);
  // A local or anything else: evaluated as before, for its value.
  if (LV.K != LValue::Kind::Memory || LV.Ptr.K != AbsValue::Kind::Pointer)
    return false;
  QualType T = P->getType().getNonReferenceType();
  if (T->isIncompleteType() || T->isDependentType())
    return false;
  // An object larger than any memory instruction moves (a scratch buffer
  // handed to a library) is a handle the callee keeps, not an operand it
  // reads here; an empty class (cooperative groups' block_tile_memory
  // where the hardware reserves the scratch) has nothing to read.
  if (const auto *RD = T->getAsCXXRecordDecl())
    if (RD->isEmpty())
      return false;
  int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  if (Size < 1 || Size > 16)
    return false;
  const FunctionDecl *Def = F->getDefinition();
  size_t Before = K.Accesses.size();
  recordAccess(LV, A, AccessOp::Load, T);
  // A CUDA header function given memory by const reference reads it where
  // its body names it (half2's operator+ copies both operands into
  // __hadd2); anything else it may read or write, which the walker, not
  // following the header, cannot tell.
  if (T.isConstQualified() && !T.isVolatileQualified() && Def &&
      namesParam(Def, P))
    return true;
  for (size_t J = Before; J < K.Accesses.size(); ++J) {
    Access &X = K.Accesses[J];
    X.ByteOffset.reset();
    X.UnknownReason =
        "'" + text(A) + "' is passed by reference to '" + functionName(F) +
        "', which warplint does not follow" +
        (T.isConstQualified() ? " (its body is not available)"
                              : ": it may read or write it");
  }
  return true;
}

bool KernelWalker::recordObjectUse(const CallExpr *C, const clang::Expr *Obj) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
  if (!MD || !MD->isInstance() || !isCudaHeaderFunction(MD))
    return false;
  const FunctionDecl *Def = MD->getDefinition();
  QualType T = Obj->getType().getNonReferenceType();
  if (Obj->getType()->isPointerType()) // p->method(): the object is *p
    T = Obj->getType()->getPointeeType();
  if (T->isIncompleteType() || T->isDependentType() || !T->isRecordType())
    return false;
  // A temporary (`(float)__ldcs(p)`) lives in registers.
  if (!Obj->getType()->isPointerType() &&
      (!Obj->isGLValue() || Obj->IgnoreParenImpCasts()->isPRValue()))
    return false;
  int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  if (Size < 1 || Size > 16 || (Def && !usesObject(Def)))
    return false;
  // What the header's method does with its object: a const one that
  // returns a value reads it (bf16's operator float), an assignment
  // writes it whole (operator= from float), a compound assignment reads
  // and writes it; any other is left to the caller's evaluation, as
  // before. nvcc's line table puts the instruction on the header's
  // statement.
  OverloadedOperatorKind Op = MD->getOverloadedOperator();
  bool Assign = Op == OO_Equal;
  // A method that hands out a reference or pointer into its object
  // (std::array's operator[]) reads nothing itself: where that goes is the
  // access, as before.
  QualType Ret = MD->getReturnType();
  bool Reads =
      MD->isConst() && !Ret->isReferenceType() && !Ret->isPointerType();
  // clang's compound assignments (`+=` to `|=`), and the shifts' ones,
  // which its helper leaves out.
  bool Compound = isCompoundAssignmentOperator(Op) || Op == OO_LessLessEqual ||
                  Op == OO_GreaterGreaterEqual;
  if (!Reads && !Assign && !Compound)
    return false;
  LValue LV;
  if (Obj->getType()->isPointerType()) {
    LV.K = LValue::Kind::Memory;
    LV.Ptr = eval(Obj);
  } else {
    LV = evalLValue(Obj);
  }
  // Not memory (a local): evaluated for its effects, which is all.
  if (LV.K != LValue::Kind::Memory || LV.Ptr.K != AbsValue::Kind::Pointer)
    return true;
  size_t Before = K.Accesses.size();
  if (Reads || Compound)
    recordAccess(LV, Obj, AccessOp::Load, T);
  if (Assign || Compound)
    recordAccess(LV, Obj, AccessOp::Store, T);
  std::optional<SourceLoc> Wrapper = wrapperStatement(C);
  for (size_t J = Before; J < K.Accesses.size(); ++J)
    K.Accesses[J].InlinedFrom = Wrapper;
  return true;
}

AbsValue KernelWalker::inlineCall(const CallExpr *C, const FunctionDecl *F) {
  for (const Frame &Fr : State.Frames)
    if (Fr.Fn->getCanonicalDecl() == F->getCanonicalDecl()) {
      remark(C->getBeginLoc(), "recursive call to '" + functionName(F) +
                                   "' is not followed");
      for (const clang::Expr *A : C->arguments())
        eval(A);
      return AbsValue::unknown("the result of the recursive call '" +
                                   text(C) + "'",
                               true);
    }
  if (State.Frames.size() >= MaxInlineDepth) {
    remark(C->getBeginLoc(), "call depth limit reached; '" + functionName(F) +
                                 "' is not followed");
    for (const clang::Expr *A : C->arguments())
      eval(A);
    return AbsValue::unknown("the result of '" + text(C) + "'", true);
  }
  Frame Callee;
  Callee.Fn = F;
  Callee.CallLoc = C->getBeginLoc();
  for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    const clang::Expr *A = C->getArg(I);
    if (P->getType()->isReferenceType()) {
      LValue LV = evalLValue(A);
      Callee.Refs[P] = LV;
      // The callee reads and writes the caller's variable under its own decl.
      if (LV.K == LValue::Kind::Var)
        Callee.Env[LV.Var] = lookupVar(LV.Var, A);
      continue;
    }
    AbsValue V = eval(A);
    QualType T = P->getType();
    if (T->isIntegralOrEnumerationType() && !T->isBooleanType())
      V = toIntOrAddress(V, A);
    Callee.Env[P] = V;
  }
  Callee.GuardBase = State.Guards.size();
  State.Frames.push_back(std::move(Callee));
  walkStmt(F->getBody());
  Frame Done = std::move(State.Frames.back());
  State.Frames.pop_back();
  // Variables the callee wrote through reference parameters bound to the
  // caller's locals: the callee's frame saw them through Refs as Var lvalues
  // of the caller, and writes went to the callee's Env under the caller's
  // decl; move them back.
  for (auto &[D, LV] : Done.Refs)
    if (LV.K == LValue::Kind::Var) {
      auto It = Done.Env.find(LV.Var);
      if (It != Done.Env.end())
        State.Frames.back().Env[LV.Var] = It->second;
    }

  if (F->getReturnType()->isVoidType() || Done.Returns.empty())
    return AbsValue::integer(0);
  // Fold the returns from the last: select(c1, v1, select(c2, v2, ... vn)).
  AbsValue Out = Done.Returns.back().second;
  for (size_t I = Done.Returns.size() - 1; I-- > 0;) {
    const auto &[Cond, V] = Done.Returns[I];
    if (Cond.isTrue()) {
      Out = V;
      continue;
    }
    if (Cond.kind() == PredKind::False)
      continue;
    // Every return gives the same value: which one ran does not matter
    // (a helper that returns its shared array from inside a loop and
    // after it, where the loop's return condition is not tracked).
    bool SameInt = V.K == AbsValue::Kind::Int && Out.K == AbsValue::Kind::Int &&
                   V.Int == Out.Int;
    bool SamePointer = V.K == AbsValue::Kind::Pointer &&
                       Out.K == AbsValue::Kind::Pointer &&
                       V.Object == Out.Object && V.Offset && Out.Offset &&
                       *V.Offset == *Out.Offset;
    if (SameInt || SamePointer) {
      Out.ThreadDep |= V.ThreadDep;
      Out.Derived |= V.Derived;
      Out.Site = AbsValue::mergeSites(Out, V);
      continue;
    }
    if (V.K == AbsValue::Kind::Int && Out.K == AbsValue::Kind::Int &&
        !Cond.hasUnknown()) {
      Out = AbsValue::integer(Expr::select(Cond, V.Int, Out.Int));
    } else if (V.K == AbsValue::Kind::Pointer &&
               Out.K == AbsValue::Kind::Pointer && V.Object == Out.Object &&
               V.Offset && Out.Offset && !Cond.hasUnknown()) {
      AbsValue P = V;
      P.Offset = Expr::select(Cond, *V.Offset, *Out.Offset);
      P.Derived = true;
      P.Site = AbsValue::mergeSites(V, Out);
      Out = P;
    } else if (V.K == AbsValue::Kind::Pointer &&
               Out.K == AbsValue::Kind::Pointer && V.Object == Out.Object &&
               V.AlsoObjects.empty() && Out.AlsoObjects.empty()) {
      // Into the same object either way: its accesses are listed, with an
      // offset that is unknown and says why.
      AbsValue P = AbsValue::pointer(V.Object, std::nullopt);
      P.Reason = "the result of '" + functionName(F) +
                 "' (several returns, under a condition that is not known)";
      P.ThreadDep = threadDependent(Cond) || V.ThreadDep || Out.ThreadDep;
      P.Derived = true;
      Out = P;
    } else {
      bool Dep = threadDependent(Cond) || threadDependent(V) ||
                 threadDependent(Out);
      Out = AbsValue::unknown(
          V.isUnknown() ? V.Reason
          : Out.isUnknown()
              ? Out.Reason
              : "the result of '" + functionName(F) + "' (several returns)",
          Dep);
    }
  }
  return Out;
}

AbsValue KernelWalker::evalConstruct(const CXXConstructExpr *C) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  if (Ctor && Ctor->isCopyOrMoveConstructor() && C->getNumArgs() >= 1) {
    // A whole-struct copy (float4 v = s4[i]): one load of the struct's size.
    LValue LV = evalLValue(C->getArg(0));
    if (LV.K == LValue::Kind::Memory)
      recordAccess(LV, C->getArg(0), AccessOp::Load, C->getType());
    return AbsValue::unknown("the value '" + text(C) + "'", true);
  }
  for (const clang::Expr *A : C->arguments())
    eval(A);
  return AbsValue::unknown("the value '" + text(C) + "'", true);
}

AbsValue KernelWalker::evalOperatorCall(const CXXOperatorCallExpr *C) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
  if (C->getOperator() == OO_Equal && MD &&
      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
      C->getNumArgs() == 2) {
    // Whole-struct assignment (s4[i] = v): load of the source when it is in
    // memory, store of the destination.
    // A CUDA header's own assignment (half2's and bf162's copy the word in
    // their body) is inlined by nvcc with its line: its load and store are
    // counted on the header's statement, as for its other methods (not
    // the loads that compute their addresses).
    std::optional<SourceLoc> Body;
    if (!MD->isTrivial() && isCudaHeaderFunction(MD))
      Body = wrapperStatement(C);
    auto Record = [&](const LValue &LV, const clang::Expr *E, AccessOp Op) {
      size_t Before = K.Accesses.size();
      recordAccess(LV, E, Op, E->getType());
      for (size_t J = Before; J < K.Accesses.size(); ++J)
        K.Accesses[J].InlinedFrom = Body;
    };
    LValue Src = evalLValue(C->getArg(1));
    if (Src.K == LValue::Kind::Memory)
      Record(Src, C->getArg(1), AccessOp::Load);
    LValue Dst = evalLValue(C->getArg(0));
    if (Dst.K == LValue::Kind::Memory)
      Record(Dst, C->getArg(0), AccessOp::Store);
    return AbsValue::unknown("the value '" + text(C) + "'", true);
  }
  // A free operator function is a call like any other: a user's is
  // inlined, a CUDA header's (half2's operator+) is not followed.
  if (!MD && C->getDirectCallee())
    return evalCall(C);
  if (MD && MD->getParent()->isLambda())
    remark(C->getBeginLoc(), "call to a lambda skipped: accesses inside "
                             "lambdas are not analyzed");
  // Member operators are not followed: what one does with memory bound to
  // a reference parameter is recorded at the argument.
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const clang::Expr *A = C->getArg(I);
    if (recordReferenceArg(C, C->getDirectCallee(), I) ||
        (I == 0 && MD && MD->isInstance() && recordObjectUse(C, A)))
      continue;
    AbsValue V = eval(A);
    notePointerEscape(V, A, "passed to an operator");
  }
  return AbsValue::unknown("the result of '" + text(C) + "'", true);
}

} // namespace warplint
