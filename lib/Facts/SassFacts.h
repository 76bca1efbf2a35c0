//===- SassFacts.h - What nvcc emitted, joined to the access model -*- C++ -*-//
//
// Joins a parsed nvdisasm listing to the model of the same translation unit:
// kernels by demangled name, instructions to accesses by source line (the
// innermost line, with its call lines) and by space and operation. Where the
// correspondence is unambiguous it fills Access::Emitted (Origin::Sass: it
// overrides the source rules) and, per line, KernelModel::Lines (predication
// and branches). Where it is not, the model is left as it was and nothing is
// said: the rules are in docs/model.md ("Compiler facts").
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_SASSFACTS_H
#define WARPLINT_FACTS_SASSFACTS_H

#include "Facts/SassListing.h"
#include "Model/AccessModel.h"

#include <set>
#include <string>

namespace warplint {

struct SassFactsSummary {
  unsigned KernelsMatched = 0;
  /// Accesses whose emission the listing decided (merged, split, confirmed
  /// as written).
  unsigned AccessesDecided = 0;
};

/// Fills the emissions and line facts of M's kernels from L.
SassFactsSummary applySassListing(TranslationUnitModel &M, const SassListing &L);

/// Per kernel and source line, the memory instructions read and the emission
/// of each access (for --dump-sass-facts).
std::string dumpSassFacts(const TranslationUnitModel &M, const SassListing &L);

/// The kernel function of L for K (by demangled name), when exactly one
/// has its name.
const SassFunction *sassFunctionFor(const KernelModel &K, const SassListing &L);

class PathNames;
/// The files K's accesses are written in (canonical names): an instruction
/// belongs to its innermost line in one of them.
std::set<std::string> accessFiles(const KernelModel &K, PathNames &Paths);


} // namespace warplint

#endif // WARPLINT_FACTS_SASSFACTS_H
