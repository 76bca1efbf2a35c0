//===- Diagnostic.h - warplint's own diagnostic model -----------*- C++ -*-===//
//
// Checks produce these plain values; one writer per output format converts
// them (text, JSON, SARIF, HTML, YAML, LSP). The check id is a field, never
// text glued into the message.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_DIAGNOSTIC_H
#define WARPLINT_REPORT_DIAGNOSTIC_H

#include "Model/AccessModel.h"
#include "Report/RequestPicture.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

enum class Severity { Remark, Note, Warning, Error };
const char *severityName(Severity S); ///< "remark", "note", ...

/// Replace the text of Range (same file) with Replacement.
struct TextEdit {
  SourceRange Range;
  std::string Replacement;
};

/// What a layout fix does to its array, per block: verified by solving
/// every access of the array under the new layout.
struct FixImpact {
  double WavefrontsBefore = 0;
  double WavefrontsAfter = 0;
  int64_t SharedBytesBefore = 0;
  int64_t SharedBytesAfter = 0;
  /// The array whose accesses the wavefronts are of: its name and
  /// declaration (MemoryObject::DeclLoc). Lets several fixes on different
  /// arrays be verified in one re-analysis (FixVerifier::verifyTogether).
  std::string ArrayName;
  SourceLoc ArrayDecl;
  /// The array's layout under the fix, for drawing a finding's request
  /// under it: its extents (empty: not drawn, e.g. a 1-D array read as
  /// rows) and the swizzle c ^ ((r / Div * Mul) % Columns) of its last
  /// subscript (Columns 0: none).
  std::vector<int64_t> Extents;
  int64_t SwizzleDiv = 1, SwizzleMul = 1, SwizzleColumns = 0;
  /// The finding's request (Diagnostic::Request) under the fix.
  std::optional<RequestPicture> Request;
};

/// One alternative fix: a message and the edits that make it.
struct Fix {
  std::string Message;
  std::vector<TextEdit> Edits;
  bool Preferred = false;
  std::optional<FixImpact> Impact; ///< set by the fix component
};

/// What a note says, where something beside its text needs to know.
enum class NoteRole {
  Other,
  Launch,        ///< the block shape the finding was analyzed with
  AssumedLaunch, ///< the assumed shape: no launch gave a constant block
  /// Part of a layout fix's plan (the fix, its alternatives, why none):
  /// it goes when the plan's fixes cannot be verified.
  LayoutPlan,
};

struct DiagNote {
  SourceLoc Loc; ///< may be invalid: then it is attached to the parent's loc
  std::string Message;
  std::vector<Fix> Fixes;
  NoteRole Role = NoteRole::Other;
};

/// The model element a finding is about: the kernel (its place in the
/// translation unit), the access (Access::Id) and the launch configuration
/// (its place in KernelModel::Launches) it was analyzed under.
struct FindingSource {
  unsigned Kernel = 0;
  unsigned Access = 0;
  unsigned Launch = 0;
};

/// What a finding costs its kernel's launch, by the cost model
/// (lib/Cost, docs/performance-model.md).
struct FindingImpact {
  const char *Unit = "wavefronts"; ///< "wavefronts" or "sectors"
  /// Wavefronts or sectors beyond the ideal, over the launch's grid, or
  /// per block when PerBlock.
  double Excess = 0;
  bool PerBlock = false; ///< the grid is not known
  /// The launch's estimated time with the finding, and without its
  /// excess, in microseconds (for PerBlock: a grid of 100 full waves).
  double TimeUs = 0, TimeAfterUs = 0;
  double Speedup = 1;     ///< TimeUs / TimeAfterUs
  std::string Bottleneck; ///< the pipe that limits the launch now
  std::string BottleneckAfter;
  /// Accesses of the launch whose cost is not known, left out of the
  /// times (which are then lower bounds).
  unsigned LeftOut = 0;
  /// The launch's data fits in the L2: the times are those of repeated
  /// launches, which read it from there (DRAM left out).
  bool L2Resident = false;
  /// The launch the figures are for: its site ("f.cu:40:3") and grid
  /// ("8448x1x1"; empty when not known).
  std::string Site, Grid;
  /// When the kernel has several launches: the estimate for each, this
  /// one's first (their own Launches empty).
  std::vector<FindingImpact> Launches;
};

/// What the check that made a finding says about its findings
/// (Check::traits): the later steps read these instead of the check's name.
struct FindingTraits {
  /// A changed layout of the array can mend it: the fixes search a padding
  /// or a swizzle for the array's findings.
  bool LayoutFixes = false;
  /// How the impact note names the finding ("this access adds ...").
  std::string ImpactSubject = "this access";
};

struct Diagnostic {
  std::string Check; ///< "warplint-bank-conflict"
  Severity Level = Severity::Warning;
  SourceRange Range; ///< Begin is where the caret goes
  std::string Message;
  std::vector<DiagNote> Notes;
  std::vector<Fix> Fixes;
  /// The kernel the finding was analyzed in ("reduce<float, 8>"); empty for
  /// findings about no kernel. The summary's per-kernel table reads it.
  std::string Kernel;
  /// What the finding costs beyond the ideal (wavefronts or sectors per
  /// request), so that merged findings list the worst first.
  double Waste = 0;
  /// The numbers in a few words ("8 wavefronts per request, ideal 1"), for
  /// the note that names this finding when it is merged into another.
  std::string Numbers;
  /// The model element of an access finding (set by the check).
  std::optional<FindingSource> Source;
  /// Its estimated cost; set after the checks for findings with a Source.
  std::optional<FindingImpact> Impact;
  /// The example request the finding is about, lane by lane (the HTML
  /// report draws it); set by the memory checks when it can be drawn.
  std::optional<RequestPicture> Request;
  /// Set from the check when the checks run.
  FindingTraits Traits;
};

/// One finding per problem: findings of the same check on the same source
/// line (template instantiations, launch shapes, a header included by
/// several files, several accesses of one statement) become one, the worst
/// (highest level, then most waste) with a note per other, worst first.
void mergeDuplicates(std::vector<Diagnostic> &Diags);

/// Orders Diags by what fixing each would gain: errors first, then the
/// findings with an estimate (FindingImpact) by estimated speed-up, largest
/// first, then the rest; stable otherwise (--sort=impact).
void sortByImpact(std::vector<Diagnostic> &Diags);

/// Whether D or one of its notes carries a fix.
bool hasFix(const Diagnostic &D);

/// Every fix D offers: its own, then each note's, in order (the order the
/// writers, the language server and --fix present them in).
std::vector<const Fix *> allFixes(const Diagnostic &D);

} // namespace warplint

#endif // WARPLINT_REPORT_DIAGNOSTIC_H
