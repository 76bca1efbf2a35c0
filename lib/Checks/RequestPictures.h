//===- RequestPictures.h - A finding's request, lane by lane ----*- C++ -*-===//
//
// Builds the RequestPicture of a finding from the lanes of the solver's
// example request: which banks or sectors each lane touches, which lanes
// collide, and the request's own cost by the same hardware rules the
// solver applies. The checks attach a picture only when that cost is the
// finding's.
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
std::optional<RequestPicture>
findingPicture(const RequestWitness &W, const KernelModel &K, const Access &A,
               bool Shared, unsigned Cost, const ArchInfo &Arch);

} // namespace warplint

#endif // WARPLINT_CHECKS_REQUESTPICTURES_H
