//===- WarplintTidyCheck.h - warplint checks inside clang-tidy --*- C++ -*-===//
//
// Runs one warplint check on the AST clang-tidy already built and reports
// its findings through clang-tidy with the same messages, notes and fix-its
// as the warplint command line. User documentation: docs/clang-tidy.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TIDY_WARPLINTTIDYCHECK_H
#define WARPLINT_TIDY_WARPLINTTIDYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

#include <string>

namespace warplint {

/// One class for every warplint check: the check's name (which is also its
/// warplint id, e.g. "warplint-bank-conflict") selects what the pipeline
/// reports.
class WarplintTidyCheck : public clang::tidy::ClangTidyCheck {
public:
  WarplintTidyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Ctx);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// "" means: the GPU the translation unit is compiled for, else sm_90.
  std::string Arch;
  bool ShowUnknown;
  bool AssumeWorst;
  bool ReportMisaligned;
};

} // namespace warplint

#endif // WARPLINT_TIDY_WARPLINTTIDYCHECK_H
