//===- LaunchShape.cpp - Is a launch shape one the target can run? --------===//
//
// The limits are those of "Technical Specifications per Compute Capability"
// in the CUDA C Programming Guide, kept in the architecture table.
//
//===----------------------------------------------------------------------===//

#include "Model/LaunchShape.h"
#include "Model/Arch.h"

namespace warplint {

std::string shapeText(int64_t X, int64_t Y, int64_t Z) {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" +
         std::to_string(Z);
}

static const char *dimName(unsigned D) {
  static const char *Names[] = {"x", "y", "z"};
  return Names[D < 3 ? D : 0];
}

std::optional<std::string> blockShapeProblem(const ArchInfo &Arch,
                                             const BlockShape &Block) {
  const int64_t Dim[3] = {Block.X, Block.Y, Block.Z};
  for (unsigned D = 0; D < 3; ++D)
    if (Dim[D] < 1)
      return std::string("block dimension ") + dimName(D) + " is " +
             std::to_string(Dim[D]) + ", not a positive number";
  for (unsigned D = 0; D < 3; ++D)
    if (Dim[D] > int64_t(Arch.MaxBlockDim[D]))
      return std::string("block dimension ") + dimName(D) + " is " +
             std::to_string(Dim[D]) + ", more than the " +
             std::to_string(Arch.MaxBlockDim[D]) + " allowed on " + Arch.Name;
  // Each extent is at most 1024 now: the product cannot overflow.
  int64_t Threads = Dim[0] * Dim[1] * Dim[2];
  if (Threads > int64_t(Arch.MaxThreadsPerBlock))
    return "block " + shapeText(Dim[0], Dim[1], Dim[2]) + " has " +
           std::to_string(Threads) + " threads, more than the " +
           std::to_string(Arch.MaxThreadsPerBlock) + " allowed on " +
           Arch.Name;
  return std::nullopt;
}

std::optional<std::string>
gridShapeProblem(const ArchInfo &Arch, const std::array<int64_t, 3> &Grid) {
  for (unsigned D = 0; D < 3; ++D) {
    if (Grid[D] < 1)
      return std::string("grid dimension ") + dimName(D) + " is " +
             std::to_string(Grid[D]) + ", not a positive number";
    if (Grid[D] > Arch.MaxGridDim[D])
      return std::string("grid dimension ") + dimName(D) + " is " +
             std::to_string(Grid[D]) + ", more than the " +
             std::to_string(Arch.MaxGridDim[D]) + " allowed on " + Arch.Name;
  }
  return std::nullopt;
}

std::optional<std::string> launchShapeProblem(const ArchInfo &Arch,
                                              const LaunchConfig &L) {
  if (L.Block)
    if (auto P = blockShapeProblem(Arch, *L.Block))
      return P;
  if (L.partial()) {
    // Each constant extent within its own limit, their product within the
    // block's: the run-time extents are at least 1.
    BlockShape Known{L.PartialBlock[0].value_or(1),
                     L.PartialBlock[1].value_or(1),
                     L.PartialBlock[2].value_or(1)};
    if (auto P = blockShapeProblem(Arch, Known))
      return P;
  }
  if (L.Grid)
    return gridShapeProblem(Arch, *L.Grid);
  return std::nullopt;
}

PartialWarps partialWarps(const std::array<std::optional<int64_t>, 3> &Known) {
  const std::optional<int64_t> &X = Known[0];
  if (!X || *X < 1)
    return PartialWarps::NotModelled;
  if (*X % WarpLanes == 0)
    return PartialWarps::WholeRows;
  if (WarpLanes % *X == 0 && !Known[1] && Known[2] == 1)
    return PartialWarps::SeveralRows;
  return PartialWarps::NotModelled;
}

std::optional<int64_t> launchValue(const LaunchConfig &L, Symbol S) {
  switch (S.Kind) {
  case SymbolKind::BlockDim:
    return L.blockExtent(S.Index);
  case SymbolKind::GridDim:
    if (L.Grid && S.Index < 3)
      return (*L.Grid)[S.Index];
    return std::nullopt;
  case SymbolKind::Param:
    for (const auto &[Id, V] : L.ParamValues)
      if (Id == S.Index)
        return V;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::function<std::optional<Expr>(Symbol)> bindLaunch(const LaunchConfig &L) {
  return [&L](Symbol S) -> std::optional<Expr> {
    if (auto V = launchValue(L, S))
      return Expr(*V);
    return std::nullopt;
  };
}

} // namespace warplint
