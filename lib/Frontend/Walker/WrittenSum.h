//===- WrittenSum.h - Sums of products as written in the file ---*- C++ -*-===//
//
// The fix component rewrites a named stride W in subscripts such as
// s[r * W + c] and in the declared size s[N * W]. Which tokens to rewrite
// is read here, from the AST while the front end has it: the operators, the
// factors and the file range each is written at. Anything that is not
// plainly written in the file (an operator inside a macro, a factor that is
// part of a macro's expansion) gives no reading, so no edit can land in a
// macro's body or on text the expression does not own.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_WRITTENSUM_H
#define WARPLINT_FRONTEND_WRITTENSUM_H

#include "Model/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace warplint {

/// E as a sum of products: its top-level `+` terms, each its top-level `*`
/// factors (parentheses keep a factor whole). nullopt when another operator
/// stands outside parentheses or a part is not written in the file.
std::optional<WrittenSum> writtenSum(const clang::ASTContext &Ctx,
                                     const clang::Expr *E);

/// E as one product (a declared size such as TILE * TILE); nullopt as for
/// writtenSum, or when E is a sum.
std::optional<std::vector<WrittenFactor>>
writtenProduct(const clang::ASTContext &Ctx, const clang::Expr *E);

} // namespace warplint

#endif // WARPLINT_FRONTEND_WRITTENSUM_H
