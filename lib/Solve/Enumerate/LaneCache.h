//===- LaneCache.h - Per-lane values kept across cases ----------*- C++ -*-===//
//
// Internal to lib/Solve. The enumeration of one access runs once per case of
// its free values, often tens of thousands of times, and evaluates in each
// the guard's lane part and the address's lane part for every thread of the
// block (RequestWalk.cpp, sharedSpace). Each of those reads only a few of
// the free values: a bounds guard `tid < n` reads n, an address
// `w * threadIdx.y + threadIdx.x` reads w. Cases that agree on the values
// one part reads give that part the same value in every lane, so it is
// evaluated once per distinct tuple of those values and looked up after.
//
// The lookup is exact: a compiled expression reads nothing but the threads,
// the loop values (the lane parts read none) and the free values of the
// symbols it mentions (Env::lookup), and the threads depend on the free
// values only through threadIdx.y and .z when the launch is assumed
// (laneThread). The budget is charged as before, per lane and point, so
// results and budget-bound answers do not change.
//
// Not thread-safe: one per solve (EnumerationPrep), which runs its cases one
// after the other.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_LANECACHE_H
#define WARPLINT_SOLVE_LANECACHE_H

#include "Model/Expr.h"

#include <array>
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <optional>
#include <utility>
#include <vector>

namespace warplint {

/// The values of some free symbols in one case (keyOf).
using LaneCacheKey = std::vector<std::optional<int64_t>>;

/// One lane slot of the block: whether the thread exists (the inactive tail
/// of a partial warp does not) and its threadIdx.
struct LaneThread {
  bool Exists = false;
  std::array<int64_t, 3> Thread = {0, 0, 0};
};

class LaneCache {
public:
  /// Caches no more than MaxSlots lane values in all; past that, parts are
  /// computed every time (the answer is the same, only slower).
  explicit LaneCache(uint64_t MaxSlots = uint64_t(1) << 22)
      : MaxSlots(MaxSlots) {}

  /// The values Values gives each of Syms, in order, each symbol's list
  /// closed by nullopt.
  static LaneCacheKey
  keyOf(const std::vector<Symbol> &Syms,
        const std::vector<std::pair<Symbol, int64_t>> &Values);
  /// The same into Out, after Prefix (a key that is looked up, not kept,
  /// need not be allocated for each case).
  static void keyOf(const std::vector<Symbol> &Syms,
                    const std::vector<std::pair<Symbol, int64_t>> &Values,
                    LaneCacheKey &Out, std::optional<int64_t> Prefix = {});
  /// A key buffer that lives as long as the cache, one per Slot: the
  /// walks of all cases fill them in turn.
  LaneCacheKey &scratchKey(size_t Slot) {
    if (Slot >= ScratchKeys.size())
      ScratchKeys.resize(Slot + 1);
    return ScratchKeys[Slot];
  }

  /// The per-slot values for Key, made by Make on the first request. The
  /// reference stays valid until the cache is destroyed; Scratch holds a
  /// value that did not fit.
  const std::vector<LaneThread> &
  threads(const LaneCacheKey &Key,
          const std::function<void(std::vector<LaneThread> &)> &Make,
          std::vector<LaneThread> &Scratch);
  const std::vector<std::optional<bool>> &
  active(const LaneCacheKey &Key,
         const std::function<void(std::vector<std::optional<bool>> &)> &Make,
         std::vector<std::optional<bool>> &Scratch);
  const std::vector<std::optional<int64_t>> &lanePart(
      const LaneCacheKey &Key,
      const std::function<void(std::vector<std::optional<int64_t>> &)> &Make,
      std::vector<std::optional<int64_t>> &Scratch);

  /// How many lookups found their values made by an earlier case (tests).
  uint64_t hits() const { return Hits; }

private:
  struct KeyHash {
    size_t operator()(const LaneCacheKey &K) const;
  };
  template <typename T>
  using Table = std::unordered_map<LaneCacheKey, std::vector<T>, KeyHash>;

  template <typename T>
  const std::vector<T> &
  lookup(Table<T> &Map, const LaneCacheKey &Key,
         const std::function<void(std::vector<T> &)> &Make,
         std::vector<T> &Scratch);

  std::vector<LaneCacheKey> ScratchKeys;
  uint64_t MaxSlots;
  uint64_t Stored = 0;
  uint64_t Hits = 0;
  // Unordered maps keep their elements in place as they grow: a returned
  // reference stays valid.
  Table<LaneThread> Threads;
  Table<std::optional<bool>> Active;
  Table<std::optional<int64_t>> Parts;
};

} // namespace warplint

#endif // WARPLINT_SOLVE_LANECACHE_H
