//===- IslProof.h - Conflict-freedom for all values, with ISL ---*- C++ -*-===//
//
// Builds the bank-conflict relation of a shared access as an ISL set and
// tests it for emptiness. Empty means: no two active lanes of one phase of
// one request, at any iteration and for any value of the free symbols, ask
// one bank for different words. Used where enumeration cannot finish (too
// many iterations, unbounded free symbols) and as a cross-check in tests.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_ISLPROOF_H
#define WARPLINT_SOLVE_ISLPROOF_H

#include "Model/Arch.h"
#include "Solve/Space/Space.h"

#include <string>

namespace warplint {

struct IslVerdict {
  enum Kind {
    ConflictFree, ///< proved for every value
    MayConflict,  ///< the relation is not empty; Text: parameter condition
    Unknown,      ///< not representable or quota exhausted; Text: why
  } Kind = Unknown;
  std::string Text;
};

/// The conflict relation, with the relevant loop variables i... and the free
/// symbols as parameters:
///   [params] -> { Conflict[w, l1, l2, i...] : lanes l1, l2 of warp w in one
///     phase, both active at iteration i, bank(word(l1)) = bank(word(l2)),
///     word(l1) != word(l2) }
/// Returns its emptiness verdict.
IslVerdict islProveSharedConflictFree(const SolveSpace &S, const KernelModel &K,
                                      unsigned Bytes, const ArchInfo &Arch,
                                      unsigned long MaxOperations);

} // namespace warplint

#endif // WARPLINT_SOLVE_ISLPROOF_H
