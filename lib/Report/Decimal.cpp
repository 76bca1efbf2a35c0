//===- Decimal.cpp - Stable printing of mean values -----------------------===//

#include "Report/Decimal.h"

#include <cmath>
#include <cstdio>

namespace warplint {

std::string formatDecimal(double V, unsigned MaxDecimals) {
  if (std::isnan(V))
    return "nan";
  if (std::isinf(V))
    return V < 0 ? "-inf" : "inf";
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%.*f", int(MaxDecimals), V);
  std::string S = Buffer;
  if (S == "-0" || S.rfind("-0.", 0) == 0) {
    // Rounding a tiny negative value must not print "-0.0".
    bool AllZero = S.find_first_not_of("-0.") == std::string::npos;
    if (AllZero)
      S.erase(0, 1);
  }
  size_t Dot = S.find('.');
  if (Dot == std::string::npos)
    return S + ".0";
  size_t Last = S.find_last_not_of('0');
  if (Last == Dot)
    ++Last; // keep one decimal: "32.0"
  S.erase(Last + 1);
  return S;
}

} // namespace warplint
