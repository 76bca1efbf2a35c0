//===- Utf16.cpp - Columns in UTF-16 code units ---------------------------===//

#include "Report/Utf16.h"

#include <algorithm>

namespace warplint {

namespace {

bool isContinuationByte(unsigned char C) { return (C & 0xC0) == 0x80; }

int unitsOfLead(unsigned char C) { return C >= 0xF0 ? 2 : 1; }

} // namespace

int utf16Units(std::string_view Line, size_t Bytes) {
  Bytes = std::min(Bytes, Line.size());
  int Units = 0;
  for (size_t I = 0; I < Bytes; ++I) {
    unsigned char C = Line[I];
    if (!isContinuationByte(C))
      Units += unitsOfLead(C);
  }
  return Units;
}

size_t bytesForUtf16(std::string_view Line, int Units) {
  size_t I = 0;
  while (I < Line.size() && Units > 0) {
    Units -= unitsOfLead(Line[I]);
    ++I;
    while (I < Line.size() && isContinuationByte(Line[I]))
      ++I;
  }
  return I;
}

} // namespace warplint
