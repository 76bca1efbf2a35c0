//===- Rules.cpp - What each check is, for formats that list them ---------===//
//
// Each check says what it finds (Check::summary, description), beside its
// code; this turns them into the rules of formats that list checks.
//
//===----------------------------------------------------------------------===//

#include "Driver/Rules.h"

#include "Checks/Check.h"

#include "llvm/ADT/StringRef.h"

namespace warplint {

std::vector<SarifRule> describeChecks(const std::string &DocsUri) {
  std::vector<SarifRule> Rules;
  for (const auto &C : createAllChecks()) {
    SarifRule R;
    R.Id = C->id();
    llvm::StringRef Name = R.Id;
    Name.consume_front("warplint-");
    R.HelpUri = DocsUri + "/checks/" + Name.str() + ".md";
    R.ShortDescription = C->summary();
    R.FullDescription = C->description();
    Rules.push_back(std::move(R));
  }
  return Rules;
}

} // namespace warplint
