//===- KernelWalker.h - Abstract interpretation of one kernel ---*- C++ -*-===//
//
// Walks the body of one __global__ function (and, inlined in the caller's
// context, the __device__ functions it calls) in program order, keeping an
// environment of local variables as Exprs over the model's symbols, the
// conjunction of enclosing conditions, and the loop nest. Every load, store
// and atomic on a memory object becomes a model Access. The walker never
// fails: anything it cannot express becomes unknown with a reason.
//
// The member functions are defined by concern in this folder's files
// (README.md says which file holds which concern).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_KERNELWALKER_H
#define WARPLINT_FRONTEND_KERNELWALKER_H

#include "Frontend/Frontend.h"
#include "Frontend/Walker/AbsValue.h"
#include "Frontend/Walker/LoopScans.h"
#include "Frontend/Walker/PtxMemory.h"
#include "Frontend/Walker/WalkBudget.h"
#include "Model/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// threadIdx.x, blockDim.y, ... as a symbol (either spelling: the toolkit's
/// __cuda_builtin_*_t properties or plain struct fields); nullopt otherwise.
std::optional<Symbol> builtinVariable(const clang::Expr *E);

/// How control may leave a statement: the condition (under the statement's
/// own guard) for each kind of exit.
struct Flow {
  Predicate Return = false;
  Predicate Break = false;
  Predicate Continue = false;
};

/// What a loop-carried local can be at the head of an iteration, from
/// most to least known; the join of two is the later one.
enum class CarriedClass {
  Uniform,     ///< the same in every thread of the block
  UniformData, ///< the same in every thread, computed from data
  Data,        ///< data: any value, per thread (AbsValue::Data)
  Gap,         ///< differs between threads in a way warplint lost
};

/// Whether DC is inside namespace cooperative_groups (any nested
/// namespace of it too, as CUDA's versioned one).
bool inCooperativeGroupsNamespace(const clang::DeclContext *DC);

class KernelWalker {
public:
  KernelWalker(clang::ASTContext &Ctx, const FrontendOptions &Opts,
               KernelModel &K)
      : Ctx(Ctx), Opts(Opts), K(K) {}

  /// Fills K's Params, Objects, Loops, Uniforms, Accesses and Remarks from
  /// the body of Kernel.
  void run(const clang::FunctionDecl *Kernel);

  // Public for the launch-site helpers: converts a clang location.
  SourceLoc loc(clang::SourceLocation L) const;
  SourceRange range(clang::SourceRange R) const;

private:
  const clang::FunctionDecl *KernelDecl = nullptr;
  /// How many static __shared__ arrays the kernel uses, once asked.
  std::optional<size_t> StaticSharedCount;

  // One inlined function activation.
  struct Frame {
    const clang::FunctionDecl *Fn = nullptr;
    std::map<const clang::ValueDecl *, AbsValue> Env;
    size_t GuardBase = 0; ///< Guards below this index belong to callers
    /// (condition within the function, value) per return statement.
    std::vector<std::pair<Predicate, AbsValue>> Returns;
    clang::SourceLocation CallLoc;
    /// Reference parameters bound to the caller's lvalues.
    std::map<const clang::ValueDecl *, LValue> Refs;
    /// Local arrays initialized by a list and only read by subscript: the
    /// values of their elements at the declaration (LocalTables.cpp).
    std::map<const clang::ValueDecl *, std::vector<AbsValue>> Tables;
  };

  /// A variable a loop changes by the same loop-invariant amount once
  /// per iteration (`b += bStep` beside `a += aStep`, `A += BK` at the end
  /// of a K loop): its value at the loop's entry and the amount (in bytes
  /// for pointers).
  struct DerivedInduction {
    const clang::ValueDecl *Var = nullptr;
    AbsValue Start;
    Expr Step;
  };

