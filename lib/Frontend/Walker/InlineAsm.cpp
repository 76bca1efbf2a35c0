//===- InlineAsm.cpp - Memory instructions written in inline PTX ----------===//
//
// An asm statement's template is read for its memory instructions
// (PtxMemory.h); each becomes an access at the address its operand holds:
// a pointer ("l"(p)) or an address in an integer (`"r"(addr)` with addr
// from __cvta_generic_to_shared or an asm statement that converts with
// cvta.to.shared, AbsValue::Integer), plus the constant the template adds.
// The asm's other outputs are data afterwards. A memory
// instruction that cannot be placed is a remark saying why, never dropped
// in silence.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/PtxMemory.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

namespace warplint {

using namespace clang;

namespace {

AccessOp accessOp(PtxMemoryOp::Kind K) {
  switch (K) {
  case PtxMemoryOp::Kind::Store:
  case PtxMemoryOp::Kind::MatrixStore:
    return AccessOp::Store;
  case PtxMemoryOp::Kind::Atomic:
  case PtxMemoryOp::Kind::Reduction:
    return AccessOp::Atomic;
  default:
    return AccessOp::Load;
  }
}

/// The CUDA function an atom/red instruction stands for (the bank rule of
/// atomics differs by function: S8).
std::string atomicFunction(llvm::StringRef Opcode) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Opcode.split(Parts, '.');
  for (llvm::StringRef P : Parts) {
    if (P == "add")
      return "atomicAdd";
    if (P == "cas")
      return "atomicCAS";
    if (P == "exch")
      return "atomicExch";
    if (P == "min" || P == "max" || P == "and" || P == "or" || P == "xor" ||
        P == "inc" || P == "dec")
      return ("atomic" + P.substr(0, 1).upper() + P.substr(1)).str();
  }
  return "";
}

bool isImmediate(const GCCAsmStmt *S, unsigned In) {
  std::string C = S->getInputConstraint(In);
  return C == "n" || C == "i";
}

/// The last input operand of S that is computed (not an immediate).
const clang::Expr *lastComputedInput(const GCCAsmStmt *S) {
  for (unsigned I = S->getNumInputs(); I-- > 0;)
    if (!isImmediate(S, I))
      return S->getInputExpr(I);
  return nullptr;
}

MemorySpace expectedSpace(PtxSpace S, bool &Known) {
  Known = S == PtxSpace::Shared || S == PtxSpace::Global;
  return S == PtxSpace::Global ? MemorySpace::Global : MemorySpace::Shared;
}

} // namespace

Expr KernelWalker::laneIndex() {
  return Expr::binary(ExprKind::Rem, blockRank(), 32);
}

