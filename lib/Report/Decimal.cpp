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

std::string formatFixed(double V, int Decimals) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*f", Decimals, V);
  return Buf;
}

std::string formatMicroseconds(double Us) {
  return Us >= 100 ? formatFixed(Us, 0) + " us"
         : Us >= 1 ? formatFixed(Us, 1) + " us"
                   : formatFixed(Us, 2) + " us";
}

} // namespace warplint
