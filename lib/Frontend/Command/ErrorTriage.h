//===- ErrorTriage.h - Which clang errors stop the analysis -----*- C++ -*-===//
//
// A device-side clang parse reports errors that nvcc never shows: nvcc
// compiles host code with the host compiler (gcc), which accepts what
// clang's CUDA mode rejects (mixed-type max/min, implicit declarations),
// and accepts nvcc dialect in device code that does not change memory
// behaviour (dynamic initialization of __shared__ objects, device-side
// launches without -rdc). ErrorTriage collects clang's diagnostics, and
// once the AST is complete decides for each error whether it stops the
// analysis. Tolerated errors are summarized in one note; the others are
// printed as clang printed them and the file is not analyzed.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_ERRORTRIAGE_H
#define WARPLINT_FRONTEND_ERRORTRIAGE_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace warplint {

class ErrorTriage : public clang::DiagnosticConsumer {
public:
  ErrorTriage();
  ~ErrorTriage() override;

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// Decides, on the complete AST, which errors are tolerated. Call once,
  /// from the consumer's HandleTranslationUnit.
  void classify(clang::ASTContext &Ctx);

  /// True when an error stops the analysis (a fatal error, an error in
  /// device code, or any error when classify was never reached).
  bool stopsAnalysis() const;
  /// clang's output without the tolerated errors (and their notes); all of
  /// it when the analysis stops. Only the first MaxRendered diagnostics are
  /// rendered (a snippet and macro backtrace each): a file can produce tens
  /// of thousands, and rendering them all costs more than the parse. A final
  /// note counts the rest; an error that stops the analysis but came later
  /// is shown as one line.
  std::string shownText() const;

  /// Where clang said "initialization is not supported for __shared__
  /// variables" (the variable's name, in an instance: the pattern's).
  std::vector<clang::SourceLocation> sharedInitErrors() const;

  static constexpr unsigned MaxRendered = 100;
  /// One line per kind of tolerated error: how many, and the first one's
  /// location and message. Empty when none was tolerated or the analysis
  /// stops.
  std::vector<std::string> toleratedNotes() const;

private:
  /// Why an error does not stop the analysis.
  enum class Tolerance {
    None,
    HostCode,
    NvccDialect,
    CodeGeneration,
    InlineAssembly
  };

  /// One diagnostic with the notes that follow it, as clang printed them.
  struct Entry {
    clang::DiagnosticsEngine::Level Level;
    unsigned ID = 0;
    clang::SourceLocation Loc;
    size_t Begin = 0, End = 0; ///< its text in Buffer
    std::string Message;
    std::string Where; ///< file:line:col of Loc
    Tolerance Tolerated = Tolerance::None;
    bool Rendered = false; ///< Begin..End holds clang's rendering
  };

  /// Whether E keeps the file from being analyzed (stopsAnalysis).
  bool stops(const Entry &E) const;

  /// The count line for the diagnostics that were not rendered, and the
  /// one-line form of Stop when it is one of them.
  std::string notRenderedText(bool OnlyShown, const Entry *Stop) const;

  std::string Buffer;
  std::unique_ptr<llvm::raw_string_ostream> OS;
  clang::DiagnosticOptions Opts;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::vector<Entry> Entries;
  bool Classified = false;
};

} // namespace warplint

#endif // WARPLINT_FRONTEND_ERRORTRIAGE_H
