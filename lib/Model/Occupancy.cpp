//===- Occupancy.cpp - What shared memory allows per SM -------------------===//

#include "Model/Occupancy.h"

#include <algorithm>

namespace warplint {

int64_t
staticSharedBytes(const KernelModel &K,
                  std::optional<std::pair<unsigned, int64_t>> Override) {
  int64_t Total = 0;
  for (unsigned I = 0; I < K.Objects.size(); ++I) {
    const MemoryObject &O = K.Objects[I];
    if (O.Space != MemorySpace::Shared || O.IsExtern)
      continue;
    if (Override && Override->first == I) {
      Total += Override->second;
      continue;
    }
    int64_t N = O.ElementBytes;
    for (int64_t E : O.Extents)
      N *= E;
    Total += N;
  }
  return Total;
}

Occupancy occupancy(const ArchInfo &Arch, const LaunchConfig &L,
                    int64_t StaticBytes) {
  Occupancy O;
  O.SharedBytes = StaticBytes + L.DynamicSharedBytes.value_or(0);
  O.FitsStatic = StaticBytes <= int64_t(Arch.SharedPerBlockStaticBytes);
  // Each resident block also costs the driver's reserved shared memory.
  int64_t PerBlock = O.SharedBytes + Arch.SharedReservedPerBlockBytes;
  O.BlocksBySmem = O.SharedBytes == 0
                       ? Arch.MaxBlocksPerSM
                       : unsigned(std::min<int64_t>(
                             Arch.MaxBlocksPerSM,
                             int64_t(Arch.SharedPerSMBytes) / PerBlock));
  if (O.SharedBytes > int64_t(Arch.SharedPerBlockMaxBytes))
    O.BlocksBySmem = 0;
  int64_t Threads = L.Block ? L.Block->threads() : 0;
  O.BlocksByThreads =
      Threads > 0 ? unsigned(std::min<int64_t>(Arch.MaxBlocksPerSM,
                                               Arch.MaxThreadsPerSM / Threads))
                  : Arch.MaxBlocksPerSM;
  O.Blocks = std::min(O.BlocksBySmem, O.BlocksByThreads);
  return O;
}

} // namespace warplint
