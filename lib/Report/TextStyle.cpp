//===- TextStyle.cpp - clang's look for diagnostic lines ------------------===//

#include "Report/TextStyle.h"

namespace warplint {

static llvm::raw_ostream::Colors levelColor(Severity Level) {
  switch (Level) {
  case Severity::Remark:
    return llvm::raw_ostream::BLUE;
  case Severity::Note:
    return llvm::raw_ostream::CYAN;
  case Severity::Warning:
    return llvm::raw_ostream::MAGENTA;
  case Severity::Error:
    return llvm::raw_ostream::RED;
  }
  return llvm::raw_ostream::SAVEDCOLOR;
}

void printDiagnosticLine(llvm::raw_ostream &OS, const SourceLoc &Loc,
                         Severity Level, llvm::StringRef Message,
                         llvm::StringRef Check) {
  // changeColor/resetColor print nothing when colours are off, so the plain
  // and coloured paths are one.
  if (Loc.isValid()) {
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
    OS << Loc.File << ':' << Loc.Line << ':' << Loc.Column << ": ";
    OS.resetColor();
  }
  OS.changeColor(levelColor(Level), /*Bold=*/true);
  OS << severityName(Level) << ": ";
  OS.resetColor();
  // clang keeps note text unbolded so the eye finds the warning first.
  if (Level != Severity::Note)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Message;
  if (!Check.empty())
    OS << " [" << Check << ']';
  OS.resetColor();
  OS << '\n';
}

} // namespace warplint
