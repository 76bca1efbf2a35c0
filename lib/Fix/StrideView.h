//===- StrideView.h - A 1-D array as rows of a stride -----------*- C++ -*-===//
//
// A one-dimensional __shared__ array indexed as s[r * W + c], with W a named
// constant or macro, is a two-dimensional array in disguise. When every use
// has that form with the same W, the column c provably stays in [0, W) and
// the index in the array, the array can be modelled as s[N / W][W] with
// subscripts (r, c) in every access; the ordinary layout search then finds
// the row pad, and the edit writes the padded stride as (W + P) in every
// subscript and in the declared size. See docs/fixes.md.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FIX_STRIDEVIEW_H
#define WARPLINT_FIX_STRIDEVIEW_H

#include "Fix/LayoutSearch.h"
#include "Report/Diagnostic.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace warplint {

struct StrideView {
  std::string Name; ///< the stride as written, e.g. "W"
  int64_t Stride = 0;
  int64_t Rows = 0; ///< declared elements / Stride
  /// The kernels that use the array, copied, with the array declared
  /// [Rows][Stride] and every access subscripted (r, c); Use points into it.
  std::shared_ptr<std::vector<KernelModel>> Kernels;
  ArrayUse Use;
  /// Every written W that the padded stride replaces: one per subscript.
  std::vector<SourceRange> StrideTokens;
  /// The W of the declared size, or the whole size when it is a literal
  /// (SizeIsLiteral), which is then rewritten as a number.
  SourceRange SizeToken;
  bool SizeIsLiteral = false;
};

/// The view of U, or an error with the reason (for a note) when some use
/// does not have the form, the stride is not a named constant used
/// consistently, or a column cannot be shown to stay below the stride.
llvm::Expected<std::unique_ptr<StrideView>>
strideView(const ArrayUse &U, const SolveOptions &Opts);

/// The edits that give V's array rows of Stride + Pad elements.
std::vector<TextEdit> strideEdits(const StrideView &V, int64_t Pad);

} // namespace warplint

#endif // WARPLINT_FIX_STRIDEVIEW_H
