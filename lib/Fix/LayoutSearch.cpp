//===- LayoutSearch.cpp - Find the layout of an array that conflicts least ===//

#include "Fix/LayoutSearch.h"

#include "Facts/SourceMerge.h"

#include <algorithm>
#include <limits>
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

bool LayoutEval::requestsKnown() const {
  for (const AccessOutcome &O : Outcomes)
    if (!O.RequestsKnown)
      return false;
  return true;
}

bool LayoutEval::perWarp() const {
  for (const AccessOutcome &O : Outcomes)
    if (O.Launch && !O.Launch->Block)
      return true;
  return false;
}

std::optional<uint64_t> LayoutEval::launchCost() const {
  // A total over "the launch" only means something for one launch: an
  // array used under several shapes has no single figure.
  uint64_t Sum = 0;
  for (const AccessOutcome &O : Outcomes) {
    if (!O.LaunchCost || O.Kernel != Outcomes.front().Kernel ||
        O.Launch != Outcomes.front().Launch)
      return std::nullopt;
    Sum += *O.LaunchCost;
  }
  if (Outcomes.empty())
    return std::nullopt;
  return Sum;
}

namespace {

/// One access of the array under one launch, in a kernel copy.
struct Item {
  const KernelModel *Kernel; ///< the original
  const KernelModel *Copy;   ///< with the layout in place
  const Access *Acc;         ///< in Copy
  const LaunchConfig *Launch;
};

AccessOutcome outcomeOf(const Item &I, const SharedResult &R) {
  AccessOutcome Out;
  Out.Kernel = I.Kernel;
  Out.Acc = &I.Kernel->Accesses[I.Acc->Id];
  Out.Launch = &I.Kernel->Launches[I.Launch - I.Copy->Launches.data()];
  Out.Worst = R.Wavefronts;
  Out.IdealWorst = R.IdealWavefronts;
  Out.RequestsKnown = R.Requests > 0;
  if (R.Launch)
    Out.LaunchCost = R.Launch->Cost;
  if (R.Requests > 0) {
    Out.Cost = R.WavefrontsMean * double(R.Requests);
    Out.Ideal = R.IdealMean * double(R.Requests);
  } else {
    Out.Cost = R.Wavefronts;
    Out.Ideal = R.IdealWavefronts;
  }
  return Out;
}

/// E's cost and ideal: the sums over its outcomes, in their order.
void addUpOutcomes(LayoutEval &E) {
  for (const AccessOutcome &Out : E.Outcomes) {
    E.Cost += Out.Cost;
    E.Ideal += Out.Ideal;
  }
}

/// A sum of n non-negative doubles, in any order, is within a relative
/// 2 n u (u = 2^-53) of any other order's: below this slack while n stays
/// under a million. A partial sum P taken out of order thus proves the
/// in-order total is at least P * (1 - OrderSlack).
constexpr double OrderSlack = 1e-9;
constexpr size_t MaxReordered = 1000000;

/// evaluateLayout, stopped (Verified false, Reason "pruned") as soon as the
/// outcomes so far prove Cost + Eps >= Best: the search keeps a layout only
/// when Cost + Eps < Best, and the cost is a sum of non-negative terms, so
/// the rest could only add to it (rounding is monotone). Order, when given,
/// is the order to solve the outcomes in (the likely most costly first, to
/// stop sooner); the outcomes and the cost of a layout that is not stopped
/// are still in, and summed in, Instances x Accesses x Launches order.
LayoutEval evaluateBelow(const ArrayUse &U, const Layout &L,
                         const SolveOptions &Opts, double Best, double Eps,
                         const std::vector<size_t> *Order = nullptr) {
  LayoutEval E;
  E.Verified = true;
  // The solver reads the object's extents and alignment from the kernel,
  // so it solves a copy of each kernel with the new layout in place.
  std::vector<KernelModel> Copies;
  Copies.reserve(U.Instances.size());
  std::vector<Item> Items;
  for (auto [K, Obj] : U.Instances) {
    const MemoryObject &O = K->Objects[Obj];
    Copies.push_back(*K);
    KernelModel &Copy = Copies.back();
    if (!L.Extents.empty()) {
      Copy.Objects[Obj].Extents = L.Extents;
      for (Access &A : Copy.Accesses) {
        if (A.Object != Obj)
          continue;
        if (!keepsWhole(A, O, L)) {
          E.Verified = false;
          E.Reason = "the layout would split the " + std::to_string(A.Bytes) +
                     "-byte access to '" + O.Name + "' at line " +
                     std::to_string(A.Loc.Line);
          return E;
        }
        std::optional<Expr> Off = offsetUnder(A, O, L);
        if (!Off) {
          E.Verified = false;
          E.Reason = "the offset of an access to '" + O.Name +
                     "' could not be rebuilt from its subscripts";
          return E;
        }
        A.ByteOffset = *Off;
      }
      // What nvcc merges depends on the alignment the layout gives.
      reapplySourceRules(Copy);
    }
    for (const Access &A : Copy.Accesses)
      if (A.Object == Obj)
        for (const LaunchConfig &LC : Copy.Launches)
          Items.push_back({K, &Copy, &A, &LC});
  }

  bool InOrder =
      !Order || Order->size() != Items.size() || Items.size() > MaxReordered;
  std::vector<AccessOutcome> Outcomes(Items.size());
  double Partial = 0;
  for (size_t N = 0; N < Items.size(); ++N) {
    size_t I = InOrder ? N : (*Order)[N];
    const Item &It = Items[I];
    SharedResult R = solveShared(*It.Copy, *It.Acc, *It.Launch, Opts);
    if (R.Status != SolveStatus::Exact) {
      E.Verified = false;
      E.Reason = R.Reason;
      return E;
    }
    Outcomes[I] = outcomeOf(It, R);
    Partial += Outcomes[I].Cost;
    // In order, Partial is a prefix of the very sum Cost will be.
    if ((InOrder ? Partial : Partial * (1 - OrderSlack)) + Eps >= Best) {
      E.Verified = false;
      E.Reason = "pruned";
      return E;
    }
  }
  E.Outcomes = std::move(Outcomes);
  addUpOutcomes(E);
  return E;
}

/// U under its current layout as the pipeline solved it; nullopt when Known
/// misses an answer (U is a view's copy, or an access was not solved).
std::optional<LayoutEval> readCurrentLayout(const ArrayUse &U,
                                            const SolvedAnswers &Known) {
  // Every answer first: one missing means the layout is solved instead.
  std::vector<std::pair<Item, const SharedResult *>> Read;
  for (auto [K, Obj] : U.Instances)
    for (const Access &A : K->Accesses) {
      if (A.Object != Obj)
        continue;
      for (const LaunchConfig &L : K->Launches) {
        const SharedResult *R = Known.find(A, L);
        if (!R)
          return std::nullopt;
        Read.push_back({{K, K, &A, &L}, R});
      }
    }
  LayoutEval E;
  E.Verified = true;
  for (const auto &[It, R] : Read) {
    if (R->Status != SolveStatus::Exact) {
      E.Verified = false;
      E.Reason = R->Reason;
      E.Outcomes.clear();
      return E;
    }
    E.Outcomes.push_back(outcomeOf(It, *R));
  }
  addUpOutcomes(E);
  return E;
}

} // namespace

