//===- SharedAnalysis.h - One warplint run per translation unit -*- C++ -*-===//
//
// clang-tidy runs every enabled check on the TU separately, but warplint's
// checks share one analysis (parse -> model -> solver -> checks): running it
// once per check would repeat the expensive part. The module owns one of
// these; every warplint check asks it for the TU's report and keeps its own
// findings. Entries live until the TU ends (onEndOfTranslationUnit), so a
// later TU whose ASTContext reuses the address never sees stale results.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TIDY_SHAREDANALYSIS_H
#define WARPLINT_TIDY_SHAREDANALYSIS_H

#include "Driver/Pipeline.h"

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace clang {
class ASTContext;
} // namespace clang

namespace warplint {

class SharedAnalysis {
public:
  struct Entry {
    FileReport Report;
    /// Set instead of Report when the options could not be made (an
    /// invalid .warplint.yaml); Reported once it has been shown.
    std::string Error;
    bool ErrorReported = false;
  };

  /// The result for Ctx under the options Key stands for; Run computes it
  /// the first time (Key must name everything Run's result depends on).
  Entry &get(const clang::ASTContext &Ctx, const std::string &Key,
             const std::function<Entry()> &Run);

  /// Drops Ctx's results: its translation unit is done.
  void forget(const clang::ASTContext &Ctx);

private:
  std::mutex Lock;
  std::map<std::pair<const clang::ASTContext *, std::string>, Entry> Entries;
};

} // namespace warplint

#endif // WARPLINT_TIDY_SHAREDANALYSIS_H
