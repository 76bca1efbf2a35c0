//===- FixIts.cpp - Verified layout fixes for bank conflicts --------------===//

#include "Fix/FixIts.h"
#include "Fix/FixedRequests.h"

#include "Fix/Apply.h"
#include "Fix/FixCandidate.h"
#include "Fix/LayoutSearch.h"
#include "Fix/SourceText.h"
#include "Fix/StrideView.h"
#include "Fix/Verify.h"
#include "Model/Occupancy.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace warplint {
namespace {

std::string dims(const std::vector<int64_t> &Extents) {
  std::string S;
  for (int64_t E : Extents)
    S += "[" + std::to_string(E) + "]";
  return S;
}

/// What a cost of the layout search counts, for the notes that quote it:
/// every request of a block, or one (the worst) of each access when a
/// loop's trip count is a run-time value.
std::string costUnit(const LayoutEval &E) {
  if (!E.requestsKnown())
    return "wavefronts over one request of each access";
  return E.perWarp() ? "wavefronts per warp" : "wavefronts per block";
}

/// "1056 -> 64 wavefronts per block, 1081344 -> 65536 per launch"; with a
/// loop of unknown trip count, the accesses that change, per request.
std::string totals(const LayoutEval &Before, const LayoutEval &After) {
  if (!Before.requestsKnown() || !After.requestsKnown()) {
    // The per-block sum would count a hot loop's access once: name the
    // accesses the edit changes instead, in the warning's own unit.
    std::string S;
    std::set<std::string> Seen; // a line under several launches or kernels
    size_t Listed = 0, Changed = 0;
    for (size_t I = 0; I < Before.Outcomes.size() && I < After.Outcomes.size();
         ++I) {
      const AccessOutcome &B = Before.Outcomes[I], &A = After.Outcomes[I];
      if (A.Worst == B.Worst)
        continue;
      std::string Line = "line " + std::to_string(B.Acc->Loc.Line) + ": " +
                         std::to_string(B.Worst) + " -> " +
                         std::to_string(A.Worst);
      if (!Seen.insert(Line).second)
        continue;
      ++Changed;
      if (Listed++ < 3)
        S += (S.empty() ? "" : ", ") + Line;
    }
    if (Changed > 3)
      S += " and " + std::to_string(Changed - 3) + " more";
    return S + " wavefronts per request; no totals per block: a loop's "
               "trip count is a run-time value";
  }
  std::string S = formatWavefronts(Before.Cost) + " -> " +
                  formatWavefronts(After.Cost) + " " + costUnit(Before);
  // Over the launch when its grid is known and has more than one block
  // (else the figures are the same).
  auto LB = Before.launchCost(), LA = After.launchCost();
  if (LB && LA &&
      (formatWavefronts(double(*LB)) != formatWavefronts(Before.Cost) ||
       formatWavefronts(double(*LA)) != formatWavefronts(After.Cost)))
    S += ", " + formatWavefronts(double(*LB)) + " -> " +
         formatWavefronts(double(*LA)) + " per launch";
  return S;
}

std::string effect(const Candidate &C, const LayoutEval &Before,
                   const std::string &Name) {
  std::string S = totals(Before, C.Eval);
  if (C.Eval.allIdeal())
    return "every access of '" + Name + "' becomes conflict-free (" + S + ")";
  return S + "; some accesses of '" + Name + "' still conflict";
}

std::string occupancyNote(const Candidate &C, const ArchInfo &Arch) {
  // A swizzle keeps the array's size: nothing about occupancy to weigh.
  if (C.BytesBefore == C.BytesAfter)
    return "shared memory per block stays at " +
           std::to_string(C.BytesBefore) + " bytes, so occupancy does not " +
           "change" +
           (C.ThreadsKnown ? " (" + std::to_string(C.occAfter()) +
                                 " blocks per SM on " + Arch.Name + ")"
                           : std::string());
  std::string S = "shared memory per block " + std::to_string(C.BytesBefore) +
                  " -> " + std::to_string(C.BytesAfter) + " bytes; ";
  std::string Limits = "shared memory allows " +
                       std::to_string(C.BlocksBefore) + " -> " +
                       std::to_string(C.BlocksAfter) + " blocks per SM";
  if (!C.ThreadsKnown) {
    // How many blocks the threads allow is not known: say what it decides.
    if (C.BlocksAfter < C.BlocksBefore)
      return S + "on " + Arch.Name + " " + Limits +
             "; the block's thread count is a run-time value, so occupancy "
             "falls only where it allows more than " +
             std::to_string(C.BlocksAfter) + " blocks per SM";
    return S + "on " + Arch.Name + " " + Limits +
           ", so occupancy does not change";
  }
  Limits += " (the block's thread count alone allows " +
            std::to_string(C.BlocksByThreads) + ")";
  if (C.lowersOccupancy())
    return S + "this lowers occupancy on " + Arch.Name + " from " +
           std::to_string(C.occBefore()) + " to " +
           std::to_string(C.occAfter()) + " blocks per SM: " + Limits;
  return S + "on " + Arch.Name + " " + Limits + ", so occupancy stays at " +
         std::to_string(C.occAfter()) + " blocks per SM";
}

Fix makeFix(const Candidate &C, const LayoutEval &Before,
            const std::string &Name, const SourceLoc &ArrayDecl,
            bool Preferred) {
  Fix F;
  F.Message = C.IsPad ? "pad the rows of '" + Name + "'"
                      : "swizzle the columns of '" + Name + "'";
  F.Edits = C.Edits;
  F.Preferred = Preferred;
  F.Impact = FixImpact{Before.Cost,  C.Eval.Cost, C.BytesBefore,
                       C.BytesAfter, Name,        ArrayDecl};
  if (C.NewLayout) {
    F.Impact->Extents = C.NewLayout->Extents;
    if (const std::optional<Swizzle> &Z = C.NewLayout->Swz) {
      F.Impact->SwizzleDiv = Z->Div;
      F.Impact->SwizzleMul = Z->Mul;
      F.Impact->SwizzleColumns = Z->Columns;
    }
  }
  return F;
}

/// The notes every bank-conflict diagnostic on one array gets.
/// Proves C's edits with V (each way to write them in turn): C.Edits
/// becomes the first that verifies, or C.Failure says why none did.
void verifyCandidate(Candidate &C, const LayoutEval &Before,
                     const MemoryObject &O, const FixVerifier &V) {
  if (C.Alternatives.empty())
    C.Alternatives.push_back({C.Edits, C.InMacro});
  std::string FirstWhy;
  for (const Candidate::Way &Alt : C.Alternatives) {
    C.Edits = Alt.Edits;
    C.InMacro = Alt.InMacro;
    Fix F = makeFix(C, Before, O.Name, O.DeclLoc, /*Preferred=*/false);
    llvm::Error E = V.verify({&F});
    if (!E)
      return;
    std::string Why = llvm::toString(std::move(E));
    if (FirstWhy.empty())
      FirstWhy = Why;
  }
  C.Failure = "not verified: " + FirstWhy;
}

/// The padding the search found, with its edits (the declaration, or the
/// named stride of a 1-D array read as rows) and its occupancy.
Candidate padCandidate(const ArrayUse &U, const StrideView *View,
                       const SearchResult &S, const SolveOptions &Opts,
                       FileTexts &Files) {
  const MemoryObject &O = U.object();
  Candidate C;
  C.IsPad = true;
  C.Pad = S.Pad->first;
  C.Eval = S.Pad->second;
  if (View)
    C.Edits = strideEdits(*View, C.Pad);
  else
    padEdits(U, Files, C);
  measureOccupancy(U, Opts.Arch, C);
  std::vector<int64_t> After = O.Extents;
  After.back() += C.Pad;
  if (!View)
    C.NewLayout = Layout{After, std::nullopt};
  if (View)
    C.Describe = "pad the rows of '" + O.Name + "' to " + View->Name + " + " +
                 std::to_string(C.Pad) + " = " + std::to_string(After.back()) +
                 " elements (" + O.Name + "[" +
                 std::to_string(After[0] * After[1]) + "])";
  else
    C.Describe = "pad the rows of '" + O.Name + "' to " +
                 std::to_string(After.back()) + " elements (" + O.Name +
                 dims(After) + ")";
  if (!C.FitsStatic)
    C.Failure = "the padded array exceeds the 48 KiB of static shared "
                "memory a block may declare";
  return C;
}

/// The swizzle the search found, with its edits and occupancy.
Candidate swizzleCandidate(const ArrayUse &U, const SearchResult &S,
                           const SolveOptions &Opts, FileTexts &Files) {
  const MemoryObject &O = U.object();
  Candidate C;
  C.IsPad = false;
  C.Swz = S.Swz->first;
  C.Eval = S.Swz->second;
  C.NewLayout = Layout{O.Extents, C.Swz};
  swizzleEdits(U, Files, C);
  measureOccupancy(U, Opts.Arch, C);
  C.Describe = "swizzle the columns of '" + O.Name + "': " + O.Name +
               "[r][c] becomes " + O.Name + "[r][" + C.SwzMapping + "]";
  if (C.Swz.Mul > 1) {
    // A key that moves whole runs of Mul elements is a swizzle of chunks.
    std::string Key = "r";
    if (C.Swz.Div != 1)
      Key += " / " + std::to_string(C.Swz.Div);
    Key += " % " + std::to_string(C.Swz.Columns / C.Swz.Mul);
    C.Describe = "swizzle the " + std::to_string(C.Swz.Mul * O.ElementBytes) +
                 "-byte chunks of '" + O.Name + "': chunk k of row r moves " +
                 "to chunk k ^ (" + Key + ")";
  }
  return C;
}

/// log2 of a power of two.
int log2Exact(int64_t V) {
  int L = 0;
  while ((int64_t(1) << L) < V)
    ++L;
  return L;
}

/// The swizzle of O as CuTe writes it, Swizzle<B, M, S> applied to element
/// offsets (bits M+S .. M+S+B-1 XORed into bits M .. M+B-1), when that is
/// exactly Z: the row index must be the offset's bits above the columns
/// (true of two dimensions; of more only when the rows of a plane keep the
/// key periodic). Empty otherwise.
std::string cuteSwizzle(const MemoryObject &O, const Swizzle &Z) {
  size_t N = O.Extents.size();
  if (N < 2 || Z.Mul >= Z.Columns)
    return "";
  if (N > 2) {
    int64_t Rows = O.Extents[N - 2];
    if (Rows % Z.Div != 0 || (Rows / Z.Div * Z.Mul) % Z.Columns != 0)
      return "";
  }
  int B = log2Exact(Z.Columns / Z.Mul), M = log2Exact(Z.Mul);
  int S = log2Exact(Z.Columns) + log2Exact(Z.Div) - M;
  return "Swizzle<" + std::to_string(B) + ", " + std::to_string(M) + ", " +
         std::to_string(S) + ">";
}

/// Which candidate is offered first, and why (empty with one candidate).
struct Preference {
  size_t Best = 0;
  std::string Why;
};

/// Which of a pad (first) and a swizzle (second) is offered first.
Preference preferred(const std::vector<Candidate> &Usable) {
  const double Eps = 1e-9;
  if (Usable.size() != 2)
    return {};
  const Candidate &P = Usable[0], &W = Usable[1];
  if (P.lowersOccupancy() && W.Eval.Cost <= P.Eval.Cost + Eps)
    return {1, "the swizzle is preferred: it reaches the same or fewer "
               "wavefronts without the padding's loss of occupancy"};
  if (W.Eval.Cost + Eps < P.Eval.Cost)
    return {1, "the swizzle is preferred: no pad reaches its " +
                   formatWavefronts(W.Eval.Cost) + " " + costUnit(W.Eval)};
  return {0, std::string("the padding is preferred: ") +
                 (P.Eval.Cost + Eps < W.Eval.Cost
                      ? "it needs fewer wavefronts than any swizzle"
                      : "it is as good as the swizzle and keeps the indices "
                        "readable") +
                 (P.lowersOccupancy() ? ", though it lowers occupancy" : "")};
}

/// An honest trade-off when the chosen fix leaves conflicts: every access
/// before and after.
void tradeOffNotes(const Candidate &Chosen, const LayoutEval &Before,
                   const MemoryObject &O, std::vector<DiagNote> &Notes) {
  Notes.push_back(
      {{},
       std::string("no ") + (Chosen.IsPad ? "pad" : "layout warplint tries") +
           " makes every access of '" + O.Name + "' conflict-free; per access:",
       {}});
  std::map<std::pair<const KernelModel *, unsigned>,
           std::pair<unsigned, unsigned>>
      Worst;
  std::vector<std::pair<const KernelModel *, const Access *>> Order;
  for (size_t I = 0; I < Chosen.Eval.Outcomes.size(); ++I) {
    const AccessOutcome &A = Chosen.Eval.Outcomes[I];
    const AccessOutcome &B = Before.Outcomes[I];
    auto Key = std::make_pair(A.Kernel, A.Acc->Id);
    auto [It, New] = Worst.try_emplace(Key, std::make_pair(0u, 0u));
    if (New)
      Order.push_back({A.Kernel, A.Acc});
    It->second.first = std::max(It->second.first, B.Worst);
    It->second.second = std::max(It->second.second, A.Worst);
  }
  for (auto [K, A] : Order) {
    auto W = Worst[{K, A->Id}];
    Notes.push_back({A->Loc,
                     "this access needs " + std::to_string(W.first) +
                         " wavefronts per request now, " +
                         std::to_string(W.second) + " after the fix",
                     {}});
  }
}

std::vector<DiagNote> planLayoutNotes(const ArrayUse &Declared,
                                      const SolveOptions &Opts,
                                      FileTexts &Files, const FixVerifier *V,
                                      const SolvedAnswers *Known) {
  std::vector<DiagNote> Notes;
  auto Note = [&](std::string Msg) {
    Notes.push_back({{}, std::move(Msg), {}});
  };

  // A one-dimensional array is searched as the rows its named stride makes
  // (s[r * W + c] is s[r][c] of an array [N / W][W]), when that reading is
  // proved; the edits then rewrite the stride instead of an extent.
  std::unique_ptr<StrideView> View;
  const MemoryObject &D = Declared.object();
  if (D.Extents.size() == 1 && !D.IsExtern) {
    auto Read = strideView(Declared, Opts);
    if (!Read) {
      Note("no layout fix is offered: " + llvm::toString(Read.takeError()));
      Note("a layout change would have to be made by hand: with a row "
           "stride W, declare rows of W + 1 elements, or remap every index "
           "i to i + i / 32 (and enlarge '" +
           D.Name + "' to match)");
      return Notes;
    }
    View = std::move(*Read);
  }
  const ArrayUse &U = View ? View->Use : Declared;
  const MemoryObject &O = U.object();

  std::string Why = whyNotEditable(U);
  if (!Why.empty()) {
    Note("no layout fix is offered: " + Why);
    return Notes;
  }
  // The swizzle of a 1-D array would rewrite its column terms; only the
  // padded stride is offered there.
  // A view's kernels are copies: the answers the pipeline has are not
  // about them.
  SearchResult S = searchLayouts(U, Opts, 0, /*TrySwizzle=*/!View,
                                 View ? nullptr : Known);
  if (!S.Before.Verified) {
    Note("no layout fix is offered: " + S.Before.Reason);
    return Notes;
  }

  std::vector<Candidate> Cands;
  if (S.Pad)
    Cands.push_back(padCandidate(U, View.get(), S, Opts, Files));
  if (S.Swz)
    Cands.push_back(swizzleCandidate(U, S, Opts, Files));
  // Every edit is proved on an in-memory copy before it is offered.
  if (V)
    for (Candidate &C : Cands)
      if (C.Failure.empty())
        verifyCandidate(C, S.Before, O, *V);
  // Candidates whose edit cannot be written are explained, never offered.
  std::vector<Candidate> Usable;
  for (Candidate &C : Cands) {
    if (C.Failure.empty())
      Usable.push_back(std::move(C));
    else
      Note("no edit for '" + C.Describe + "': " + C.Failure);
  }
  if (Usable.empty()) {
    if (Cands.empty())
      Note("no row padding or column swizzle of '" + O.Name +
           "' lowers its wavefronts (" + formatWavefronts(S.Before.Cost) + " " +
           costUnit(S.Before) + ")");
    return Notes;
  }

  auto [Best, PreferredWhy] = preferred(Usable);
  const Candidate &Chosen = Usable[Best];
  for (size_t K = 0; K < Usable.size(); ++K) {
    size_t I = K == 0 ? Best : (Best == 0 ? K : K - 1); // preferred first
    const Candidate &C = Usable[I];
    DiagNote N;
    // At the first edit, so that text output shows the fix-it line there.
    N.Loc = C.Edits.front().Range.Begin;
    std::string Where = C.InMacro.empty()
                            ? ""
                            : " in the definition of macro '" + C.InMacro +
                                  "' (every array it declares changes)";
    N.Message = (I == Best ? "" : "alternatively, ") + C.Describe + Where +
                ": " + effect(C, S.Before, O.Name);
    N.Fixes.push_back(makeFix(C, S.Before, O.Name, O.DeclLoc, I == Best));
    Notes.push_back(std::move(N));
    if (!C.IsPad)
      if (std::string Cute = cuteSwizzle(O, C.Swz); !Cute.empty())
        Note("in CuTe terms the swizzled '" + O.Name + "' is its layout " +
             "composed with " + Cute + " on element offsets");
    Note(occupancyNote(C, Opts.Arch));
  }
  if (!PreferredWhy.empty())
    Note(PreferredWhy);
  if (!Chosen.Eval.allIdeal())
    tradeOffNotes(Chosen, S.Before, O, Notes);
  return Notes;
}

/// The notes of Declared's layout plan (planLayoutNotes), each marked as
/// the plan's.
std::vector<DiagNote> planNotes(const ArrayUse &Declared,
                                const SolveOptions &Opts, FileTexts &Files,
                                const FixVerifier *V,
                                const SolvedAnswers *Known = nullptr) {
  std::vector<DiagNote> Notes =
      planLayoutNotes(Declared, Opts, Files, V, Known);
  for (DiagNote &N : Notes)
    N.Role = NoteRole::LayoutPlan;
  return Notes;
}

/// Each array's index among Arrays, by the kernel and object of each of its
/// instances.
using ArrayIndex = std::map<std::pair<const KernelModel *, unsigned>, size_t>;

ArrayIndex indexArrays(const std::vector<ArrayUse> &Arrays) {
  ArrayIndex Index;
  for (size_t I = 0; I < Arrays.size(); ++I)
    for (auto [K, Obj] : Arrays[I].Instances)
      Index[{K, Obj}] = I;
  return Index;
}

/// The array of the access a finding is about (Diagnostic::Source), if it
/// is one of Arrays. TU may be a model of the text parsed again (fix
/// verification): an access that is not where the finding is belongs to
/// other text, and gives none.
std::optional<size_t> arrayOf(const TranslationUnitModel &TU,
                              const ArrayIndex &Index, const Diagnostic &D) {
  if (!D.Source || D.Source->Kernel >= TU.Kernels.size())
    return std::nullopt;
  const KernelModel &K = TU.Kernels[D.Source->Kernel];
  if (D.Source->Access >= K.Accesses.size())
    return std::nullopt;
  const Access &A = K.Accesses[D.Source->Access];
  if (!(A.Loc == D.Range.Begin))
    return std::nullopt;
  auto It = Index.find({&K, A.Object});
  if (It == Index.end())
    return std::nullopt;
  return It->second;
}

/// Drops every fix of D, saying why in a note.
void dropFixes(Diagnostic &D, const std::string &Why) {
  bool Had = !D.Fixes.empty();
  D.Fixes.clear();
  for (DiagNote &N : D.Notes) {
    Had |= !N.Fixes.empty();
    N.Fixes.clear();
  }
  if (Had)
    D.Notes.push_back({{}, "no layout fix is offered: " + Why, {}});
}

} // namespace

