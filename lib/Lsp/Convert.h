//===- Convert.h - warplint's diagnostic model to LSP -----------*- C++ -*-===//
//
// The one place where warplint diagnostics become LSP diagnostics and code
// actions. Model locations are 1-based lines and byte columns; LSP positions
// are 0-based lines and UTF-16 code units, so converting needs the line's
// text: the editor's buffer for the open file, the disk for other files.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_LSP_CONVERT_H
#define WARPLINT_LSP_CONVERT_H

#include "Lsp/Protocol.h"
#include "Report/Diagnostic.h"
#include "Report/Utf16.h"
#include "Report/Writers.h"

#include <string>
#include <vector>

namespace warplint {
namespace lsp {

/// Byte offset into Text of P, clamped to the text (for incremental edits).
size_t offsetOf(llvm::StringRef Text, const Position &P);

/// What converting one analyzed document needs to know.
class DocumentContext {
public:
  /// MainPath: absolute path of the document; Text: its buffer; BaseDir:
  /// the directory relative file names in the model are relative to.
  DocumentContext(std::string MainPath, std::string Text, std::string BaseDir,
                  SourceCache &Disk);

  /// Absolute form of a file name the model uses.
  std::string absolute(const std::string &File) const;
  /// An empty name is the document itself.
  bool isMainFile(const std::string &File) const;
  std::string uri(const std::string &File) const;
  Position position(const SourceLoc &Loc) const;
  /// An invalid or empty End gives a range one character wide.
  Range range(const SourceRange &R) const;
  Location location(const SourceLoc &Loc) const;

private:
  llvm::StringRef lineText(const std::string &File, unsigned Line) const;

  std::string MainPath;
  std::string Text;
  std::vector<llvm::StringRef> Lines;
  std::string BaseDir;
  SourceCache &Disk;
  mutable std::string DiskLine;
};

/// Severity, source "warplint", the check id as code, notes as related
/// information (a note without a location points at the diagnostic).
Diagnostic toLsp(const warplint::Diagnostic &D, const DocumentContext &Ctx);

/// Every fix of D and of its notes as a quick fix for Published (what the
/// client got for D); a Preferred fix becomes isPreferred.
std::vector<CodeAction> toCodeActions(const warplint::Diagnostic &D,
                                      const Diagnostic &Published,
                                      const DocumentContext &Ctx);

/// clang's errors from a failed parse ("file:line:col: error: message"
/// lines) as LSP errors on the document; errors in other files are shown at
/// the top of the document, naming the file.
std::vector<Diagnostic> clangErrorsToLsp(llvm::StringRef ClangText,
                                         const DocumentContext &Ctx);

} // namespace lsp
} // namespace warplint

#endif // WARPLINT_LSP_CONVERT_H
