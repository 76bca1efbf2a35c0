//===- Opaque.h - Block-uniform subterms not split --------------*- C++ -*-===//
//
// `(blockIdx.x + it) / gridWidth`, `ImgStride / 2`, `max(blockIdx.y * 6 - 1,
// 0)`: a division, shift, remainder, mask, min or max whose operands are all
// free block-uniform symbols is one block-uniform value, the same for every
// lane. The space replaces each such subterm by a fresh free symbol (one per
// distinct subterm), which the free-symbol planning reduces to cases like any
// other. The fresh symbol's cases include values the subterm may never take
// (n / 2 is any integer, but (4 * n) >> 1 is even), so an answer holds only
// when no case's outcome depends on the fresh symbol's class: then whatever
// value the subterm really takes, the outcome is the same (checked by the
// solver; otherwise unknown, naming the subterm).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_OPAQUE_H
#define WARPLINT_SOLVE_OPAQUE_H

#include "Solve/Space/Space.h"

namespace warplint {

/// Replaces the opaque block-uniform subterms of S.Offset and S.Guard by
/// fresh symbols, recorded in S.Opaque and named by S.Name.
void substituteOpaque(SolveSpace &S);

} // namespace warplint

#endif // WARPLINT_SOLVE_OPAQUE_H
