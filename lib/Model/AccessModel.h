//===- AccessModel.h - The contract between front end and analyses -*- C++ -*-//
//
// Plain value types describing, for every kernel of a translation unit, the
// memory accesses it makes (shared and global), the byte offset of each as an
// Expr over thread/loop/parameter symbols, the guards and loops around it, and
// the launch configurations seen for the kernel. The front end produces this;
// the solver, checks and fixes consume it. No clang or ISL types appear here.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_MODEL_ACCESSMODEL_H
#define WARPLINT_MODEL_ACCESSMODEL_H

#include "Model/Expr.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A position in a source file (1-based line and column, 0-based offset).
struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0;

  bool isValid() const { return Line != 0; }
  friend bool operator==(const SourceLoc &A, const SourceLoc &B) {
    return A.File == B.File && A.Line == B.Line && A.Column == B.Column;
  }
};

/// A half-open character range [Begin, End) in one file.
struct SourceRange {
  SourceLoc Begin;
  SourceLoc End;
};

/// One factor of a product as it is written in the file: where, and the
/// name it is spelled as when it is one identifier (a variable, a constant,
/// an object-like macro); Number when it is an integer literal.
struct WrittenFactor {
  SourceRange Range;
  std::string Name;
  bool Number = false;
};

/// An expression written in the file as a sum of products ("r * W + c": the
/// terms {r, W} and {c}), read by the front end from the AST: every `+` and
/// `*` spelled in the file, not inside a macro, and no other operator
/// outside parentheses.
using WrittenSum = std::vector<std::vector<WrittenFactor>>;

enum class MemorySpace { Shared, Global };
enum class AccessOp { Load, Store, Atomic };

const char *spaceName(MemorySpace S); ///< "shared" / "global"
const char *opName(AccessOp Op);      ///< "load" / "store" / "atomic"

/// A memory object accesses refer to: a __shared__ array (static or extern),
/// or a global buffer (a pointer kernel parameter or a __device__ array).
struct MemoryObject {
  std::string Name;
  MemorySpace Space = MemorySpace::Shared;
  std::string ElementType; ///< spelled type of one element, e.g. "float"
  unsigned ElementBytes = 0;
  /// Declared extents, outermost first (float a[4][33] -> {4, 33}); empty for
  /// a pointer; an extern unsized array has a single 0.
  std::vector<int64_t> Extents;
  bool IsExtern = false;     ///< extern __shared__ (dynamic shared memory)
  /// A static __shared__ array of relocatable device code (nvcc -rdc=true,
  /// -dc; clang -fgpu-rdc): the device linker places it, so ptxas knows
  /// only its declared alignment (AlignBytes), not the 16 bytes it gives
  /// the arrays it lays out itself (docs/hardware-model.md S9 (e)).
  bool LinkerPlaced = false;
  bool IsParameter = false;  ///< a pointer kernel parameter
  unsigned AlignBytes = 0;   ///< known base alignment in bytes (0: unknown)
  /// Shared arrays: the array's address in the block's shared window, where
  /// it is known (the kernel's only static array, or dynamic memory beside
  /// none: at 1024, measured; Frontend/Walker/SharedWindow.cpp).
  std::optional<int64_t> WindowAddress;
  SourceLoc DeclLoc;
  /// Source range of the declarator's last extent ("33" in a[4][33]); lets
  /// the fix component rewrite the row length. Invalid when not written.
  SourceRange LastExtentRange;
  /// The last extent as a product of written factors ({TILE, TILE} for
  /// s[TILE * TILE]); empty when it is not one.
  std::vector<WrittenFactor> LastExtentFactors;
  /// Whether any use of the object bypasses its subscripts (pointer escapes,
  /// sizeof, memcpy of the whole array, flattening through &a[0][0]).
  bool UsedOutsideSubscripts = false;
  std::string OutsideUseNote; ///< where and how, when the above is true
};

