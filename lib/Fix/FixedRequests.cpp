//===- FixedRequests.cpp - A finding's request under a layout fix ---------===//

#include "Fix/FixedRequests.h"
#include "Checks/RequestPictures.h"
#include "Fix/Layout.h"
#include "Model/LaunchShape.h"

#include <optional>

namespace warplint {

namespace {

/// The byte offset Offset gives lane L of request P, with the launch bound.
std::optional<int64_t> offsetOfLane(const Expr &Offset, const RequestPicture &P,
                                    const RequestPicture::Lane &L) {
  return Offset.evaluate([&](Symbol S) -> std::optional<int64_t> {
    if (S.Kind == SymbolKind::ThreadIdx)
      return S.Index < 3 ? std::optional<int64_t>(L.Thread[S.Index])
                         : std::nullopt;
    for (const auto &[Sym, Value] : P.Values)
      if (Sym == S)
        return Value;
    return std::nullopt;
  });
}

/// Whether Offset reproduces every lane of P as the solver reported it.
bool followsSolver(const Expr &Offset, const RequestPicture &P) {
  for (const RequestPicture::Lane &L : P.Lanes)
    if (offsetOfLane(Offset, P, L) != L.ByteOffset)
      return false;
  return true;
}

std::optional<RequestPicture> pictureUnder(const Expr &NewOffset,
                                           const RequestPicture &Before,
                                           unsigned Bytes, SharedOpKind Op,
                                           const ArchInfo &Arch) {
  std::vector<LaneWitness> Lanes;
  for (const RequestPicture::Lane &L : Before.Lanes) {
    std::optional<int64_t> At = offsetOfLane(NewOffset, Before, L);
    if (!At)
      return std::nullopt;
    LaneWitness W;
    W.Warp = Before.Warp;
    W.Lane = L.Index;
    W.Thread = L.Thread;
    W.ByteOffset = *At;
    Lanes.push_back(W);
  }
  RequestPicture After = sharedPicture(Lanes, Bytes, Op, Arch);
  After.Warp = Before.Warp;
  After.Bindings = Before.Bindings;
  After.Values = Before.Values;
  return After;
}

void drawFixedRequest(const TranslationUnitModel &TU, Diagnostic &D,
                      const ArchInfo &Arch) {
  if (!D.Request || !D.Request->Shared || !D.Source ||
      D.Source->Kernel >= TU.Kernels.size())
    return;
  const KernelModel &K = TU.Kernels[D.Source->Kernel];
  if (D.Source->Access >= K.Accesses.size() ||
      D.Source->Launch >= K.Launches.size())
    return;
  const Access &A = K.Accesses[D.Source->Access];
  std::optional<unsigned> Bytes = pictureWidth(A);
  // A merged instruction's lanes would have to be merged again under the
  // new layout: not drawn.
  if (!Bytes || !A.Emitted.isAsWritten() || !A.ByteOffset)
    return;
  auto Bind = bindLaunch(K.Launches[D.Source->Launch]);
  if (!followsSolver(A.ByteOffset->substitute(Bind), *D.Request))
    return;
  const MemoryObject &Obj = K.Objects[A.Object];
  SharedOpKind Op = sharedOpKind(K, A);
  auto Draw = [&](Fix &F) {
    if (!F.Impact || F.Impact->Extents.empty())
      return;
    Layout L{F.Impact->Extents, std::nullopt};
    if (F.Impact->SwizzleColumns)
      L.Swz = Swizzle{F.Impact->SwizzleDiv, F.Impact->SwizzleMul,
                      F.Impact->SwizzleColumns};
    if (std::optional<Expr> New = offsetUnder(A, Obj, L))
      F.Impact->Request =
          pictureUnder(New->substitute(Bind), *D.Request, *Bytes, Op, Arch);
  };
  for (Fix &F : D.Fixes)
    Draw(F);
  for (DiagNote &N : D.Notes)
    for (Fix &F : N.Fixes)
      Draw(F);
}

} // namespace

void drawFixedRequests(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags, const ArchInfo &Arch) {
  for (Diagnostic &D : Diags)
    drawFixedRequest(TU, D, Arch);
}

} // namespace warplint
