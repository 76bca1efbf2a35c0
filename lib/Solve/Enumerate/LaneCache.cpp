//===- LaneCache.cpp - Per-lane values kept across cases ------------------===//

#include "Solve/Enumerate/LaneCache.h"

namespace warplint {

LaneCacheKey
LaneCache::keyOf(const std::vector<Symbol> &Syms,
                 const std::vector<std::pair<Symbol, int64_t>> &Values) {
  LaneCacheKey Key;
  keyOf(Syms, Values, Key);
  return Key;
}

void LaneCache::keyOf(const std::vector<Symbol> &Syms,
                      const std::vector<std::pair<Symbol, int64_t>> &Values,
                      LaneCacheKey &Out, std::optional<int64_t> Prefix) {
  Out.clear();
  if (Prefix)
    Out.push_back(Prefix);
  // Every value given for each symbol (Env::lookup reads the first,
  // laneThread the last), then nullopt to close the symbol's list.
  for (Symbol S : Syms) {
    for (const auto &[Sym, X] : Values)
      if (Sym == S)
        Out.push_back(X);
    Out.push_back(std::nullopt);
  }
}

size_t LaneCache::KeyHash::operator()(const LaneCacheKey &K) const {
  uint64_t H = 0xcbf29ce484222325ull; // FNV-1a over the values
  for (const std::optional<int64_t> &V : K)
    H = (H ^ (V ? uint64_t(*V) : 0x9e3779b97f4a7c15ull)) * 0x100000001b3ull;
  return size_t(H ^ (H >> 29));
}

template <typename T>
const std::vector<T> &
LaneCache::lookup(Table<T> &Map,
                  const LaneCacheKey &Key,
                  const std::function<void(std::vector<T> &)> &Make,
                  std::vector<T> &Scratch) {
  if (auto It = Map.find(Key); It != Map.end()) {
    ++Hits;
    return It->second;
  }
  Scratch.clear();
  Make(Scratch);
  if (Stored + Scratch.size() > MaxSlots)
    return Scratch;
  Stored += Scratch.size();
  return Map.emplace(Key, Scratch).first->second;
}

const std::vector<LaneThread> &
LaneCache::threads(const LaneCacheKey &Key,
                   const std::function<void(std::vector<LaneThread> &)> &Make,
                   std::vector<LaneThread> &Scratch) {
  return lookup(Threads, Key, Make, Scratch);
}

const std::vector<std::optional<bool>> &LaneCache::active(
    const LaneCacheKey &Key,
    const std::function<void(std::vector<std::optional<bool>> &)> &Make,
    std::vector<std::optional<bool>> &Scratch) {
  return lookup(Active, Key, Make, Scratch);
}

const std::vector<std::optional<int64_t>> &LaneCache::lanePart(
    const LaneCacheKey &Key,
    const std::function<void(std::vector<std::optional<int64_t>> &)> &Make,
    std::vector<std::optional<int64_t>> &Scratch) {
  return lookup(Parts, Key, Make, Scratch);
}

} // namespace warplint