/// One loop around an access. Loops are numbered per kernel; Expr symbols of
/// kind LoopVar refer to them by index.
struct Loop {
  enum class StepKind {
    Add,      ///< i += Step (Step may be negative)
    Multiply, ///< i *= Step (or i <<= log2 Step)
    Divide,   ///< i /= Step (or i >>= log2 Step), C truncation
  };
  unsigned Id = 0;
  std::string VarName;
  SourceLoc Loc;
  Expr Init;           ///< value before the first iteration
  Predicate Condition; ///< continue while true; refers to LoopVar Id
  StepKind Step = StepKind::Add;
  int64_t StepValue = 1;
  /// For an Add loop whose step is block-uniform but not a constant (the
  /// grid-stride loop: i += gridDim.x * blockDim.x), the step as an Expr over
  /// block-uniform symbols; StepValue is then meaningless. The solver binds
  /// the launch into it: a constant becomes StepValue, anything else makes
  /// every iteration add a uniform multiple of the step.
  std::optional<Expr> StepExpr;
  /// Enclosing loop ids, outermost first (Init and Condition may refer to
  /// them).
  std::vector<unsigned> Parents;
  /// When the loop cannot be modelled (non-constant step, body writes the
  /// variable, ...), Unknown says why; accesses inside see the variable as
  /// unknown.
  std::string UnknownReason;
  /// The only reason is a start that is data (`for (i = node[tid].start;
  /// ...; i++)`): the variable is then data in every iteration.
  bool StartIsData = false;
  /// The `#pragma unroll` written on the loop: 0 for a bare `#pragma unroll`,
  /// N for `#pragma unroll N` (1, and `#pragma nounroll`, keep the loop);
  /// nullopt when there is none. nvcc's merging of the iterations' accesses
  /// depends on it (lib/Facts).
  std::optional<unsigned> UnrollPragma;
  /// The factor nvcc unrolls the loop by when its trip count is a run-time
  /// value, running the remainder (trip count mod factor) first: 1 when it
  /// keeps the loop, nullopt when not known (Frontend/RuntimeUnroll.h).
  /// Lanes of one warp with different trip counts then share instructions
  /// across iterations (docs/hardware-model.md S9 (h)).
  std::optional<unsigned> RemainderFirstUnroll = 1u;
  /// The step's addition is computed in an unsigned type, as C's
  /// conversions make it for `int i; i += blockDim.x` (an unsigned operand)
  /// or an unsigned variable; with a signed step (`int step = blockDim.x;
  /// i += step`) nvcc unrolls differently (RemainderFirstUnroll).
  bool StepUnsigned = false;
  /// With RemainderFirstUnroll = U > 1: nvcc runs the remainder last
  /// instead (a constant step added in unsigned to a signed variable,
  /// `int i; i += 32u` or `+= warp.size()`): rounds of U copies while U
  /// iterations remain, then 2 copies if 2 remain, then 1 if 1 does.
  bool RemainderLast = false;
  /// The variable's integer type: a multiplying loop whose bound is not
  /// known for the launch can only take the values its type holds
  /// (lib/Solve/Space/GeometricLoops.h).
  unsigned VarBits = 64;
  bool VarSigned = true;
};

/// Floating-point arithmetic one statement surely executes each time it
/// runs: no guard encloses it, only loops. Counted in instructions as nvcc
/// emits them (a multiply feeding an add is one FFMA), a lower bound: math
/// functions and conversions are not counted. The cost model turns it
/// into the arithmetic pipe's time (lib/Cost).
struct ArithmeticWork {
  SourceLoc Loc;
  std::vector<unsigned> Loops; ///< enclosing loop ids, outermost first
  unsigned Fp32 = 0;           ///< FADD, FMUL, FFMA (and divisions, as one)
  unsigned Fp64 = 0;           ///< DADD, DMUL, DFMA
};

/// A scalar kernel parameter.
struct Param {
  unsigned Id = 0;
  std::string Name;
  std::string Type;
  bool IsPointer = false;
};

/// A local that starts at a constant and is multiplied (or divided) by a
/// constant once in every iteration of a loop (`offset <<= 1` beside the
/// loop's own `d >>= 1`): at the head of iteration t it is
/// Start * Factor^t (Start / Factor^t), as long as its type holds it.
struct GeometricSequence {
  int64_t Start = 1;
  bool Divide = false;
  int64_t Factor = 2;
  unsigned Bits = 64;
  bool Signed = true;
  std::string Name; ///< the local's name
};

