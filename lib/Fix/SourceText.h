//===- SourceText.h - The text fixes rewrite --------------------*- C++ -*-===//

#ifndef WARPLINT_FIX_SOURCETEXT_H
#define WARPLINT_FIX_SOURCETEXT_H

#include "Model/AccessModel.h"

#include <map>
#include <optional>
#include <string>

namespace warplint {

/// Whole files by name, read once; a file named in Overlay (an editor's
/// unsaved buffer) is read from there instead of the disk.
class FileTexts {
public:
  explicit FileTexts(
      const std::map<std::string, std::string> *Overlay = nullptr)
      : Overlay(Overlay) {}
  const std::string *file(const std::string &Name);
  /// The text of R, or nullopt when R is not a readable range of one file.
  std::optional<std::string> text(const SourceRange &R);

private:
  const std::map<std::string, std::string> *Overlay;
  std::map<std::string, std::optional<std::string>> Files;
};

/// True when Text can be evaluated twice without changing the program: no
/// assignments, increments or calls.
bool isPureText(const std::string &Text);

/// Text wrapped in parentheses unless it is a single operand (a name, a
/// member, a number).
std::string asOperand(const std::string &Text);

/// Text wrapped in parentheses when it contains an operator that binds
/// more loosely than Op would need (for '^': |, ?:, &&, ||, ',', '=').
std::string asXorOperand(const std::string &Text);

/// Text written as `X * K` with K a decimal literal and nothing binding more
/// loosely at its top level (`Chunk * 8`, `(Lane / 16) * 8`): X and K.
std::optional<std::pair<std::string, int64_t>>
splitScaled(const std::string &Text);

} // namespace warplint

#endif // WARPLINT_FIX_SOURCETEXT_H
