//===- SourceText.cpp - Reading and judging the text fixes rewrite --------===//

#include "Fix/SourceText.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
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

std::optional<std::pair<std::string, int64_t>>
splitScaled(const std::string &T) {
  int Depth = 0;
  size_t LastStar = std::string::npos;
  bool Operand = false; // the text so far ends in an operand
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    if (C == '(' || C == '[') {
      ++Depth;
      continue;
    }
    if (C == ')' || C == ']') {
      --Depth;
      Operand = true;
      continue;
    }
    if (Depth > 0 || C == ' ' || C == '\t')
      continue;
    if (isIdent(C) || C == '.') {
      Operand = true;
      continue;
    }
    // At the top level only multiplicative operators may appear (a unary
    // operator before the first operand binds tighter).
    if (C == '*' && Operand) {
      LastStar = I;
      Operand = false;
      continue;
    }
    if ((C == '/' || C == '%') && Operand) {
      Operand = false;
      continue;
    }
    return std::nullopt;
  }
  if (LastStar == std::string::npos || Depth != 0)
    return std::nullopt;
  std::string Left = T.substr(0, LastStar), Right = T.substr(LastStar + 1);
  auto Trim = [](std::string S) {
    size_t B = S.find_first_not_of(" \t"), E = S.find_last_not_of(" \t");
    return B == std::string::npos ? std::string() : S.substr(B, E - B + 1);
  };
  Left = Trim(Left);
  Right = Trim(Right);
  while (!Right.empty() && (Right.back() == 'u' || Right.back() == 'U' ||
                            Right.back() == 'l' || Right.back() == 'L'))
    Right.pop_back();
  if (Left.empty() || Right.empty() || Right.size() > 9 ||
      !std::all_of(Right.begin(), Right.end(), [](char C) {
        return std::isdigit(static_cast<unsigned char>(C));
      }) || (Right.size() > 1 && Right[0] == '0'))
    return std::nullopt;
  return std::make_pair(Left, int64_t(std::stoll(Right)));
}

} // namespace warplint
