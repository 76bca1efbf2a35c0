//===- Decimal.h - Stable printing of mean values ---------------*- C++ -*-===//
//
// Means (wavefronts_mean, sectors_mean) are ratios of integers; printing them
// with every binary digit ("2.1000000000000001") would make text and JSON
// output unstable across platforms and noisy to read, so both writers round
// them the same way here.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_DECIMAL_H
#define WARPLINT_REPORT_DECIMAL_H

#include <string>

namespace warplint {

/// V rounded to at most MaxDecimals places, trailing zeros dropped but at
/// least one decimal kept: 32 -> "32.0", 2.25 -> "2.25", 4/3 -> "1.3333".
/// Non-finite values print as "nan" / "inf" (callers that need JSON check
/// std::isfinite first).
std::string formatDecimal(double V, unsigned MaxDecimals = 4);

/// V with exactly Decimals places ("1.44").
std::string formatFixed(double V, int Decimals);

/// A time in microseconds as the notes and the report print it: "121 us",
/// "6.0 us", "0.35 us".
std::string formatMicroseconds(double Us);

} // namespace warplint

#endif // WARPLINT_REPORT_DECIMAL_H
