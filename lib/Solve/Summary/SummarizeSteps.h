//===- SummarizeSteps.h - The pieces of solve(), inside Solve ---*- C++ -*-===//
//
// Shared by SolveCases.cpp (solve: plan the cases, run them, summarize) and
// Summarize.cpp (the summary's pieces). Not for use outside lib/Solve.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SUMMARIZESTEPS_H
#define WARPLINT_SOLVE_SUMMARIZESTEPS_H

#include "Solve/Cases/FreeSymbols.h"
#include "Solve/Summary/Summarize.h"

#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace warplint {

/// What the requests of one case add up to.
struct CaseOutcome {
  bool Executed = false;
  bool Faults = false; ///< some request faults (Cost::Faults)
  Cost Worst;
  RequestView WorstRequest;
  long double Sum = 0, IdealSum = 0;
  long double LowSum = 0, LowIdealSum = 0; ///< bounded spaces
  unsigned LowRequest = UINT_MAX;          ///< bounded spaces
  uint64_t Weight = 0;
  long double ExpectedSum = 0;
  bool ExpectedKnown = true;
  FreeValues Values;
  double mean() const { return Weight ? double(Sum / Weight) : 0; }
  double idealMean() const { return Weight ? double(IdealSum / Weight) : 0; }
  double lowMean() const { return Weight ? double(LowSum / Weight) : 0; }
  double lowIdealMean() const {
    return Weight ? double(LowIdealSum / Weight) : 0;
  }
};

/// Remembers what requests cost, by shape. The hardware rules
/// (HardwareRules.h) give the same value and ideal to two requests whose
/// lanes are the same and whose addresses differ by one multiple of Modulus
/// (4 bytes for shared memory: the banks only rotate; a 32-byte sector for
/// global memory), so the key is the lanes with their addresses relative to
/// the multiple of Modulus at or below the first one. Warps and loop
/// iterations that repeat a pattern are costed once. Only the value and
/// the ideal of a remembered cost may be used: its witness (bank, lanes,
/// words of that bank) may belong to another request of the shape, so the
/// caller recomputes the cost of the request it keeps as the worst.
class CostMemo {
public:
  CostMemo(const CostFn &CostOf, int64_t Modulus)
      : CostOf(CostOf), Modulus(Modulus) {}

  Cost operator()(const RequestView &R) {
    if (Modulus <= 0 || R.Lanes.empty())
      return CostOf(R);
    Key.clear();
    int64_t Base = floorDiv(R.Lanes.front().Addr, Modulus) * Modulus;
    for (size_t I = 0; I < R.Lanes.size(); ++I) {
      const LaneAddress &L = R.Lanes[I];
      int64_t Rel;
      if (__builtin_sub_overflow(L.Addr, Base, &Rel))
        return CostOf(R);
      // A bounded cost also depends on which lanes are sure to be active.
      bool Sure = I < R.Sure.size() && R.Sure[I];
      Key.push_back(int64_t(L.Lane) | (int64_t(Sure) << 32));
      Key.push_back(Rel);
    }
    auto It = Seen.find(Key);
    if (It != Seen.end())
      return It->second;
    Cost C = CostOf(R);
    Seen.emplace(Key, C);
    return C;
  }

private:
  struct KeyHash {
    size_t operator()(const std::vector<int64_t> &K) const {
      uint64_t H = 0xcbf29ce484222325ull;
      for (int64_t V : K)
        H = (H ^ uint64_t(V)) * 0x100000001b3ull;
      return size_t(H ^ (H >> 29));
    }
  };
  const CostFn &CostOf;
  int64_t Modulus;
  std::vector<int64_t> Key;
  std::unordered_map<std::vector<int64_t>, Cost, KeyHash> Seen;
};

/// Lane Lane of request R as the user's thread (the warp's base and a warp
/// over rows added back), its byte offset less BaseShift.
LaneWitness laneWitness(const SolveSpace &S, const RequestView &R, int Lane,
                        const FreeValues &Values, int64_t BaseShift);

std::string formatCount(uint64_t N);

/// Totals over the launch, when the plan's cases count its blocks
/// (Summarize.cpp).
std::optional<LaunchTotals>
launchTotals(const FreePlan &Plan, const SolveSpace &S,
             const std::vector<CaseOutcome> &Outcomes);

/// Whether the worst cases happen in every launch that leaves one warp
/// uncut by its bounds guards (Summarize.cpp).
bool worstInUncutWarps(const FreePlan &Plan,
                       const std::vector<uint64_t> &WorstCases,
                       const std::vector<uint64_t> &Executed,
                       bool SkipProductWindow = false);

} // namespace warplint

#endif // WARPLINT_SOLVE_SUMMARIZESTEPS_H