/// An opaque block-uniform value (see SymbolKind::Uniform).
struct UniformValue {
  unsigned Id = 0;
  std::string Description; ///< e.g. "value loaded from 'offsets[blockIdx.x]'"
  SourceLoc Loc;
  /// Made inside a loop: the same in every thread of an iteration, but it
  /// may take another value in the next one. An answer that differs with
  /// its value is no single answer for the launch.
  bool PerIteration = false;
  /// For a per-iteration value: the values it takes, when it is a
  /// geometric sequence (the solver then has a case for each).
  std::optional<GeometricSequence> Sequence;
};

/// A frame of the inlined call chain from the kernel down to the function
/// that contains an access.
struct CallFrame {
  std::string Callee;
  SourceLoc CallLoc;
};

/// What nvcc emits for an access when that differs from what the source
/// spells: adjacent loads merged into one vector load, 12-byte
/// and odd-sized copies split into several instructions. Filled after
/// extraction by the compiler-facts layer (lib/Facts): from source-level
/// rules always, overridden by the SASS of the file when nvcc is available.
/// The solver analyzes the emitted instructions; the default value means
/// "emitted as written".
struct Emission {
  enum class Origin {
    AsWritten,  ///< no rewrite known
    SourceRule, ///< a documented source-level rule (docs/hardware-model.md)
    Sass,       ///< read from nvcc's SASS for this file
  };
  Origin From = Origin::AsWritten;
  /// This access is carried by the instruction of another access of the
  /// same kernel (its Access::Id): it makes no request of its own.
  std::optional<unsigned> MergedInto;
  /// For the access that carries a merged instruction: the ids of the
  /// accesses merged into it, and the width in bytes of one lane's
  /// instruction (8 or 16). The instruction reads from this access's
  /// ByteOffset (less InstrBelow), the lowest address of the group. 0: not
  /// merged.
  std::vector<unsigned> Carries;
  unsigned InstrBytes = 0;
  /// The instruction starts this many bytes below this access's ByteOffset:
  /// merged stores are issued on the line of the last store in program
  /// order, which need not hold the lowest address (`s[2*t+1] = b;
  /// s[2*t] = a;` became one STS.64 on the second line).
  int64_t InstrBelow = 0;
  /// The access is emitted as several instructions of these widths, at
  /// consecutive offsets from its ByteOffset (a float3 copy: {4, 4, 4};
  /// a 12-byte struct at 8-byte alignment: {8, 4}). Empty: one instruction.
  std::vector<unsigned> SplitBytes;
  /// For an access in an unrolled loop whose iterations read consecutive
  /// addresses: the instruction of InstrBytes is issued once per
  /// IterationsPerInstr iterations of loop UnrolledLoop (those where the
  /// variable is Init + k * IterationsPerInstr * Step) and covers them all.
  std::optional<unsigned> UnrolledLoop;
  unsigned IterationsPerInstr = 0;
  /// Why, in the user's terms ("nvcc merges this load with line 110 into one
  /// 8-byte load"), shown as a note.
  std::string Note;

  bool isAsWritten() const {
    return !MergedInto && InstrBytes == 0 && SplitBytes.empty() &&
           !UnrolledLoop;
  }
};

