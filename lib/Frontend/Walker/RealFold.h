//===- RealFold.h - floating-point constants every thread computes alike --===//
//
// Kernels keep step sizes and tolerances in float variables set from
// constants (`fp h = 1; ... if (h <= 0.0) return;`). A guard on such a value
// is decided at compile time; without folding it, every access after it
// would depend on "a floating-point comparison". These helpers fold exactly
// what the device computes: float and double arithmetic rounded to the
// type, conversions with C's rounding, and IEEE comparisons. Where the
// device could differ (flushed subnormals, fast-math division, other
// types, out-of-range conversions) they fold nothing.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_REALFOLD_H
#define WARPLINT_FRONTEND_REALFOLD_H

#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"

#include <cstdint>
#include <optional>

namespace warplint {

/// V as a value of type T holds it (float or double), or nullopt for other
/// types and for float subnormals, which the device may flush to zero.
std::optional<double> roundReal(clang::QualType T, double V);

/// L Op R computed in type T (an arithmetic or compound-assignment
/// operator), or nullopt where the device result is not certain.
std::optional<double> foldRealArith(clang::BinaryOperatorKind Op, double L,
                                    double R, clang::QualType T);

/// The truth of L Op R for a comparison operator (IEEE: NaN compares
/// unequal); nullopt for other operators.
std::optional<bool> foldRealCompare(clang::BinaryOperatorKind Op, double L,
                                    double R);

/// V converted to an integer type by truncation, or nullopt when it does
/// not fit (undefined behaviour: the device may give anything).
std::optional<int64_t> realToInteger(double V, bool IsSigned, unsigned Bits);

} // namespace warplint

#endif
