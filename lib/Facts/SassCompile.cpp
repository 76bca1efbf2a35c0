//===- SassCompile.cpp - One nvcc device compile per file, cached ---------===//
//
// Processes run through llvm::sys::ExecuteAndWait with a time limit; their
// output goes to temporary files that are removed afterwards. A cache entry
// is one text file, written to a unique temporary name in the cache folder
// and renamed into place, so that parallel runs (-j, two editors) never read
// half an entry.
//
//===----------------------------------------------------------------------===//

#include "Facts/SassCompile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {
namespace {

using llvm::StringRef;
namespace fs = llvm::sys::fs;

/// Bumped whenever the entry format or what goes into the key changes.
constexpr StringRef CacheFormat = "warplint-sass-cache 1";

/// "size mtime" of a file, the cheap identity the cache compares; empty when
/// it cannot be read.
std::string fileStamp(StringRef Path) {
  fs::file_status St;
  if (fs::status(Path, St) || !fs::is_regular_file(St))
    return std::string();
  return std::to_string(St.getSize()) + " " +
         std::to_string(St.getLastModificationTime().time_since_epoch().count());
}

std::optional<std::string> readText(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

/// The files of a make rule nvcc -MD writes ("a.cubin : a.cu \ x.h ..."),
/// escaped spaces kept.
std::vector<std::string> parseDepFile(StringRef Text) {
  std::vector<std::string> Files;
  size_t Colon = Text.find(": ");
  if (Colon == StringRef::npos)
    return Files;
  std::string Cur;
  for (size_t I = Colon + 2; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == ' ') {
      Cur += ' ';
      ++I;
    } else if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      ++I;
    } else if (C == ' ' || C == '\n' || C == '\t' || C == '\r') {
      if (!Cur.empty())
        Files.push_back(std::move(Cur));
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Files.push_back(Cur);
  return Files;
}

std::string cacheKey(const SassTools &Tools, StringRef Contents,
                     const std::vector<std::string> &Args) {
  llvm::SHA256 H;
  auto Add = [&](StringRef S) {
    H.update(S);
    H.update(StringRef("\0", 1));
  };
  Add(CacheFormat);
  for (StringRef Tool : {StringRef(Tools.Nvcc), StringRef(Tools.Nvdisasm)}) {
    Add(Tool);
    Add(fileStamp(Tool));
  }
  for (const std::string &A : Args)
    Add(A);
  Add(Contents);
  return llvm::toHex(H.final(), /*LowerCase=*/true);
}

struct CacheEntry {
  SassCompileResult Result;
  std::vector<std::pair<std::string, std::string>> Deps; ///< (path, stamp)
};

std::optional<SassCompileResult> readEntry(StringRef Path) {
  std::optional<std::string> Text = readText(Path);
  if (!Text)
    return std::nullopt;
  StringRef Rest = *Text;
  auto [Header, Body] = Rest.split('\n');
  if (Header != CacheFormat)
    return std::nullopt;
  SassCompileResult R;
  R.FromCache = true;
  while (!Body.empty()) {
    auto [Line, Next] = Body.split('\n');
    Body = Next;
    if (Line == "listing") {
      R.Listing = Body.str();
      return R;
    }
    if (Line.consume_front("failure ")) {
      R.Failure = Line.str();
      continue;
    }
    // dep SIZE MTIME PATH: valid only while the file is unchanged.
    if (!Line.consume_front("dep "))
      return std::nullopt;
    auto [Size, AfterSize] = Line.split(' ');
    auto [Time, File] = AfterSize.split(' ');
    if (fileStamp(File) != (Size + " " + Time).str())
      return std::nullopt;
  }
  return std::nullopt;
}

void writeEntry(StringRef Dir, StringRef Path, const CacheEntry &E) {
  llvm::SmallString<256> Model(Dir);
  llvm::sys::path::append(Model, "tmp-%%%%%%%%.txt");
  int FD = -1;
  llvm::SmallString<256> Tmp;
  if (fs::createUniqueFile(Model, FD, Tmp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << CacheFormat << "\n";
    for (const auto &[File, Stamp] : E.Deps)
      OS << "dep " << Stamp << " " << File << "\n";
    if (!E.Result.Failure.empty())
      OS << "failure " << E.Result.Failure << "\n";
    OS << "listing\n" << E.Result.Listing;
    if (OS.has_error()) {
      OS.clear_error();
      (void)fs::remove(Tmp); // a temporary; best effort
      return;
    }
  }
  if (fs::rename(Tmp, Path))
    (void)fs::remove(Tmp); // a temporary; best effort
}

/// Runs Program with Args, stdout and stderr to files; "" on success, else
/// why in one line.
std::string run(StringRef Program, const std::vector<std::string> &Args,
                StringRef Stdout, StringRef Stderr, unsigned Seconds) {
  std::vector<StringRef> Argv = {Program};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), Stdout, Stderr};
  std::string Error;
  bool Failed = false;
  int Rc = llvm::sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects,
                                     Seconds, /*MemoryLimit=*/0, &Error,
                                     &Failed);
  if (Rc == 0)
    return std::string();
  std::string Name = llvm::sys::path::filename(Program).str();
  if (Failed || Rc == -1)
    return Name + " did not run: " + Error;
  if (Rc == -2)
    return Name + " stopped: " + Error;
  // The first error nvcc printed is the one that explains the others.
  std::string Why = Name + " failed (exit status " + std::to_string(Rc) + ")";
  if (std::optional<std::string> Err = readText(Stderr)) {
    llvm::SmallVector<StringRef, 8> Lines;
    StringRef(*Err).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef L : Lines)
      if (L.contains("error")) {
        Why += ": " + L.trim().str();
        break;
      }
  }
  return Why;
}

