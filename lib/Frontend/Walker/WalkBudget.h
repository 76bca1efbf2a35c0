//===- WalkBudget.h - What keeps one kernel's walk bounded ------*- C++ -*-===//
//
// A device function inlined at thousands of call sites is walked, and its
// branch regions recorded, once per call: these keep that linear in what
// is recorded and cap it (lit robustness/deep-nesting.test).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_WALKBUDGET_H
#define WARPLINT_FRONTEND_WALKBUDGET_H

#include "Model/AccessModel.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace clang {
class Stmt;
} // namespace clang

namespace warplint {

/// The branch regions of one kernel's walk (Branches.cpp).
struct BranchRecords {
  /// Region measures by the region's first and last statement.
  std::map<std::pair<const clang::Stmt *, const clang::Stmt *>, Branch>
      Measures;
  /// A record past FrontendOptions::MaxBranchesPerKernel: nothing keeps it.
  Branch Discarded;
};

/// What walking one kernel has cost: one per statement plus the guards it
/// is walked under (each copied into what it records). Past Max the rest
/// of the kernel is skipped with a warning.
struct WalkWork {
  uint64_t Steps = 0;
  static constexpr uint64_t Max = uint64_t(1) << 24;
};

} // namespace warplint

#endif // WARPLINT_FRONTEND_WALKBUDGET_H
