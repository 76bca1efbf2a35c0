//===- Verify.h - Fixes proved on an in-memory copy before use --*- C++ -*-===//
//
// No fix is offered, exported or written before it was applied to an
// in-memory copy of the file, re-parsed and re-solved: the copy must parse
// and its shared-memory wavefronts must be exactly what the fix promised.
// The front ends (command line, language server) supply the re-analysis;
// this component decides. See docs/fixes.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_VERIFY_H
#define WARPLINT_FIX_VERIFY_H

#include "Report/AccessRecord.h"
#include "Report/Diagnostic.h"
#include "Solve/Solver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace warplint {

struct TranslationUnitModel;

/// A re-analysis that did not run, or did not finish, because the file's
/// analysis budget is spent: the fix is not offered, and the note says so
/// rather than blaming the fixed code.
class BudgetSpentError : public llvm::ErrorInfo<BudgetSpentError> {
public:
  static char ID;
  explicit BudgetSpentError(std::string Reason) : Reason(std::move(Reason)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Reason; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string Reason;
};

class FixVerifier {
public:
  /// The access records of the translation unit parsed again with its main
  /// file reading MainText, or why it could not be: clang's first error, or
  /// a BudgetSpentError.
  using Reanalyze = std::function<llvm::Expected<std::vector<AccessRecord>>(
      const std::string &MainText)>;

  /// MainFile as the model names it, MainText the text that was analyzed,
  /// Before its records.
  FixVerifier(std::string MainFile, std::string MainText,
              std::vector<AccessRecord> Before, Reanalyze Again);

  /// Success when Fixes, applied together to the main file's text, give
  /// code that parses and whose re-analysis models the same shared accesses
  /// with exactly the wavefronts the fixes promise (each fix's Impact);
  /// otherwise why not, as a phrase for a note. Fixed receives the text,
  /// Wavefronts what re-analysis found.
  llvm::Error verify(llvm::ArrayRef<const Fix *> Fixes,
                     std::string *Fixed = nullptr,
                     double *Wavefronts = nullptr) const;

  /// Proves, in as few re-analyses as it can, the fixes that each change
  /// one array: fixes of different arrays are applied together, and each
  /// array's wavefronts must change by exactly its fix's promise while
  /// every other array's stay. A fix proved so is remembered as verify()
  /// would remember it; the others are left for verify() to prove alone
  /// (and to say why not). Parses are what verification costs (a
  /// re-analysis of convolutionSeparable.cu takes as long as the analysis).
  void verifyTogether(llvm::ArrayRef<const Fix *> Fixes) const;

  bool isMainFile(const std::string &File) const;
  const std::string &mainFile() const { return MainFile; }
  const std::string &mainText() const { return MainText; }
  const std::vector<AccessRecord> &before() const { return Before; }
  /// How many re-analyses verify has run (for measurements and tests).
  unsigned reanalyses() const { return Runs; }

private:
  llvm::Error verifyUncached(llvm::ArrayRef<const Fix *> Fixes,
                             std::string *Fixed, double *Wavefronts) const;

  std::string MainFile, MainText;
  std::vector<AccessRecord> Before;
  Reanalyze Again;
  mutable unsigned Runs = 0;
  /// A single fix's verdict by its content ("" verified): a fix carried by
  /// several diagnostics, or checked again when notes are re-planned, is
  /// re-analyzed once.
  mutable std::map<std::string, std::string> Verdicts;
};

/// True when every fix of Diags (their own and their notes') verifies with
/// V on its own: the notes then stay as they are.
bool allFixesVerify(const std::vector<Diagnostic> &Diags,
                    const FixVerifier &V);

/// Replaces the layout fixes that attachLayoutFixes gave Diags (the
/// diagnostics of TU, from the pipeline) with verified ones: every fix is
/// checked with V; one that fails is not offered and a note says why, and
/// another way to write it (the row length parenthesized, the edit made in
/// the macro the declaration comes from) is offered when that verifies.
/// Overlay: the texts the pipeline read instead of the disk. The plans
/// are solved within Budget (what the analysis left of the file's budget,
/// shared with V's re-analyses); once it is spent, the fixes not yet
/// verified are dropped, and a note says so.
void verifyLayoutFixes(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags, const SolveOptions &Opts,
                       const std::map<std::string, std::string> &Overlay,
                       const FixVerifier &V, FileBudget &Budget);

/// True when some diagnostic of Diags, or one of its notes, carries a fix.
bool hasFixes(const std::vector<Diagnostic> &Diags);

} // namespace warplint

#endif // WARPLINT_FIX_VERIFY_H
