//===- SourceText.cpp - Reading and judging the text fixes rewrite --------===//

#include "Fix/SourceText.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cctype>

namespace warplint {

const std::string *FileTexts::file(const std::string &Name) {
  auto [It, New] = Files.try_emplace(Name);
  if (New && Overlay) {
    auto It2 = Overlay->find(Name);
    if (It2 != Overlay->end()) {
      It->second = It2->second;
      New = false;
    }
  }
  if (New) {
    auto Buf = llvm::MemoryBuffer::getFile(Name, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (Buf)
      It->second = (*Buf)->getBuffer().str();
  }
  return It->second ? &*It->second : nullptr;
}

std::optional<std::string> FileTexts::text(const SourceRange &R) {
  if (!R.Begin.isValid() || !R.End.isValid() || R.Begin.File != R.End.File ||
      R.End.Offset <= R.Begin.Offset)
    return std::nullopt;
  const std::string *F = file(R.Begin.File);
  if (!F || R.End.Offset > F->size())
    return std::nullopt;
  return F->substr(R.Begin.Offset, R.End.Offset - R.Begin.Offset);
}

static bool isIdent(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

bool isPureText(const std::string &T) {
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    char Next = I + 1 < T.size() ? T[I + 1] : 0;
    char Prev = I > 0 ? T[I - 1] : 0;
    if ((C == '+' && Next == '+') || (C == '-' && Next == '-'))
      return false;
    // '=' that is not part of ==, !=, <=, >=.
    if (C == '=' && Next != '=' && Prev != '=' && Prev != '!' && Prev != '<' &&
        Prev != '>')
      return false;
    if (C == '(') {
      size_t J = I;
      while (J > 0 && T[J - 1] == ' ')
        --J;
      if (J > 0 && isIdent(T[J - 1]))
        return false; // a call
    }
  }
  return true;
}

std::string asOperand(const std::string &T) {
  for (char C : T)
    if (!isIdent(C) && C != '.')
      return "(" + T + ")";
  return T;
}

std::string asXorOperand(const std::string &T) {
  int Depth = 0;
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (Depth == 0 &&
             (C == '|' || C == '^' || C == '?' || C == ',' || C == '=' ||
              (C == '&' && I + 1 < T.size() && T[I + 1] == '&')))
      return "(" + T + ")";
  }
  return T;
}

} // namespace warplint
