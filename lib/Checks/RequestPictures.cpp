//===- RequestPictures.cpp - A finding's request, lane by lane ------------===//

#include "Checks/RequestPictures.h"
#include "Checks/Explain.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {

namespace {

/// Lanes drawn as Layout lays them out (Layout's lanes in the same order).
RequestPicture pictureOf(const std::vector<LaneWitness> &Lanes,
                         const RequestLayout &Layout, bool Shared) {
  RequestPicture P;
  P.Shared = Shared;
  P.Columns = Layout.Columns;
  P.Sectors = Layout.Sectors;
  P.BytesPerLane = Layout.BytesPerLane;
  for (size_t I = 0; I < Lanes.size(); ++I) {
    RequestPicture::Lane Cell;
    Cell.Index = Lanes[I].Lane;
    Cell.Thread = Lanes[I].Thread;
    Cell.ByteOffset = Lanes[I].ByteOffset;
    Cell.Columns = Layout.Lanes[I].Columns;
    Cell.Collides = Layout.Lanes[I].Collides;
    P.Lanes.push_back(std::move(Cell));
  }
  P.Cost = Layout.Cost;
  P.Ideal = Layout.Ideal;
  return P;
}

} // namespace

RequestPicture sharedPicture(const std::vector<LaneWitness> &Lanes,
                             unsigned Bytes, SharedOpKind Op,
                             const ArchInfo &Arch) {
  return pictureOf(Lanes, sharedRequestLayout(laneOffsets(Lanes), Bytes, Op, Arch),
                   /*Shared=*/true);
}

RequestPicture globalPicture(const std::vector<LaneWitness> &Lanes,
                             unsigned Bytes, const ArchInfo &Arch) {
  return pictureOf(Lanes, globalRequestLayout(laneOffsets(Lanes), Bytes, Arch),
                   /*Shared=*/false);
}

std::optional<unsigned> pictureWidth(const Access &A) {
  // Several instructions per request, or none of its own: no one picture.
  if (!A.Emitted.SplitBytes.empty() || A.Emitted.MergedInto)
    return std::nullopt;
  return A.Emitted.InstrBytes ? A.Emitted.InstrBytes : A.Bytes;
}

std::optional<RequestPicture> findingPicture(const RequestWitness &W,
                                             const Access &A, bool Shared,
                                             unsigned Cost) {
  // The solver laid the request out as it costed it; drawn only when it
  // is one instruction of the access's width and shows the finding's cost.
  std::optional<unsigned> Bytes = pictureWidth(A);
  if (!Bytes || W.Lanes.empty() || !W.MixedLoop.empty() ||
      W.Layout.Lanes.size() != W.Lanes.size() ||
      W.Layout.BytesPerLane != *Bytes)
    return std::nullopt;
  RequestPicture P = pictureOf(W.Lanes, W.Layout, Shared);
  if (P.Cost != Cost)
    return std::nullopt;
  P.Warp = W.A.Warp;
  P.Bindings = describeBindings(W);
  P.Values = W.Values;
  return P;
}

} // namespace warplint
