//===- Rules.h - What each check is, for formats that list them -*- C++ -*-===//
//
// SARIF (and any later format with a rule list) describes every check with
// a short and a full description and a link to its docs/checks page.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_RULES_H
#define WARPLINT_DRIVER_RULES_H

#include "Report/Writers.h"

#include <string>
#include <vector>

namespace warplint {

/// One rule per check warplint has, in documentation order. DocsUri is the
/// base of the docs/ folder (no trailing slash): each rule's help is
/// DocsUri/checks/<name without "warplint-">.md.
std::vector<SarifRule> describeChecks(const std::string &DocsUri);

} // namespace warplint

#endif // WARPLINT_DRIVER_RULES_H
