//===- Verify.cpp - Fixes proved on an in-memory copy before use ----------===//

#include "Fix/Verify.h"

#include "Fix/Apply.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>
#include <set>

namespace warplint {

char BudgetSpentError::ID = 0;

namespace {

unsigned exactShared(const std::vector<AccessRecord> &Records) {
  unsigned N = 0;
  for (const AccessRecord &R : Records)
    N += R.Space == MemorySpace::Shared && R.Exact;
  return N;
}

} // namespace

FixVerifier::FixVerifier(std::string MainFile, std::string MainText,
                         std::vector<AccessRecord> Before, Reanalyze Again)
    : MainFile(std::move(MainFile)), MainText(std::move(MainText)),
      Before(std::move(Before)), Again(std::move(Again)) {}

bool FixVerifier::isMainFile(const std::string &File) const {
  return File == MainFile || llvm::sys::fs::equivalent(File, MainFile);
}

/// What makes a fix this fix: its edits and its promise.
static std::string fixKey(const Fix &F) {
  std::string Key = F.Message;
  for (const TextEdit &E : F.Edits)
    Key += "\n" + E.Range.Begin.File + "@" +
           std::to_string(E.Range.Begin.Offset) + "-" +
           std::to_string(E.Range.End.Offset) + ":" + E.Replacement;
  if (F.Impact)
    Key += "\n" + std::to_string(F.Impact->WavefrontsBefore) + "->" +
           std::to_string(F.Impact->WavefrontsAfter);
  return Key;
}

llvm::Error FixVerifier::verify(llvm::ArrayRef<const Fix *> Fixes,
                                std::string *Fixed,
                                double *Wavefronts) const {
  if (Fixes.size() != 1 || Fixed || Wavefronts)
    return verifyUncached(Fixes, Fixed, Wavefronts);
  std::string Key = fixKey(*Fixes.front());
  auto It = Verdicts.find(Key);
  if (It == Verdicts.end()) {
    llvm::Error E = verifyUncached(Fixes, nullptr, nullptr);
    It = Verdicts.emplace(Key, E ? llvm::toString(std::move(E)) : "").first;
  }
  if (It->second.empty())
    return llvm::Error::success();
  return llvm::createStringError(It->second);
}

bool allFixesVerify(const std::vector<Diagnostic> &Diags,
                    const FixVerifier &V) {
  std::vector<const Fix *> All;
  for (const Diagnostic &D : Diags)
    llvm::append_range(All, allFixes(D));
  V.verifyTogether(All);
  for (const Fix *F : All)
    if (llvm::Error E = V.verify({F})) {
      llvm::consumeError(std::move(E));
      return false;
    }
  return true;
}

namespace {

/// An array's identity across the original and a fixed text: edits never
/// move a declaration to another line or rename it.
using ArrayKey = std::tuple<std::string, unsigned, std::string>;

ArrayKey arrayKey(const SourceLoc &Decl, const std::string &Name) {
  return {Decl.File, Decl.Line, Name};
}

/// Exact shared wavefronts per block by array (a field's records count for
/// their array).
std::map<ArrayKey, double>
wavefrontsByArray(const std::vector<AccessRecord> &Records) {
  std::map<ArrayKey, double> Out;
  for (const AccessRecord &R : Records)
    if (R.Space == MemorySpace::Shared && R.Exact)
      Out[arrayKey(R.ObjectDecl, R.Variable.substr(0, R.Variable.find('.')))] +=
          recordWavefronts(R);
  return Out;
}

} // namespace

void FixVerifier::verifyTogether(llvm::ArrayRef<const Fix *> Fixes) const {
  // The candidates: distinct fixes not yet judged, each on a known array
  // of the main file, with edits of the main file only.
  std::map<std::string, const Fix *> Pending;
  for (const Fix *F : Fixes) {
    if (!F->Impact || !F->Impact->ArrayDecl.isValid() || F->Edits.empty())
      continue;
    if (!llvm::all_of(F->Edits, [&](const TextEdit &E) {
          return isMainFile(E.Range.Begin.File);
        }))
      continue;
    std::string Key = fixKey(*F);
    if (!Verdicts.count(Key))
      Pending.emplace(Key, F);
  }
  std::map<ArrayKey, double> Was = wavefrontsByArray(Before);
  // Rounds of at most one fix per array; a fix whose array has no exact
  // record is left to verify().
  while (!Pending.empty()) {
    std::map<ArrayKey, std::pair<std::string, const Fix *>> Round;
    for (const auto &[Key, F] : Pending) {
      ArrayKey A = arrayKey(F->Impact->ArrayDecl, F->Impact->ArrayName);
      if (Was.count(A) && !Round.count(A))
        Round.emplace(A, std::make_pair(Key, F));
    }
    if (Round.size() < 2)
      return; // one fix at a time is what verify() does anyway
    for (const auto &[A, KF] : Round)
      Pending.erase(KF.first);
    std::vector<TextEdit> Edits;
    for (const auto &[A, KF] : Round)
      llvm::append_range(Edits, KF.second->Edits);
    llvm::sort(Edits, [](const TextEdit &X, const TextEdit &Y) {
      return X.Range.Begin.Offset < Y.Range.Begin.Offset;
    });
    std::string Text;
    if (!applyEdits(MainText, Edits, Text))
      continue;
    ++Runs;
    llvm::Expected<std::vector<AccessRecord>> After = Again(Text);
    if (!After) {
      llvm::consumeError(After.takeError());
      continue;
    }
    if (exactShared(*After) != exactShared(Before))
      continue;
    std::map<ArrayKey, double> Now = wavefrontsByArray(*After);
    auto Near = [](double X, double Y) {
      return std::abs(X - Y) <= 1e-6 * std::max(1.0, std::abs(Y));
    };
    bool Others = Now.size() == Was.size();
    for (const auto &[A, W] : Was)
      if (!Round.count(A))
        Others &= Now.count(A) && Near(Now[A], W);
    if (!Others)
      continue;
    for (const auto &[A, KF] : Round) {
      const FixImpact &I = *KF.second->Impact;
      if (Now.count(A) &&
          Near(Now[A], Was[A] - (I.WavefrontsBefore - I.WavefrontsAfter)))
        Verdicts.emplace(KF.first, "");
    }
  }
}

llvm::Error FixVerifier::verifyUncached(llvm::ArrayRef<const Fix *> Fixes,
                                        std::string *Fixed,
                                        double *Wavefronts) const {
  std::vector<TextEdit> Edits;
  double Promised = sharedWavefronts(Before);
  std::set<std::string> Counted;
  for (const Fix *F : Fixes) {
    for (const TextEdit &E : F->Edits) {
      if (!isMainFile(E.Range.Begin.File))
        return llvm::createStringError(
            "it edits '" + E.Range.Begin.File +
            "', which is not the analyzed file and cannot be re-parsed "
            "in memory");
      Edits.push_back(E);
    }
    if (!F->Impact)
      return llvm::createStringError("it promises no effect to check");
    // Diagnostics on one array carry the same fix: its saving counts once.
    std::string Key = F->Message;
    for (const TextEdit &E : F->Edits)
      Key += "@" + std::to_string(E.Range.Begin.Offset) + E.Replacement;
    if (Counted.insert(Key).second)
      Promised -= F->Impact->WavefrontsBefore - F->Impact->WavefrontsAfter;
  }
  // The same edit reached twice (two diagnostics, one fix) is made once.
  std::sort(Edits.begin(), Edits.end(), [](const TextEdit &A,
                                           const TextEdit &B) {
    return std::tie(A.Range.Begin.Offset, A.Range.End.Offset, A.Replacement) <
           std::tie(B.Range.Begin.Offset, B.Range.End.Offset, B.Replacement);
  });
  Edits.erase(std::unique(Edits.begin(), Edits.end(),
                          [](const TextEdit &A, const TextEdit &B) {
                            return A.Range.Begin.Offset ==
                                       B.Range.Begin.Offset &&
                                   A.Range.End.Offset == B.Range.End.Offset &&
                                   A.Replacement == B.Replacement;
                          }),
              Edits.end());
  std::string Text;
  if (!applyEdits(MainText, Edits, Text))
    return llvm::createStringError(
        "its edits overlap or fall outside the file");
  ++Runs;
  llvm::Expected<std::vector<AccessRecord>> After = Again(Text);
  if (!After) {
    std::string Why;
    llvm::handleAllErrors(
        After.takeError(),
        [&](const BudgetSpentError &E) {
          Why = E.message() + " before the fix could be verified";
        },
        [&](const llvm::ErrorInfoBase &E) {
          Why = "the fixed code does not parse (" + E.message() + ")";
        });
    return llvm::createStringError(Why);
  }
  unsigned Was = exactShared(Before), Now = exactShared(*After);
  if (Now != Was)
    return llvm::createStringError(
        "re-analysis of the fixed code modelled " + std::to_string(Now) +
        " shared accesses exactly where the original had " +
        std::to_string(Was));
  double Got = sharedWavefronts(*After);
  if (std::abs(Got - Promised) > 1e-6 * std::max(1.0, Promised))
    return llvm::createStringError(
        "re-analysis of the fixed code found " + formatWavefronts(Got) +
        " shared-memory wavefronts per block where the fix promised " +
        formatWavefronts(Promised));
  if (Fixed)
    *Fixed = std::move(Text);
  if (Wavefronts)
    *Wavefronts = Got;
  return llvm::Error::success();
}

bool hasFixes(const std::vector<Diagnostic> &Diags) {
  return llvm::any_of(Diags, hasFix);
}

} // namespace warplint
