//===- WarplintTidyCheck.h - warplint checks inside clang-tidy --*- C++ -*-===//
//
// Reports one warplint check's findings on the AST clang-tidy already built,
// with the same messages, notes and fix-its as the warplint command line.
// The analysis itself runs once per TU for all warplint checks
// (SharedAnalysis). User documentation: docs/clang-tidy.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TIDY_WARPLINTTIDYCHECK_H
#define WARPLINT_TIDY_WARPLINTTIDYCHECK_H

#include "SharedAnalysis.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <memory>
#include <optional>
#include <string>

namespace warplint {

/// One class for every warplint check: the check's name (which is also its
/// warplint id, e.g. "warplint-bank-conflict") selects what the pipeline
/// reports.
class WarplintTidyCheck : public clang::tidy::ClangTidyCheck {
public:
  /// Shared: the module's one analysis per TU; Ctx also tells which other
  /// warplint checks run, so that the shared run includes exactly those.
  WarplintTidyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Ctx,
                    std::shared_ptr<SharedAnalysis> Shared);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

private:
  /// The pipeline's options for the TU: .warplint.yaml of its main file,
  /// then this check's options (which win); nullopt with Error set when the
  /// file is invalid.
  std::optional<PipelineOptions> optionsFor(clang::ASTContext &Ctx,
                                            std::string &Error) const;

  /// "" means: .warplint.yaml's Arch, else the GPU the translation unit is
  /// compiled for, else sm_90. Unset booleans likewise come from the file.
  std::string Arch;
  std::optional<bool> ShowUnknown;
  std::optional<bool> AssumeWorst;
  std::optional<bool> ReportMisaligned;
  std::shared_ptr<SharedAnalysis> Shared;
  std::string EnabledChecks; ///< glob list of the warplint checks that run
  clang::ASTContext *Current = nullptr;
};

} // namespace warplint

#endif // WARPLINT_TIDY_WARPLINTTIDYCHECK_H