  // --- statements
  Flow walkStmt(const clang::Stmt *S);
  Flow walkCompound(const clang::CompoundStmt *S);
  Flow walkIf(const clang::IfStmt *S);
  Flow walkFor(const clang::ForStmt *S);
  Flow walkWhile(const clang::Stmt *S, const clang::Expr *Cond,
                 const clang::Stmt *Body, bool IsDo);
  /// A loop body walked (walkLoopBody), for finishLoop.
  struct LoopWalk;
  /// Walks a loop body under the guard that the thread has not left the
  /// loop in an earlier iteration (LoopExits.cpp), with the locals it
  /// carries bound to their class (LoopCarried.cpp). UniformsBefore: the
  /// number of K.Uniforms before the loop (later ones may differ between
  /// iterations). Next: what runs between iterations, a for loop's step
  /// (NextIsStep: walked here too) or a do loop's test (walked by the
  /// caller). HeadCond: the condition tested at the head of each iteration,
  /// read again once the carried locals have their classes (the caller's
  /// reading saw them as forgotten); CondIsGuard: the caller pushed it on
  /// Guards, which is then updated too.
  LoopWalk walkLoopBody(const clang::Stmt *Body, unsigned LoopId,
                        size_t UniformsBefore, const clang::Expr *Next,
                        bool NextIsStep, const clang::Expr *HeadCond = nullptr,
                        bool CondIsGuard = false);
  /// The loop condition HeadCond read with the carried locals bound to
  /// their classes, leaving no access, remark or value behind.
  void rereadHeadCondition(const clang::Expr *HeadCond, unsigned LoopId,
                           bool CondIsGuard);
  /// After a loop: the locals it carries get their values after it (their
  /// values before it when the body never ran, !Walked).
  void finishLoop(const LoopWalk &W, unsigned LoopId, bool Walked);
  /// The exact guard "has not left loop LoopId in an earlier iteration" when
  /// Exit (how one iteration leaves it) only grows with the iterations;
  /// nullopt otherwise.
  std::optional<Predicate> stayedInLoop(const Predicate &Exit,
                                        unsigned LoopId,
                                        size_t UniformsBefore) const;
  /// The value a loop's variable has before the loop (a local's, or a
  /// kernel parameter's), if it is tracked.
  std::optional<AbsValue> valueBeforeLoop(const clang::ValueDecl *Var);
  /// Sets L.Init from Var's value before the loop, or L.UnknownReason.
  void setLoopInit(const clang::ValueDecl *Var, Loop &L);
  /// Sets L.VarBits and L.VarSigned from Var's type (integers only).
  void setLoopVarType(const clang::ValueDecl *Var, Loop &L);
  /// Fills L's step from Write, the expression that steps Var once per
  /// iteration; false (with L.UnknownReason when it says more than
  /// "unsupported") when the step is not modelled.
  bool loopStep(const clang::Expr *Write, const clang::ValueDecl *Var,
                Loop &L);
  /// Before a loop's body: Var (when modelled) becomes L's LoopVar symbol,
  /// derived induction variables their value in terms of it, everything
  /// else Body, Inc or Cond write unknown. Returns the derived variables.
  std::vector<DerivedInduction>
  bindLoopVariables(const clang::Stmt *Body, const clang::Expr *Inc,
                    const clang::Expr *Cond, const clang::ValueDecl *Var,
                    const Loop &L);
  /// After a loop (at At): its variables are unknown ("the value after the
  /// loop"); data when threads leave it only on data (Body: how the walked
  /// body leaves it) and its steps are modelled: a count of steps data
  /// decides. A derived induction variable of a loop all threads leave
  /// together is its start plus a uniform count of its steps.
  void forgetLoopVariables(const clang::ValueDecl *Var,
                           const std::vector<DerivedInduction> &Derived,
                           unsigned LoopId, const Flow &Body,
                           clang::SourceLocation At);
  /// How control leaves the statement after a loop whose body left by Body.
  Flow exitFromLoop(const Flow &Body, clang::SourceLocation At);
  /// The Loop::Condition of a do loop from its test after the body.
  Predicate doCondition(const clang::Expr *CondE, bool Modelled,
                        const Loop &L);
  void walkDecl(const clang::VarDecl *VD);
  /// Forgets the locals Body may write (but Except). Returns the forgotten
  /// non-pointer locals with their values before.
  std::vector<std::pair<const clang::ValueDecl *, AbsValue>>
  havocAssigned(const clang::Stmt *Body, const clang::ValueDecl *Except,
                const std::string &Why);
  void mergeEnv(const Predicate &C,
                const std::map<const clang::ValueDecl *, AbsValue> &Then,
                const std::map<const clang::ValueDecl *, AbsValue> &Else);
  Predicate currentGuard() const;
  Predicate localGuard() const;
  void remark(clang::SourceLocation L, std::string Msg);

