//===- SassListing.h - nvdisasm's listing as plain data ---------*- C++ -*-===//
//
// The text `nvdisasm -gi -c FILE.cubin` prints, parsed: per function, every
// instruction with its address, opcode, predicate guard, branch target and
// the source line the line table gives it (innermost line first, with the
// call lines it was inlined at), and for memory instructions the space, the
// operation, the width of one lane's access and the immediate offset of the
// address. nvdisasm rather than cuobjdump: only nvdisasm prints the line
// table (cuobjdump -sass prints no source lines at all).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_SASSLISTING_H
#define WARPLINT_FACTS_SASSLISTING_H

#include "Model/AccessModel.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Where a memory instruction goes. Generic (LD/ST/ATOM) may be shared or
/// global: the address decides at run time.
enum class SassSpace { Shared, Global, Local, Generic };

/// A memory instruction's access.
struct SassMemory {
  SassSpace Space = SassSpace::Global;
  AccessOp Op = AccessOp::Load;
  /// Bytes per lane (1, 2, 4, 8, 16); 0 when the opcode does not say
  /// (LDSM's matrices).
  unsigned Bytes = 4;
  int64_t Offset = 0; ///< the immediate of the address ([R2.64+0x4]: 4)
};

/// A source line of the line table: file and line, and the call lines it was
/// inlined at (file, line), innermost call first.
struct SassLine {
  std::string File;
  unsigned Line = 0;
  std::vector<std::pair<std::string, unsigned>> InlinedAt;
};

struct SassInstruction {
  uint64_t Address = 0;
  std::string Opcode; ///< with its modifiers: "LDG.E.64"
  std::string Guard;  ///< "P0", "!P0"; empty when always executed
  std::optional<SassMemory> Memory;
  /// For a branch (BRA, BRX, JMP, ...): the target label's address.
  std::optional<uint64_t> BranchTarget;
  bool IsBranch = false;
  SassLine Source; ///< Line 0: the line table names none
};

struct SassFunction {
  std::string Mangled; ///< the symbol, "_Z4haarPfPKfi"
  bool IsKernel = false; ///< an entry point (STO_CUDA_ENTRY)
  std::vector<SassInstruction> Instructions;
};

struct SassListing {
  std::string Target; ///< "sm_90"
  std::vector<SassFunction> Functions;
};

/// Parses nvdisasm -gi -c output. Lines it does not understand are skipped:
/// the listing is information, never trusted for more than it says.
SassListing parseSassListing(llvm::StringRef Text);

/// What one opcode is as a memory instruction ("LDS.64": shared load of 8
/// bytes); nullopt for any other instruction (LDC reads constants, which no
/// access of the model stands for).
std::optional<SassMemory> classifyMemoryOpcode(llvm::StringRef Opcode);

/// The kernel name as warplint's model spells it ("ns::k<32>") from a
/// mangled symbol: demangled, without return type and parameters; the
/// symbol itself when it is not mangled (extern "C").
std::string sassKernelName(llvm::StringRef Mangled);

} // namespace warplint

#endif // WARPLINT_FACTS_SASSLISTING_H