void KernelWalker::walkInlineAsm(const GCCAsmStmt *S) {
  // The inputs are read before the instructions run.
  std::vector<AbsValue> Inputs;
  for (unsigned I = 0; I < S->getNumInputs(); ++I)
    Inputs.push_back(eval(S->getInputExpr(I)));

  llvm::SmallVector<GCCAsmStmt::AsmStringPiece, 8> Pieces;
  unsigned DiagOffset = 0;
  std::vector<PtxMemoryOp> Ops;
  std::vector<PtxAddressConversion> Conversions;
  if (S->AnalyzeAsmString(Pieces, Ctx, DiagOffset)) {
    remark(asmInstructionAt(S),
           "the template of this asm statement could not be "
           "read; memory instructions in it are not analyzed");
  } else {
    std::string Template;
    for (const GCCAsmStmt::AsmStringPiece &P : Pieces) {
      if (P.isString()) {
        Template += P.getString();
        continue;
      }
      // An immediate operand ("n"(16): a cp.async's size) is written into
      // the template as its value, as the compiler does.
      unsigned N = P.getOperandNo();
      if (N >= S->getNumOutputs() &&
          N - S->getNumOutputs() < S->getNumInputs()) {
        unsigned In = N - S->getNumOutputs();
        clang::Expr::EvalResult R;
        if (isImmediate(S, In) && !S->getInputExpr(In)->isValueDependent() &&
            S->getInputExpr(In)->EvaluateAsInt(R, Ctx)) {
          Template += llvm::toString(R.Val.getInt(), 10);
          continue;
        }
      }
      Template += "%" + std::to_string(N);
    }
    Ops = parsePtxMemoryOps(Template);
    Conversions = parsePtxAddressConversions(Template);
  }
  for (const PtxMemoryOp &Op : Ops) {
    // A predicated instruction runs in the lanes its predicate holds in.
    State.Guards.push_back(Op.Guard ? ptxGuard(S, *Op.Guard, Inputs)
                                    : Predicate(true));
    llvm::scope_exit PopGuard([&] { State.Guards.pop_back(); });
    if (Op.K == PtxMemoryOp::Kind::Other) {
      remark(asmInstructionAt(S),
             "inline PTX " + Op.Why + "; its memory accesses are not analyzed");
      continue;
    }
    std::optional<unsigned> Source;
    if (Op.K == PtxMemoryOp::Kind::AsyncCopy) {
      size_t Before = K.Accesses.size();
      recordPtxAccess(S, Op, *Op.Source, AccessOp::Load, PtxSpace::Global,
                      Inputs);
      if (K.Accesses.size() > Before)
        Source = K.Accesses[Before].Id;
    }
    if (!Op.Address) {
      remark(asmInstructionAt(S), "inline PTX '" + Op.Opcode + "': " + Op.Why +
                                      "; its memory access is not analyzed");
      continue;
    }
    // A cp.async writes its destination.
    AccessOp AOp =
        Op.K == PtxMemoryOp::Kind::AsyncCopy ? AccessOp::Store : accessOp(Op.K);
    size_t Before = K.Accesses.size();
    recordPtxAccess(S, Op, *Op.Address, AOp, Op.Space, Inputs);
    for (size_t I = Before; I < K.Accesses.size(); ++I)
      K.Accesses[I].CopyPeer = Source;
    if (Source && K.Accesses.size() > Before)
      K.Accesses[*Source].CopyPeer = K.Accesses[Before].Id;
  }

  // An address the template uses other than as a memory operand or in a
  // conversion (a mov, arithmetic in PTX) leaves the walker's sight.
  for (unsigned I = 0; I < Inputs.size(); ++I) {
    unsigned N = S->getNumOutputs() + I;
    bool Seen = false;
    for (const PtxMemoryOp &Op : Ops)
      Seen |= (Op.Address && Op.Address->Operand == N) ||
              (Op.Source && Op.Source->Operand == N);
    for (const PtxAddressConversion &C : Conversions)
      Seen |= C.Input == N;
    if (!Seen)
      notePointerEscape(Inputs[I], S->getInputExpr(I),
                        "passed to an asm statement other than as a memory "
                        "operand");
  }

  // What the instructions wrote into the outputs is data, but for an
  // address converted into a space's window: the pointer's place, held in
  // an integer, as __cvta_generic_to_shared gives it.
  for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
    const clang::Expr *Out = S->getOutputExpr(I);
    AbsValue V = AbsValue::data("the output of the asm statement at line " +
                                    std::to_string(loc(S->getAsmLoc()).Line),
                                true);
    for (const PtxAddressConversion &C : Conversions)
      if (C.Output == I && C.Input >= S->getNumOutputs()) {
        if (auto P = convertedAddress(S, C, Inputs)) {
          V = *P;
        } else if (C.Input - S->getNumOutputs() < Inputs.size()) {
          // Say what the converted address was.
          const AbsValue &In = Inputs[C.Input - S->getNumOutputs()];
          V.Reason = "the shared address converted at line " +
                     std::to_string(loc(S->getAsmLoc()).Line) + " from '" +
                     text(S->getInputExpr(C.Input - S->getNumOutputs())) + "'" +
                     (In.Reason.empty() ? "" : ", " + In.Reason);
        }
      }
    LValue LV = evalLValue(Out);
    writeLValue(LV, Out, V);
  }
}

Predicate KernelWalker::ptxGuard(const GCCAsmStmt *S, const PtxGuard &G,
                                 const std::vector<AbsValue> &Inputs) {
  std::string Name = "the predicate '" + G.Register + "' of the asm statement";
  if (!G.Known || G.Operand < S->getNumOutputs() ||
      G.Operand - S->getNumOutputs() >= Inputs.size())
    return Predicate::unknown(Name + " (not set by comparing an input operand "
                                     "with a constant)",
                              true);
  unsigned In = G.Operand - S->getNumOutputs();
  AbsValue V = toInt(Inputs[In], S->getInputExpr(In));
  if (V.isUnknown())
    return Predicate::unknown(Name + " ('" + text(S->getInputExpr(In)) +
                                  "': " + V.Reason + ")",
                              threadDependent(V), V.Data);
  CmpKind Op = llvm::StringSwitch<CmpKind>(G.Cmp)
                   .Case("eq", CmpKind::EQ)
                   .Case("lt", CmpKind::LT)
                   .Case("le", CmpKind::LE)
                   .Case("gt", CmpKind::GT)
                   .Case("ge", CmpKind::GE)
                   .Default(CmpKind::NE);
  Predicate P = Predicate::cmp(Op, V.Int, Expr(G.Value));
  return G.Negated ? Predicate::negate(P) : P;
}

SourceLocation KernelWalker::asmInstructionAt(const GCCAsmStmt *S) {
  // nvcc's line table puts the instructions of an asm statement on the line
  // of its last computed input operand (measured on statements written
  // over several lines, test/gpu/real/tensor-core/README.md); the
  // statement's own place when that is its first line.
  SourceLoc Asm = loc(S->getAsmLoc());
  if (const clang::Expr *Last = lastComputedInput(S)) {
    SourceLoc Operand = loc(Last->getBeginLoc());
    if (Operand.File == Asm.File && Operand.Line != Asm.Line)
      return Last->getBeginLoc();
  }
  return S->getAsmLoc();
}

