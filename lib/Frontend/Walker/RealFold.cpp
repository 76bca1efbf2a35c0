//===- RealFold.cpp - floating-point constants every thread computes alike ===//

#include "Frontend/Walker/RealFold.h"

#include <cfloat>
#include <cmath>

namespace warplint {

using namespace clang;

std::optional<double> roundReal(QualType T, double V) {
  const auto *B = T.getCanonicalType()->getAs<BuiltinType>();
  if (!B)
    return std::nullopt;
  if (B->getKind() == BuiltinType::Double)
    return V;
  if (B->getKind() != BuiltinType::Float)
    return std::nullopt;
  // Rounding a double to float once is the correctly rounded float result
  // of +, -, * and / of floats: double has more than 2 * 24 + 2 bits.
  float F = static_cast<float>(V);
  if (F != 0 && std::isfinite(F) && std::fabs(F) < FLT_MIN)
    return std::nullopt; // flushed to zero under -ftz / fast math
  return static_cast<double>(F);
}

std::optional<double> foldRealArith(BinaryOperatorKind Op, double L, double R,
                                    QualType T) {
  double V;
  switch (Op) {
  case BO_Add:
  case BO_AddAssign:
    V = L + R;
    break;
  case BO_Sub:
  case BO_SubAssign:
    V = L - R;
    break;
  case BO_Mul:
  case BO_MulAssign:
    V = L * R;
    break;
  case BO_Div:
  case BO_DivAssign:
    // Fast math replaces division with an approximation: fold only
    // quotients that are exact, which every method gets right.
    if (R == 0)
      return std::nullopt;
    if (std::optional<double> Q = roundReal(T, L / R);
        Q && std::fma(*Q, R, -L) == 0)
      return Q;
    return std::nullopt;
  default:
    return std::nullopt;
  }
  if (std::isnan(V))
    return std::nullopt;
  return roundReal(T, V);
}

std::optional<bool> foldRealCompare(BinaryOperatorKind Op, double L,
                                    double R) {
  switch (Op) {
  case BO_LT:
    return L < R;
  case BO_LE:
    return L <= R;
  case BO_GT:
    return L > R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> realToInteger(double V, bool IsSigned, unsigned Bits) {
  if (!std::isfinite(V) || Bits == 0 || Bits > 64)
    return std::nullopt;
  double T = std::trunc(V);
  double Lo = IsSigned ? -std::ldexp(1.0, Bits - 1) : 0.0;
  double Hi = IsSigned ? std::ldexp(1.0, Bits - 1) : std::ldexp(1.0, Bits);
  if (T < Lo || T >= Hi || (!IsSigned && Bits == 64 && T >= std::ldexp(1.0, 63)))
    return std::nullopt;
  return static_cast<int64_t>(T);
}

} // namespace warplint
