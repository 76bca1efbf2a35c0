//===- RequestPictures.cpp - A finding's request, lane by lane ------------===//

#include "Checks/RequestPictures.h"
#include "Checks/Explain.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {

namespace {

std::vector<LaneAddress> addresses(const std::vector<LaneWitness> &Lanes) {
  std::vector<LaneAddress> Out;
  for (const LaneWitness &L : Lanes)
    Out.push_back({L.Lane, L.ByteOffset});
  return Out;
}

RequestPicture::Lane pictureLane(const LaneWitness &L) {
  RequestPicture::Lane P;
  P.Index = L.Lane;
  P.Thread = L.Thread;
  P.ByteOffset = L.ByteOffset;
  return P;
}

} // namespace

RequestPicture sharedPicture(const std::vector<LaneWitness> &Lanes,
                             unsigned Bytes, SharedOpKind Op,
                             const ArchInfo &Arch) {
  RequestPicture P;
  P.Shared = true;
  P.Columns = Arch.Banks;
  P.BytesPerLane = Bytes;
  unsigned Phases = std::max(1u, sharedPhaseCount(Bytes, Arch));
  unsigned PhaseLanes = std::max(1u, Arch.WarpSize / Phases);
  // Per phase and bank, the distinct words asked for.
  std::map<std::pair<unsigned, unsigned>, std::set<int64_t>> Words;
  for (const LaneWitness &L : Lanes) {
    RequestPicture::Lane Cell = pictureLane(L);
    int64_t First = floorDiv(L.ByteOffset, Arch.BankBytes);
    int64_t Last = floorDiv(L.ByteOffset + Bytes - 1, Arch.BankBytes);
    for (int64_t W = First; W <= Last; ++W) {
      unsigned Bank = unsigned(floorMod(W, Arch.Banks));
      if (!llvm::is_contained(Cell.Columns, Bank))
        Cell.Columns.push_back(Bank);
      Words[{L.Lane / PhaseLanes, Bank}].insert(W);
    }
    P.Lanes.push_back(std::move(Cell));
  }
  for (RequestPicture::Lane &Cell : P.Lanes)
    for (unsigned Bank : Cell.Columns)
      Cell.Collides |= Words[{Cell.Index / PhaseLanes, Bank}].size() > 1;
  SharedRequestCost C = sharedRequestCost(addresses(Lanes), Bytes, Arch, Op);
  P.Cost = C.Wavefronts;
  P.Ideal = C.Ideal;
  return P;
}

RequestPicture globalPicture(const std::vector<LaneWitness> &Lanes,
                             unsigned Bytes, const ArchInfo &Arch) {
  RequestPicture P;
  P.Shared = false;
  P.BytesPerLane = Bytes;
  std::set<int64_t> Used;
  for (const LaneWitness &L : Lanes)
    for (int64_t S = floorDiv(L.ByteOffset, Arch.SectorBytes);
         S <= floorDiv(L.ByteOffset + Bytes - 1, Arch.SectorBytes); ++S)
      Used.insert(S);
  P.Sectors.assign(Used.begin(), Used.end());
  P.Columns = P.Sectors.size();
  for (const LaneWitness &L : Lanes) {
    RequestPicture::Lane Cell = pictureLane(L);
    for (int64_t S = floorDiv(L.ByteOffset, Arch.SectorBytes);
         S <= floorDiv(L.ByteOffset + Bytes - 1, Arch.SectorBytes); ++S)
      Cell.Columns.push_back(
          unsigned(std::lower_bound(P.Sectors.begin(), P.Sectors.end(), S) -
                   P.Sectors.begin()));
    P.Lanes.push_back(std::move(Cell));
  }
  GlobalRequestCost C = globalRequestCost(addresses(Lanes), Bytes, Arch);
  P.Cost = C.Sectors;
  P.Ideal = C.Ideal;
  return P;
}

std::optional<unsigned> pictureWidth(const Access &A) {
  // Several instructions per request, or none of its own: no one picture.
  if (!A.Emitted.SplitBytes.empty() || A.Emitted.MergedInto)
    return std::nullopt;
  return A.Emitted.InstrBytes ? A.Emitted.InstrBytes : A.Bytes;
}

std::optional<RequestPicture>
findingPicture(const RequestWitness &W, const KernelModel &K, const Access &A,
               bool Shared, unsigned Cost, const ArchInfo &Arch) {
  std::optional<unsigned> Bytes = pictureWidth(A);
  if (!Bytes || W.Lanes.empty() || !W.MixedLoop.empty())
    return std::nullopt;
  RequestPicture P =
      Shared ? sharedPicture(W.Lanes, *Bytes, sharedOpKind(K, A), Arch)
             : globalPicture(W.Lanes, *Bytes, Arch);
  if (P.Cost != Cost)
    return std::nullopt;
  P.Warp = W.A.Warp;
  P.Bindings = describeBindings(W);
  P.Values = W.Values;
  return P;
}

} // namespace warplint
