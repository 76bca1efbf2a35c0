//===- FixCandidate.h - One layout fix being built --------------*- C++ -*-===//
//
// Shared by the two halves of the layout fixes: FixEdits.cpp writes a
// candidate's edits (padding or swizzle, at the declaration or in the
// macro that spells it) and measures its occupancy; FixIts.cpp searches,
// verifies and explains the candidates.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_FIXCANDIDATE_H
#define WARPLINT_FIX_FIXCANDIDATE_H

#include "Fix/Layout.h"
#include "Fix/LayoutSearch.h"
#include "Fix/SourceText.h"
#include "Fix/StrideView.h"
#include "Model/Arch.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One candidate fix with everything the notes need.
struct Candidate {
  bool IsPad = true;
  int64_t Pad = 0;
  Swizzle Swz;
  LayoutEval Eval;
  std::vector<TextEdit> Edits;
  /// One way to write the edits; InMacro names the macro whose definition
  /// they change.
  struct Way {
    std::vector<TextEdit> Edits;
    std::string InMacro;
  };
  /// Ways to write the edits, most readable first; verification takes the
  /// first that verifies (empty: Edits is the only one).
  std::vector<Way> Alternatives;
  std::string Failure;                     ///< why no edit could be written
  int64_t BytesBefore = 0, BytesAfter = 0; ///< shared per block, worst kernel
  unsigned BlocksBefore = 0, BlocksAfter = 0; ///< lowest over launches
  unsigned BlocksByThreads = 0;
  /// Every launch of the array's kernels fixes the block's thread count.
  bool ThreadsKnown = true;
  bool FitsStatic = true;
  std::string InMacro;    ///< the macro whose definition Edits change
  std::string Describe;   ///< "pad the rows of 'tile' to 33 elements"
  std::string SwzMapping; ///< "c ^ (r % 32)"
  /// The array's layout under the fix, when the fix changes the declared
  /// array itself (not the named stride of a 1-D array read as rows).
  std::optional<Layout> NewLayout;

  /// Resident blocks per SM as far as shared memory and threads decide.
  unsigned occBefore() const { return std::min(BlocksBefore, BlocksByThreads); }
  unsigned occAfter() const { return std::min(BlocksAfter, BlocksByThreads); }
  bool lowersOccupancy() const { return occAfter() < occBefore(); }
};

/// The edits that pad the array's rows by C.Pad elements (C.Edits, its
/// Alternatives), or C.Failure.
void padEdits(const ArrayUse &U, FileTexts &Files, Candidate &C);
/// The edits that swizzle every index of the array by C.Swz.
void swizzleEdits(const ArrayUse &U, FileTexts &Files, Candidate &C);
/// Shared memory and blocks per SM, before and after, over every kernel
/// and launch that uses the array (the lowest counts are reported).
void measureOccupancy(const ArrayUse &U, const ArchInfo &Arch, Candidate &C);

} // namespace warplint

#endif // WARPLINT_FIX_FIXCANDIDATE_H
