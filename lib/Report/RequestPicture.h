//===- RequestPicture.h - One warp request, lane by lane --------*- C++ -*-===//
//
// What the HTML report draws for a finding: the lanes of the worst request
// the solver found, and the shared-memory banks or global-memory sectors
// each lane's bytes fall into; for a layout fix, the same lanes under the
// fixed layout. Built by the checks (and the fix search) from the solver's
// example request, and only when its own count of wavefronts or sectors is
// the solver's: the picture shows what the finding says.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_REQUESTPICTURE_H
#define WARPLINT_REPORT_REQUESTPICTURE_H

#include "Model/Expr.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

struct RequestPicture {
  bool Shared = true; ///< columns are banks; else 32-byte sectors
  /// Columns drawn: the banks, or the sectors the request touches.
  unsigned Columns = 0;
  /// Global: each column's sector, counted from the object's start.
  std::vector<int64_t> Sectors;
  unsigned BytesPerLane = 4;
  struct Lane {
    unsigned Index = 0;                     ///< 0..31
    std::array<int64_t, 3> Thread{0, 0, 0}; ///< threadIdx
    int64_t ByteOffset = 0;                 ///< from the object's start
    std::vector<unsigned> Columns;          ///< banks or sector columns
    /// Shared: another lane asks one of its banks for another word in the
    /// same phase (the lanes that serialize).
    bool Collides = false;
  };
  std::vector<Lane> Lanes; ///< the active lanes, in lane order
  unsigned Warp = 0;       ///< warp of the block
  /// Wavefronts or sectors of this request, and the ideal.
  unsigned Cost = 0, Ideal = 0;
  std::string Bindings; ///< ", with i = 3" (free values, loop iterations)
  /// The same values as model symbols (loop variables included), so that
  /// a layout fix can place the same lanes under its layout.
  std::vector<std::pair<Symbol, int64_t>> Values;
};

} // namespace warplint

#endif // WARPLINT_REPORT_REQUESTPICTURE_H
