//===- Diagnostic.h - warplint's own diagnostic model -----------*- C++ -*-===//
//
// Checks produce these plain values; one writer per output format converts
// them (text, JSON, later SARIF/LSP). The check id is a field, never text
// glued into the message.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_DIAGNOSTIC_H
#define WARPLINT_REPORT_DIAGNOSTIC_H

#include "Model/AccessModel.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

enum class Severity { Remark, Note, Warning, Error };
const char *severityName(Severity S); ///< "remark", "note", ...

/// Replace the text of Range (same file) with Replacement.
struct TextEdit {
  SourceRange Range;
  std::string Replacement;
};

/// What a layout fix does to its array, per block: verified by solving
/// every access of the array under the new layout.
struct FixImpact {
  double WavefrontsBefore = 0;
  double WavefrontsAfter = 0;
  int64_t SharedBytesBefore = 0;
  int64_t SharedBytesAfter = 0;
};

/// One alternative fix: a message and the edits that make it.
struct Fix {
  std::string Message;
  std::vector<TextEdit> Edits;
  bool Preferred = false;
  std::optional<FixImpact> Impact; ///< set by the fix component
};

struct DiagNote {
  SourceLoc Loc; ///< may be invalid: then it is attached to the parent's loc
  std::string Message;
  std::vector<Fix> Fixes;
};

struct Diagnostic {
  std::string Check; ///< "warplint-bank-conflict"
  Severity Level = Severity::Warning;
  SourceRange Range; ///< Begin is where the caret goes
  std::string Message;
  std::vector<DiagNote> Notes;
  std::vector<Fix> Fixes;
};

} // namespace warplint

#endif // WARPLINT_REPORT_DIAGNOSTIC_H
