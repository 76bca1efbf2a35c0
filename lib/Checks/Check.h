//===- Check.h - The shape every warplint check has -------------*- C++ -*-===//
//
// A check looks at the solved accesses of one kernel and turns what was
// proved into diagnostics. It never calls the front end and never prints:
// diagnostics are plain values that the writers format. Checks are
// registered explicitly in Registry.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_CHECK_H
#define WARPLINT_CHECKS_CHECK_H

#include "Checks/Analysis.h"
#include "Report/Diagnostic.h"

#include <memory>
#include <string>
#include <vector>

namespace warplint {

/// Options that checks read; each has a documented default.
struct CheckOptions {
  /// Also report, as remarks, accesses whose result is unknown and why.
  bool ShowUnknown = false;
  /// Global memory: warn on the worse case of a parametric answer.
  bool AssumeWorst = false;
  /// Global memory: report accesses whose only waste is misalignment.
  bool ReportMisaligned = true;
};

class Check {
public:
  explicit Check(std::string Id) : Id(std::move(Id)) {}
  virtual ~Check() = default;

  const std::string &id() const { return Id; }

  /// Whether this check looks at accesses to objects of this kind
  /// (the matcher step).
  virtual bool matches(const AccessAnalysis &A) const = 0;

  /// Handles one access: all of its analyses (one per launch configuration)
  /// are passed together, so the check can report the worst and name the
  /// shape it assumes.
  virtual void check(const std::vector<const AccessAnalysis *> &PerLaunch,
                     const CheckOptions &Opts,
                     std::vector<Diagnostic> &Out) const = 0;

  /// Checks about a whole kernel rather than one access (control flow,
  /// barriers) override this; it runs once per kernel, after the access
  /// checks.
  virtual void checkKernel(const KernelModel &K, const CheckOptions &Opts,
                           std::vector<Diagnostic> &Out) const {}

private:
  std::string Id;
};

/// Every check warplint has, in documentation order.
std::vector<std::unique_ptr<Check>> createAllChecks();

/// clang-tidy style check filter: comma-separated globs, '-' negates, later
/// entries win ("-*,warplint-bank-conflict"). Unknown names are fine (they
/// select nothing); Error is set for a malformed list.
bool checkEnabled(const std::string &Filter, const std::string &CheckId);

/// Runs the enabled checks over the analyses of one translation unit.
std::vector<Diagnostic>
runChecks(const std::vector<AccessAnalysis> &Analyses,
          const std::vector<std::unique_ptr<Check>> &Checks,
          const CheckOptions &Opts);

/// The same, and the kernel-level checks over every kernel of TU (also those
/// without accesses).
std::vector<Diagnostic>
runChecks(const TranslationUnitModel &TU,
          const std::vector<AccessAnalysis> &Analyses,
          const std::vector<std::unique_ptr<Check>> &Checks,
          const CheckOptions &Opts);

} // namespace warplint

#endif // WARPLINT_CHECKS_CHECK_H