/// One memory instruction as written in the source.
struct Access {
  /// Its place in KernelModel::Accesses, which is program order (the front
  /// end renumbers when it drops accesses).
  unsigned Id = 0;
  SourceRange Range;      ///< the whole access expression, e.g. tile[ty][tx]
  /// Where findings point and the line nvcc's line table gives the
  /// instruction: Range.Begin unless the expression spans lines and its
  /// instruction belongs to a later one (`a[\n i]`: the index's line).
  SourceLoc Loc;
  std::string Function;   ///< function whose body contains it
  std::vector<CallFrame> CallChain; ///< empty when written in the kernel
  unsigned Object = 0;    ///< index into KernelModel::Objects
  AccessOp Op = AccessOp::Load;
  unsigned Bytes = 4;     ///< width of one lane's access (1, 2, 4, 8, 16)
  /// Byte offset from the start of the object, or nullopt with
  /// UnknownReason set.
  std::optional<Expr> ByteOffset;
  std::string UnknownReason;
  /// ByteOffset is unknown only because the address depends on data (a
  /// value read from memory with a per-thread address, a floating-point
  /// value): any address inside the object is possible, so the solver
  /// reports the best and worst case instead of nothing (docs/solver.md,
  /// "Bounded answers").
  bool AddressFromData = false;
  /// Conjunction of the enclosing conditions that decide whether a lane
  /// executes the access (if-guards, early returns, short-circuit operands).
  Predicate Guard;
  std::vector<unsigned> Loops; ///< enclosing loop ids, outermost first
  /// The spelled subscripts, outermost first, for each subscripted dimension
  /// of a multi-dimensional array access (empty otherwise); the fix component
  /// rewrites them.
  std::vector<SourceRange> SubscriptRanges;
  /// The value of each subscript, outermost first, when the access reaches
  /// its element through subscripts of every declared dimension (a[r][c],
  /// a[r][c].x, s[i]) and every subscript is known; empty otherwise. The fix
  /// component rebuilds ByteOffset from them for a changed layout.
  std::vector<Expr> SubscriptIndices;
  /// The access goes through the address of its subscripted element
  /// (`&a[r][c]` cast to a wider type, or converted to an integer for inline
  /// PTX) and moves Bytes from there: a layout keeps it correct only by
  /// keeping those bytes together and aligned (Fix/Layout.h).
  bool ThroughAddress = false;
  /// The one subscript of a one-dimensional array access as written, when
  /// it is a sum of at most two products (s[r * W + c]); empty otherwise.
  WrittenSum WrittenIndex;
  /// Field path for struct accesses, e.g. ".x"; empty otherwise.
  std::string Field;
  /// The access is volatile: nvcc emits it as written, never merged.
  bool Volatile = false;
  /// An atomicAdd of the constant 1 whose result is not used: nvcc emits
  /// ATOMS.POPC.INC, which serves the lanes on one word together (one add
  /// of their count), so its shared-memory cost follows the load rule
  /// rather than S8's lanes per bank (docs/hardware-model.md, S8).
  bool AtomicIncrementUnused = false;
  /// nvcc implements this access's atomic as a compare-and-swap loop: a
  /// float or double atomicAdd on shared memory became LDS, then
  /// ATOMS.CAST.SPIN (.64) repeated until it succeeds (docs/hardware-model.md
  /// S8c). Set on the atomic and on the loop's first read, a load of the
  /// same address recorded beside it.
  bool CasLoop = false;
  /// For an atomic: the CUDA function ("atomicAdd", "atomicExch", ...,
  /// without _block/_system); empty when not known.
  std::string AtomicFunction;
  /// For an access made by a function of the CUDA headers that nvcc inlines
  /// (atomicAdd, __ldg): the statement of its body the instruction comes
  /// from. Nsight Compute counts the instruction on that header line, and
  /// on the caller's line only when the line table also gives it there.
  std::optional<SourceLoc> InlinedFrom;
  /// The alignment in bytes that the types at the access promise nvcc: that
  /// of the vector or struct whose field is read (8 for float2's .y), else
  /// that of the element (4 for a float). 0: not known.
  unsigned TypeAlign = 0;
  /// What the compiler makes of it (merged, split); as written by default.
  Emission Emitted;
  /// An access written in inline PTX: the instruction as written
  /// ("ldmatrix.sync.aligned.m8n8.x4.shared.b16"); empty otherwise.
  std::string Ptx;
  /// How the lanes of its instruction make requests, when not each its own
  /// Bytes as a load or store does (test/gpu/tensor-core/README.md).
  enum class LaneRule {
    PerLane,
    /// ldmatrix/stmatrix: lanes 8i..8i+7 give the 16-byte rows of matrix
    /// i (the others' addresses are ignored: Guard says so); one phase per
    /// matrix, never merged (rules LDSM, STSM).
    MatrixRows,
    /// One side of a cp.async: the global source read or the shared
    /// destination written (rule LDGSTS).
    AsyncCopy,
  };
  LaneRule Rule = LaneRule::PerLane;
  /// AsyncCopy: cp.async.cg, which bypasses L1 (LDGSTS.BYPASS).
  bool BypassL1 = false;
  /// AsyncCopy: the Id of the copy's other side (the destination's source
  /// read, whose addresses conflict in the shared write as well; the
  /// source's destination write), which the rules LDGSTS and LDGSTS.BYPASS
  /// read beside this access's own addresses.
  std::optional<unsigned> CopyPeer;
  /// A load nvcc moves down to where its value is used (LoadSinking.cpp):
  /// why its lanes are those of the use, in the user's terms; empty when
  /// it stays where it is written.
  std::string MovedNote;

