//===- PtxMemory.h - The memory instructions of inline PTX ------*- C++ -*-===//
//
// Tensor-core-era kernels write most of their shared-memory traffic as
// inline PTX (`asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16
// {%0,%1,%2,%3}, [%4];" ...)`). This reads an asm template, with its
// operand references already numbered (%N), into the memory instructions
// it holds: which instruction, which state space, how many bytes a lane
// moves, and which operand (plus a constant) is each address. Everything
// else in the template (arithmetic, predicates, scopes, barriers) is
// skipped; a memory instruction that is not modelled is kept, with why.
//
// Pure text: no clang, no model; the walker (InlineAsm.cpp) binds the
// operands to expressions.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_PTXMEMORY_H
#define WARPLINT_FRONTEND_PTXMEMORY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// An address operand as written: `[%N]`, `[%N+16]`, `[%N-4]`.
struct PtxAddress {
  unsigned Operand = 0; ///< the asm operand number
  int64_t Offset = 0;   ///< bytes added to it
};

enum class PtxSpace { Generic, Shared, Global, Local, Const, Param };

/// The predicate an instruction is guarded by (`@p`, `@!p`), when the
/// template set it by comparing an asm operand with a constant (`setp.ne.b32
/// p, %0, 0;`): the instruction runs in a lane where `%Operand Cmp Value`
/// holds (negated for `@!p`).
struct PtxGuard {
  bool Known = false;   ///< false: set otherwise (Register says which)
  std::string Register; ///< the predicate register, as written
  unsigned Operand = 0; ///< the asm operand compared
  std::string Cmp;      ///< eq, ne, lt, le, gt, ge (signed)
  int64_t Value = 0;    ///< the constant it is compared with
  bool Negated = false; ///< `@!p`
};

/// One memory instruction of a template.
struct PtxMemoryOp {
  enum class Kind {
    Load,        ///< ld, ldu (any space, .v2/.v4)
    Store,       ///< st
    Atomic,      ///< atom (returns the old value)
    Reduction,   ///< red (returns nothing)
    MatrixLoad,  ///< ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16
    MatrixStore, ///< stmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16
    AsyncCopy,   ///< cp.async.{ca,cg}.shared.global
    /// A memory instruction warplint does not model (cp.async.bulk, TMA,
    /// mbarrier, wgmma's shared operands, ...): Why says which.
    Other,
  };
  Kind K = Kind::Other;
  std::string Opcode; ///< as written: "ldmatrix.sync.aligned..."
  PtxSpace Space = PtxSpace::Generic; ///< of Address (AsyncCopy: shared)
  /// Bytes one lane moves: vector count x element size; an ldmatrix or
  /// stmatrix row (16); a cp.async's cp-size. 0 when not known.
  unsigned Bytes = 0;
  unsigned Matrices = 0;   ///< MatrixLoad/MatrixStore: .x1, .x2, .x4
  bool Transposed = false; ///< .trans
  bool BypassL1 = false;   ///< cp.async.cg
  /// The memory operand (AsyncCopy: the shared destination).
  std::optional<PtxAddress> Address;
  /// AsyncCopy: the global source.
  std::optional<PtxAddress> Source;
  /// Why it is not modelled (Other), or why an address is missing (an
  /// operand written as a register of the template, not an asm operand).
  std::string Why;
  /// 0-based position among the template's instructions.
  unsigned Index = 0;
  /// The predicate it is guarded by, if any.
  std::optional<PtxGuard> Guard;
};

/// The memory instructions of Template, in order. Template's operand
/// references are `%N` (clang's numbering: outputs, then inputs); named
/// ones must be numbered first.
std::vector<PtxMemoryOp> parsePtxMemoryOps(llvm::StringRef Template);

/// An output operand that holds an input operand's generic address in a
/// state space's window: the template only converts it (`cvta.to.shared.u64
/// %0, %1;`, or into a register and then `cvt.u32.u64 %0, r;`), as the
/// shared-address helpers of tensor-core code do.
struct PtxAddressConversion {
  unsigned Output = 0; ///< asm operand number
  unsigned Input = 0;  ///< asm operand number
  PtxSpace Space = PtxSpace::Shared;
};

/// The outputs of Template that are such conversions, by operand number.
std::vector<PtxAddressConversion>
parsePtxAddressConversions(llvm::StringRef Template);

/// The state space as PTX spells it ("shared", "global", "generic").
const char *ptxSpaceName(PtxSpace S);

} // namespace warplint

#endif // WARPLINT_FRONTEND_PTXMEMORY_H
