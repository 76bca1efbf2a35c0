//===- LaneRange.cpp - A value's range over every executed lane -----------===//
//
// The value is put in the access's place (its offset), and the access's
// space is enumerated exactly as for its requests: each lane's "address" is
// then the value.
//
//===----------------------------------------------------------------------===//

#include "Solve/LaneRange.h"

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Space/Space.h"

namespace warplint {

std::string checkLaneRange(const KernelModel &K, const Access &At,
                           const Expr &Value, int64_t Lo, int64_t Hi,
                           const SolveOptions &Opts) {
  Access Probe = At;
  Probe.ByteOffset = Value;
  for (const LaunchConfig &L : K.Launches) {
    SolveSpace S;
    if (auto Err = buildSpace(K, Probe, L, S))
      return *Err;
    if (S.Assumed)
      return "no block shape is known for kernel '" + K.Name + "'";
    if (!S.Free.empty())
      return "it depends on block-uniform values (" + S.Name(S.Free.front()) +
             ")";
    uint64_t Budget = Opts.EnumerationBudget;
    bool Inside = true;
    auto St = enumerateRequests(S, {}, Budget, [&](const RequestView &R) {
      for (const LaneAddress &LA : R.Lanes)
        Inside = Inside && LA.Addr >= Lo && LA.Addr < Hi;
    });
    if (St.State != EnumerationStatus::Ok)
      return St.Reason.empty() ? "too many lanes and iterations to check"
                               : St.Reason;
    if (!Inside)
      return "some lane's value is outside [" + std::to_string(Lo) + ", " +
             std::to_string(Hi) + ") under the " + L.describe();
  }
  return "";
}

} // namespace warplint