  // --- values carried from one iteration to the next
  /// A local a loop writes that is not one of its induction variables.
  struct CarriedVar {
    const clang::ValueDecl *Var = nullptr;
    AbsValue Before;    ///< its value on entry to the loop
    std::string Reason; ///< "'x', which changes in a loop (file:line)"
    /// Multiplied by a constant once per iteration from a constant start.
    std::optional<GeometricSequence> Sequence;
    /// Moved by the same warp-uniform amount in every thread, a multiple
    /// of *Shift (0: not moved at all), on every way round the loop: at
    /// the head of an iteration it is Before plus such an amount
    /// (LoopCarried.cpp). nullopt: not, or no longer, known to be.
    std::optional<int64_t> Shift;
    /// The value bound at the head of the iteration being walked.
    AbsValue Head;
  };
  using Env = std::map<const clang::ValueDecl *, AbsValue>;
  /// The environments at the jumps out of a statement being walked: breaks
  /// (of a loop or switch) and continues (of a loop).
  struct JumpTarget {
    bool IsLoop = true;
    std::vector<Env> Breaks, Continues;
  };
  /// Everything walking changes besides the kernel model's lists: one
  /// value, which a trial walk copies and puts back (saveTrial), so nothing
  /// a trial walk does outlives it. New walk state belongs here; what must
  /// survive trial walks (the step budget, facts about the AST) does not.
  struct WalkState {
    std::vector<Frame> Frames;
    std::vector<Predicate> Guards;
    std::vector<unsigned> LoopStack;
    /// By loop id: whether the loop's trip count differs between threads.
    std::vector<bool> LoopThreadDep;
    /// By loop id: the locals the loop carries (CarriedVar).
    std::vector<std::vector<CarriedVar>> Carried;
    std::vector<JumpTarget> JumpTargets;
    /// If-conditions seen so far (Barriers.cpp).
    std::vector<std::pair<Predicate, const clang::IfStmt *>> IfConditions;
    /// For each loop being walked: the guard and loops outside it, the
    /// reach of its body (pushed by walkFor/walkWhile).
    std::vector<std::pair<Predicate, std::vector<unsigned>>> LoopReach;
    /// The `#pragma unroll` of the loop statement being entered (see
    /// Loop::UnrollPragma), set by the attributed statement around it.
    std::optional<unsigned> PendingUnroll;
    /// Limits already reported once for this kernel: the accesses' cap,
    /// the branch regions' cap, the nesting and the size budgets.
    bool CapReached = false;
    bool BranchCapReached = false;
    bool TooDeepNoted = false;
    bool TooLargeNoted = false;
  };
  /// Where the kernel model's lists stood. The walk only appends to them,
  /// so a trial walk is undone by cutting them back to a mark.
  struct OutputMark {
    size_t Accesses, Loops, Uniforms, Remarks, Warnings, Branches, Arithmetic,
        Barriers;
  };
  /// What undoes a trial walk: the state and the outputs' mark before it.
  struct Trial {
    WalkState Saved;
    OutputMark Mark;
  };
  struct LoopWalk {
    Flow F;
    std::vector<CarriedVar> Vars;
    std::vector<CarriedClass> Classes; ///< at the head of an iteration
    JumpTarget Jumps;                  ///< of the walk that counts
    clang::SourceLocation At;          ///< the body
  };
  /// Everything walking can change, to be undone after a trial walk or an
  /// evaluation that must leave no trace.
  Trial saveTrial() const;
  void restoreTrial(const Trial &T);
  /// Walks one iteration of a loop body; Jumps gets its breaks and
  /// continues.
  Flow walkLoopIteration(const clang::Stmt *Body, JumpTarget &Jumps);
  CarriedClass classOf(const AbsValue &V) const;
  /// The value a carried local stands for in class C, at a loop's head
  /// (PerIteration) or after it.
  AbsValue carriedValue(const CarriedVar &V, CarriedClass C,
                        clang::SourceLocation At, bool PerIteration);
  /// Takes every local that can move by uniform amounts (an integer, a
  /// pointer into one object at a known offset) to do so, its multiple not
  /// known yet; whether there is any.
  static bool seedShifts(std::vector<CarriedVar> &Vars);
  /// Before plus a new warp-uniform multiple of *V.Shift: at a loop's
  /// head (PerIteration) or after it.
  AbsValue shiftedValue(const CarriedVar &V, clang::SourceLocation At,
                        bool PerIteration, bool AfterLoop);
  void bindCarried(std::vector<CarriedVar> &Vars,
                   const std::vector<CarriedClass> &Classes,
                   clang::SourceLocation At);
  /// Raises Classes by the values the locals have in E; a local that moves
  /// by a uniform amount (CarriedVar::Shift) gets the multiple of its moves
  /// lowered to what E's value moved, or loses its shift and is joined
  /// like the others. Changed: set when some shift changed.
  void joinCarried(std::vector<CarriedVar> &Vars, const Env &E,
                   std::vector<CarriedClass> &Classes, bool &Changed) const;
  /// joinCarried for the values after the loop (breaks): no shift changes.
  void joinCarried(const std::vector<CarriedVar> &Vars, const Env &E,
                   std::vector<CarriedClass> &Classes) const;
  /// After the real walk of a loop body: each carried local becomes the
  /// join of its values at the head (Classes) and at the breaks; raised to
  /// data or a gap when threads leave the loop at different iterations
  /// (Exit).
  void afterLoop(const std::vector<CarriedVar> &Vars,
                 std::vector<CarriedClass> Classes, const JumpTarget &Jumps,
                 CarriedClass Exit, clang::SourceLocation At);
  /// The class of how threads leave loop LoopId: Uniform when all leave
  /// together, Data or Gap otherwise.
  CarriedClass tripClass(unsigned LoopId, const Predicate &Exit) const;

