//===- Registry.cpp - The list of checks and the check filter -------------===//

#include "Checks/BankConflictCheck.h"
#include "Checks/BarrierDivergenceCheck.h"
#include "Checks/Check.h"
#include "Checks/UncoalescedCheck.h"
#include "Checks/WarpDivergenceCheck.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <algorithm>
#include <map>

namespace warplint {

std::vector<std::unique_ptr<Check>> createAllChecks() {
  std::vector<std::unique_ptr<Check>> Checks;
  Checks.push_back(std::make_unique<BankConflictCheck>());
  Checks.push_back(std::make_unique<UncoalescedCheck>());
  Checks.push_back(std::make_unique<BarrierDivergenceCheck>());
  Checks.push_back(std::make_unique<WarpDivergenceCheck>());
  return Checks;
}

std::optional<bool> parseOptionBool(const std::string &Value) {
  std::string V = llvm::StringRef(Value).trim().lower();
  if (V == "true" || V == "1" || V == "yes" || V == "on")
    return true;
  if (V == "false" || V == "0" || V == "no" || V == "off")
    return false;
  return std::nullopt;
}

bool checkEnabled(const std::string &Filter, const std::string &CheckId) {
  bool Enabled = false;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Filter).split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    bool Negated = Part.consume_front("-");
    auto Pattern = llvm::GlobPattern::create(Part.trim());
    if (Pattern && Pattern->match(CheckId))
      Enabled = !Negated;
  }
  return Enabled;
}

/// Labels the findings C made from Out[Begin] on: their kernel and C's
/// traits.
static void label(std::vector<Diagnostic> &Out, size_t Begin,
                  const std::string &Kernel, const Check &C) {
  for (size_t I = Begin; I < Out.size(); ++I) {
    Out[I].Kernel = Kernel;
    Out[I].Traits = C.traits();
  }
}

/// The per-access checks, over the analyses grouped by access.
static void runAccessChecks(const std::vector<AccessAnalysis> &Analyses,
                            const std::vector<std::unique_ptr<Check>> &Checks,
                            const CheckOptions &Opts,
                            std::vector<Diagnostic> &Out) {
  // Group the per-launch analyses of each access, keeping source order.
  std::vector<std::vector<const AccessAnalysis *>> Groups;
  std::map<const Access *, size_t> GroupOf;
  for (const AccessAnalysis &A : Analyses) {
    auto [It, New] = GroupOf.emplace(A.Acc, Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(&A);
  }
  for (const auto &Group : Groups)
    for (const auto &C : Checks)
      if (C->matches(*Group.front())) {
        size_t Before = Out.size();
        C->check(Group, Opts, Out);
        label(Out, Before, Group.front()->Kernel->Name, *C);
      }
}

/// The kernel-level checks of K, their findings labelled with K.
static void runKernelChecks(const KernelModel &K,
                            const std::vector<std::unique_ptr<Check>> &Checks,
                            const CheckOptions &Opts,
                            std::vector<Diagnostic> &Out) {
  for (const auto &C : Checks) {
    size_t Before = Out.size();
    C->checkKernel(K, Opts, Out);
    label(Out, Before, K.Name, *C);
  }
}

std::vector<Diagnostic>
runChecks(const std::vector<AccessAnalysis> &Analyses,
          const std::vector<std::unique_ptr<Check>> &Checks,
          const CheckOptions &Opts) {
  std::vector<Diagnostic> Out;
  runAccessChecks(Analyses, Checks, Opts, Out);
  // Without the unit, the kernels are those the analyses come from.
  std::vector<const KernelModel *> Kernels;
  for (const AccessAnalysis &A : Analyses)
    if (std::find(Kernels.begin(), Kernels.end(), A.Kernel) == Kernels.end())
      Kernels.push_back(A.Kernel);
  for (const KernelModel *K : Kernels)
    runKernelChecks(*K, Checks, Opts, Out);
  return Out;
}

std::vector<Diagnostic>
runChecks(const TranslationUnitModel &TU,
          const std::vector<AccessAnalysis> &Analyses,
          const std::vector<BranchAnalysis> &Branches,
          const std::vector<std::unique_ptr<Check>> &Checks,
          const CheckOptions &Opts) {
  std::vector<Diagnostic> Out;
  runAccessChecks(Analyses, Checks, Opts, Out);
  for (const KernelModel &K : TU.Kernels)
    runKernelChecks(K, Checks, Opts, Out);
  // The analyses of one region are adjacent (analyzeBranches).
  for (size_t I = 0; I < Branches.size();) {
    std::vector<const BranchAnalysis *> Group;
    size_t J = I;
    for (; J < Branches.size() && Branches[J].Br == Branches[I].Br; ++J)
      Group.push_back(&Branches[J]);
    for (const auto &C : Checks) {
      size_t Before = Out.size();
      C->checkBranch(Group, Opts, Out);
      label(Out, Before, Branches[I].Kernel->Name, *C);
    }
    I = J;
  }
  return Out;
}

} // namespace warplint
