//===- Additive.h - Symbols of a set added with constant factors -*- C++
//-*-===//
//
// An expression read as sum c * u over the symbols u of a set plus a rest
// that uses none of them: how the case split reads free block-uniform
// symbols in addresses and guards, and how opaque division splits a
// flattened index into the block's part and the lanes' part.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SPACE_ADDITIVE_H
#define WARPLINT_SOLVE_SPACE_ADDITIVE_H

#include "Solve/Space/Space.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <map>

namespace warplint {

/// E = sum Coef[u] * u + Rest, where Rest does not use the symbols in Set.
struct AdditiveSplit {
  std::map<Symbol, int64_t> Coef;
  Expr Rest;
};

/// Splits E; an error saying why when a symbol of the set appears other
/// than added with a constant coefficient.
llvm::Expected<AdditiveSplit>
splitAdditive(const Expr &E, const std::function<bool(Symbol)> &InSet,
              const SolveSpace &Space);

} // namespace warplint

#endif
