//===- Utf16.h - Columns in UTF-16 code units -------------------*- C++ -*-===//
//
// clang counts columns in bytes; LSP positions (by default) and SARIF
// columns (columnKind utf16CodeUnits) count UTF-16 code units. One pair of
// conversions for the language server and the SARIF writer.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_UTF16_H
#define WARPLINT_REPORT_UTF16_H

#include <cstddef>
#include <string_view>

namespace warplint {

/// The UTF-16 code units of the first Bytes bytes of Line (at most the whole
/// line). A code point of four UTF-8 bytes (past U+FFFF) takes two units, a
/// surrogate pair; the other lead bytes one; continuation bytes none.
int utf16Units(std::string_view Line, size_t Bytes);

/// The bytes of Line that its first Units code units cover, never splitting
/// a code point (at most the whole line).
size_t bytesForUtf16(std::string_view Line, int Units);

} // namespace warplint

#endif // WARPLINT_REPORT_UTF16_H
