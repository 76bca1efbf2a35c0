//===- Progress.cpp - Progress line and closing summary -------------------===//

#include "Progress.h"

#include <cstdio>

#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
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

/// The first error clang (or the crash isolation) gave for R, on one line
/// without colors: what the summary says about a file that was not parsed.
static std::string firstError(const FileReport &R) {
  if (!R.Failure.empty())
    return R.Failure;
  llvm::StringRef Rest(R.ClangDiagnostics);
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    std::string Plain;
    for (size_t I = 0; I < Line.size(); ++I) {
      if (Line[I] == '\x1b') { // an SGR color sequence: ESC [ ... m
        while (I < Line.size() && Line[I] != 'm')
          ++I;
        continue;
      }
      Plain += Line[I];
    }
    if (llvm::StringRef(Plain).contains("error: "))
      return Plain;
  }
  return "no error message; the file gave no analysis";
}

/// Whether A is a worse finding than B (level, then waste).
static bool worseFinding(const Diagnostic &A, const Diagnostic &B) {
  if (A.Level != B.Level)
    return A.Level > B.Level;
  return A.Waste > B.Waste;
}

/// The findings with the largest estimated speed-ups, when there are
/// several (docs/performance-model.md): what to fix first.
static void writeTopByImpact(llvm::raw_ostream &OS,
                             const std::vector<Diagnostic> &Findings) {
  std::vector<const Diagnostic *> Ranked;
  for (const Diagnostic &D : Findings)
    if (D.Impact && D.Level >= Severity::Warning)
      Ranked.push_back(&D);
  if (Ranked.size() < 2)
    return;
  std::stable_sort(Ranked.begin(), Ranked.end(),
                   [](const Diagnostic *A, const Diagnostic *B) {
                     return A->Impact->Speedup > B->Impact->Speedup;
                   });
  constexpr size_t Top = 10;
  OS << "warplint: largest estimated speed-ups"
     << (Ranked.size() > Top ? " (top 10)" : "") << ":\n";
  for (size_t I = 0; I < Ranked.size() && I < Top; ++I) {
    const Diagnostic &D = *Ranked[I];
    char Ratio[32];
    std::snprintf(Ratio, sizeof(Ratio), "%6.2fx", D.Impact->Speedup);
    OS << "warplint: " << Ratio << "  " << D.Range.Begin.File << ":"
       << D.Range.Begin.Line << ":" << D.Range.Begin.Column << " " << D.Message
       << " [" << D.Check << "]";
    if (D.Impact->PerBlock)
      OS << " (grid not known)";
    OS << "\n";
  }
}

void writeSummary(llvm::raw_ostream &OS,
                  const std::vector<FileReport> &Reports,
                  const std::vector<Diagnostic> &Findings, bool Table) {
  size_t NotParsed = 0, Kernels = 0, Accesses = 0, Unknown = 0, Unsolved = 0;
  for (const FileReport &R : Reports) {
    if (!R.Parsed)
      ++NotParsed;
    Kernels += R.Kernels;
    Accesses += R.Accesses;
    Unknown += R.UnknownAccesses;
    Unsolved += R.UnsolvedAccesses;
  }
  std::map<std::string, size_t> PerCheck;
  size_t Count = 0;
  for (const Diagnostic &D : Findings)
    if (D.Level >= Severity::Warning) {
      ++PerCheck[D.Check];
      ++Count;
    }
  OS << "warplint: " << plural(Reports.size(), "file");
  if (NotParsed)
    OS << " (" << NotParsed << " not parsed)";
  OS << ", " << plural(Kernels, "kernel") << ", "
     << plural(Accesses - Unsolved, "access") << " analyzed";
  if (Unsolved)
    OS << " (" << Unsolved << " not needed by the enabled checks)";
  OS << ", " << Unknown << " unknown; " << plural(Count, "finding");
  const char *Sep = ": ";
  for (const auto &[Check, N] : PerCheck) {
    OS << Sep << N << " " << Check;
    Sep = ", ";
  }
  size_t Dropped = 0;
  for (const FileReport &R : Reports)
    Dropped += R.BelowMinSpeedup;
  if (Dropped)
    OS << " (" << plural(Dropped, "finding") << " below the minimum "
       << "estimated speed-up not shown)";
  OS << "\n";
  writeTopByImpact(OS, Findings);
  // The files without analysis, each with the first error, whatever the
  // exit status says about them.
  for (const FileReport &R : Reports)
    if (!R.Parsed)
      OS << "warplint: not parsed: " << R.File << ": " << firstError(R)
         << "\n";
  if (!Table)
    return;

  OS << "warplint: files analyzed: " << Reports.size() - NotParsed << " of "
     << Reports.size() << "\n";
  // One row per kernel of each analyzed file: the findings analyzed in it
  // (before findings of a header shared by several files are merged) and
  // the worst of them.
  struct Row {
    std::string Kernel, File;
    size_t Findings = 0;
    const Diagnostic *Worst = nullptr;
  };
  std::vector<Row> Rows;
  for (const FileReport &R : Reports) {
    if (!R.Parsed)
      continue;
    std::map<std::string, size_t> RowOf;
    for (const std::string &K : R.KernelNames)
      if (RowOf.emplace(K, Rows.size()).second)
        Rows.push_back({K, R.File});
    for (const Diagnostic &D : R.Diagnostics) {
      if (D.Level < Severity::Warning || D.Kernel.empty())
        continue;
      auto It = RowOf.find(D.Kernel);
      if (It == RowOf.end())
        continue;
      Row &Rw = Rows[It->second];
      ++Rw.Findings;
      if (!Rw.Worst || worseFinding(D, *Rw.Worst))
        Rw.Worst = &D;
    }
  }
  std::stable_sort(Rows.begin(), Rows.end(), [](const Row &A, const Row &B) {
    return A.Findings > B.Findings;
  });
  size_t KW = 6, FW = 4;
  for (const Row &Rw : Rows) {
    KW = std::max(KW, Rw.Kernel.size());
    FW = std::max(FW, Rw.File.size());
  }
  auto Pad = [](const std::string &S, size_t W) {
    return S + std::string(W > S.size() ? W - S.size() : 0, ' ');
  };
  OS << "warplint: " << Pad("kernel", KW) << "  " << Pad("file", FW)
     << "  findings  worst access\n";
  for (const Row &Rw : Rows) {
    OS << "warplint: " << Pad(Rw.Kernel, KW) << "  " << Pad(Rw.File, FW)
       << "  " << Pad(std::to_string(Rw.Findings), 8) << "  ";
    // The worst access's place: line:column in the kernel's file, with the
    // file named when it is another (a header).
    if (Rw.Worst && Rw.Worst->Range.Begin.File != Rw.File)
      OS << Rw.Worst->Range.Begin.File << ":";
    if (Rw.Worst)
      OS << Rw.Worst->Range.Begin.Line << ":" << Rw.Worst->Range.Begin.Column
         << " " << Rw.Worst->Message << " [" << Rw.Worst->Check << "]";
    else
      OS << "-";
    OS << "\n";
  }
}

} // namespace warplint
