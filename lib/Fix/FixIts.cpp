//===- FixIts.cpp - Verified layout fixes for bank conflicts --------------===//

#include "Fix/FixIts.h"

#include "Fix/LayoutSearch.h"
#include "Fix/Occupancy.h"
#include "Fix/SourceText.h"
#include "Fix/StrideView.h"
#include "Fix/Verify.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace warplint {
namespace {

const char *const BankConflictId = "warplint-bank-conflict";

std::string number(double V) {
  if (std::fabs(V - std::round(V)) < 1e-6)
    return std::to_string(int64_t(std::llround(V)));
  std::ostringstream OS;
  OS.precision(1);
  OS << std::fixed << V;
  return OS.str();
}

std::string dims(const std::vector<int64_t> &Extents) {
  std::string S;
  for (int64_t E : Extents)
    S += "[" + std::to_string(E) + "]";
  return S;
}

/// One candidate fix with everything the notes need.
struct Candidate {
  bool IsPad = true;
  int64_t Pad = 0;
  Swizzle Swz;
  LayoutEval Eval;
  std::vector<TextEdit> Edits;
  /// One way to write the edits; InMacro names the macro whose definition
  /// they change.
  struct Way {
    std::vector<TextEdit> Edits;
    std::string InMacro;
  };
  /// Ways to write the edits, most readable first; verification takes the
  /// first that verifies (empty: Edits is the only one).
  std::vector<Way> Alternatives;
  std::string Failure;                     ///< why no edit could be written
  int64_t BytesBefore = 0, BytesAfter = 0; ///< shared per block, worst kernel
  unsigned BlocksBefore = 0, BlocksAfter = 0; ///< lowest over launches
  unsigned BlocksByThreads = 0;
  /// Every launch of the array's kernels fixes the block's thread count.
  bool ThreadsKnown = true;
  bool FitsStatic = true;
  std::string InMacro; ///< the macro whose definition Edits change
  std::string Describe;   ///< "pad the rows of 'tile' to 33 elements"
  std::string SwzMapping; ///< "c ^ (r % 32)"

