//===- Writers.h - Diagnostics to text and JSON -----------------*- C++ -*-===//
//
// The one place that turns the diagnostic model into each output format.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_WRITERS_H
#define WARPLINT_REPORT_WRITERS_H

#include "Report/AccessRecord.h"
#include "Report/Diagnostic.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace warplint {

/// Reads source lines for carets and NOLINT comments; caches files.
class SourceCache {
public:
  /// Line (1-based) of File without its newline; empty if unreadable.
  std::string line(const std::string &File, unsigned Line);

private:
  struct Entry;
  std::vector<std::pair<std::string, std::vector<std::string>>> Files;
};

/// True when a NOLINT / NOLINTNEXTLINE / NOLINTBEGIN..END comment, as
/// clang-tidy spells them, suppresses Check at Loc. "NOLINT" with no list
/// suppresses everything; a list may use globs ("warplint-*").
bool isSuppressed(SourceCache &Sources, const SourceLoc &Loc,
                  const std::string &Check);

struct TextOptions {
  bool Color = false;
};

/// clang style: "file:line:col: warning: message [check]", the source line,
/// a caret (with ~~~ under the range on the same line), then notes.
void writeText(llvm::raw_ostream &OS, const std::vector<Diagnostic> &Diags,
               SourceCache &Sources, const TextOptions &Opts);

/// The --all-accesses listing in text form: one remark per access record.
void writeAccessesText(llvm::raw_ostream &OS,
                       const std::vector<AccessRecord> &Records,
                       const TextOptions &Opts);

struct JsonHeader {
  std::string Version;
  std::string Arch;
};

/// The public JSON schema of docs/json-output.md.
void writeJson(llvm::raw_ostream &OS, const JsonHeader &Header,
               const std::vector<AccessRecord> &Records,
               const std::vector<Diagnostic> &Diags);

} // namespace warplint

#endif // WARPLINT_REPORT_WRITERS_H