  /// The range a finding about it shows: from Loc (the caret) to the end of
  /// the expression.
  SourceRange findingRange() const { return {Loc, Range.End}; }
};

/// "line 12" or "lines 12-14": the lines of Members' instructions
/// (Access::Loc), for notes about accesses nvcc merges. Members is not empty.
std::string linesOf(const std::vector<const Access *> &Members);

/// One enclosing condition of a barrier, with where it was written, so that
/// a diagnostic can point at the condition that makes threads disagree.
struct BarrierCondition {
  Predicate Cond;    ///< the conjunct of Barrier::Guard it explains
  std::string Text;  ///< the condition as written, e.g. "row < M"
  SourceRange Range; ///< invalid when not written (loop exits, switch)
  /// The condition guards an earlier return/break/continue rather than the
  /// barrier's own branch.
  bool EarlyExit = false;
};

/// A block- or warp-level barrier (see docs/checks/barrier-divergence.md).
struct Barrier {
  enum class Kind {
    SyncThreads,   ///< __syncthreads(), __barrier_sync(0)
    SyncReduction, ///< __syncthreads_count/_and/_or
    BlockSync,     ///< cooperative groups: thread_block sync
    SyncWarp,      ///< __syncwarp(mask)
  };
  unsigned Id = 0;
  Kind K = Kind::SyncThreads;
  std::string Spelling;   ///< "__syncthreads()", "block.sync()"
  SourceRange Range;      ///< the call
  std::string Function;   ///< function whose body contains it
  std::vector<CallFrame> CallChain;
  Predicate Guard;        ///< as for Access: conjunction of Conditions
  std::vector<BarrierCondition> Conditions;
  std::vector<unsigned> Loops; ///< enclosing loop ids, outermost first
  /// SyncWarp: the mask; nullopt when it is not modelled.
  std::optional<Expr> WarpMask;
};

/// A region of a kernel that only some threads of a warp may run:
/// the then or else statement of an if, a loop's body, the statements after
/// an early return. The warp-divergence analysis asks which lanes of each
/// warp run it (Guard) out of those that reach it (Reach).
struct Branch {
  enum class Kind { If, Else, Loop, AfterExit, Case };
  unsigned Id = 0;
  Kind K = Kind::If;
  SourceRange Range;     ///< the region: then/else statement, loop body, ...
  SourceRange CondRange; ///< the condition as written (invalid: none)
  std::string Condition; ///< its text: "tid % (2 * s) == 0"
  std::string Function;  ///< function whose body contains it
  std::vector<CallFrame> CallChain;
  /// Lanes that run the region, and lanes that reach the statement that
  /// decides it (the if, the loop, the exiting statement), as Access::Guard.
  Predicate Guard, Reach;
  /// For If/Else: the region's own condition (negated for Else), the part
  /// of Guard that Reach does not hold; true for the other kinds.
  Predicate Own = true;
  /// Enclosing loops of the region (a loop body: with its own loop last)
  /// and of the deciding statement.
  std::vector<unsigned> Loops, ReachLoops;
  /// The size of the region in operations (docs/checks/warp-divergence.md,
  /// "Predicated or branched"): arithmetic and comparisons (a floating-point
  /// multiply under an add counts once, as the FFMA it becomes), memory
  /// accesses, calls; nested statements included.
  unsigned Work = 0;
  /// Variables the region assigns (an if-converted body ends in one select
  /// per variable).
  unsigned Assigned = 0;
  bool HasMemory = false;  ///< a load, store or atomic
  bool HasLoop = false;    ///< a loop inside the region
  bool HasCall = false;    ///< a call the analysis does not inline
  bool HasBarrier = false; ///< __syncthreads, __syncwarp, ...
  bool HasExit = false;    ///< return, break or continue inside
  /// An if with both a then and an else statement: a warp whose lanes
  /// disagree runs both, one after the other.
  bool TwoSided = false;
  /// The if is the kernel's last statement: nvcc ends the threads that do
  /// not take it there, so warps with no lane in the region skip it.
  bool AtKernelEnd = false;
  /// The probability a lane takes a data-dependent branch, from a
  /// `// warplint: p=0.01` comment on the line before the condition.
  std::optional<double> Probability;
};

