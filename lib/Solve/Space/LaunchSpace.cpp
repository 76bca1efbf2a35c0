//===- LaunchSpace.cpp - One launch's threads as the solver sees them -----===//

#include "Solve/Space/LaunchSpace.h"

#include "Model/LaunchShape.h"

namespace warplint {

namespace {

/// The warp's first thread, 32 * assumedWarpBaseX(), in the user's terms.
void showWarpBase(SolveSpace &S) {
  S.Display[assumedWarpBaseX()] = {WarpLanes, "threadIdx.x - threadIdx.x % 32",
                                   true};
}

/// The launch binds the block when it is known, else the assumed shape.
std::optional<std::string>
bindKnownOrAssumed(const LaunchConfig &L, SolveSpace &S, LaunchBinding &Out) {
  S.Assumed = !L.Block.has_value();
  if (S.Assumed) {
    S.Display[assumedBlockDimX32()] = {WarpLanes, "blockDim.x", false};
    showWarpBase(S);
  } else {
    S.Dim[0] = L.Block->X;
    S.Dim[1] = L.Block->Y;
    S.Dim[2] = L.Block->Z;
    if (S.Dim[0] < 1 || S.Dim[1] < 1 || S.Dim[2] < 1)
      return std::string("invalid block shape");
    S.Threads = S.Dim[0] * S.Dim[1] * S.Dim[2];
    S.Warps = unsigned((S.Threads + WarpLanes - 1) / WarpLanes);
  }
  // A block extent that is not a compile-time constant stands for every
  // value (LaunchConfig::UnknownExtents): the blocks are known, their warps
  // are not, so no totals over the launch.
  if (!L.UnknownExtents[0] && !L.UnknownExtents[1] && !L.UnknownExtents[2])
    S.Grid = L.Grid;
  auto Launch = bindLaunch(L);
  Out.Constants = Launch;
  bool Assumed = S.Assumed;
  Out.Bind = [Launch, Assumed](Symbol Sym) -> std::optional<Expr> {
    if (auto V = Launch(Sym))
      return V;
    if (!Assumed || Sym.Index != 0)
      return std::nullopt;
    if (Sym.Kind == SymbolKind::BlockDim)
      return Expr::symbol(assumedBlockDimX32()) * Expr(WarpLanes);
    if (Sym.Kind == SymbolKind::ThreadIdx)
      return Expr::threadIdx(0) + Expr::symbol(assumedWarpBaseX()) * WarpLanes;
    return std::nullopt;
  };
  return std::nullopt;
}

/// A partly constant block (LaunchSpace.h): the assumed shape's single warp
/// with what the launch fixes bound.
std::optional<std::string> bindPartial(const LaunchConfig &L, SolveSpace &S,
                                       LaunchBinding &Out) {
  S.Assumed = true;
  const std::optional<int64_t> X = L.PartialBlock[0];
  // The launch's constants, and threadIdx 0 in an extent of 1.
  auto Launch = [Fixed = bindLaunch(L), &L](Symbol Sym) -> std::optional<Expr> {
    if (Sym.Kind == SymbolKind::ThreadIdx && Sym.Index > 0 && Sym.Index < 3 &&
        L.PartialBlock[Sym.Index] == 1)
      return Expr(0);
    return Fixed(Sym);
  };
  Out.Constants = Launch;
  PartialWarps Layout = partialWarps(L.PartialBlock);
  if (Layout == PartialWarps::WholeRows) {
    // Whole warps in each row: threadIdx.y and .z are one value per warp.
    int64_t Warps = *X / WarpLanes;
    if (Warps > 1) {
      showWarpBase(S);
      for (int64_t W = 0; W < Warps; ++W)
        Out.WarpValues.push_back(W);
    }
    Out.Bind = [Launch, Warps](Symbol Sym) -> std::optional<Expr> {
      if (auto V = Launch(Sym))
        return V;
      if (Sym.Kind == SymbolKind::ThreadIdx && Sym.Index == 0)
        return Warps > 1
                   ? Expr::threadIdx(0) + Expr::symbol(assumedWarpBaseX()) * 32
                   : Expr::threadIdx(0);
      return std::nullopt;
    };
    return std::nullopt;
  }
  if (Layout == PartialWarps::SeveralRows) {
    // A warp spans Rows rows of X threads and its first row is a multiple
    // of Rows. Its rows are taken to exist (blockDim.y a multiple of Rows,
    // as LaunchConfig::describe says): whole warps, as the assumed shape
    // takes them.
    int64_t Rows = WarpLanes / *X, Width = *X;
    S.RowLanes = Width;
    Symbol V = assumedWarpBaseY();
    std::string R = std::to_string(Rows);
    S.Display[V] = {Rows, "threadIdx.y - threadIdx.y % " + R, true};
    auto Name = S.Name;
    S.Name = [Name, V, R, Width](Symbol Sym) {
      if (Sym == V)
        return "threadIdx.y / " + R;
      if (Sym.Kind == SymbolKind::ThreadIdx && Sym.Index == 0)
        return "(threadIdx.x + " + std::to_string(Width) +
               " * (threadIdx.y % " + R + "))";
      return Name(Sym);
    };
    Expr Lane = Expr::threadIdx(0);
    Expr Row = Expr::binary(ExprKind::Div, Lane, Expr(Width)) +
               Expr::symbol(V) * Expr(Rows);
    Out.Bind = [Launch, Lane, Row, Width](Symbol Sym) -> std::optional<Expr> {
      if (auto Val = Launch(Sym))
        return Val;
      if (Sym.Kind == SymbolKind::ThreadIdx && Sym.Index == 0)
        return Expr::binary(ExprKind::Rem, Lane, Expr(Width));
      if (Sym.Kind == SymbolKind::ThreadIdx && Sym.Index == 1)
        return Row;
      return std::nullopt;
    };
    return std::nullopt;
  }
  return "the launch at " + L.Site.File + ":" + std::to_string(L.Site.Line) +
         " fixes blockDim.x to " +
         (X ? std::to_string(*X) : "a run-time value") +
         " and leaves other extents the kernel reads to run-time values: "
         "warps that span a run-time number of rows are not modelled";
}

} // namespace

std::optional<std::string> bindLaunchShape(const LaunchConfig &L, SolveSpace &S,
                                           LaunchBinding &Out) {
  if (!L.NotModelled.empty())
    return L.NotModelled;
  if (L.partial())
    return bindPartial(L, S, Out);
  return bindKnownOrAssumed(L, S, Out);
}

} // namespace warplint
