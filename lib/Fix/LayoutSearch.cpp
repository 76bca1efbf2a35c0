//===- LayoutSearch.cpp - Find the layout of an array that conflicts least ===//

#include "Fix/LayoutSearch.h"

#include <map>
#include <tuple>

namespace warplint {

std::vector<ArrayUse> sharedArrays(const TranslationUnitModel &TU) {
  std::vector<ArrayUse> Out;
  std::map<std::tuple<std::string, unsigned, std::string>, size_t> Index;
  for (const KernelModel &K : TU.Kernels)
    for (unsigned I = 0; I < K.Objects.size(); ++I) {
      const MemoryObject &O = K.Objects[I];
      if (O.Space != MemorySpace::Shared)
        continue;
      auto Key = std::make_tuple(O.DeclLoc.File, O.DeclLoc.Offset, O.Name);
      auto [It, New] = Index.try_emplace(Key, Out.size());
      if (New)
        Out.push_back({O.Name, O.DeclLoc, {}});
      Out[It->second].Instances.push_back({&K, I});
    }
  return Out;
}

bool LayoutEval::allIdeal() const {
  for (const AccessOutcome &O : Outcomes)
    if (O.Worst > O.IdealWorst)
      return false;
  return Verified;
}

LayoutEval evaluateLayout(const ArrayUse &U, const Layout &L,
                          const SolveOptions &Opts) {
  LayoutEval E;
  E.Verified = true;
  for (auto [K, Obj] : U.Instances) {
    const MemoryObject &O = K->Objects[Obj];
    // The solver reads the object's extents and alignment from the kernel,
    // so it solves a copy of the kernel with the new layout in place.
    KernelModel Copy = *K;
    if (!L.Extents.empty()) {
      Copy.Objects[Obj].Extents = L.Extents;
      for (Access &A : Copy.Accesses) {
        if (A.Object != Obj)
          continue;
        std::optional<Expr> Off = offsetUnder(A, O, L);
        if (!Off) {
          E.Verified = false;
          E.Reason = "the offset of an access to '" + O.Name +
                     "' could not be rebuilt from its subscripts";
          return E;
        }
        A.ByteOffset = *Off;
      }
    }
    for (const Access &A : Copy.Accesses) {
      if (A.Object != Obj)
        continue;
      for (const LaunchConfig &LC : Copy.Launches) {
        SharedResult R = solveShared(Copy, A, LC, Opts);
        if (R.Status != SolveStatus::Exact) {
          E.Verified = false;
          E.Reason = R.Reason;
          return E;
        }
        AccessOutcome Out;
        Out.Kernel = K;
        Out.Acc = &K->Accesses[A.Id];
        Out.Launch = &K->Launches[&LC - Copy.Launches.data()];
        Out.Worst = R.Wavefronts;
        Out.IdealWorst = R.IdealWavefronts;
        if (R.Requests > 0) {
          Out.Cost = R.WavefrontsMean * double(R.Requests);
          Out.Ideal = R.IdealMean * double(R.Requests);
        } else {
          Out.Cost = R.Wavefronts;
          Out.Ideal = R.IdealWavefronts;
        }
        E.Cost += Out.Cost;
        E.Ideal += Out.Ideal;
        E.Outcomes.push_back(Out);
      }
    }
  }
  return E;
}

std::string whyNotEditable(const ArrayUse &U) {
  const MemoryObject &O = U.object();
  if (O.IsExtern)
    return "'" + O.Name + "' is extern __shared__: its size is set at launch";
  if (O.Extents.size() < 2)
    return "'" + O.Name + "' has one dimension";
  if (!O.LastExtentRange.Begin.isValid() || !O.LastExtentRange.End.isValid())
    return "the row length of '" + O.Name + "' is not written in the source";
  for (auto [K, Obj] : U.Instances) {
    const MemoryObject &KO = K->Objects[Obj];
    if (KO.UsedOutsideSubscripts)
      return "'" + O.Name + "' is used outside its subscripts (" +
             KO.OutsideUseNote +
             "); changing its layout would change what that code reads";
    for (const Access &A : K->Accesses)
      if (A.Object == Obj && (A.SubscriptIndices.size() != O.Extents.size() ||
                              A.SubscriptRanges.size() != O.Extents.size()))
        return "an access to '" + O.Name + "' at line " +
               std::to_string(A.Range.Begin.Line) +
               " does not subscript every dimension";
    for (const auto &R : K->Remarks)
      if (R.second.find("not analyzed") != std::string::npos)
        return "some accesses of kernel '" + K->Name + "' were not analyzed";
  }
  return "";
}

SearchResult searchLayouts(const ArrayUse &U, const SolveOptions &Opts,
                           int64_t MaxPad, bool TrySwizzle) {
  SearchResult S;
  S.Before = evaluateLayout(U, Layout{}, Opts);
  if (!S.Before.Verified)
    return S;
  const MemoryObject &O = U.object();
  if (MaxPad <= 0)
    MaxPad = std::max<int64_t>(
        1, std::min<int64_t>(32, 128 / std::max(1u, O.ElementBytes)));
  const double Eps = 1e-9;

  // Pads: the lowest cost wins, the smallest pad among equals.
  for (int64_t P = 1; P <= MaxPad; ++P) {
    Layout L{O.Extents, std::nullopt};
    L.Extents.back() += P;
    LayoutEval E = evaluateLayout(U, L, Opts);
    if (!E.Verified || E.Cost + Eps >= S.Before.Cost)
      continue;
    if (!S.Pad || E.Cost + Eps < S.Pad->second.Cost)
      S.Pad = std::make_pair(P, std::move(E));
    if (S.Pad && S.Pad->second.Cost <= S.Pad->second.Ideal + Eps)
      break; // nothing larger can do better
  }

  int64_t C = O.Extents.back();
  if (!TrySwizzle || C < 2 || (C & (C - 1)) != 0)
    return S;
  // Swizzles: the simplest (smallest divisor, then multiplier) among equals.
  for (int64_t D = 1; D <= 16; D *= 2)
    for (int64_t M = 1; M < C && M <= 16; M *= 2) {
      Layout L{O.Extents, Swizzle{D, M, C}};
      LayoutEval E = evaluateLayout(U, L, Opts);
      if (!E.Verified || E.Cost + Eps >= S.Before.Cost)
        continue;
      if (!S.Swz || E.Cost + Eps < S.Swz->second.Cost)
        S.Swz = std::make_pair(*L.Swz, std::move(E));
    }
  return S;
}

} // namespace warplint
