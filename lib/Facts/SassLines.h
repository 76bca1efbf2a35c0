//===- SassLines.h - Predication and branches per source line ---*- C++ -*-===//
//
// For each source line of a kernel's SASS, how many instructions nvcc
// attributed to it, how many of them are predicated
// (@P0, @!P0: an if-converted body) and whether a forward branch jumps over
// them (a real branch). The warp-divergence analysis reads these facts from
// KernelModel::Lines.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_SASSLINES_H
#define WARPLINT_FACTS_SASSLINES_H

#include "Facts/SassListing.h"
#include "Model/AccessModel.h"

#include "llvm/ADT/StringMap.h"

#include <set>
#include <string>
#include <vector>

namespace warplint {

/// File names compared by what they name: the listing spells the path nvcc
/// was given, the model the one clang opened. Real paths, looked up once.
class PathNames {
public:
  const std::string &canonical(const std::string &Path);

private:
  llvm::StringMap<std::string> Cache;
};

/// The user's line of an instruction: the innermost frame of its inline
/// chain whose file is one of UserFiles (canonical names), so that an
/// atomicAdd inlined from the toolkit's headers belongs to the line that
/// calls it; the innermost frame when none is (or UserFiles is empty).
/// Calls: the call lines outside it, outermost first.
struct UserLine {
  std::string File;
  unsigned Line = 0;
  std::vector<unsigned> Calls;
};
UserLine userLine(const SassLine &Source, PathNames &Paths,
                  const std::set<std::string> &UserFiles);

/// The facts of every source line of F that has instructions (by
/// userLine), in line order (ties: inlined lines after the line itself).
std::vector<LineFacts> lineFacts(const SassFunction &F, PathNames &Paths,
                                 const std::set<std::string> &UserFiles);

} // namespace warplint

#endif // WARPLINT_FACTS_SASSLINES_H
