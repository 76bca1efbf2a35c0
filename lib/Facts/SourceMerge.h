//===- SourceMerge.h - What nvcc emits, from source-level rules -*- C++ -*-===//
//
// The compiler-facts layer without the compiler: documented rules of the
// rewrites nvcc 13 -O3 makes for sm_90, derived from the SASS of cases
// compiled here (docs/hardware-model.md S9 cites each). They run after
// extraction and before the solver and fill Access::Emitted:
//  - adjacent loads of one straight-line region (same guard, same loops, no
//    store to the memory and no barrier between them) at consecutive
//    addresses whose lowest address nvcc can prove aligned become one 8- or
//    16-byte load (float2 .x/.y, s[2*t]/s[2*t+1]);
//  - adjacent stores with nothing of memory, no barrier and no loop between
//    them merge the same way, into one store on the last store's line;
//  - an access in a loop with a constant trip count whose iterations touch
//    consecutive addresses becomes one 16-byte access per 4 (2) iterations;
//  - a copy of 12 bytes (float3), or of an element aligned to less than its
//    size, is split into instructions of the alignment's width.
// What nvcc cannot prove (a float* parameter's alignment), volatile
// accesses, and `#pragma unroll 1` keep the access as written.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_SOURCEMERGE_H
#define WARPLINT_FACTS_SOURCEMERGE_H

#include "Model/AccessModel.h"

namespace warplint {

/// Applies the rules to every access of K whose Emitted is still as
/// written; accesses with facts from elsewhere (the SASS) are left alone.
void applySourceRules(KernelModel &K);
void applySourceRules(TranslationUnitModel &TU);

/// Forgets what the source rules decided for K and applies them again: for
/// a copy of the kernel whose layout changed (a padded array may no longer
/// be aligned for a merged load). Facts of other origins stay.
void reapplySourceRules(KernelModel &K);

/// The alignment in bytes nvcc can prove for the address of A (at most 16):
/// the base's (shared memory: the layout ptxas chooses; global: what the
/// types promise, Access::TypeAlign) combined with what the byte offset is
/// always a multiple of, Offset standing for A's offset.
unsigned provableAlign(const KernelModel &K, const Access &A,
                       int64_t OffsetMultiple);

} // namespace warplint

#endif // WARPLINT_FACTS_SOURCEMERGE_H
