//===- SassDump.cpp - --dump-sass-facts -----------------------------------===//
//
// A readable account of the join, for tests and for a user who asks why an
// access was (or was not) treated as merged: per kernel, every line's facts
// with its memory instructions, then every access's decision.
//
//===----------------------------------------------------------------------===//

#include "Facts/SassFacts.h"
#include "Facts/SassLines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace warplint {

std::string dumpSassFacts(const TranslationUnitModel &M, const SassListing &L) {
  std::string Out;
  PathNames Paths;
  for (const KernelModel &K : M.Kernels) {
    std::set<std::string> Files = accessFiles(K, Paths);
    const SassFunction *F = sassFunctionFor(K, L);
    Out += "kernel " + K.Name + ": " +
           (F ? "function " + F->Mangled : std::string("no function")) + "\n";
    if (!F)
      continue;
    for (const LineFacts &LF : K.Lines) {
      // Lines of included files (a helper in a header) name their file.
      Out += "  line " +
             (LF.Loc.File == Paths.canonical(M.MainFile)
                  ? std::string()
                  : llvm::sys::path::filename(LF.Loc.File).str() + ":") +
             std::to_string(LF.Loc.Line);
      for (unsigned C : LF.InlinedAt)
        Out += " (inlined at " + std::to_string(C) + ")";
      Out += ": " + std::to_string(LF.Instructions) + " instrs, " +
             std::to_string(LF.PredicatedInstructions) + " predicated, " +
             std::to_string(LF.MemoryInstructions) + " memory (" +
             std::to_string(LF.PredicatedMemoryInstructions) + " predicated)" +
             (LF.BranchedAround ? ", branched around" : "") +
             (LF.HasConditionalBranch ? ", conditional branch" : "") + "\n";
      for (const SassInstruction &I : F->Instructions) {
        if (!I.Memory || !I.Source.Line)
          continue;
        UserLine U = userLine(I.Source, Paths, Files);
        if (U.Line == LF.Loc.Line && U.File == LF.Loc.File &&
            U.Calls == LF.InlinedAt)
          Out += "    " + (I.Guard.empty() ? "" : "@" + I.Guard + " ") +
                 I.Opcode + "\n";
      }
    }
    for (const Access &A : K.Accesses) {
      const Emission &E = A.Emitted;
      Out += "  access " + std::to_string(A.Id) + " line " +
             std::to_string(A.Loc.Line) + " " + opName(A.Op) + " " +
             std::to_string(A.Bytes) + "B: ";
      if (E.From != Emission::Origin::Sass)
        Out += "undecided";
      else if (E.MergedInto)
        Out += "merged into " + std::to_string(*E.MergedInto);
      else if (E.InstrBytes)
        Out += "carrier " + std::to_string(E.InstrBytes) + "B" +
               (E.Carries.empty() ? " (loop)" : "") + " carries " +
               llvm::join(llvm::map_range(E.Carries,
                                          [](unsigned C) {
                                            return std::to_string(C);
                                          }),
                          ",");
      else if (!E.SplitBytes.empty())
        Out += "split " +
               llvm::join(llvm::map_range(E.SplitBytes,
                                          [](unsigned C) {
                                            return std::to_string(C);
                                          }),
                          "+");
      else
        Out += "as written";
      Out += "\n";
    }
  }
  return Out;
}

} // namespace warplint