void verifyLayoutFixes(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags,
                       const SolveOptions &Given,
                       const std::map<std::string, std::string> &Overlay,
                       const FixVerifier &V, FileBudget &Budget) {
  SolveOptions Opts = Given;
  Opts.File = &Budget;
  std::vector<ArrayUse> Arrays = sharedArrays(TU);
  ArrayIndex Index = indexArrays(Arrays);
  FileTexts Files(&Overlay);
  // Per array: the verified plan, which replaces the notes the pipeline
  // attached (NoteRole::LayoutPlan).
  std::map<size_t, std::vector<DiagNote>> Plans;
  std::map<size_t, std::string> CutShort; ///< arrays planned past the budget
  for (Diagnostic &D : Diags) {
    if (!hasFix(D))
      continue;
    std::optional<size_t> Array =
        D.Traits.LayoutFixes ? arrayOf(TU, Index, D) : std::nullopt;
    if (!Array) {
      dropFixes(D, "its array could not be found again to verify the fix");
      continue;
    }
    auto P = Plans.find(*Array);
    if (P == Plans.end()) {
      const ArrayUse &U = Arrays[*Array];
      P = Plans.emplace(*Array, planNotes(U, Opts, Files, &V)).first;
      // Plans cut short by the budget are not the plans that were offered.
      if (std::optional<std::string> Spent = Budget.exhausted())
        CutShort[*Array] = *Spent;
    }
    if (auto Spent = CutShort.find(*Array); Spent != CutShort.end()) {
      // The plan's notes go with its fixes: what is left unverified is
      // not presented as advice.
      llvm::erase_if(D.Notes, [](const DiagNote &N) {
        return N.Role == NoteRole::LayoutPlan;
      });
      D.Fixes.clear();
      for (DiagNote &N : D.Notes)
        N.Fixes.clear();
      D.Notes.push_back({{},
                         "no layout fix is offered: it could not be "
                         "verified: " +
                             Spent->second,
                         {}});
      continue;
    }
    llvm::erase_if(D.Notes, [](const DiagNote &N) {
      return N.Role == NoteRole::LayoutPlan;
    });
    D.Notes.insert(D.Notes.end(), P->second.begin(), P->second.end());
  }
  drawFixedRequests(TU, Diags, Opts.Arch);
}