  // --- expressions
  AbsValue eval(const clang::Expr *E);
  AbsValue evalImpl(const clang::Expr *E);
  AbsValue evalBinary(const clang::BinaryOperator *B);
  AbsValue evalUnary(const clang::UnaryOperator *U);
  AbsValue evalCast(const clang::CastExpr *C);
  /// Arm evaluates each arm (as a value, or read as an lvalue).
  AbsValue
  evalConditional(const clang::AbstractConditionalOperator *C,
                  llvm::function_ref<AbsValue(const clang::Expr *)> Arm);
  AbsValue decayArray(const clang::Expr *Array);
  /// A local array of pointers or integers initialized by a list and only
  /// read afterwards: kept as a table (LocalTables.cpp).
  void declareTable(const clang::VarDecl *VD);
  /// `T[i]` of such a table; nullopt when T is not one.
  std::optional<AbsValue> readTable(const clang::ArraySubscriptExpr *A);
  AbsValue evalAssign(const clang::BinaryOperator *B);
  AbsValue evalIncDec(const clang::UnaryOperator *U);
  AbsValue evalDeclRef(const clang::DeclRefExpr *D);
  AbsValue evalMember(const clang::MemberExpr *M);
  std::optional<AbsValue> builtinVar(const clang::Expr *E);
  LValue evalLValue(const clang::Expr *E);
  // The kinds of lvalue evalLValue reads (LValueEval.cpp).
  LValue declLValue(const clang::DeclRefExpr *D);
  LValue subscriptLValue(const clang::ArraySubscriptExpr *A);
  LValue memberLValue(const clang::MemberExpr *M);
  LValue vectorElementLValue(const clang::ExtVectorElementExpr *V);
  AbsValue readLValue(const LValue &LV, const clang::Expr *E);
  void writeLValue(const LValue &LV, const clang::Expr *E, AbsValue V);
  Predicate toPred(const AbsValue &V, const clang::Expr *E);
  /// Whether the pointer P (written as E) is null (IsNull) or not, when P
  /// is the same in every thread: a test of a fresh block-uniform value.
  std::optional<Predicate> nullTest(const AbsValue &P, const clang::Expr *E,
                                    bool IsNull);
  /// toInt, except that an address held in an integer (AbsValue::Integer)
  /// stays one: what an integer variable or parameter keeps.
  AbsValue toIntOrAddress(const AbsValue &V, const clang::Expr *E);
  AbsValue toInt(const AbsValue &V, const clang::Expr *E);
  /// A conversion to, from or between floating types of a constant V
  /// (RealFold.h), or nullopt where it is not folded.
  std::optional<AbsValue> foldRealCast(const clang::CastExpr *C,
                                       const AbsValue &V);
  /// A & X, A | X or A ^ X with what the operation cannot change taken
  /// out of it (OperatorEval.cpp), nullopt when there is nothing to take
  /// out; bitOp tries both operand orders, else the plain operation.
  static std::optional<Expr> bitOpAside(ExprKind Kind, const Expr &A,
                                        const Expr &X);
  static Expr bitOp(ExprKind Kind, const Expr &A, const Expr &B);
  AbsValue arith(clang::BinaryOperatorKind Op, const AbsValue &L,
                 const AbsValue &R, const clang::Expr *E);
  /// Arithmetic on an address held in an integer (AbsValue::Integer).
  /// The shared-window address of object Obj where it is known
  /// (SharedWindow.cpp).
  std::optional<int64_t> windowBase(unsigned Obj);
  /// A power of two the shared-window address of object Obj is a multiple
  /// of; 0 for other memory.
  int64_t windowAlignment(unsigned Obj);
  size_t staticSharedCount();
  /// Bit operations on a shared-window address a (P): where the array's
  /// window address is known, any of `&`, `|`, `^`, `>>`, `/`, `%` on it;
  /// else `a & m`, `a | x`, `a ^ x` whose bits all lie below the array's
  /// window alignment, as the same operation on the offset. `|` and `^`
  /// give an address again, the others a plain integer; nullopt otherwise.
  std::optional<AbsValue> windowBitOp(clang::BinaryOperatorKind Op,
                                      const AbsValue &P, const AbsValue &V,
                                      const clang::Expr *E);
  AbsValue addressArith(clang::BinaryOperatorKind Op, const AbsValue &L,
                        const AbsValue &R, const clang::Expr *E);
  AbsValue pointerAdd(const AbsValue &P, const AbsValue &I,
                      clang::QualType Pointee, bool Negate,
                      const clang::Expr *E);
  bool threadDependent(const Expr &E) const;
  bool threadDependent(const Predicate &P) const;
  /// Whether a floating-point value computed from Parts is data (some part
  /// is data, none is a gap of the model).
  static bool fromDataOnly(const std::vector<AbsValue> &Parts);
  bool threadDependent(const AbsValue &V) const;
  std::string text(const clang::Expr *E) const;
  std::string text(const clang::Stmt *S) const;
  std::string functionName(const clang::FunctionDecl *F) const;
  AbsValue lookupVar(const clang::ValueDecl *D, const clang::Expr *E);
  std::optional<unsigned> paramIndex(const clang::ValueDecl *D) const;
  AbsValue opaqueLoadValue(const AbsValue &Addr, const clang::Expr *E);
  /// A fresh block-uniform symbol (KernelModel::Uniforms).
  AbsValue newUniform(std::string Description, clang::SourceLocation At,
                      bool PerIteration = false,
                      std::optional<GeometricSequence> Sequence = std::nullopt);
  /// A pointer into A's or B's objects, as chosen by a condition: an
  /// unknown offset, Why as the reason.
  static AbsValue eitherPointer(const AbsValue &A, const AbsValue &B,
                                std::string Why, bool ThreadDep);