LayoutEval evaluateLayout(const ArrayUse &U, const Layout &L,
                          const SolveOptions &Opts) {
  return evaluateBelow(U, L, Opts, std::numeric_limits<double>::infinity(), 0);
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
               std::to_string(A.Loc.Line) +
               " does not subscript every dimension";
    for (const auto &R : K->Remarks)
      if (R.second.find("not analyzed") != std::string::npos)
        return "some accesses of kernel '" + K->Name + "' were not analyzed";
  }
  return "";
}

SearchResult searchLayouts(const ArrayUse &U, const SolveOptions &Opts,
                           int64_t MaxPad, bool TrySwizzle,
                           const SolvedAnswers *Known) {
  SearchResult S;
  std::optional<LayoutEval> Read;
  if (Known)
    Read = readCurrentLayout(U, *Known);
  S.Before = Read ? std::move(*Read) : evaluateLayout(U, Layout{}, Opts);
  if (!S.Before.Verified)
    return S;
  const MemoryObject &O = U.object();
  // Pads up to one row of banks: beyond it the bank pattern repeats.
  const int64_t BankRow = int64_t(Opts.Arch.Banks) * Opts.Arch.BankBytes;
  if (MaxPad <= 0)
    MaxPad = std::max<int64_t>(
        1, std::min<int64_t>(Opts.Arch.Banks,
                             BankRow / std::max(1u, O.ElementBytes)));
  const double Eps = 1e-9;
  // A layout is kept only when it beats Before and the best of its kind so
  // far by more than Eps: its evaluation stops once it cannot.
  // Outcomes that conflicted most before are solved first: a layout that
  // does not help them is stopped after one solve.
  std::vector<size_t> Order(S.Before.Outcomes.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  auto Excess = [&](size_t I) {
    return S.Before.Outcomes[I].Cost - S.Before.Outcomes[I].Ideal;
  };
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Excess(A) != Excess(B) ? Excess(A) > Excess(B) : A < B;
  });
  auto Below = [&](const Layout &L, double Best) {
    return evaluateBelow(U, L, Opts, Best, Eps, &Order);
  };

  // Pads: the lowest cost wins, the smallest pad among equals.
  for (int64_t P = 1; P <= MaxPad; ++P) {
    Layout L{O.Extents, std::nullopt};
    L.Extents.back() += P;
    LayoutEval E = Below(L, S.Pad ? std::min(S.Before.Cost, S.Pad->second.Cost)
                                  : S.Before.Cost);
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
      LayoutEval E =
          Below(L, S.Swz ? std::min(S.Before.Cost, S.Swz->second.Cost)
                         : S.Before.Cost);
      if (!E.Verified || E.Cost + Eps >= S.Before.Cost)
        continue;
      if (!S.Swz || E.Cost + Eps < S.Swz->second.Cost)
        S.Swz = std::make_pair(*L.Swz, std::move(E));
    }
  return S;
}

} // namespace warplint
