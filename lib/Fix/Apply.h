//===- Apply.h - Applying and exporting fixes -------------------*- C++ -*-===//
//
// --fix and --export-fixes: the edits of each diagnostic's preferred fix,
// grouped by file, written in place (atomically) or as the YAML that
// clang-apply-replacements reads (clang-tidy's --export-fixes format).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_APPLY_H
#define WARPLINT_FIX_APPLY_H

#include "Report/AccessRecord.h"
#include "Report/Diagnostic.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace warplint {

/// The fix --fix applies for D: its own preferred fix, else the preferred
/// fix of one of its notes; null when it has none.
const Fix *preferredFix(const Diagnostic &D);

/// The preferred fixes' edits by file, without duplicates (diagnostics on
/// the same array carry the same fix). A fix that overlaps an edit already
/// taken with different text is dropped whole, with a line in Dropped.
std::map<std::string, std::vector<TextEdit>>
collectEdits(const std::vector<Diagnostic> &Diags,
             std::vector<std::string> &Dropped);

/// Text with Edits (ranges as byte offsets into Text, not overlapping)
/// applied; false when an edit falls outside Text.
bool applyEdits(const std::string &Text, std::vector<TextEdit> Edits,
                std::string &Out);

/// Replaces File's contents with Text through a temporary file in the same
/// folder and a rename, so that readers see the old or the new file, never
/// half of one. Error set on failure.
bool writeFileAtomically(const std::string &File, const std::string &Text,
                         std::string &Error);

/// clang-tidy's export format (clang::tooling::TranslationUnitDiagnostics)
/// with each diagnostic's preferred fix as its replacements.
void writeExportedFixes(llvm::raw_ostream &OS, const std::string &MainFile,
                        const std::vector<Diagnostic> &Diags);

/// Parses and analyzes the translation unit again after its files were
/// edited; false with Error set when it no longer parses.
using Reanalyze =
    std::function<bool(std::vector<AccessRecord> &Records, std::string &Error)>;

struct FixOutcome {
  unsigned Edits = 0;               ///< edits written (0: nothing to do)
  std::vector<std::string> Files;   ///< files changed (and kept)
  bool Restored = false;            ///< the files were put back
  std::string Message;              ///< what happened, for the user
  std::vector<std::string> Dropped; ///< fixes left out (overlaps)
};

/// --fix for one translation unit: writes the preferred fixes of Diags
/// (the diagnostics of that unit, NOLINT-suppressed ones already removed),
/// then re-parses and re-analyzes with Again. The result must parse and its
/// shared-memory wavefronts per block must be exactly what the fixes
/// promised (Before's minus each fix's saving); otherwise every file is
/// restored and Message says why. Files without edits are never touched.
FixOutcome applyFixes(const std::vector<Diagnostic> &Diags,
                      const std::vector<AccessRecord> &Before,
                      const Reanalyze &Again);

/// Shared-memory wavefronts per block over Records: each exact shared
/// access's mean times its requests when known, its worst request
/// otherwise (the fix search's cost).
double sharedWavefronts(const std::vector<AccessRecord> &Records);

} // namespace warplint

#endif // WARPLINT_FIX_APPLY_H