/// blockDim of one launch.
struct BlockShape {
  int64_t X = 32, Y = 1, Z = 1;
  int64_t threads() const { return X * Y * Z; }
  friend bool operator==(const BlockShape &A, const BlockShape &B) {
    return A.X == B.X && A.Y == B.Y && A.Z == B.Z;
  }
};

/// Where a launch configuration came from, in decreasing priority of trust.
enum class LaunchSource {
  LaunchSite,   ///< kernel<<<grid, block>>> in this translation unit
  CommandLine,  ///< --block-dim
  Annotation,   ///< // warplint: block-dim(X,Y,Z)
  ConfigFile,   ///< BlockShapes in .warplint.yaml (Site: the entry)
  LaunchBounds, ///< __launch_bounds__(N): assumed N x 1 x 1
  /// The kernel's own assert / __builtin_assume / early exit on blockDim
  /// (Site: the first of them).
  KernelCondition,
  Assumed,      ///< nothing known: blockDim.x assumed a multiple of 32
};

/// One analyzed configuration of a kernel: a block shape plus the values of
/// the kernel parameters that are compile-time constants at that launch.
struct LaunchConfig {
  LaunchSource Source = LaunchSource::Assumed;
  SourceLoc Site; ///< the launch site or annotation, when there is one
  /// A launch from device code (dynamic parallelism).
  bool DeviceSide = false;
  /// Extents of the launch's block that are not compile-time constants:
  /// Block holds 1 for them, which stands for every value only because
  /// the kernel reads neither threadIdx nor blockDim in that dimension.
  std::array<bool, 3> UnknownExtents = {false, false, false};
  /// nullopt for Assumed, and for a partly constant block (partial()).
  std::optional<BlockShape> Block;
  /// LaunchSite only, with Block nullopt: the launch's block has extents
  /// that are run-time values and the kernel reads them (dim3(64, rows)
  /// with threadIdx.y in an index). The extents that are compile-time
  /// constants; the solver keeps the others as parameters (docs/model.md,
  /// "Partly constant blocks").
  std::array<std::optional<int64_t>, 3> PartialBlock;
  std::optional<std::array<int64_t, 3>> Grid;
  /// (Param id, value) for parameters bound to constants at this launch.
  std::vector<std::pair<unsigned, int64_t>> ParamValues;
  /// Extra dynamic shared memory bytes (third <<<>>> argument) when known.
  std::optional<int64_t> DynamicSharedBytes;
  /// LaunchSite whose values came through calls of the launching function
  /// (`launch(B, T)` from main) or a loop over constants around it: those
  /// calls, innermost first, and the kernel's parameters the launch fixes
  /// ("B = 4, T = 1024").
  std::vector<SourceLoc> CalledAt;
  std::string BoundValues;
  /// LaunchSite whose block is one of the constants the paths to the
  /// launch assign a local ("block_size = 512, one of the values 512, 256,
  /// 128 that the paths to it assign"): one configuration per value.
  std::string PathChoice;
  /// Assumed and partial(): the block argument of the launch at Site, whose
  /// extents the analysis needs but which are not all compile-time
  /// constants ("nthreads"), and how many more such launches there are.
  std::string RuntimeBlock;
  unsigned MoreRuntimeLaunches = 0;
  /// Assumed only: why no shape stands for the launches at all, when the
  /// assumed one would contradict them (the launch fixes blockDim.x to a
  /// value that is not a multiple of 32, and the kernel reads an extent
  /// that is a run-time value). The solver answers "unknown" with it.
  std::string NotModelled;
  /// Assumed only: the first shape the kernel was given that the target
  /// refused ("the launch at f.cu:7:3"), and how many more there were: the
  /// kernel is analyzed as if it had no launch, and the note says why.
  std::string Refused;
  unsigned MoreRefused = 0;

