//===- RequestPictures.h - A finding's request, lane by lane ----*- C++ -*-===//
//
// The RequestPicture of a finding: the lanes of the solver's example
// request as the solver laid them out (RequestWitness::Layout: which banks
// or sectors each lane touches, which lanes collide, the request's cost).
// The checks attach a picture only when that cost is the finding's. A
// request the solver did not cost (a fix's layout) is laid out here by the
// same hardware rules.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_REQUESTPICTURES_H
#define WARPLINT_CHECKS_REQUESTPICTURES_H

#include "Model/Arch.h"
#include "Report/RequestPicture.h"
#include "Solve/HardwareRules.h"
#include "Solve/Solver.h"

#include <optional>
#include <vector>

namespace warplint {

/// A shared-memory request of Bytes per lane, costed as Op.
RequestPicture sharedPicture(const std::vector<LaneWitness> &Lanes,
                             unsigned Bytes, SharedOpKind Op,
                             const ArchInfo &Arch);
/// A global-memory request of Bytes per lane, its sectors counted from the
/// object's start.
RequestPicture globalPicture(const std::vector<LaneWitness> &Lanes,
                             unsigned Bytes, const ArchInfo &Arch);

/// The width of one lane's instruction for A, when it is one instruction
/// per request (not split into several, nor merged into another's).
std::optional<unsigned> pictureWidth(const Access &A);

/// The picture of the example request W of a finding on A, when it shows
/// exactly Cost wavefronts or sectors (else nullopt: nothing is drawn that
/// the finding does not say).
std::optional<RequestPicture> findingPicture(const RequestWitness &W,
                                             const Access &A, bool Shared,
                                             unsigned Cost);

} // namespace warplint

#endif // WARPLINT_CHECKS_REQUESTPICTURES_H
