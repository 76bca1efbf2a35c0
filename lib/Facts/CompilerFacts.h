//===- CompilerFacts.h - The compiler-truth mode for one file ---*- C++ -*-===//
//
// After the parse: compile the file to SASS (SassCompile.h, cached), read
// the listing (SassListing.h) and join it to the model (SassFacts.h). Every
// failure becomes a note and leaves the source rules' answer standing.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_COMPILERFACTS_H
#define WARPLINT_FACTS_COMPILERFACTS_H

#include "Facts/SassCompile.h"
#include "Frontend/Frontend.h"

#include <string>
#include <vector>

namespace warplint {

struct CompilerFactsResult {
  bool Ran = false;       ///< a listing was read and joined
  bool FromCache = false; ///< the listing came from the cache
  /// For "warplint: note:": why the mode did not run when it was asked to,
  /// or nvcc's failure.
  std::vector<std::string> Notes;
  std::string Dump; ///< --dump-sass-facts
};

/// Runs the mode for Parsed (a successful parse of Cmd with FO) as SO says;
/// nothing with SassMode::Off.
CompilerFactsResult applyCompilerFacts(FrontendResult &Parsed,
                                       const CompileCommand &Cmd,
                                       const FrontendOptions &FO,
                                       const SassOptions &SO);

/// The toolkit root the parse of Cmd uses (empty: none), for finding nvcc.
std::string toolkitRootFor(const CompileCommand &Cmd, const FrontendOptions &FO);

} // namespace warplint

#endif // WARPLINT_FACTS_COMPILERFACTS_H