  // --- calls
  AbsValue evalCall(const clang::CallExpr *C);
  /// The value of a loop step that is not a constant but the same for every
  /// thread and iteration (gridDim.x * blockDim.x, a parameter), if it is.
  std::optional<Expr> uniformStep(const clang::Expr *E);

  // --- cooperative groups
  /// thread_rank(), size(), meta_group_rank() ... of a thread_block,
  /// thread_block_tile<N> or grid_group, as functions of the built-in
  /// indices; nullopt for any other call.
  std::optional<AbsValue> evalCooperativeGroups(const clang::CallExpr *C,
                                                const clang::FunctionDecl *F);

  // --- derived induction variables
  std::vector<DerivedInduction>
  derivedInductions(const clang::Stmt *Body, const clang::Expr *Inc,
                    const clang::Expr *Cond, const clang::ValueDecl *LoopVar);
  /// The induction variable of a while or do loop: a local stepped by one
  /// whole statement of the body, written nowhere else in the loop, and read
  /// by the condition. Fills L's name, step and init (or UnknownReason when
  /// the step or the start cannot be modelled); nullptr when there is none.
  /// Locals of the loop other than LoopVar that start at a constant and are
  /// multiplied or divided by a constant once per iteration.
  std::map<const clang::ValueDecl *, GeometricSequence>
  geometricLocals(const clang::Stmt *Body, const clang::Expr *Inc,
                  const clang::Expr *Cond, const clang::ValueDecl *LoopVar);
  const clang::ValueDecl *whileInduction(const clang::Stmt *Body,
                                         const clang::Expr *Cond, Loop &L);
  /// Gives each derived variable its value in iteration (LoopVar - Init) /
  /// StepValue of loop L: Start + that many Steps. Those it cannot give
  /// one (a step no constant multiple of a uniform loop step) leave
  /// Derived, and stay locals the loop carries.
  void bindDerivedInductions(std::vector<DerivedInduction> &Derived,
                             const Loop &L);

