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

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One option a check reads through its OptionsView: its name under the
/// check's prefix, its default as .warplint.yaml spells it ("true"), and
/// one line for the check's page and for configuration errors.
struct CheckOptionSpec {
  std::string Name;
  std::string Default;
  std::string Doc;
};

/// The checks' options by full name ("warplint-uncoalesced.AssumeWorst" ->
/// "true"), from .warplint.yaml's CheckOptions, the command line's aliases
/// and the clang-tidy plugin's options.
using CheckOptionValues = std::map<std::string, std::string>;

/// What checks read: one setting for all of them, and each check's own
/// options (read through OptionsView).
struct CheckOptions {
  /// Also report, as remarks, accesses whose result is unknown and why.
  bool ShowUnknown = false;
  CheckOptionValues Values;
  /// The GPU the findings are for (the pipeline's one target decision):
  /// its banks and sectors draw the findings' requests.
  ArchInfo Arch;
};

/// "true"/"false" (and 1/0, yes/no, on/off, any case) as a boolean option.
std::optional<bool> parseOptionBool(const std::string &Value);

/// One check's view of CheckOptions::Values under its own prefix, as
/// clang-tidy's ClangTidyCheck::OptionsView: get("AssumeWorst") in
/// warplint-uncoalesced reads "warplint-uncoalesced.AssumeWorst". Values
/// were validated against the check's options() when they were read.
class OptionsView {
public:
  OptionsView(const std::string &CheckId, const CheckOptions &Opts)
      : Prefix(CheckId + "."), Values(Opts.Values) {}
  std::optional<std::string> get(const std::string &Name) const {
    auto It = Values.find(Prefix + Name);
    if (It == Values.end())
      return std::nullopt;
    return It->second;
  }
  bool getBool(const std::string &Name, bool Default) const {
    auto V = get(Name);
    return V ? parseOptionBool(*V).value_or(Default) : Default;
  }

private:
  std::string Prefix;
  const CheckOptionValues &Values;
};

/// What the pipeline solves for a check (Check::needs): what no enabled
/// check needs is not solved at all, so a disabled check costs nothing.
struct AnalysisNeeds {
  bool SharedAccesses = false; ///< solveShared of every shared access
  bool GlobalAccesses = false; ///< solveGlobal of every global access
  bool Branches = false;       ///< the lanes of every branch region

  static AnalysisNeeds all() { return {true, true, true}; }
  AnalysisNeeds &operator|=(const AnalysisNeeds &O) {
    SharedAccesses |= O.SharedAccesses;
    GlobalAccesses |= O.GlobalAccesses;
    Branches |= O.Branches;
    return *this;
  }
  /// Whether an access to memory of this space is solved.
  bool wants(MemorySpace S) const {
    return S == MemorySpace::Shared ? SharedAccesses : GlobalAccesses;
  }
};

class Check {
public:
  explicit Check(std::string Id) : Id(std::move(Id)) {}
  virtual ~Check() = default;

  const std::string &id() const { return Id; }

  /// One line, and one paragraph, on what the check finds: for formats that
  /// list the checks (SARIF rules). They summarize docs/checks/<name>.md.
  virtual std::string summary() const = 0;
  virtual std::string description() const = 0;

  /// The options the check reads through options(Opts); every one is
  /// documented on the check's page.
  virtual std::vector<CheckOptionSpec> optionSpecs() const { return {}; }
  OptionsView options(const CheckOptions &Opts) const {
    return OptionsView(Id, Opts);
  }

  /// The analyses its check, checkKernel and checkBranch read. (What a
  /// finding costs its launch needs every access of its kernel: the
  /// pipeline solves those for the kernels with findings.)
  virtual AnalysisNeeds needs() const = 0;

  /// What its findings are, for the steps after the checks (cost, fixes);
  /// every finding it makes carries them.
  virtual FindingTraits traits() const { return {}; }

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
  /// Checks about branch regions (warp divergence) override this: it runs
  /// once per region, with its analyses under every launch configuration.
  virtual void checkBranch(const std::vector<const BranchAnalysis *> &PerLaunch,
                           const CheckOptions &Opts,
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

/// The same, the kernel-level checks over every kernel of TU (also those
/// without accesses) and the branch checks over Branches.
std::vector<Diagnostic>
runChecks(const TranslationUnitModel &TU,
          const std::vector<AccessAnalysis> &Analyses,
          const std::vector<BranchAnalysis> &Branches,
          const std::vector<std::unique_ptr<Check>> &Checks,
          const CheckOptions &Opts);

} // namespace warplint

#endif // WARPLINT_CHECKS_CHECK_H
