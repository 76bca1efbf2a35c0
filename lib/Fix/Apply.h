//===- Apply.h - Applying and exporting fixes -------------------*- C++ -*-===//
//
// --fix and --export-fixes: the edits of each diagnostic's preferred fix,
// grouped by file, written in place or as the YAML that
// clang-apply-replacements reads (clang-tidy's --export-fixes format).
// --fix verifies first (Verify.h) and writes only verified text, without
// breaking symbolic or hard links, owner or mode.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_APPLY_H
#define WARPLINT_FIX_APPLY_H

#include "Report/AccessRecord.h"
#include "Report/Diagnostic.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace warplint {

class FixVerifier;

/// The fix --fix applies for D: its own preferred fix, else the preferred
/// fix of one of its notes; null when it has none.
const Fix *preferredFix(const Diagnostic &D);

/// A wavefront count as notes print it: an integer when it is one, else one
/// decimal ("1056", "3.5").
std::string formatWavefronts(double V);

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

struct WriteOptions {
  /// Rewrite files without write permission (--fix-readonly); their mode
  /// stays read-only.
  bool AllowReadOnly = false;
};

/// Replaces File's contents with Text. A symbolic link is followed and the
/// file it names is written. A file with one link is replaced through a
/// temporary file in the same folder and a rename (readers see the old or
/// the new file, never half of one; an interrupt leaves the old one), with
/// its owner, group and mode; one with several hard links is written in
/// place, so that every link sees the new text. A file without write
/// permission is refused (naming it) unless Opts.AllowReadOnly.
llvm::Error writeFileSafely(const std::string &File, const std::string &Text,
                            const WriteOptions &Opts = {});

/// clang-tidy's export format (clang::tooling::TranslationUnitDiagnostics)
/// with each diagnostic's preferred fix as its replacements.
void writeExportedFixes(llvm::raw_ostream &OS, const std::string &MainFile,
                        const std::vector<Diagnostic> &Diags);

struct FixOutcome {
  unsigned Edits = 0;               ///< edits written (0: nothing to do)
  std::vector<std::string> Files;   ///< files changed
  bool Failed = false;              ///< nothing was written, see Message
  bool NotWritable = false;         ///< Failed because the file refused it
  std::string Message;              ///< what happened, for the user
  std::vector<std::string> Dropped; ///< fixes left out (overlaps)
};

/// --fix for one translation unit: the preferred fixes of Diags (the
/// diagnostics of that unit, NOLINT-suppressed ones already removed, each
/// fix verified on its own) are applied together to an in-memory copy of
/// the main file and verified together with V: the copy must parse and its
/// shared-memory wavefronts per block must be exactly what the fixes
/// promise. Only then is the text written (writeFileSafely); otherwise
/// nothing is written and Message says why. The file must still hold the
/// text that was analyzed.
FixOutcome applyFixes(const std::vector<Diagnostic> &Diags,
                      const FixVerifier &V, const WriteOptions &W = {});

/// Shared-memory wavefronts per block over Records: each exact shared
/// access's mean times its requests when known, its worst request
/// otherwise (the fix search's cost).
double sharedWavefronts(const std::vector<AccessRecord> &Records);

/// One record's part of sharedWavefronts: its exact shared wavefronts per
/// block (0 for any other record).
double recordWavefronts(const AccessRecord &R);

} // namespace warplint

#endif // WARPLINT_FIX_APPLY_H