  AbsValue evalConstruct(const clang::CXXConstructExpr *C);
  AbsValue evalOperatorCall(const clang::CXXOperatorCallExpr *C);
  AbsValue inlineCall(const clang::CallExpr *C, const clang::FunctionDecl *F);
  /// For a call the walker does not follow: when argument I binds a
  /// reference parameter of F and refers to memory, records what the
  /// callee does with it (a load, or an unknown access) and returns true;
  /// otherwise the caller evaluates the argument.
  bool recordReferenceArg(const clang::CallExpr *C,
                          const clang::FunctionDecl *F, unsigned I);
  /// For a call of a CUDA header class's method that reads or writes its
  /// object Obj (a conversion operator, an assignment): evaluates Obj,
  /// records what the method does with it when it is memory, and returns
  /// true; false for any other call (the caller evaluates Obj).
  bool recordObjectUse(const clang::CallExpr *C, const clang::Expr *Obj);
  /// The statement of the body of C's callee that makes its memory access
  /// (its inline PTX, else the first), when that is a CUDA header function
  /// (Access::InlinedFrom).
  std::optional<SourceLoc> wrapperStatement(const clang::CallExpr *C) const;
  /// The same for the function F (its definition's body).
  std::optional<SourceLoc>
  wrapperStatementOf(const clang::FunctionDecl *F) const;
  /// libcu++'s cuda::memcpy_async issued by one thread for 4, 8 or 16
  /// aligned bytes from global to shared memory: the accesses of its
  /// cp.async (AsyncCopies.cpp); nullopt for any other form.
  std::optional<AbsValue> evalAsyncCopy(const clang::CallExpr *C,
                                        const clang::FunctionDecl *F);
  /// The statement of libcu++'s cp.async wrapper for Bytes, in the
  /// namespace of MemcpyAsync: where Nsight Compute counts the copy.
  std::optional<SourceLoc>
  asyncCopyStatement(const clang::FunctionDecl *MemcpyAsync,
                     uint64_t Bytes) const;
  std::optional<AbsValue> evalAtomic(const clang::CallExpr *C,
                                     llvm::StringRef Name);

  // --- barriers
  /// Records a barrier call and returns its value; nullopt for other calls.
  std::optional<AbsValue> evalBarrier(const clang::CallExpr *C,
                                      const clang::FunctionDecl *F);
  /// Remembers where an if-condition was written, so that barrier guards can
  /// name it.
  void noteCondition(const Predicate &P, const clang::IfStmt *S);
  BarrierCondition describeGuard(const Predicate &G,
                                 const clang::CallExpr *At) const;

  // --- branches
  /// Records the region (the statements Region) that the lanes of
  /// currentGuard() run, out of those of Reach (at the loops ReachLoops); Cond:
  /// the deciding condition as written (null: none), Own: the region's own
  /// condition.
  Branch &recordBranch(Branch::Kind Kind,
                       llvm::ArrayRef<const clang::Stmt *> Region,
                       const clang::Expr *Cond, const Predicate &Own,
                       const Predicate &Reach,
                       const std::vector<unsigned> &ReachLoops);
  BranchRecords Regions;