  /// Resident blocks per SM as far as shared memory and threads decide.
  unsigned occBefore() const { return std::min(BlocksBefore, BlocksByThreads); }
  unsigned occAfter() const { return std::min(BlocksAfter, BlocksByThreads); }
  bool lowersOccupancy() const { return occAfter() < occBefore(); }
};

void addEdit(std::vector<TextEdit> &Edits, std::string &Failure,
             const SourceRange &R, const std::string &Replacement) {
  for (const TextEdit &E : Edits) {
    if (E.Range.Begin.File != R.Begin.File)
      continue;
    bool Same = E.Range.Begin.Offset == R.Begin.Offset &&
                E.Range.End.Offset == R.End.Offset;
    if (Same && E.Replacement == Replacement)
      return; // the same subscript reached twice (inlined twice, loops)
    if (E.Range.Begin.Offset < R.End.Offset &&
        R.Begin.Offset < E.Range.End.Offset) {
      Failure = "two accesses share source text (a macro?) at line " +
                std::to_string(R.Begin.Line);
      return;
    }
  }
  Edits.push_back({R, Replacement});
}

/// Text T of a row length with Pad added: a literal is summed, anything
/// else gets " + Pad" (parenthesized when Paren or when it holds an
/// operator that binds more loosely than +).
std::string paddedText(const std::string &T, int64_t Extent, int64_t Pad,
                       bool Paren) {
  bool Literal = !T.empty() && std::all_of(T.begin(), T.end(), [](char Ch) {
    return std::isdigit(static_cast<unsigned char>(Ch));
  });
  if (Literal)
    return std::to_string(Extent + Pad);
  bool Loose = T.find_first_of("?:<>&|^,") != std::string::npos;
  return (Paren || Loose ? "(" + T + ")" : T) + " + " + std::to_string(Pad);
}

/// The one-line "#define Name ..." in Text: the offset where its body
/// starts and the body; nullopt when there is none (or it continues on the
/// next line).
std::optional<std::pair<size_t, llvm::StringRef>>
findDefine(llvm::StringRef Text, llvm::StringRef Name) {
  size_t LineStart = 0;
  while (LineStart <= Text.size()) {
    size_t End = Text.find('\n', LineStart);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    llvm::StringRef Line = Text.slice(LineStart, End);
    llvm::StringRef L = Line.ltrim(" \t");
    if (L.consume_front("#")) {
      L = L.ltrim(" \t");
      if (L.consume_front("define") && !L.empty() &&
          (L.front() == ' ' || L.front() == '\t')) {
        L = L.ltrim(" \t");
        if (L.consume_front(Name) &&
            (L.empty() || !(std::isalnum(static_cast<unsigned char>(
                                L.front())) ||
                            L.front() == '_'))) {
          if (L.starts_with("(")) // a function-like macro's parameters
            L = L.drop_front(std::min(L.find(')') + 1, L.size()));
          llvm::StringRef Body = L.rtrim(" \t\r");
          if (Body.ends_with("\\"))
            return std::nullopt;
          Body = Body.ltrim(" \t");
          return std::make_pair(size_t(Body.data() - Text.data()), Body);
        }
      }
    }
    LineStart = End + 1;
  }
  return std::nullopt;
}

/// Where Offset is in Text, as a location in File.
SourceLoc locAt(const std::string &File, llvm::StringRef Text, size_t Offset) {
  SourceLoc L;
  L.File = File;
  L.Offset = Offset;
  llvm::StringRef Before = Text.take_front(Offset);
  L.Line = 1 + Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  L.Column = 1 + (LineStart == llvm::StringRef::npos ? Offset
                                                     : Offset - LineStart - 1);
  return L;
}

/// The edit of the row length inside the body of macro Name (the
/// declaration is written by that macro): the last run of bracketed extents
/// with as many extents as the array has.
std::optional<TextEdit> macroBodyEdit(const std::string &File,
                                      llvm::StringRef Text,
                                      llvm::StringRef Name,
                                      const MemoryObject &O, int64_t Pad) {
  auto Def = findDefine(Text, Name);
  if (!Def)
    return std::nullopt;
  llvm::StringRef Body = Def->second;
  std::vector<std::pair<size_t, size_t>> Run, Best; // inner [begin, end)
  size_t I = 0;
  while (I < Body.size()) {
    if (Body[I] != '[') {
      if (Body[I] != ' ' && Body[I] != '\t')
        Run.clear();
      ++I;
      continue;
    }
    size_t Close = Body.find(']', I);
    if (Close == llvm::StringRef::npos || Body.slice(I + 1, Close).contains('['))
      return std::nullopt;
    Run.push_back({I + 1, Close});
    if (Run.size() == O.Extents.size())
      Best = Run;
    I = Close + 1;
  }
  if (Best.empty())
    return std::nullopt;
  auto [B, E] = Best.back();
  llvm::StringRef Extent = Body.slice(B, E).trim();
  if (Extent.empty())
    return std::nullopt;
  size_t Begin = Def->first + (Extent.data() - Body.data());
  TextEdit Edit;
  Edit.Range.Begin = locAt(File, Text, Begin);
  Edit.Range.End = locAt(File, Text, Begin + Extent.size());
  Edit.Replacement =
      paddedText(Extent.str(), O.Extents.back(), Pad, /*Paren=*/false);
  return Edit;
}

void padEdits(const ArrayUse &U, FileTexts &Files, Candidate &C) {
  const MemoryObject &O = U.object();
  auto T = Files.text(O.LastExtentRange);
  if (!T || T->find_first_of("[]\n") != std::string::npos) {
    C.Failure = "the row length of '" + O.Name + "' is not plain source text";
    return;
  }
  llvm::StringRef Name(*T);
  Name = Name.take_while([](char Ch) {
    return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
  });
  bool Identifier =
      !Name.empty() && !std::isdigit(static_cast<unsigned char>(Name[0]));
  const std::string &File = O.LastExtentRange.Begin.File;
  const std::string *Text = Files.file(File);
  auto Edit = [&](std::string Repl) {
    return std::vector<TextEdit>{{O.LastExtentRange, std::move(Repl)}};
  };
  // The declaration is written by a macro (DECL_TILE(T)): its row length
  // can only be changed in the macro's definition.
  bool Invocation = Identifier && llvm::StringRef(*T)
                                      .drop_front(Name.size())
                                      .ltrim()
                                      .starts_with("(");
  if (Invocation && Text)
    if (std::optional<TextEdit> InMacro =
            macroBodyEdit(File, *Text, Name, O, C.Pad)) {
      C.Alternatives.push_back({{*InMacro}, Name.str()});
      C.Edits = C.Alternatives.front().Edits;
      C.InMacro = Name.str();
      return;
    }
  // Otherwise (a row length like MAX(32, 16), or a macro defined
  // elsewhere) the edit is made where the row length is written, and
  // verification decides.
  std::string Plain = paddedText(*T, O.Extents.back(), C.Pad, false);
  std::string Paren = paddedText(*T, O.Extents.back(), C.Pad, true);
  // A row length that names a macro whose body is an expression
  // (#define W 1 << 5) needs parentheses: W + 1 would be 1 << 6. A name
  // defined elsewhere gets them when W + 1 does not verify.
  bool Bare = Identifier && Name.size() == T->size();
  bool MacroExpression = false;
  if (Bare && Text)
    if (auto Def = findDefine(*Text, Name))
      MacroExpression = asOperand(Def->second.str()) != Def->second;
  if (!MacroExpression)
    C.Alternatives.push_back({Edit(Plain), ""});
  if ((Bare || Invocation) && Paren != Plain)
    C.Alternatives.push_back({Edit(Paren), ""});
  C.Edits = C.Alternatives.front().Edits;
}

void swizzleEdits(const ArrayUse &U, FileTexts &Files, Candidate &C) {
  std::string Key = "%";
  for (auto [K, Obj] : U.Instances)
    for (const Access &A : K->Accesses) {
      if (A.Object != Obj)
        continue;
      size_t N = A.SubscriptRanges.size();
      auto Row = Files.text(A.SubscriptRanges[N - 2]);
      auto Col = Files.text(A.SubscriptRanges[N - 1]);
      if (!Row || !Col || !isPureText(*Row)) {
        C.Failure = "the row subscript at line " +
                    std::to_string(A.Loc.Line) +
                    " cannot be repeated safely";
        return;
      }
      std::string KeyText = asOperand(*Row);
      if (C.Swz.Div != 1)
        KeyText += " / " + std::to_string(C.Swz.Div);
      if (C.Swz.Mul != 1)
        KeyText += " * " + std::to_string(C.Swz.Mul);
      KeyText += " % " + std::to_string(C.Swz.Columns);
      addEdit(C.Edits, C.Failure, A.SubscriptRanges[N - 1],
              asXorOperand(*Col) + " ^ (" + KeyText + ")");
      if (!C.Failure.empty())
        return;
    }
  std::string Map = "c ^ (r";
  if (C.Swz.Div != 1)
    Map += " / " + std::to_string(C.Swz.Div);
  if (C.Swz.Mul != 1)
    Map += " * " + std::to_string(C.Swz.Mul);
  C.SwzMapping = Map + " % " + std::to_string(C.Swz.Columns) + ")";
}

/// Shared memory and blocks per SM, before and after, over every kernel
/// and launch that uses the array (the lowest counts are reported).
void measureOccupancy(const ArrayUse &U, const ArchInfo &Arch, Candidate &C) {
  const MemoryObject &O = U.object();
  std::vector<int64_t> After = O.Extents;
  if (C.IsPad)
    After.back() += C.Pad;
  int64_t NewBytes = layoutBytes(After, O.ElementBytes);
  bool First = true;
  for (auto [K, Obj] : U.Instances) {
    int64_t Before = staticSharedBytes(*K, std::nullopt);
    int64_t Now = staticSharedBytes(*K, std::make_pair(Obj, NewBytes));
    C.BytesBefore = std::max(C.BytesBefore, Before);
    C.BytesAfter = std::max(C.BytesAfter, Now);
    for (const LaunchConfig &L : K->Launches) {
      Occupancy B = occupancy(Arch, L, Before), A = occupancy(Arch, L, Now);
      C.FitsStatic = C.FitsStatic && A.FitsStatic;
      C.ThreadsKnown = C.ThreadsKnown && L.Block.has_value();
      if (First || B.BlocksBySmem < C.BlocksBefore) {
        C.BlocksBefore = B.BlocksBySmem;
        C.BlocksAfter = A.BlocksBySmem;
        C.BlocksByThreads = B.BlocksByThreads;
      }
      First = false;
    }
  }
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
  std::string S = number(Before.Cost) + " -> " + number(After.Cost) + " " +
                  costUnit(Before);
  // Over the launch when its grid is known and has more than one block
  // (else the figures are the same).
  auto LB = Before.launchCost(), LA = After.launchCost();
  if (LB && LA &&
      (number(double(*LB)) != number(Before.Cost) ||
       number(double(*LA)) != number(After.Cost)))
    S += ", " + number(double(*LB)) + " -> " + number(double(*LA)) +
         " per launch";
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
            const std::string &Name, bool Preferred) {
  Fix F;
  F.Message = C.IsPad ? "pad the rows of '" + Name + "'"
                      : "swizzle the columns of '" + Name + "'";
  F.Edits = C.Edits;
  F.Preferred = Preferred;
  F.Impact = FixImpact{Before.Cost, C.Eval.Cost, C.BytesBefore, C.BytesAfter};
  return F;
}

/// The notes every bank-conflict diagnostic on one array gets.
/// Proves C's edits with V (each way to write them in turn): C.Edits
/// becomes the first that verifies, or C.Failure says why none did.
void verifyCandidate(Candidate &C, const LayoutEval &Before,
                     const std::string &Name, const FixVerifier &V) {
  if (C.Alternatives.empty())
    C.Alternatives.push_back({C.Edits, C.InMacro});
  std::string FirstWhy;
  for (const Candidate::Way &Alt : C.Alternatives) {
    C.Edits = Alt.Edits;
    C.InMacro = Alt.InMacro;
    Fix F = makeFix(C, Before, Name, /*Preferred=*/false);
    llvm::Error E = V.verify({&F});
    if (!E)
      return;
    std::string Why = llvm::toString(std::move(E));
    if (FirstWhy.empty())
      FirstWhy = Why;
  }
  C.Failure = "not verified: " + FirstWhy;
}

std::vector<DiagNote> planNotes(const ArrayUse &Declared,
                                const SolveOptions &Opts, FileTexts &Files,
                                const FixVerifier *V) {
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
    std::string Why;
    View = strideView(Declared, Files, Opts, Why);
    if (!View) {
      Note("no layout fix is offered: " + Why);
      Note("a layout change would have to be made by hand: with a row "
           "stride W, declare rows of W + 1 elements, or remap every index "
           "i to i + i / 32 (and enlarge '" +
           D.Name + "' to match)");
      return Notes;
    }
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
  SearchResult S = searchLayouts(U, Opts, 0, /*TrySwizzle=*/!View);
  if (!S.Before.Verified) {
    Note("no layout fix is offered: " + S.Before.Reason);
    return Notes;
  }

  std::vector<Candidate> Cands;
  if (S.Pad) {
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
    if (View)
      C.Describe = "pad the rows of '" + O.Name + "' to " + View->Name + " + " +
                   std::to_string(C.Pad) + " = " +
                   std::to_string(After.back()) + " elements (" + O.Name + "[" +
                   std::to_string(After[0] * After[1]) + "])";
    else
      C.Describe = "pad the rows of '" + O.Name + "' to " +
                   std::to_string(After.back()) + " elements (" + O.Name +
                   dims(After) + ")";
    if (!C.FitsStatic)
      C.Failure = "the padded array exceeds the 48 KiB of static shared "
                  "memory a block may declare";
    Cands.push_back(std::move(C));
  }
  if (S.Swz) {
    Candidate C;
    C.IsPad = false;
    C.Swz = S.Swz->first;
    C.Eval = S.Swz->second;
    swizzleEdits(U, Files, C);
    measureOccupancy(U, Opts.Arch, C);
    C.Describe = "swizzle the columns of '" + O.Name + "': " + O.Name +
                 "[r][c] becomes " + O.Name + "[r][" + C.SwzMapping + "]";
    Cands.push_back(std::move(C));
  }
  // Every edit is proved on an in-memory copy before it is offered.
  if (V)
    for (Candidate &C : Cands)
      if (C.Failure.empty())
        verifyCandidate(C, S.Before, O.Name, *V);
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
           "' lowers its wavefronts (" + number(S.Before.Cost) + " " +
           costUnit(S.Before) + ")");
    return Notes;
  }

  const double Eps = 1e-9;
  size_t Best = 0;
  std::string Why2;
  if (Usable.size() == 2) {
    const Candidate &P = Usable[0], &W = Usable[1];
    if (P.lowersOccupancy() && W.Eval.Cost <= P.Eval.Cost + Eps) {
      Best = 1;
      Why2 = "the swizzle is preferred: it reaches the same or fewer "
             "wavefronts without the padding's loss of occupancy";
    } else if (W.Eval.Cost + Eps < P.Eval.Cost) {
      Best = 1;
      Why2 = "the swizzle is preferred: no pad reaches its " +
             number(W.Eval.Cost) + " " + costUnit(W.Eval);
    } else {
      Why2 = std::string("the padding is preferred: ") +
             (P.Eval.Cost + Eps < W.Eval.Cost
                  ? "it needs fewer wavefronts than any swizzle"
                  : "it is as good as the swizzle and keeps the indices "
                    "readable") +
             (P.lowersOccupancy() ? ", though it lowers occupancy" : "");
    }
  }
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
    N.Fixes.push_back(makeFix(C, S.Before, O.Name, I == Best));
    Notes.push_back(std::move(N));
    Note(occupancyNote(C, Opts.Arch));
  }
  if (!Why2.empty())
    Note(Why2);
  if (!Chosen.Eval.allIdeal()) {
    // Honest trade-off: show every access before and after.
    Note(std::string("no ") + (Chosen.IsPad ? "pad" : "layout warplint tries") +
         " makes every access of '" + O.Name + "' conflict-free; per access:");
    std::map<std::pair<const KernelModel *, unsigned>,
             std::pair<unsigned, unsigned>>
        Worst;
    std::vector<std::pair<const KernelModel *, const Access *>> Order;
    for (size_t I = 0; I < Chosen.Eval.Outcomes.size(); ++I) {
      const AccessOutcome &A = Chosen.Eval.Outcomes[I];
      const AccessOutcome &B = S.Before.Outcomes[I];
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
  return Notes;
}

using AccessIndex =
    std::map<std::tuple<std::string, unsigned, unsigned>, size_t>;

/// Where each array's accesses are, to find a diagnostic's array.
AccessIndex indexAccesses(const std::vector<ArrayUse> &Arrays) {
  AccessIndex AccessAt;
  for (size_t I = 0; I < Arrays.size(); ++I)
    for (auto [K, Obj] : Arrays[I].Instances)
      for (const Access &A : K->Accesses)
        if (A.Object == Obj)
          AccessAt[{A.Loc.File, A.Loc.Line, A.Loc.Column}] = I;
  return AccessAt;
}

bool sameNote(const DiagNote &A, const DiagNote &B) {
  return A.Loc == B.Loc && A.Message == B.Message &&
         A.Fixes.size() == B.Fixes.size();
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
                       std::vector<Diagnostic> &Diags, const SolveOptions &Opts,
                       const std::map<std::string, std::string> &Overlay,
                       const FixVerifier &V) {
  std::vector<ArrayUse> Arrays = sharedArrays(TU);
  AccessIndex AccessAt = indexAccesses(Arrays);
  FileTexts Files(&Overlay);
  // Per array: the notes the pipeline attached (planned again, the same
  // way) and their verified replacement.
  std::map<size_t, std::pair<std::vector<DiagNote>, std::vector<DiagNote>>>
      Plans;
  for (Diagnostic &D : Diags) {
    if (!hasFix(D))
      continue;
    auto It = D.Check == BankConflictId
                  ? AccessAt.find({D.Range.Begin.File, D.Range.Begin.Line,
                                   D.Range.Begin.Column})
                  : AccessAt.end();
    if (It == AccessAt.end()) {
      dropFixes(D, "its array could not be found again to verify the fix");
      continue;
    }
    auto P = Plans.find(It->second);
    if (P == Plans.end()) {
      const ArrayUse &U = Arrays[It->second];
      P = Plans
              .emplace(It->second,
                       std::make_pair(planNotes(U, Opts, Files, nullptr),
                                      planNotes(U, Opts, Files, &V)))
              .first;
    }
    const std::vector<DiagNote> &Old = P->second.first;
    bool Ends = D.Notes.size() >= Old.size() &&
                std::equal(Old.begin(), Old.end(),
                           D.Notes.end() - Old.size(), sameNote);
    if (!Ends) {
      dropFixes(D, "its notes differ from the plan that was verified");
      continue;
    }
    D.Notes.erase(D.Notes.end() - Old.size(), D.Notes.end());
    D.Notes.insert(D.Notes.end(), P->second.second.begin(),
                   P->second.second.end());
  }
}

void attachLayoutFixes(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags, const SolveOptions &Opts,
                       const std::vector<SourceLoc> &Suppressed,
                       const std::map<std::string, std::string> &Overlay) {
  std::vector<ArrayUse> Arrays = sharedArrays(TU);
  AccessIndex AccessAt = indexAccesses(Arrays);
  std::map<size_t, std::vector<DiagNote>> Plans;
  FileTexts Files(&Overlay);
  for (const SourceLoc &L : Suppressed) {
    auto It = AccessAt.find({L.File, L.Line, L.Column});
    if (It != AccessAt.end() && !Plans.count(It->second))
      Plans[It->second] = {{{},
                            "no layout fix is offered: a finding on '" +
                                Arrays[It->second].Name + "' at line " +
                                std::to_string(L.Line) +
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
    if (D.Check != BankConflictId || D.Level == Severity::Remark)
      continue;
    auto It = AccessAt.find(
        {D.Range.Begin.File, D.Range.Begin.Line, D.Range.Begin.Column});
    if (It == AccessAt.end())
      continue;
    auto &[Count, First] = Seen[It->second];
    if (Count++ == 0)
      First = D.Range.Begin;
    if (Count > FindingsWithPlan) {
      D.Notes.push_back(
          {First, "the layout of '" + Arrays[It->second].Name +
                      "' (padding or swizzle) is discussed at its finding at "
                      "line " +
                      std::to_string(First.Line),
           {}});
      continue;
    }
    auto P = Plans.find(It->second);
    if (P == Plans.end())
      P = Plans
              .emplace(It->second,
                       planNotes(Arrays[It->second], Opts, Files, nullptr))
              .first;
    D.Notes.insert(D.Notes.end(), P->second.begin(), P->second.end());
  }
}

} // namespace warplint