SassCompileResult compileUncached(const SassTools &Tools, StringRef File,
                                  const std::vector<std::string> &Args,
                                  const SassOptions &Opts,
                                  std::vector<std::string> &Deps) {
  SassCompileResult R;
  llvm::SmallString<128> Cubin, DepFile, Out, Err;
  for (auto [Buf, Ext] : {std::pair{&Cubin, "cubin"}, {&DepFile, "d"},
                          {&Out, "txt"}, {&Err, "txt"}})
    if (fs::createTemporaryFile("warplint-sass", Ext, *Buf)) {
      R.Failure = "no temporary file for the compile";
      return R;
    }
  llvm::FileRemover RmCubin(Cubin), RmDep(DepFile), RmOut(Out), RmErr(Err);
  std::vector<std::string> NvccArgs = Args;
  NvccArgs.insert(NvccArgs.end(), {"-MD", "-MF", std::string(DepFile), "-o",
                                   std::string(Cubin), "-x", "cu", File.str()});
  R.Failure = run(Tools.Nvcc, NvccArgs, Out, Err, Opts.TimeoutSeconds);
  if (std::optional<std::string> D = readText(DepFile))
    Deps = parseDepFile(*D);
  if (!R.Failure.empty())
    return R;
  R.Failure = run(Tools.Nvdisasm, {"-gi", "-c", std::string(Cubin)}, Out, Err,
                  Opts.TimeoutSeconds);
  if (!R.Failure.empty())
    return R;
  if (std::optional<std::string> L = readText(Out))
    R.Listing = std::move(*L);
  else
    R.Failure = "the listing of nvdisasm could not be read";
  return R;
}

} // namespace

llvm::Expected<SassTools> findSassTools(const std::string &ToolkitRoot) {
  SassTools T;
  for (auto [Name, Into] : {std::pair{"nvcc", &T.Nvcc},
                            {"nvdisasm", &T.Nvdisasm}}) {
    llvm::SmallVector<StringRef, 1> Paths;
    llvm::SmallString<256> Bin(ToolkitRoot);
    llvm::sys::path::append(Bin, "bin");
    if (!ToolkitRoot.empty())
      Paths.push_back(Bin);
    llvm::ErrorOr<std::string> P = llvm::sys::findProgramByName(Name, Paths);
    if (!P && !ToolkitRoot.empty())
      P = llvm::sys::findProgramByName(Name);
    if (!P)
      return llvm::createStringError(
          std::string("no ") + Name + " found" +
          (ToolkitRoot.empty() ? std::string(" on PATH")
                               : " in " + Bin.str().str() + " or on PATH"));
    *Into = *P;
  }
  return T;
}

std::string sassCacheDir(const SassOptions &Opts) {
  if (Opts.CacheDir == "none")
    return std::string();
  if (!Opts.CacheDir.empty())
    return Opts.CacheDir;
  llvm::SmallString<256> Dir;
  if (std::optional<std::string> Xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      Xdg && !Xdg->empty())
    Dir = *Xdg;
  else if (!llvm::sys::path::home_directory(Dir))
    return std::string();
  else
    llvm::sys::path::append(Dir, ".cache");
  llvm::sys::path::append(Dir, "warplint");
  return std::string(Dir);
}

