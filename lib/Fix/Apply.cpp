//===- Apply.cpp - Applying and exporting fixes ---------------------------===//

#include "Fix/Apply.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>
#include <tuple>

namespace warplint {

const Fix *preferredFix(const Diagnostic &D) {
  for (const Fix &F : D.Fixes)
    if (F.Preferred)
      return &F;
  for (const DiagNote &N : D.Notes)
    for (const Fix &F : N.Fixes)
      if (F.Preferred)
        return &F;
  return nullptr;
}

static std::string formatWavefronts(double V) {
  std::ostringstream OS;
  if (std::fabs(V - std::round(V)) < 1e-6)
    OS << int64_t(std::llround(V));
  else
    OS << std::fixed << std::setprecision(1) << V;
  return OS.str();
}

static unsigned length(const TextEdit &E) {
  return E.Range.End.Offset - E.Range.Begin.Offset;
}

std::map<std::string, std::vector<TextEdit>>
collectEdits(const std::vector<Diagnostic> &Diags,
             std::vector<std::string> &Dropped) {
  std::map<std::string, std::vector<TextEdit>> ByFile;
  for (const Diagnostic &D : Diags) {
    const Fix *F = preferredFix(D);
    if (!F)
      continue;
    std::vector<TextEdit> New;
    bool Conflict = false;
    for (const TextEdit &E : F->Edits) {
      bool Known = false;
      for (const TextEdit &Old : ByFile[E.Range.Begin.File]) {
        bool Same = Old.Range.Begin.Offset == E.Range.Begin.Offset &&
                    length(Old) == length(E);
        if (Same && Old.Replacement == E.Replacement) {
          Known = true;
          break;
        }
        if (Old.Range.Begin.Offset < E.Range.End.Offset &&
            E.Range.Begin.Offset < Old.Range.End.Offset)
          Conflict = true;
      }
      if (!Known)
        New.push_back(E);
    }
    if (Conflict) {
      Dropped.push_back(D.Range.Begin.File + ":" +
                        std::to_string(D.Range.Begin.Line) + ": '" +
                        F->Message + "' overlaps another fix; not applied");
      continue;
    }
    for (TextEdit &E : New)
      ByFile[E.Range.Begin.File].push_back(std::move(E));
  }
  return ByFile;
}

bool applyEdits(const std::string &Text, std::vector<TextEdit> Edits,
                std::string &Out) {
  std::sort(Edits.begin(), Edits.end(),
            [](const TextEdit &A, const TextEdit &B) {
              return A.Range.Begin.Offset < B.Range.Begin.Offset;
            });
  Out.clear();
  size_t Pos = 0;
  for (const TextEdit &E : Edits) {
    size_t B = E.Range.Begin.Offset, End = E.Range.End.Offset;
    if (B < Pos || End < B || End > Text.size())
      return false;
    Out.append(Text, Pos, B - Pos);
    Out += E.Replacement;
    Pos = End;
  }
  Out.append(Text, Pos, std::string::npos);
  return true;
}

bool writeFileAtomically(const std::string &File, const std::string &Text,
                         std::string &Error) {
  llvm::SmallString<256> Model(File);
  Model += ".warplint-%%%%%%";
  int FD = -1;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp)) {
    Error = "cannot create a temporary file next to '" + File +
            "': " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      Error = "cannot write '" + std::string(Temp) + "'";
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  // Keep the original file's permissions.
  if (auto Perms = llvm::sys::fs::getPermissions(File))
    llvm::sys::fs::setPermissions(Temp, *Perms);
  if (std::error_code EC = llvm::sys::fs::rename(Temp, File)) {
    Error = "cannot replace '" + File + "': " + EC.message();
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

double sharedWavefronts(const std::vector<AccessRecord> &Records) {
  double Total = 0;
  for (const AccessRecord &R : Records)
    if (R.Space == MemorySpace::Shared && R.Exact)
      Total += R.Requests > 0 ? R.WavefrontsMean * double(R.Requests)
                              : double(R.Wavefronts);
  return Total;
}

FixOutcome applyFixes(const std::vector<Diagnostic> &Diags,
                      const std::vector<AccessRecord> &Before,
                      const Reanalyze &Again) {
  FixOutcome Out;
  auto ByFile = collectEdits(Diags, Out.Dropped);
  double Promised = sharedWavefronts(Before);
  std::set<std::string> Messages;
  for (const Diagnostic &D : Diags)
    if (const Fix *F = preferredFix(D))
      if (F->Impact && !F->Edits.empty() &&
          Messages
              .insert(F->Message + "@" + F->Edits.front().Range.Begin.File +
                      ":" + std::to_string(F->Edits.front().Range.Begin.Offset))
              .second)
        Promised -= F->Impact->WavefrontsBefore - F->Impact->WavefrontsAfter;

  std::map<std::string, std::string> Originals;
  auto RestoreAll = [&](const std::string &Why) {
    for (auto &[File, Text] : Originals) {
      std::string Error;
      if (!writeFileAtomically(File, Text, Error))
        Out.Message += "; could not restore '" + File + "': " + Error;
    }
    Out.Restored = true;
    Out.Files.clear();
    Out.Message = Why + "; the original files were restored" + Out.Message;
  };
  for (auto &[File, Edits] : ByFile) {
    if (Edits.empty())
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    std::string Fixed;
    if (!Buf || !applyEdits((*Buf)->getBuffer().str(), Edits, Fixed)) {
      RestoreAll("cannot apply the fixes to '" + File + "'");
      return Out;
    }
    Originals[File] = (*Buf)->getBuffer().str();
    std::string Error;
    if (!writeFileAtomically(File, Fixed, Error)) {
      Originals.erase(File);
      RestoreAll(Error);
      return Out;
    }
    Out.Edits += Edits.size();
    Out.Files.push_back(File);
  }
  if (Originals.empty())
    return Out;

  std::vector<AccessRecord> After;
  std::string Error;
  if (!Again(After, Error)) {
    RestoreAll("the fixed code does not parse (" + Error + ")");
    return Out;
  }
  double Got = sharedWavefronts(After);
  if (std::abs(Got - Promised) > 1e-6 * std::max(1.0, Promised)) {
    RestoreAll("re-analysis of the fixed code found " + formatWavefronts(Got) +
               " shared-memory wavefronts per block where the fixes promised " +
               formatWavefronts(Promised));
    return Out;
  }
  Out.Message = "applied " + std::to_string(Out.Edits) + " edit" +
                (Out.Edits == 1 ? "" : "s") + "; re-analysis confirms " +
                formatWavefronts(Got) +
                " shared-memory wavefronts per block (was " +
                formatWavefronts(sharedWavefronts(Before)) + ")";
  return Out;
}

void writeExportedFixes(llvm::raw_ostream &OS, const std::string &MainFile,
                        const std::vector<Diagnostic> &Diags) {
  clang::tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = MainFile;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  // Diagnostics on one array carry the same fix: each edit is exported once.
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
  for (const Diagnostic &D : Diags) {
    const Fix *F = preferredFix(D);
    if (!F)
      continue;
    clang::tooling::DiagnosticMessage Msg(D.Message);
    Msg.FilePath = D.Range.Begin.File;
    Msg.FileOffset = D.Range.Begin.Offset;
    for (const TextEdit &E : F->Edits) {
      if (!Seen.insert({E.Range.Begin.File, E.Range.Begin.Offset, length(E),
                        E.Replacement})
               .second)
        continue;
      llvm::SmallString<256> Path(E.Range.Begin.File);
      llvm::sys::fs::make_absolute(Path);
      clang::tooling::Replacement R(Path, E.Range.Begin.Offset, length(E),
                                    E.Replacement);
      // Edits of one fix never overlap (the fix component checks), so add
      // cannot fail; an error would only drop this edit.
      llvm::consumeError(Msg.Fix[R.getFilePath()].add(R));
    }
    clang::tooling::Diagnostic TD(D.Check, Msg, {},
                                  D.Level == Severity::Error
                                      ? clang::tooling::Diagnostic::Error
                                      : clang::tooling::Diagnostic::Warning,
                                  Cwd);
    TU.Diagnostics.push_back(std::move(TD));
  }
  llvm::yaml::Output YAML(OS);
  YAML << TU;
}

} // namespace warplint
