//===- LayoutSearch.h - Least-conflicting layout of an array ----*- C++ -*-===//
//
// For one __shared__ array, as every kernel of the translation unit uses it,
// tries row pads and XOR swizzles, solves every access of the array under
// every launch configuration for each, and keeps the best of each kind. The
// cost of a layout is the wavefronts its accesses need per block: the mean
// per request times the requests executed when the solver knows them, the
// worst request otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_LAYOUTSEARCH_H
#define WARPLINT_FIX_LAYOUTSEARCH_H

#include "Fix/Layout.h"
#include "Solve/Solver.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// One array, in every kernel whose model contains it (a __shared__ array
/// of a __device__ function inlined into two kernels appears in both).
struct ArrayUse {
  std::string Name;
  SourceLoc DeclLoc;
  /// (kernel, index into its Objects)
  std::vector<std::pair<const KernelModel *, unsigned>> Instances;

  const MemoryObject &object() const {
    return Instances.front().first->Objects[Instances.front().second];
  }
};

/// Every array of TU that is a __shared__ object, grouped by declaration.
std::vector<ArrayUse> sharedArrays(const TranslationUnitModel &TU);

/// One access under one launch for one layout.
struct AccessOutcome {
  const KernelModel *Kernel = nullptr;
  const Access *Acc = nullptr;
  const LaunchConfig *Launch = nullptr;
  unsigned Worst = 0; ///< wavefronts of the worst request
  unsigned IdealWorst = 0;
  double Cost = 0; ///< wavefronts per block (see file comment)
  double Ideal = 0;
  /// Cost counts every request of a block: the solver knew how many there
  /// are (a loop with a run-time trip count leaves it unknown, and Cost
  /// is then one worst request).
  bool RequestsKnown = false;
  /// Wavefronts over the whole launch, when its grid and every block's
  /// requests are known (SharedResult::Launch).
  std::optional<uint64_t> LaunchCost;
};

struct LayoutEval {
  /// False when some access could not be solved exactly under the layout
  /// (or its offset could not be rebuilt): then nothing is claimed.
  bool Verified = false;
  std::string Reason;
  double Cost = 0;
  double Ideal = 0;
  std::vector<AccessOutcome> Outcomes; ///< in Instances x Accesses order

  bool allIdeal() const;
  /// Whether Cost counts every request of a block (AccessOutcome).
  bool requestsKnown() const;
  /// Whether some launch leaves the block's size a run-time value (the
  /// assumed shape, a partly constant block): the solver then counts the
  /// requests of one warp, not of a block.
  bool perWarp() const;
  /// The wavefronts of every launch together, when each is known.
  std::optional<uint64_t> launchCost() const;
};

/// The shared-memory answers the pipeline already has (analyzeAccesses),
/// by access and launch of the unit's own kernels: the search reads U's
/// current layout from them instead of solving it again.
class SolvedAnswers {
public:
  void add(const Access &A, const LaunchConfig &L, const SharedResult &R) {
    Map[{&A, &L}] = &R;
  }
  const SharedResult *find(const Access &A, const LaunchConfig &L) const {
    auto It = Map.find({&A, &L});
    return It == Map.end() ? nullptr : It->second;
  }

private:
  std::map<std::pair<const Access *, const LaunchConfig *>,
           const SharedResult *>
      Map;
};

/// Solves every access of U under L. With L empty (no extents), the accesses'
/// recorded offsets are used: what the checks reported.
LayoutEval evaluateLayout(const ArrayUse &U, const Layout &L,
                          const SolveOptions &Opts);

/// Why no layout edit can be offered for U (every use must go through
/// subscripts of every dimension, offsets must be rebuildable); empty when
/// one can.
std::string whyNotEditable(const ArrayUse &U);

struct SearchResult {
  LayoutEval Before;
  /// The smallest pad with the lowest cost, when it is lower than Before.
  std::optional<std::pair<int64_t, LayoutEval>> Pad;
  /// The best swizzle, when the last extent is a power of two and a swizzle
  /// lowers the cost.
  std::optional<std::pair<Swizzle, LayoutEval>> Swz;
};

/// Tries pads 1..MaxPad elements (default: one 128-byte bank row) and, when
/// TrySwizzle, the swizzle family c ^ ((r / D * M) % C) for powers of two D
/// and M. A layout's evaluation stops once the accesses solved so far show
/// it cannot be kept (those that conflicted most before are solved first);
/// the result is what evaluating every layout in full would give.
/// Before, U under its current layout, is read from Known when it has an
/// answer for every access and launch of U (U's kernels are the unit's own,
/// not a view's copies); solved otherwise.
SearchResult searchLayouts(const ArrayUse &U, const SolveOptions &Opts,
                           int64_t MaxPad = 0, bool TrySwizzle = true,
                           const SolvedAnswers *Known = nullptr);

} // namespace warplint

#endif // WARPLINT_FIX_LAYOUTSEARCH_H