SassCompileResult compileToSass(const SassTools &Tools, const std::string &File,
                                const std::vector<std::string> &Args,
                                const SassOptions &Opts) {
  std::optional<std::string> Contents = readText(File);
  if (!Contents) {
    SassCompileResult R;
    R.Failure = "'" + File + "' could not be read";
    return R;
  }
  std::string Dir = sassCacheDir(Opts);
  llvm::SmallString<256> Entry;
  if (!Dir.empty() && !fs::create_directories(Dir)) {
    Entry = Dir;
    llvm::sys::path::append(Entry,
                            "sass-" + cacheKey(Tools, *Contents, Args) + ".txt");
    if (std::optional<SassCompileResult> Hit = readEntry(Entry))
      return *Hit;
  }
  std::vector<std::string> Deps;
  CacheEntry E;
  E.Result = compileUncached(Tools, File, Args, Opts, Deps);
  // Without nvcc's list of the files it read, a later change to a header
  // could not invalidate the entry: such a result is not kept.
  if (Entry.empty() || Deps.empty())
    return E.Result;
  for (const std::string &D : Deps) {
    std::string Stamp = fileStamp(D);
    if (Stamp.empty() || StringRef(D).contains('\n'))
      return E.Result;
    E.Deps.push_back({D, Stamp});
  }
  writeEntry(Dir, Entry, E);
  return E.Result;
}

std::vector<std::string> sassNvccArgs(const std::vector<std::string> &OwnArgs,
                                      const std::vector<std::string> &Command,
                                      const std::string &Arch) {
  std::vector<std::string> Out = {"-cubin", "-lineinfo", "-O3",
                                  "-arch=" + Arch};
  // Clang-style flags nvcc reads the same way: include folders, macros,
  // forced includes (-iquote and -idirafter become -I, which nvcc has).
  for (size_t I = 0; I < OwnArgs.size(); ++I) {
    StringRef A = OwnArgs[I];
    bool HasValue = I + 1 < OwnArgs.size();
    if ((A == "-I" || A == "-isystem" || A == "-iquote" || A == "-idirafter" ||
         A == "-D" || A == "-U" || A == "-include") &&
        HasValue) {
      StringRef Opt = (A == "-iquote" || A == "-idirafter") ? "-I" : A;
      Out.push_back(Opt.str());
      Out.push_back(OwnArgs[++I]);
    } else if (A.starts_with("-I") || A.starts_with("-D") ||
               A.starts_with("-U")) {
      Out.push_back(A.str());
    } else if (A.starts_with("-std=")) {
      // nvcc knows c++NN only; gnu++NN means the same language to it.
      std::string Std = A.str();
      if (StringRef(Std).starts_with("-std=gnu++"))
        Std = "-std=c++" + Std.substr(10);
      Out.push_back(Std);
    }
  }
  if (Command.empty() || !StringRef(llvm::sys::path::filename(Command[0]))
                              .starts_with("nvcc"))
    return Out;
  // nvcc-only flags that decide whether the code compiles or what it emits.
  static const StringRef Kept[] = {
      "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
      "--expt-extended-lambda",   "-expt-extended-lambda",
      "--extended-lambda",        "-extended-lambda",
      "--use_fast_math",          "-use_fast_math",
      "-rdc=true",                "--relocatable-device-code=true",
      "-allow-unsupported-compiler", "--allow-unsupported-compiler"};
  static const StringRef KeptPrefixes[] = {"-ftz=", "-prec-div=",
                                           "-prec-sqrt=", "-fmad=",
                                           "--maxrregcount=", "-maxrregcount="};
  for (size_t I = 1; I < Command.size(); ++I) {
    StringRef A = Command[I];
    if (llvm::is_contained(Kept, A) ||
        llvm::any_of(KeptPrefixes,
                     [&](StringRef P) { return A.starts_with(P); }))
      Out.push_back(A.str());
    else if ((A == "-ccbin" || A == "--compiler-bindir") &&
             I + 1 < Command.size()) {
      Out.push_back(A.str());
      Out.push_back(Command[++I]);
    }
  }
  return Out;
}

} // namespace warplint
