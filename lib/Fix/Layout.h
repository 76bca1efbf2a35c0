//===- Layout.h - Byte offsets under another layout -------------*- C++ -*-===//
//
// A fix changes how a __shared__ array is laid out (a longer row, an XOR
// swizzle of the column) without changing which element each access means.
// The solver only sees byte offsets, so a candidate layout is evaluated by
// rebuilding every access's ByteOffset from its subscript values and solving
// again: the same solver that found the conflict verifies the fix.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_LAYOUT_H
#define WARPLINT_FIX_LAYOUT_H

#include "Model/AccessModel.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace warplint {

/// The column of a[..][r][c] becomes c ^ ((r / Div * Mul) % Columns): for
/// each row a permutation of its columns, so every element keeps a place of
/// its own inside its row. Columns must be a power of two.
struct Swizzle {
  int64_t Div = 1;
  int64_t Mul = 1;
  int64_t Columns = 0;

  /// The permuted column as an Expr over the same symbols as Row and Col.
  Expr apply(const Expr &Row, const Expr &Col) const;
};

/// A layout of one array: its extents (outermost first, possibly with a
/// padded last one) and an optional swizzle of the last subscript.
struct Layout {
  std::vector<int64_t> Extents;
  std::optional<Swizzle> Swz;
};

/// Bytes one copy of the array occupies under Extents.
int64_t layoutBytes(const std::vector<int64_t> &Extents, unsigned ElementBytes);

/// The byte offset of A (which must have SubscriptIndices for every
/// dimension of Obj) under L: the row-major offset of the (possibly
/// swizzled) subscripts plus whatever A adds inside the element (a struct
/// field, a vector lane). nullopt when A's recorded offset does not match
/// the row-major offset of its subscripts under the declared layout at
/// sample points, i.e. when warplint cannot tell how the access is built.
std::optional<Expr> offsetUnder(const Access &A, const MemoryObject &Obj,
                                const Layout &L);

/// Whether L keeps A correct when A goes through the address of its element
/// (Access::ThroughAddress) and moves more than one element: the bytes it
/// moves must stay together and aligned, so rows stay a whole number of
/// them and a swizzle moves them as one (the XOR value a multiple of them).
/// Always true for other accesses.
bool keepsWhole(const Access &A, const MemoryObject &Obj, const Layout &L);

} // namespace warplint

#endif // WARPLINT_FIX_LAYOUT_H
