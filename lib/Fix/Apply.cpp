//===- Apply.cpp - Applying and exporting fixes ---------------------------===//

#include "Fix/Apply.h"

#include "Fix/Verify.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"

#include <csignal>
#include <pthread.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>
#include <tuple>

namespace warplint {

const Fix *preferredFix(const Diagnostic &D) {
  for (const Fix *F : allFixes(D))
    if (F->Preferred)
      return F;
  return nullptr;
}

std::string formatWavefronts(double V) {
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

namespace {

namespace fs = llvm::sys::fs;

/// Blocks SIGINT and SIGTERM on this thread while it lives: a file being
/// written in place is never left half written by an interrupt.
class InterruptsHeld {
public:
  InterruptsHeld() {
    sigset_t Set;
    sigemptyset(&Set);
    sigaddset(&Set, SIGINT);
    sigaddset(&Set, SIGTERM);
    sigaddset(&Set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &Set, &Old);
  }
  ~InterruptsHeld() { pthread_sigmask(SIG_SETMASK, &Old, nullptr); }

private:
  sigset_t Old;
};

llvm::Error cannotWrite(const std::string &File, const llvm::Twine &Why) {
  return llvm::createStringError("cannot fix '" + File + "': " + Why);
}

/// Writes Text over Real itself (every hard link sees it), with write
/// permission lent for the time of the write when the file has none.
llvm::Error writeInPlace(const std::string &File, llvm::StringRef Real,
                         const std::string &Text, const fs::file_status &St,
                         bool Writable) {
  InterruptsHeld Held;
  if (!Writable)
    if (std::error_code EC =
            fs::setPermissions(Real, St.permissions() | fs::owner_write))
      return cannotWrite(File, EC.message());
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(Real, EC, fs::OF_None);
    if (!EC) {
      OS << Text;
      OS.close();
      if (OS.has_error())
        EC = OS.error();
      OS.clear_error();
    }
  }
  if (!Writable)
    (void)fs::setPermissions(Real, St.permissions()); // best effort
  if (EC)
    return cannotWrite(File, EC.message());
  return llvm::Error::success();
}

} // namespace

llvm::Error writeFileSafely(const std::string &File, const std::string &Text,
                            const WriteOptions &Opts) {
  // The file a symbolic link names is the one to change; the link stays.
  llvm::SmallString<256> Real;
  if (std::error_code EC = fs::real_path(File, Real, /*expand_tilde=*/false))
    return cannotWrite(File, EC.message());
  fs::file_status St;
  if (std::error_code EC = fs::status(Real, St))
    return cannotWrite(File, EC.message());
  if (St.type() != fs::file_type::regular_file)
    return cannotWrite(File, "not a regular file");
  // Read-only by its mode, even for root, who may write anything.
  bool Writable = (St.permissions() & fs::owner_write) &&
                  !fs::access(Real, fs::AccessMode::Write);
  if (!Writable && !Opts.AllowReadOnly)
    return llvm::createStringError(
        "'" + File +
        "' is read-only; not fixed (--fix-readonly writes it anyway)");
  if (St.getLinkCount() > 1)
    return writeInPlace(File, Real, Text, St, Writable);

  llvm::SmallString<256> Model(Real);
  Model += ".warplint-%%%%%%";
  int FD = -1;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Temp))
    return cannotWrite(File, "cannot create a temporary file next to it: " +
                                 EC.message());
  // An interrupt before the rename leaves the old file and no temporary.
  llvm::sys::RemoveFileOnSignal(Temp);
  auto Abandon = [&](const llvm::Twine &Why) {
    (void)fs::remove(Temp); // the failure is reported
    llvm::sys::DontRemoveFileOnSignal(Temp);
    return cannotWrite(File, Why);
  };
  // Owner and group as they were (a root run must not take the file); a
  // user who may not give the file its owner back writes it in place.
  if (fs::changeFileOwnership(FD, St.getUser(), St.getGroup())) {
    (void)llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    (void)fs::remove(Temp); // the failure is reported
    llvm::sys::DontRemoveFileOnSignal(Temp);
    return writeInPlace(File, Real, Text, St, Writable);
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      return Abandon("cannot write '" + Temp + "': " + EC.message());
    }
  }
  if (std::error_code EC = fs::setPermissions(Temp, St.permissions()))
    return Abandon(EC.message());
  if (std::error_code EC = fs::rename(Temp, Real))
    return Abandon(EC.message());
  llvm::sys::DontRemoveFileOnSignal(Temp);
  return llvm::Error::success();
}

double recordWavefronts(const AccessRecord &R) {
  if (R.Space != MemorySpace::Shared || !R.Exact)
    return 0;
  return R.Requests > 0 ? R.WavefrontsMean * double(R.Requests)
                        : double(R.Wavefronts);
}

double sharedWavefronts(const std::vector<AccessRecord> &Records) {
  double Total = 0;
  for (const AccessRecord &R : Records)
    Total += recordWavefronts(R);
  return Total;
}

FixOutcome applyFixes(const std::vector<Diagnostic> &Diags,
                      const FixVerifier &V, const WriteOptions &W) {
  FixOutcome Out;
  auto ByFile = collectEdits(Diags, Out.Dropped);
  // The fixes collectEdits kept: every edit of theirs was taken.
  std::vector<const Fix *> Taken;
  for (const Diagnostic &D : Diags) {
    const Fix *F = preferredFix(D);
    if (!F || F->Edits.empty())
      continue;
    bool All = llvm::all_of(F->Edits, [&](const TextEdit &E) {
      return llvm::any_of(ByFile[E.Range.Begin.File], [&](const TextEdit &T) {
        return T.Range.Begin.Offset == E.Range.Begin.Offset &&
               T.Range.End.Offset == E.Range.End.Offset &&
               T.Replacement == E.Replacement;
      });
    });
    if (All)
      Taken.push_back(F);
  }
  if (Taken.empty())
    return Out;
  auto Fail = [&](const std::string &Why) {
    Out.Failed = true;
    Out.Message = Why + "; nothing was written";
    return Out;
  };
  std::string Fixed;
  double Got = 0;
  if (llvm::Error E = V.verify(Taken, &Fixed, &Got))
    return Fail("the fixes together are not verified: " +
                llvm::toString(std::move(E)));
  auto Now = llvm::MemoryBuffer::getFile(V.mainFile(), /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Now || (*Now)->getBuffer() != V.mainText())
    return Fail("'" + V.mainFile() + "' changed since it was analyzed");
  if (llvm::Error E = writeFileSafely(V.mainFile(), Fixed, W)) {
    Out.NotWritable = true;
    return Fail(llvm::toString(std::move(E)));
  }

  for (auto &[File, Edits] : ByFile)
    Out.Edits += Edits.size();
  Out.Files.push_back(V.mainFile());
  Out.Message = "applied " + std::to_string(Out.Edits) + " edit" +
                (Out.Edits == 1 ? "" : "s") +
                ", verified before writing: re-analysis finds " +
                formatWavefronts(Got) +
                " shared-memory wavefronts per block (was " +
                formatWavefronts(sharedWavefronts(V.before())) + ")";
  return Out;
}

void writeExportedFixes(llvm::raw_ostream &OS, const std::string &MainFile,
                        const std::vector<Diagnostic> &Diags) {
  clang::tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = MainFile;
  llvm::SmallString<256> Cwd;
  (void)llvm::sys::fs::current_path(Cwd); // empty: paths stay as given
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
      (void)llvm::sys::fs::make_absolute(Path); // else kept relative
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