SourceLoc KernelWalker::asmInstructionLoc(const GCCAsmStmt *S) {
  return loc(asmInstructionAt(S));
}

std::optional<AbsValue>
KernelWalker::convertedAddress(const GCCAsmStmt *S,
                               const PtxAddressConversion &C,
                               const std::vector<AbsValue> &Inputs) {
  unsigned In = C.Input - S->getNumOutputs();
  if (In >= Inputs.size())
    return std::nullopt;
  AbsValue P = Inputs[In];
  if (P.K != AbsValue::Kind::Pointer || P.Integer || !P.AlsoObjects.empty())
    return std::nullopt;
  bool Known = false;
  if (K.Objects[P.Object].Space != expectedSpace(C.Space, Known) || !Known)
    return std::nullopt;
  P.Integer = true;
  P.Derived = true;
  notePointerConversion(P, S->getInputExpr(In));
  return P;
}

std::pair<size_t, size_t>
KernelWalker::recordInstruction(const clang::Expr *E, const AbsValue &Base,
                                Expr Offset, AccessOp AOp, unsigned Bytes) {
  LValue LV;
  LV.K = LValue::Kind::Memory;
  LV.Ptr = pointerAdd(Base, AbsValue::integer(std::move(Offset)), QualType(),
                      /*Negate=*/false, E);
  size_t Before = K.Accesses.size();
  recordAccess(LV, E, AOp, Ctx.UnsignedCharTy);
  for (size_t I = Before; I < K.Accesses.size(); ++I) {
    Access &A = K.Accesses[I];
    if (Bytes)
      A.Bytes = Bytes;
    A.TypeAlign = A.Bytes;
    A.Volatile = true; // one instruction as it is: nothing merges with it
    if (!A.ThroughAddress) {
      A.SubscriptRanges.clear();
      A.SubscriptIndices.clear();
    }
    A.WrittenIndex = {};
  }
  return {Before, K.Accesses.size()};
}

void KernelWalker::recordPtxAccess(const GCCAsmStmt *S, const PtxMemoryOp &Op,
                                   const PtxAddress &Address, AccessOp AOp,
                                   PtxSpace Space,
                                   const std::vector<AbsValue> &Inputs) {
  std::string Name = "inline PTX '" + Op.Opcode + "'";
  unsigned N = Address.Operand;
  if (N < S->getNumOutputs() || N - S->getNumOutputs() >= Inputs.size()) {
    remark(asmInstructionAt(S),
           Name + ": its address %" + std::to_string(N) +
               " is not an input operand; its memory access "
               "is not analyzed");
    return;
  }
  unsigned In = N - S->getNumOutputs();
  const clang::Expr *E = S->getInputExpr(In);
  const AbsValue &V = Inputs[In];
  if (V.K != AbsValue::Kind::Pointer) {
    remark(asmInstructionAt(S),
           Name + ": its address '" + text(E) +
               "' is not known to point into an array or buffer (" +
               (V.Reason.empty() ? std::string("a value not modelled")
                                 : V.Reason) +
               "); its memory access is not analyzed");
    return;
  }
  const MemoryObject &O = K.Objects[V.Object];
  bool Known = false;
  MemorySpace Want = expectedSpace(Space, Known);
  if (Known && O.Space != Want) {
    remark(asmInstructionAt(S),
           Name + " addresses " + ptxSpaceName(Space) + " memory, but '" +
               text(E) + "' points into " + spaceName(O.Space) + " '" + O.Name +
               "'; its memory access is not analyzed");
    return;
  }
  if (!Known && Space != PtxSpace::Generic) {
    remark(asmInstructionAt(S),
           Name + " (" + ptxSpaceName(Space) + " memory) is not analyzed");
    return;
  }
  auto [Begin, End] = recordInstruction(E, V, Expr(Address.Offset), AOp,
                                        Op.Bytes ? Op.Bytes : 0);
  for (size_t I = Begin; I < End; ++I) {
    Access &A = K.Accesses[I];
    A.Range = range(S->getSourceRange());
    A.Loc = asmInstructionLoc(S);
    A.Ptx = Op.Opcode;
    if (AOp == AccessOp::Atomic)
      A.AtomicFunction = atomicFunction(Op.Opcode);
    if (Op.K == PtxMemoryOp::Kind::MatrixLoad ||
        Op.K == PtxMemoryOp::Kind::MatrixStore) {
      A.Rule = Access::LaneRule::MatrixRows;
      // Lanes 8 x Matrices and up give no row.
      if (Op.Matrices < 4)
        A.Guard = Predicate::conj(
            {A.Guard, Predicate::cmp(CmpKind::LT, laneIndex(),
                                     Expr(8 * int64_t(Op.Matrices)))});
    }
    if (Op.K == PtxMemoryOp::Kind::AsyncCopy) {
      A.Rule = Access::LaneRule::AsyncCopy;
      A.BypassL1 = Op.BypassL1;
    }
  }
}

} // namespace warplint
