//===- SourceCache.cpp - Source lines for carets and NOLINT ---------------===//
//
// Files are read once through llvm::MemoryBuffer and split into lines the way
// clang's lexer counts them, so the line numbers in diagnostics (which come
// from clang) index the same lines here, whatever the line endings.
//
//===----------------------------------------------------------------------===//

#include "Report/Writers.h"

#include "llvm/Support/MemoryBuffer.h"

namespace warplint {

/// Splits Text at "\n", "\r\n" and lone "\r". A final line without a
/// terminator is kept; a terminator at the very end adds no empty line.
static std::vector<std::string> splitLines(llvm::StringRef Text) {
  std::vector<std::string> Lines;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C != '\n' && C != '\r')
      continue;
    Lines.emplace_back(Text.substr(Start, I - Start).str());
    if (C == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    Start = I + 1;
  }
  if (Start < Text.size())
    Lines.emplace_back(Text.substr(Start).str());
  return Lines;
}

const std::vector<std::string> *SourceCache::lines(const std::string &File) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, Inserted] = Files.try_emplace(File);
  Entry &E = It->second;
  if (Inserted) {
    // An unreadable file is remembered too, so it is tried only once.
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (Buffer) {
      E.Readable = true;
      E.Lines = splitLines((*Buffer)->getBuffer());
    }
  }
  return E.Readable ? &E.Lines : nullptr;
}

void SourceCache::setText(const std::string &File, const std::string &Text) {
  std::lock_guard<std::mutex> Guard(Lock);
  Entry &E = Files[File];
  E.Readable = true;
  E.Lines = splitLines(Text);
}

std::string SourceCache::line(const std::string &File, unsigned Line) {
  const std::vector<std::string> *All = lines(File);
  if (!All || Line == 0 || Line > All->size())
    return "";
  return (*All)[Line - 1];
}

} // namespace warplint
