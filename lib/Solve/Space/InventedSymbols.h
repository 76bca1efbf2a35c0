//===- InventedSymbols.h - The symbols the solver makes up ------*- C++ -*-===//
//
// Besides the model's symbols the solver and its analyses invent
// block-uniform ones: the warp base of an assumed block, a stride loop's
// count, a guard pair's fresh parameter, a compound, an opaque subterm, a
// multiplying loop's value, a decoupled guard term, a global base offset,
// and the uniformity analysis' iteration numbers and opaque conditions.
// They are all SymbolKind::Uniform with an index handed out here, one range
// per family far above the model's own uniforms, so that no two families
// collide however many loops or terms a kernel has, and a symbol says
// whether it was invented. The families keep their order (symbols sort by
// index: maps and case plans iterate in that order).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_INVENTEDSYMBOLS_H
#define WARPLINT_SOLVE_INVENTEDSYMBOLS_H

#include "Model/Expr.h"

namespace warplint {

enum class Invented : unsigned {
  AssumedShape,    ///< 0: warp base x, 1: blockDim.x / 32, 2: warp base y
  GlobalBase,      ///< a misaligned global base (Solver.cpp)
  StrideLoop,      ///< by loop id (Space.h)
  GuardPair,       ///< by pair (GuardSymbols.h)
  Compound,        ///< by compound (Compound.h)
  Opaque,          ///< by subterm (Opaque.h)
  GeometricLoop,   ///< by loop id (GeometricLoops.h)
  Decoupled,       ///< by term (GuardSymbols.h)
  OpaqueCondition, ///< by condition (Uniformity)
  Iteration,       ///< by loop id (Uniformity)
  Last = Iteration
};

/// Indices of the model's own uniform values stay below this.
constexpr unsigned FirstInventedIndex = 0x40000000u;
/// Indices of one family: 2^24 of them.
constexpr unsigned InventedFamilySize = 1u << 24;

/// Member I of family F.
inline Symbol inventedSymbol(Invented F, unsigned I) {
  return {SymbolKind::Uniform, FirstInventedIndex +
                                   unsigned(F) * InventedFamilySize +
                                   (I & (InventedFamilySize - 1))};
}

/// Whether S was invented, by any family.
inline bool isInvented(Symbol S) {
  return S.Kind == SymbolKind::Uniform && S.Index >= FirstInventedIndex &&
         S.Index < FirstInventedIndex +
                       (unsigned(Invented::Last) + 1) * InventedFamilySize;
}

/// Whether S is a member of family F.
inline bool isInvented(Symbol S, Invented F) {
  unsigned First = FirstInventedIndex + unsigned(F) * InventedFamilySize;
  return S.Kind == SymbolKind::Uniform && S.Index >= First &&
         S.Index - First < InventedFamilySize;
}

/// The member number of an invented symbol (its I).
inline unsigned inventedMember(Symbol S) {
  return (S.Index - FirstInventedIndex) % InventedFamilySize;
}

} // namespace warplint

#endif // WARPLINT_SOLVE_INVENTEDSYMBOLS_H
