//===- Writers.h - Diagnostics to text and JSON -----------------*- C++ -*-===//
//
// The one place that turns the diagnostic model into each output format.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_WRITERS_H
#define WARPLINT_REPORT_WRITERS_H

#include "Report/AccessRecord.h"
#include "Report/BranchRecord.h"
#include "Report/Diagnostic.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace warplint {

/// Reads source lines for carets and NOLINT comments; caches files.
/// Lines end at "\n", "\r\n" or a lone "\r" (as clang's lexer counts them),
/// and never include the terminator. Safe to share between threads.
class SourceCache {
public:
  /// Line (1-based) of File without its newline; empty if unreadable.
  std::string line(const std::string &File, unsigned Line);

  /// All lines of File, or null when it cannot be read. The pointer stays
  /// valid as long as the cache lives (entries are never evicted).
  const std::vector<std::string> *lines(const std::string &File);

  /// Makes File read as Text from now on (an editor's unsaved buffer).
  void setText(const std::string &File, const std::string &Text);

private:
  struct Entry {
    bool Readable = false;
    std::vector<std::string> Lines;
  };
  std::mutex Lock;
  std::map<std::string, Entry> Files;
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
               const std::vector<BranchRecord> &Branches,
               const std::vector<Diagnostic> &Diags);

/// One check as SARIF describes it (a "rule").
struct SarifRule {
  std::string Id;               ///< "warplint-bank-conflict"
  std::string ShortDescription; ///< one line
  std::string FullDescription;  ///< a paragraph
  std::string HelpUri;          ///< its docs/checks page
  Severity DefaultLevel = Severity::Warning;
};

struct SarifRun {
  std::string Version;        ///< warplint's
  std::string InformationUri; ///< the project's home (README)
  std::vector<SarifRule> Rules;
  /// Relative file names are relative to this folder, which becomes the
  /// %SRCROOT% base of their URIs (absolute; usually the current folder).
  std::string BaseDir;
  int ExitCode = 0;
  /// Files that could not be parsed: tool execution notifications, and the
  /// run is not successful.
  std::vector<std::string> FailedFiles;
};

/// SARIF 2.1.0 (docs/sarif.md): one run with the rules, one result per
/// diagnostic, notes as related locations, fixes as artifact changes.
/// Columns are converted to UTF-16 code units (SARIF's default column kind)
/// with the source lines from Sources.
void writeSarif(llvm::raw_ostream &OS, const SarifRun &Run,
                const std::vector<Diagnostic> &Diags, SourceCache &Sources);

/// What the HTML page says about the run besides its findings.
struct HtmlRun {
  std::string Version;
  std::string Arch;
  unsigned Files = 0; ///< files analyzed
  std::vector<std::string> FailedFiles;
};

/// --format=html (docs/html-report.md): one self-contained page with the
/// findings ranked by estimated speed-up, the kernels and what limits
/// them, and a picture of each finding's request before and after its
/// layout fixes. Sources gives the findings' source lines.
void writeHtml(llvm::raw_ostream &OS, const HtmlRun &Run,
               const std::vector<Diagnostic> &Diags, SourceCache &Sources);

} // namespace warplint

#endif // WARPLINT_REPORT_WRITERS_H
