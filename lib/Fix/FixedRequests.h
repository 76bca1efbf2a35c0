//===- FixedRequests.h - A finding's request under a layout fix -*- C++ -*-===//
//
// The HTML report draws each finding's request before and after its layout
// fix. "After" is the same lanes, at the offsets the fixed layout gives
// them: the access's offset rebuilt under the layout (Layout.h) and
// evaluated for each lane's thread and the request's free values and loop
// iterations, then costed by the same bank rule. The old offset must
// evaluate to what the solver reported for every lane first, so a picture
// is drawn only where the evaluation is known to follow the solver.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_FIXEDREQUESTS_H
#define WARPLINT_FIX_FIXEDREQUESTS_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"
#include "Report/Diagnostic.h"

#include <vector>

namespace warplint {

/// Sets FixImpact::Request of every layout fix each finding of Diags
/// offers (its own and its notes'), when the finding has a Request of a
/// shared access that can be placed under the fix's layout; TU is the model
/// the findings' Sources point into.
void drawFixedRequests(const TranslationUnitModel &TU,
                       std::vector<Diagnostic> &Diags, const ArchInfo &Arch);

} // namespace warplint

#endif // WARPLINT_FIX_FIXEDREQUESTS_H
