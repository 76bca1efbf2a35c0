//===- Registry.cpp - The list of checks and the check filter -------------===//

#include "Checks/BankConflictCheck.h"
#include "Checks/Check.h"
#include "Checks/UncoalescedCheck.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <map>

namespace warplint {

std::vector<std::unique_ptr<Check>> createAllChecks() {
  std::vector<std::unique_ptr<Check>> Checks;
  Checks.push_back(std::make_unique<BankConflictCheck>());
  Checks.push_back(std::make_unique<UncoalescedCheck>());
  return Checks;
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

std::vector<Diagnostic>
runChecks(const std::vector<AccessAnalysis> &Analyses,
          const std::vector<std::unique_ptr<Check>> &Checks,
          const CheckOptions &Opts) {
  // Group the per-launch analyses of each access, keeping source order.
  std::vector<std::vector<const AccessAnalysis *>> Groups;
  std::map<const Access *, size_t> GroupOf;
  for (const AccessAnalysis &A : Analyses) {
    auto [It, New] = GroupOf.emplace(A.Acc, Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(&A);
  }
  std::vector<Diagnostic> Out;
  for (const auto &Group : Groups)
    for (const auto &C : Checks)
      if (C->matches(*Group.front()))
        C->check(Group, Opts, Out);
  return Out;
}

} // namespace warplint