void attachLayoutFixes(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags, const SolveOptions &Opts,
                       const std::vector<Diagnostic> &Suppressed,
                       const std::map<std::string, std::string> &Overlay,
                       const std::vector<AccessAnalysis> *Solved) {
  SolvedAnswers Known;
  if (Solved)
    for (const AccessAnalysis &A : *Solved)
      if (A.Shared)
        Known.add(*A.Acc, *A.Launch, *A.Shared);
  std::vector<ArrayUse> Arrays = sharedArrays(TU);
  ArrayIndex Index = indexArrays(Arrays);
  std::map<size_t, std::vector<DiagNote>> Plans;
  FileTexts Files(&Overlay);
  for (const Diagnostic &S : Suppressed) {
    std::optional<size_t> Array = arrayOf(TU, Index, S);
    if (Array && !Plans.count(*Array))
      Plans[*Array] = {{{},
                        "no layout fix is offered: a finding on '" +
                            Arrays[*Array].Name + "' at line " +
                            std::to_string(S.Range.Begin.Line) +
                            " is suppressed (NOLINT)",
                        {}}};
  }
  // An array-wide fix (a swizzle edits every access of the array) repeated
  // on every finding of the array grows with the square of its accesses:
  // 3,000 findings of one array made 5.5 GB. The first few findings carry
  // the plan; the others point at the first.
  constexpr unsigned FindingsWithPlan = 8;
  std::map<size_t, std::pair<unsigned, SourceLoc>> Seen; ///< count, first
  for (Diagnostic &D : Diags) {
    // A remark (a conflict nvcc's merge removes) asks for no fix.
    if (!D.Traits.LayoutFixes || D.Level == Severity::Remark)
      continue;
    std::optional<size_t> Array = arrayOf(TU, Index, D);
    if (!Array)
      continue;
    auto &[Count, First] = Seen[*Array];
    if (Count++ == 0)
      First = D.Range.Begin;
    if (Count > FindingsWithPlan) {
      D.Notes.push_back(
          {First,
           "the layout of '" + Arrays[*Array].Name +
               "' (padding or swizzle) is discussed at its finding at "
               "line " +
               std::to_string(First.Line),
           {}});
      continue;
    }
    auto P = Plans.find(*Array);
    if (P == Plans.end())
      P = Plans
              .emplace(*Array, planNotes(Arrays[*Array], Opts, Files, nullptr,
                                         Solved ? &Known : nullptr))
              .first;
    D.Notes.insert(D.Notes.end(), P->second.begin(), P->second.end());
  }
  drawFixedRequests(TU, Diags, Opts.Arch);
}

} // namespace warplint