  std::string describe() const; ///< "block 32x8x1 from launch at f.cu:40:3"
  /// A launch site whose block the kernel reads in a run-time extent.
  bool partial() const { return !Block && Source == LaunchSource::LaunchSite; }
  /// The extent of blockDim in dimension D when the launch fixes it.
  std::optional<int64_t> blockExtent(unsigned D) const;
};

/// What nvcc emitted for one source line of a kernel, read
/// from the SASS of the file when the compiler-facts mode ran
/// (docs/model.md). Instructions are attributed to the innermost line the
/// line table names (the line inside an inlined function, not its call).
/// The warp-divergence analysis reads it: a predicated body (if-converted)
/// runs in lock step; a branched one may diverge.
struct LineFacts {
  SourceLoc Loc; ///< File and Line only (Column 0)
  /// The call lines (outermost first) when the line belongs to an inlined
  /// function; empty when written in the kernel itself.
  std::vector<unsigned> InlinedAt;
  unsigned Instructions = 0;
  unsigned PredicatedInstructions = 0; ///< guarded by @P or @!P
  unsigned MemoryInstructions = 0;     ///< shared, global, local, generic
  unsigned PredicatedMemoryInstructions = 0;
  /// Some of its instructions lie between a forward branch and its target:
  /// a real branch, not if-conversion, decides whether they run.
  bool BranchedAround = false;
  /// It holds a conditional branch (the line of the if or loop condition).
  bool HasConditionalBranch = false;
};

struct KernelModel {
  std::string Name;        ///< qualified, with template arguments
  SourceLoc Loc;
  std::vector<Param> Params;
  std::vector<MemoryObject> Objects;
  std::vector<Loop> Loops;
  std::vector<UniformValue> Uniforms;
  std::vector<Access> Accesses;
  std::vector<Barrier> Barriers; ///< in program order
  std::vector<Branch> Branches;  ///< in program order
  std::vector<ArithmeticWork> Arithmetic; ///< in program order
  std::vector<LaunchConfig> Launches; ///< never empty after extraction
  /// Block size bound from __launch_bounds__ (max threads), when present.
  std::optional<int64_t> MaxThreadsPerBlock;
  /// Problems with what the kernel is analyzed for that the user must see
  /// whatever checks run (a launch shape the target cannot run, a malformed
  /// block-dim comment, code too deeply nested to analyze): reported as
  /// warnings at their location.
  std::vector<std::pair<SourceLoc, std::string>> Warnings;
  /// Remarks for things skipped (recursion, too many accesses, ...).
  std::vector<std::pair<SourceLoc, std::string>> Remarks;

  /// Symbol names as written in the source ("threadIdx.x", "i", "n").
  std::string symbolName(Symbol S) const;
  /// Per source line, what nvcc emitted (empty unless the compiler-facts
  /// mode read this kernel's SASS), in line order.
  std::vector<LineFacts> Lines;
};

struct TranslationUnitModel {
  std::string MainFile;
  /// The GPU the file was parsed for ("sm_80"): the one target decision,
  /// which the solver, the notes and the fixes use too. Empty when the
  /// parse named none that warplint models (the caller's choice stands).
  std::string Arch;
  std::vector<KernelModel> Kernels;
  /// Kernels the parse left nothing to analyze of (an instance of a
  /// kernel template clang gave no body), as the notes name them.
  std::vector<std::string> NotAnalyzed;
};

/// Binds the values the user runs with (--param NAME=VALUE, Params:) to the
/// scalar integer parameters of that name, at every launch configuration
/// that does not bind the parameter itself (a constant argument at the
/// launch site is what that launch passes, and wins).
void bindParamValues(TranslationUnitModel &TU,
                     const std::map<std::string, int64_t> &Values);

} // namespace warplint

#endif // WARPLINT_MODEL_ACCESSMODEL_H