  // --- switch statements
  /// One case of a switch: its labels' values (and default), the
  /// statements up to the next label, and whether a break ends them.
  struct SwitchCaseRegion {
    std::vector<int64_t> Values;
    bool Default = false;
    std::vector<const clang::Stmt *> Stmts;
    bool EndsInBreak = false;
  };
  /// The cases of Sw when it is the simple form Switch.cpp models; nullopt
  /// otherwise.
  std::optional<std::vector<SwitchCaseRegion>>
  switchCases(const clang::SwitchStmt *Sw) const;
  /// Walks the cases of Sw under their conditions on the value C.
  Flow walkSwitchCases(const clang::SwitchStmt *Sw, const AbsValue &C,
                       const std::vector<SwitchCaseRegion> &Cases);

  // --- loads moved to their use
  /// The loads of a local's initializer, K.Accesses[First, End), which nvcc
  /// may move down to the statement that uses the local.
  struct PendingSink {
    const clang::VarDecl *Var = nullptr;
    size_t First = 0, End = 0;
    size_t GuardDepth = 0; ///< Guards.size() at the declaration
    /// The if whose then branch alone uses it: moved there once walked,
    /// under the conditions met before the if (Extra) and the if's own.
    const clang::IfStmt *IntoThenOf = nullptr;
    std::vector<Predicate> Extra;
  };
  /// Child declares one local initialized from loads only (recorded from
  /// AccessesBefore on).
  std::optional<PendingSink> sinkCandidate(const clang::Stmt *Child,
                                           size_t AccessesBefore) const;
  /// Before walking Child of S: loads whose local Child uses move here (or
  /// are marked for Child's then branch); those Child may overwrite stay.
  void sinkBefore(const clang::CompoundStmt *S, const clang::Stmt *Child,
                  std::vector<PendingSink> &Pending);
  /// After walking Child: loads marked for its then branch move there.
  void sinkAfter(const clang::Stmt *Child, std::vector<PendingSink> &Pending);
  /// The guard conjuncts pushed since the stack was Depth deep.
  std::vector<Predicate> guardsSince(size_t Depth) const;
  /// Adds Extra to the guards of P's loads.
  void moveLoads(const PendingSink &P, const std::vector<Predicate> &Extra,
                 clang::SourceLocation To, const std::string &Where);

  // --- objects and accesses
  std::optional<unsigned> objectFor(const clang::ValueDecl *D);
  void noteOutsideUse(unsigned Obj, clang::SourceLocation L,
                      const std::string &How);
  void recordAccess(const LValue &LV, const clang::Expr *E, AccessOp Op,
                    clang::QualType AccessType);

  // --- inline PTX (InlineAsm.cpp)
  void walkInlineAsm(const clang::GCCAsmStmt *S);
  /// The access Op makes at Address (an operand of S plus a constant), of
  /// Space; a remark when it cannot be placed in an object.
  void recordPtxAccess(const clang::GCCAsmStmt *S, const PtxMemoryOp &Op,
                       const PtxAddress &Address, AccessOp AOp, PtxSpace Space,
                       const std::vector<AbsValue> &Inputs);
  /// Where the instructions of S are reported, their accesses and the
  /// remarks about them: where nvcc's line table puts them.
  clang::SourceLocation asmInstructionAt(const clang::GCCAsmStmt *S);
  SourceLoc asmInstructionLoc(const clang::GCCAsmStmt *S);
  /// The condition under which a lane runs an instruction of S guarded by
  /// G, or an unknown saying why it is not known.
  Predicate ptxGuard(const clang::GCCAsmStmt *S, const PtxGuard &G,
                     const std::vector<AbsValue> &Inputs);
  /// The integer an asm statement's conversion (cvta.to.shared) writes:
  /// the input pointer's place; nullopt when it is not a pointer into an
  /// object of that space.
  std::optional<AbsValue> convertedAddress(const clang::GCCAsmStmt *S,
                                           const PtxAddressConversion &C,
                                           const std::vector<AbsValue> &Inputs);
  /// The accesses (indices [first, second) of K.Accesses) of one
  /// instruction of Bytes per lane (0: one) at Base plus Offset
  /// bytes, with no subscripts: what a PTX instruction or a WMMA
  /// fragment's load makes.
  std::pair<size_t, size_t> recordInstruction(const clang::Expr *E,
                                              const AbsValue &Base, Expr Offset,
                                              AccessOp AOp, unsigned Bytes);
  /// WMMA's load_matrix_sync/store_matrix_sync builtins (Fragments.cpp):
  /// the accesses of their instructions; nullopt for other calls.
  std::optional<AbsValue> evalFragmentBuiltin(const clang::CallExpr *C,
                                              llvm::StringRef Name);
  /// The lane of the current thread in its warp: its rank in the block
  /// modulo 32.
  static Expr laneIndex();
  /// The linear index of the current thread in its block (CUDA's
  /// thread_rank()).
  static Expr blockRank();
  void notePointerEscape(const AbsValue &V, const clang::Expr *E,
                         const std::string &How);
  /// V converted to an integer at E: an escape unless V is at its address
  /// site (then each use of the integer decides: an access at the site, an
  /// offset added, anything else).
  void notePointerConversion(const AbsValue &V, const clang::Expr *E);
  /// The address site of `&LV` when LV names an element by known subscripts
  /// of every dimension of a multi-dimensional object; null otherwise.
  std::shared_ptr<const AddressSite> addressSite(const LValue &LV);

