//===- Verify.cpp - Fixes proved on an in-memory copy before use ----------===//

#include "Fix/Verify.h"

#include "Fix/Apply.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>
#include <set>

namespace warplint {

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
  for (const Diagnostic &D : Diags) {
    std::vector<const Fix *> All;
    for (const Fix &F : D.Fixes)
      All.push_back(&F);
    for (const DiagNote &N : D.Notes)
      for (const Fix &F : N.Fixes)
        All.push_back(&F);
    for (const Fix *F : All)
      if (llvm::Error E = V.verify({F})) {
        llvm::consumeError(std::move(E));
        return false;
      }
  }
  return true;
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
  if (!After)
    return llvm::createStringError("the fixed code does not parse (" +
                                   llvm::toString(After.takeError()) + ")");
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
