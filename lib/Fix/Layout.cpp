//===- Layout.cpp - Byte offsets of an access under another layout --------===//

#include "Fix/Layout.h"

namespace warplint {

Expr Swizzle::apply(const Expr &Row, const Expr &Col) const {
  Expr Key = Row;
  if (Div != 1)
    Key = Expr::binary(ExprKind::Div, Key, Expr(Div));
  if (Mul != 1)
    Key = Key * Expr(Mul);
  Key = Expr::binary(ExprKind::Rem, Key, Expr(Columns));
  return Expr::binary(ExprKind::BitXor, Col, Key);
}

int64_t layoutBytes(const std::vector<int64_t> &Extents,
                    unsigned ElementBytes) {
  int64_t N = ElementBytes;
  for (int64_t E : Extents)
    N *= E;
  return N;
}

/// Row-major element index of Subs under Extents (the outermost extent does
/// not matter for the offset).
static Expr rowMajor(const std::vector<Expr> &Subs,
                     const std::vector<int64_t> &Extents) {
  Expr Index(int64_t(0));
  for (size_t I = 0; I < Subs.size(); ++I) {
    Index = I == 0 ? Subs[0] : Index * Expr(Extents[I]) + Subs[I];
  }
  return Index;
}

std::optional<Expr> offsetUnder(const Access &A, const MemoryObject &Obj,
                                const Layout &L) {
  const std::vector<Expr> &Subs = A.SubscriptIndices;
  if (Subs.empty() || Subs.size() != Obj.Extents.size() ||
      L.Extents.size() != Obj.Extents.size() || !A.ByteOffset)
    return std::nullopt;
  Expr Elt(int64_t(Obj.ElementBytes));
  Expr Declared = rowMajor(Subs, Obj.Extents) * Elt;

  // What the access adds inside the element (".y" of a float2, a struct
  // field) is the recorded offset minus the subscripts' part; it must be a
  // constant. Checked by evaluation at a few points, because the Expr
  // builder need not fold the difference to a literal.
  Expr Inside = *A.ByteOffset - Declared;
  std::optional<int64_t> InsideBytes;
  for (int64_t Sample : {0, 1, 3, 7, 13}) {
    auto V = Inside.evaluate([&](Symbol S) -> std::optional<int64_t> {
      // blockDim and gridDim must be positive for divisions to work.
      if (S.Kind == SymbolKind::BlockDim || S.Kind == SymbolKind::GridDim)
        return Sample + 1;
      return Sample + int64_t(S.Index);
    });
    if (!V)
      continue;
    if (InsideBytes && *InsideBytes != *V)
      return std::nullopt;
    InsideBytes = V;
  }
  if (!InsideBytes || *InsideBytes < 0 ||
      *InsideBytes >= int64_t(Obj.ElementBytes))
    return std::nullopt;

  std::vector<Expr> NewSubs = Subs;
  if (L.Swz && Subs.size() >= 2)
    NewSubs.back() = L.Swz->apply(Subs[Subs.size() - 2], Subs.back());
  return rowMajor(NewSubs, L.Extents) * Elt + Expr(*InsideBytes);
}

bool keepsWhole(const Access &A, const MemoryObject &Obj, const Layout &L) {
  if (!A.ThroughAddress || A.Bytes <= Obj.ElementBytes || Obj.Extents.empty())
    return true;
  if (Obj.ElementBytes == 0 || A.Bytes % Obj.ElementBytes != 0)
    return false;
  int64_t Units = A.Bytes / Obj.ElementBytes;
  int64_t Row = L.Extents.empty() ? Obj.Extents.back() : L.Extents.back();
  if (Obj.Extents.back() % Units != 0 || Row % Units != 0)
    return false;
  return !L.Swz || L.Swz->Mul % Units == 0;
}

} // namespace warplint
