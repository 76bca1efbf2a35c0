//===- ImpactJson.h - A finding's estimated cost as JSON --------*- C++ -*-===//
//
// One spelling of FindingImpact for the JSON "impact" object and SARIF's
// result properties, so that the two formats never disagree.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_IMPACTJSON_H
#define WARPLINT_REPORT_IMPACTJSON_H

#include "Report/Diagnostic.h"

#include "llvm/Support/JSON.h"

namespace warplint {

/// Writes I's fields as attributes of the object J is inside:
/// excess_wavefronts (or excess_sectors), per ("launch" or "block"),
/// est_time_us, est_time_after_us, est_speedup, bottleneck,
/// bottleneck_after, accesses_left_out.
void writeImpactAttributes(llvm::json::OStream &J, const FindingImpact &I);

} // namespace warplint

#endif // WARPLINT_REPORT_IMPACTJSON_H
