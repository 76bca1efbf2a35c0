//===- MaskAtoms.h - Runtime masks of a lane index --------------*- C++ -*-===//
//
// Sorting networks, Walsh transforms and scans index with a runtime mask:
// `(blockIdx.x * 256 + threadIdx.x) & (stride - 1)`, `threadIdx.x & (size /
// 2 - 1)`. The mask is a free value, so the address is not a polynomial in
// it and the residue classes of FreeSymbols.h do not apply as they are.
//
// Split A & B at bit k: A & B = ((A >> k) & (B >> k)) << k + (A mod 2^k) &
// (B mod 2^k), an identity of two's complement integers. When every
// free-symbol term of A is a multiple of 2^k and the rest of A (the thread
// index part) keeps the lanes of each warp inside one aligned block of 2^k,
// the high part is the same for all lanes of a request: it moves the whole
// request by a multiple of 2^k times the atom's coefficient in the offset,
// which costs nothing when that is a multiple of the cost period (128 bytes
// of banks, a 32-byte sector). The low part depends on the free symbols of B
// only through their residues modulo 2^k. So the atom's cost is exact for
// every value of a class as soon as each free symbol of B has classes of
// residues modulo a multiple of 2^k, and the enumeration evaluates it at the
// class's representative.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_MASKATOMS_H
#define WARPLINT_SOLVE_MASKATOMS_H

#include "Solve/Space/Space.h"

#include <map>
#include <optional>

namespace warplint {

/// Whether X is an atom `A & B` (either order) that the split above makes
/// exact: B a polynomial in free symbols of S (value-set symbols included)
/// or a constant,
/// A a polynomial whose free-symbol terms are whole multiples of 2^k and
/// whose thread-index part keeps each warp of the launch in one aligned
/// block of 2^k, and Coef * 2^k a multiple of Modulus (Coef: X's coefficient
/// in the byte offset). On success each reduced free symbol of B is mapped
/// in Residues to 2^k (or a multiple already asked for): its classes must be
/// residues modulo a multiple of that.
bool exactMaskAtom(const Expr &X, const SolveSpace &S, int64_t Coef,
                   int64_t Modulus, std::map<Symbol, int64_t> &Residues);

/// Whether X has the shape exactMaskAtom looks at (a bitwise and of a
/// polynomial in block-uniform values and something else, with a free
/// symbol somewhere), before its coefficient is known.
bool maskAtomShape(const Expr &X, const SolveSpace &S);

} // namespace warplint

#endif // WARPLINT_SOLVE_MASKATOMS_H
