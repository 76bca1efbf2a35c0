//===- Progress.cpp - Progress line and closing summary -------------------===//

#include "Progress.h"

#include "llvm/Support/raw_ostream.h"

#include <map>

namespace warplint {

// "\r" returns to the start of the line and "\x1b[K" erases it, so each
// update replaces the last; a terminal is all this is ever written to.
static const char *const EraseLine = "\r\x1b[K";

void ProgressLine::fileDone(const std::string &File) {
  std::lock_guard<std::mutex> Guard(Lock);
  ++Done;
  OS << EraseLine << "[" << Done << "/" << Total << "] " << File;
  OS.flush();
}

void ProgressLine::finish() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Done)
    OS << EraseLine;
  OS.flush();
}

static std::string plural(size_t N, const std::string &Word) {
  return std::to_string(N) + " " +
         (N == 1 ? Word : Word + (Word.back() == 's' ? "es" : "s"));
}

void writeSummary(llvm::raw_ostream &OS,
                  const std::vector<FileReport> &Reports) {
  size_t NotParsed = 0, Kernels = 0, Accesses = 0, Unknown = 0;
  std::map<std::string, size_t> PerCheck;
  size_t Findings = 0;
  for (const FileReport &R : Reports) {
    if (!R.Parsed)
      ++NotParsed;
    Kernels += R.Kernels;
    Accesses += R.Accesses;
    Unknown += R.UnknownAccesses;
    for (const Diagnostic &D : R.Diagnostics)
      if (D.Level >= Severity::Warning) {
        ++PerCheck[D.Check];
        ++Findings;
      }
  }
  OS << "warplint: " << plural(Reports.size(), "file");
  if (NotParsed)
    OS << " (" << NotParsed << " not parsed)";
  OS << ", " << plural(Kernels, "kernel") << ", " << plural(Accesses, "access")
     << " analyzed, " << Unknown << " unknown; " << plural(Findings, "finding");
  const char *Sep = ": ";
  for (const auto &[Check, N] : PerCheck) {
    OS << Sep << N << " " << Check;
    Sep = ", ";
  }
  OS << "\n";
}

} // namespace warplint
