//===- TextStyle.h - clang's look for diagnostic lines ----------*- C++ -*-===//
//
// The first line of every text diagnostic, "file:line:col: warning: message
// [check]", with the colours clang's TextDiagnostic uses, so warplint output
// looks like the compiler's next to it: bold location, bold coloured level
// (magenta warning, red error, cyan note, blue remark), bold message except
// for notes. Shared by the diagnostic writer and the --all-accesses listing.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_TEXTSTYLE_H
#define WARPLINT_REPORT_TEXTSTYLE_H

#include "Report/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

namespace warplint {

/// Turns colours on for OS while alive when asked to (even when OS is not a
/// terminal: the user asked), and puts the stream's setting back afterwards.
class ColorScope {
public:
  ColorScope(llvm::raw_ostream &OS, bool Enable)
      : OS(OS), Saved(OS.colors_enabled()) {
    OS.enable_colors(Enable);
  }
  ~ColorScope() { OS.enable_colors(Saved); }
  ColorScope(const ColorScope &) = delete;
  ColorScope &operator=(const ColorScope &) = delete;

private:
  llvm::raw_ostream &OS;
  bool Saved;
};

/// Prints "file:line:col: level: message [check]\n". An invalid Loc prints
/// no location (as clang does); an empty Check prints no brackets. Colours
/// follow OS.colors_enabled().
void printDiagnosticLine(llvm::raw_ostream &OS, const SourceLoc &Loc,
                         Severity Level, llvm::StringRef Message,
                         llvm::StringRef Check);

} // namespace warplint

#endif // WARPLINT_REPORT_TEXTSTYLE_H