  clang::ASTContext &Ctx;
  const FrontendOptions &Opts;
  KernelModel &K;
  WalkState State;
  /// Trial walks of loop bodies in this kernel: each level of loop nesting
  /// walks its body a few times, so a budget keeps deep nests linear.
  unsigned TrialWalks = 0;
  static constexpr unsigned MaxTrialWalks = 4096;
  static constexpr unsigned MaxTrialNest = 6;
  std::map<const clang::ValueDecl *, unsigned> ObjectIds;
  std::map<const clang::ParmVarDecl *, unsigned> ParamIds;
  /// The uniform symbol standing for each pointer parameter's address in
  /// null tests (nullTest), by object.
  std::map<unsigned, unsigned> NullTestSymbols;

  // --- nesting budget
  /// How deep statements and expressions may nest, inlined calls included,
  /// before the walker stops descending. Each level takes a few KiB of
  /// stack, so this stays far below an 8 MiB stack whatever clang accepts.
  static constexpr unsigned MaxWalkDepth = 512;
  /// How deep an Expr or Predicate value may grow (`v = v + x;` repeated,
  /// selects of merged branches) before it becomes unknown: the solver,
  /// printing and comparison recurse over them.
  static constexpr unsigned MaxValueDepth = 512;
  /// Counts one level of nesting for as long as it lives.
  struct NestingScope {
    explicit NestingScope(unsigned &Depth) : Depth(Depth) { ++Depth; }
    ~NestingScope() { --Depth; }
    NestingScope(const NestingScope &) = delete;
    NestingScope &operator=(const NestingScope &) = delete;
    unsigned &Depth;
  };
  /// The reason of everything the budget cuts off.
  static std::string tooDeepReason();
  /// Skips S, nested past MaxWalkDepth: the variables it may assign are
  /// forgotten, and a warning (once per kernel) says accesses inside it are
  /// not analyzed. Returns how control may leave it (unknown conditions for
  /// each kind of exit S contains).
  Flow skipTooDeep(const clang::Stmt *S);
  /// What skipping S leaves: its assigned variables unknown and an exit of
  /// each kind it contains unknown, for Reason.
  Flow skipUnwalked(const clang::Stmt *S, const std::string &Reason);
  /// V, or unknown ("too deep") when its Expr or Predicate is deeper than
  /// MaxValueDepth.
  AbsValue boundDepth(AbsValue V) const;
  /// A pointer to P's object at an offset no longer known, for Reason.
  static AbsValue forgottenPointer(const AbsValue &P, std::string Reason);
  unsigned WalkDepth = 0;
  WalkWork Work;
  /// The loop bodies' syntactic facts, each scanned once (LoopScans.h).
  LoopScans Scans;
  Flow skipTooLarge(const clang::Stmt *S);
  /// Adds S's floating-point instructions to K.Arithmetic when no guard
  /// encloses it (ArithmeticWork).
  void recordArithmetic(const clang::Stmt *S);
};

} // namespace warplint

#endif // WARPLINT_FRONTEND_KERNELWALKER_H
