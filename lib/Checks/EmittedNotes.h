//===- EmittedNotes.h - Tell the user what nvcc emits -----------*- C++ -*-===//
//
// When nvcc merges or splits an access, the numbers of a finding are those
// of the emitted instruction; these notes say so, and when a source-level
// conflict disappears because of a merge, a remark says that the code is
// fine because of it and what would break it.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_EMITTEDNOTES_H
#define WARPLINT_CHECKS_EMITTEDNOTES_H

#include "Checks/Analysis.h"
#include "Report/Diagnostic.h"

#include <optional>
#include <string>

namespace warplint {

/// Emission::Note of A's access as a note, when nvcc does not emit it as
/// written.
std::optional<DiagNote> emittedNote(const AccessAnalysis &A);

/// For a shared access carrying a merged instruction without excess
/// wavefronts whose loads as written would conflict: the remark that the
/// merge is what makes it conflict-free.
std::optional<Diagnostic> mergeRemark(const std::string &Check,
                                      const AccessAnalysis &A);

} // namespace warplint

#endif // WARPLINT_CHECKS_EMITTEDNOTES_H
