//===- NvccFlags.cpp - nvcc command lines to clang device arguments -------===//
//
// Compile databases that CMake writes for LANGUAGES CUDA hold nvcc commands.
// This file turns them into the clang arguments of a device-side parse:
// preprocessor and language flags carry over, the one GPU architecture the
// analysis targets is picked, and everything about code generation, linking
// and output is dropped. docs/compile-flags.md has the full table.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Command/FlagsInternal.h"
#include "Frontend/Frontend.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace warplint {
namespace {

using llvm::StringRef;

/// What warplint does with an nvcc option.
enum class Action {
  Drop,           ///< no meaning for a device-side parse
  Arch,           ///< -arch: virtual or real architecture
  Code,           ///< -code: real architectures
  Gencode,        ///< -gencode arch=...,code=...
  Include,        ///< -I
  SystemInclude,  ///< -isystem
  Define,         ///< -D
  Undefine,       ///< -U
  PreInclude,     ///< -include
  Std,            ///< -std
  HostOptions,    ///< -Xcompiler: host compiler flags, filtered
  Rdc,            ///< -rdc=true: -fgpu-rdc
  DeviceC,        ///< -dc: separate compilation, implies -rdc
  Optimize,       ///< -O<n>: kept (sets __OPTIMIZE__)
  TemplateDepth,  ///< -ftemplate-depth
  TemplateLimit,  ///< -ftemplate-backtrace-limit
  OptionsFile,    ///< --options-file: more arguments from a file
  ForwardUnknown, ///< -forward-unknown-to-host-compiler
  Warning,        ///< -W...: nvcc's warning controls
};

struct NvccOption {
  StringRef Long;  ///< without dashes; nvcc accepts one or two
  StringRef Short; ///< without the dash; may be empty
  bool TakesValue; ///< `-opt=v` or `-opt v`
  Action Act;
};

// nvcc's options (CUDA 12/13 `nvcc --help`), by long name and short name.
const NvccOption NvccOptions[] = {
    // Architecture.
    {"gpu-architecture", "arch", true, Action::Arch},
    {"gpu-code", "code", true, Action::Code},
    {"generate-code", "gencode", true, Action::Gencode},
    // Preprocessor and language.
    {"include-path", "I", true, Action::Include},
    {"system-include", "isystem", true, Action::SystemInclude},
    {"define-macro", "D", true, Action::Define},
    {"undefine-macro", "U", true, Action::Undefine},
    {"pre-include", "include", true, Action::PreInclude},
    {"std", "std", true, Action::Std},
    {"ftemplate-depth", "", true, Action::TemplateDepth},
    {"ftemplate-backtrace-limit", "", true, Action::TemplateLimit},
    {"options-file", "optf", true, Action::OptionsFile},
    // clang treats constexpr functions as __host__ __device__ and accepts
    // extended lambdas without being asked.
    {"expt-relaxed-constexpr", "", false, Action::Drop},
    {"expt-extended-lambda", "", false, Action::Drop},
    {"extended-lambda", "", false, Action::Drop},
    {"no-host-device-initializer-list", "nohdinitlist", false, Action::Drop},
    {"no-host-device-move-forward", "nohdmoveforward", false, Action::Drop},
    {"restrict", "restrict", false, Action::Drop},
    // Host compiler and the other tools of the pipeline.
    {"compiler-options", "Xcompiler", true, Action::HostOptions},
    {"forward-unknown-to-host-compiler", "forward-unknown-opts", false,
     Action::ForwardUnknown},
    {"forward-unknown-to-host-linker", "forward-unknown-opts-to-host-linker",
     false, Action::Drop},
    {"compiler-bindir", "ccbin", true, Action::Drop},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false,
     Action::Drop},
    {"ptxas-options", "Xptxas", true, Action::Drop},
    {"nvlink-options", "Xnvlink", true, Action::Drop},
    {"linker-options", "Xlinker", true, Action::Drop},
    {"archive-options", "Xarchive", true, Action::Drop},
    {"Xcudafe", "", true, Action::Drop},
    {"run-args", "run-args", true, Action::Drop},
    {"host-linker-script", "hls", true, Action::Drop},
    // Compilation phase and outputs.
    {"compile", "c", false, Action::Drop},
    {"device-c", "dc", false, Action::DeviceC},
    {"device-w", "dw", false, Action::Drop},
    {"relocatable-device-code", "rdc", true, Action::Rdc},
    {"cuda", "cuda", false, Action::Drop},
    {"ptx", "ptx", false, Action::Drop},
    {"cubin", "cubin", false, Action::Drop},
    {"fatbin", "fatbin", false, Action::Drop},
    {"optix-ir", "optix-ir", false, Action::Drop},
    {"ltoir", "ltoir", false, Action::Drop},
    {"preprocess", "E", false, Action::Drop},
    {"lib", "lib", false, Action::Drop},
    {"link", "link", false, Action::Drop},
    {"device-link", "dlink", false, Action::Drop},
    {"run", "run", false, Action::Drop},
    {"shared", "shared", false, Action::Drop},
    {"output-file", "o", true, Action::Drop},
    {"output-directory", "odir", true, Action::Drop},
    {"x", "x", true, Action::Drop},
    {"library", "l", true, Action::Drop},
    {"library-path", "L", true, Action::Drop},
    {"libdevice-directory", "ldir", true, Action::Drop},
    {"cudart", "cudart", true, Action::Drop},
    {"cudadevrt", "cudadevrt", true, Action::Drop},
    {"machine", "m", true, Action::Drop},
    {"m64", "", false, Action::Drop},
    {"m32", "", false, Action::Drop},
    {"keep", "keep", false, Action::Drop},
    {"keep-dir", "keep-dir", true, Action::Drop},
    {"save-temps", "save-temps", false, Action::Drop},
    {"dryrun", "dryrun", false, Action::Drop},
    {"verbose", "v", false, Action::Drop},
    {"time", "time", true, Action::Drop},
    {"threads", "t", true, Action::Drop},
    {"split-compile", "split-compile", true, Action::Drop},
    {"split-compile-extended", "split-compile-extended", true, Action::Drop},
    {"fdevice-time-trace", "fdevice-time-trace", true, Action::Drop},
    {"fdevice-syntax-only", "fdevice-syntax-only", false, Action::Drop},
    {"no-compress", "no-compress", false, Action::Drop},
    {"compress-mode", "compress-mode", true, Action::Drop},
    // Dependency files.
    {"generate-dependencies", "M", false, Action::Drop},
    {"generate-nonsystem-dependencies", "MM", false, Action::Drop},
    {"generate-dependencies-with-compile", "MD", false, Action::Drop},
    {"generate-nonsystem-dependencies-with-compile", "MMD", false,
     Action::Drop},
    {"generate-dependency-targets", "MP", false, Action::Drop},
    {"dependency-output", "MF", true, Action::Drop},
    {"dependency-target-name", "MT", true, Action::Drop},
    // Debug information and code generation.
    {"device-debug", "G", false, Action::Drop},
    {"debug", "g", false, Action::Drop},
    {"generate-line-info", "lineinfo", false, Action::Drop},
    {"profile", "pg", false, Action::Drop},
    {"optimize", "O", true, Action::Optimize},
    {"dopt", "dopt", true, Action::Drop},
    {"dlink-time-opt", "dlto", false, Action::Drop},
    {"lto", "lto", false, Action::Drop},
    {"gen-opt-lto", "gen-opt-lto", false, Action::Drop},
    {"use_fast_math", "use_fast_math", false, Action::Drop},
    {"ftz", "ftz", true, Action::Drop},
    {"prec-div", "prec-div", true, Action::Drop},
    {"prec-sqrt", "prec-sqrt", true, Action::Drop},
    {"fmad", "fmad", true, Action::Drop},
    {"maxrregcount", "maxrregcount", true, Action::Drop},
    {"extra-device-vectorization", "extra-device-vectorization", false,
     Action::Drop},
    {"extensible-whole-program", "ewp", false, Action::Drop},
    {"keep-device-functions", "keep-device-functions", false, Action::Drop},
    {"source-in-ptx", "src-in-ptx", false, Action::Drop},
    {"resource-usage", "res-usage", false, Action::Drop},
    {"default-stream", "default-stream", true, Action::Drop},
    {"static-global-template-stub", "static-global-template-stub", true,
     Action::Drop},
    {"device-entity-has-hidden-visibility",
     "device-entity-has-hidden-visibility", true, Action::Drop},
    {"jump-table-density", "jtd", true, Action::Drop},
    {"device-stack-protector", "device-stack-protector", true, Action::Drop},
    {"opt-info", "opt-info", true, Action::Drop},
    {"Ofast-compile", "Ofc", true, Action::Drop},
    {"no-exceptions", "noeh", false, Action::Drop},
    {"pic", "pic", false, Action::Drop},
    // Diagnostics.
    {"disable-warnings", "w", false, Action::Drop},
    {"display-error-number", "err-no", false, Action::Drop},
    {"no-display-error-number", "no-err-no", false, Action::Drop},
    {"diag-suppress", "diag-suppress", true, Action::Drop},
    {"diag-error", "diag-error", true, Action::Drop},
    {"diag-warn", "diag-warn", true, Action::Drop},
};

/// Options that nvcc (like gcc) accepts glued to their value: -I/x, -DFOO,
/// -O3. Longer prefixes first so -isystem wins over -I.
const StringRef JoinedPrefixes[] = {"isystem", "I", "D", "U", "L", "l", "O"};

const NvccOption *findOption(StringRef Name) {
  for (const NvccOption &O : NvccOptions)
    if (Name == O.Long || (!O.Short.empty() && Name == O.Short))
      return &O;
  return nullptr;
}

/// nvcc's -Werror takes a list of warning kinds, either glued with '=' or as
/// the next argument; only those kinds may be consumed as its value.
bool isNvccWarningKindList(StringRef Value) {
  if (Value.empty())
    return false;
  llvm::SmallVector<StringRef, 4> Kinds;
  Value.split(Kinds, ',');
  for (StringRef K : Kinds)
    if (!llvm::StringSwitch<bool>(K)
             .Cases({"all-warnings", "cross-execution-space-call", "reorder",
                     "default-stream-launch", "missing-launch-bounds",
                     "ext-lambda-captures-this", "deprecated-declarations"},
                    true)
             .Default(false))
      return false;
  return true;
}

/// A GPU architecture named by the command: real (sm_XX, code that runs) or
/// only virtual (compute_XX, PTX that the driver compiles later).
struct ArchChoice {
  std::string Arch; ///< always as clang spells it: sm_XX
  bool Real;
};

/// compute_90a -> sm_90a, lto_80 -> sm_80, sm_80 -> sm_80; nullopt for
/// what names no architecture (native, all, all-major, garbage).
std::optional<std::string> toClangArch(StringRef Name) {
  Name = Name.trim().trim("\"'[]");
  for (StringRef Prefix : {"sm_", "compute_", "lto_"})
    if (Name.consume_front(Prefix) && !Name.empty() &&
        llvm::isDigit(Name.front()))
      return "sm_" + Name.str();
  return std::nullopt;
}

/// Splits an nvcc list value (`a,b`, `[a,b]`, `"a,b"`) into its items.
std::vector<std::string> splitList(StringRef Value) {
  std::vector<std::string> Items;
  llvm::SmallVector<StringRef, 4> Parts;
  Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    P = P.trim().trim("\"'[]{}");
    if (!P.empty())
      Items.push_back(P.str());
  }
  return Items;
}

/// Host compiler flags reach the device parse only when they change what the
/// preprocessor or the language sees; code generation, warnings and linking
/// are the host compiler's business and are dropped silently.
void translateHostFlags(const std::vector<std::string> &Tokens,
                        std::vector<std::string> &Out) {
  static const StringRef SeparateValue[] = {
      "-I", "-isystem", "-iquote", "-idirafter", "-include", "-D", "-U"};
  static const StringRef KeptFlags[] = {
      "-fsigned-char",       "-funsigned-char", "-fchar8_t", "-fno-char8_t",
      "-fno-operator-names", "-fms-extensions", "-frtti",    "-fno-rtti"};
  for (size_t I = 0; I < Tokens.size(); ++I) {
    StringRef T = Tokens[I];
    bool Handled = false;
    for (StringRef S : SeparateValue) {
      if (T == S && I + 1 < Tokens.size()) {
        Out.push_back(T.str());
        Out.push_back(Tokens[++I]);
        Handled = true;
        break;
      }
      if (T.starts_with(S) && T.size() > S.size()) {
        Out.push_back(T.str());
        Handled = true;
        break;
      }
    }
    if (Handled)
      continue;
    if (T.starts_with("-std=") || llvm::is_contained(KeptFlags, T))
      Out.push_back(T.str());
  }
}

/// The state of one translation: arguments produced so far, the
/// architectures named, and what to report.
class NvccTranslator {
public:
  NvccTranslator(const std::string &Directory) : Directory(Directory) {}

  std::vector<std::string> run(const std::vector<std::string> &Args,
                               std::vector<std::string> &Warnings);

private:
  void handle(const NvccOption &O, StringRef Value);
  void handleGencode(StringRef Value);
  void addArch(StringRef Name, bool Real);
  void expandFile(StringRef Path, size_t At);

  std::string Directory;
  std::vector<std::string> Queue; ///< arguments still to read
  std::vector<std::string> Out;
  std::vector<ArchChoice> Arches;
  std::vector<std::string> Unknown; ///< spelled as in the command
  std::vector<std::string> Unreadable;
  std::string InputFile;
  bool Forward = false;
  bool Rdc = false;
  unsigned Expansions = 0;
};

void NvccTranslator::addArch(StringRef Name, bool Real) {
  if (std::optional<std::string> A = toClangArch(Name))
    Arches.push_back({*A, Real && !Name.trim("\"'[]").starts_with("compute_")});
}

// -gencode arch=compute_80,code=[compute_80,sm_80]: the items after code=
// (up to the next key) are the real targets; arch= alone is the fallback.
void NvccTranslator::handleGencode(StringRef Value) {
  std::string VirtualArch;
  bool InCode = false;
  bool AnyReal = false;
  for (const std::string &Item : splitList(Value)) {
    StringRef It = Item;
    if (It.consume_front("arch=")) {
      InCode = false;
      VirtualArch = It.trim("\"'[]").str();
      continue;
    }
    if (It.consume_front("code="))
      InCode = true;
    if (!InCode)
      continue;
    StringRef Code = It.trim("\"'[]");
    if (!Code.starts_with("compute_")) {
      addArch(Code, /*Real=*/true);
      AnyReal = true;
    }
  }
  if (!AnyReal && !VirtualArch.empty())
    addArch(VirtualArch, /*Real=*/false);
}

void NvccTranslator::expandFile(StringRef Path, size_t At) {
  std::vector<std::string> Tokens;
  // A cap on expansions stops a file that names itself.
  if (++Expansions > 64 || !readOptionsFile(Path.str(), Directory, Tokens)) {
    Unreadable.push_back(Path.str());
    return;
  }
  Queue.insert(Queue.begin() + At, Tokens.begin(), Tokens.end());
}

void NvccTranslator::handle(const NvccOption &O, StringRef Value) {
  switch (O.Act) {
  case Action::Drop:
  case Action::Warning:
    return;
  case Action::Arch:
    for (const std::string &A : splitList(Value))
      addArch(A, /*Real=*/true);
    return;
  case Action::Code:
    for (const std::string &A : splitList(Value))
      if (!StringRef(A).starts_with("compute_"))
        addArch(A, /*Real=*/true);
    return;
  case Action::Gencode:
    handleGencode(Value);
    return;
  case Action::Include:
    Out.push_back("-I" + Value.str());
    return;
  case Action::SystemInclude:
    Out.push_back("-isystem");
    Out.push_back(Value.str());
    return;
  case Action::Define:
    Out.push_back("-D" + Value.str());
    return;
  case Action::Undefine:
    Out.push_back("-U" + Value.str());
    return;
  case Action::PreInclude:
    Out.push_back("-include");
    Out.push_back(Value.str());
    return;
  case Action::Std:
    Out.push_back("-std=" + Value.str());
    return;
  case Action::HostOptions: {
    std::vector<std::string> Tokens;
    llvm::SmallVector<StringRef, 8> Parts;
    Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts) {
      llvm::SmallVector<StringRef, 4> Words;
      P.split(Words, ' ', -1, /*KeepEmpty=*/false);
      for (StringRef W : Words)
        Tokens.push_back(W.trim("\"'").str());
    }
    translateHostFlags(Tokens, Out);
    return;
  }
  case Action::Rdc:
    Rdc = Value.trim().equals_insensitive("true");
    return;
  case Action::DeviceC:
    Rdc = true;
    return;
  case Action::Optimize:
    if (Value.size() == 1 && llvm::isDigit(Value.front()))
      Out.push_back("-O" + Value.str());
    return;
  case Action::TemplateDepth:
    Out.push_back("-ftemplate-depth=" + Value.str());
    return;
  case Action::TemplateLimit:
    Out.push_back("-ftemplate-backtrace-limit=" + Value.str());
    return;
  case Action::OptionsFile:
    return; // expanded by run(), which knows where in the queue
  case Action::ForwardUnknown:
    Forward = true;
    return;
  }
}

bool isSourceFile(StringRef Arg) {
  StringRef Ext = llvm::sys::path::extension(Arg);
  return llvm::StringSwitch<bool>(Ext)
      .Cases({".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".C"}, true)
      .Default(false);
}

std::vector<std::string>
NvccTranslator::run(const std::vector<std::string> &Args,
                    std::vector<std::string> &Warnings) {
  Queue = Args;
  size_t I = (!Args.empty() && isNvccCommand(Args)) ? 1 : 0;
  for (; I < Queue.size(); ++I) {
    const std::string Arg = Queue[I];
    StringRef A = Arg;
    if (A.empty())
      continue;
    if (A.front() == '@') {
      expandFile(A.drop_front(), I + 1);
      continue;
    }
    if (A.front() != '-' || A == "-") {
      // An input; deviceParseArgs appends the analyzed file itself.
      if (InputFile.empty() && isSourceFile(A))
        InputFile = A.str();
      continue;
    }
    StringRef Body = A.drop_front(A.starts_with("--") ? 2 : 1);
    auto [Name, Glued] = Body.split('=');
    bool HasGlued = Body.contains('=');
    const NvccOption *O = findOption(Name);
    std::string Value = Glued.str();
    if (!O && A.starts_with("-") && !A.starts_with("--")) {
      for (StringRef P : JoinedPrefixes) {
        if (Body.starts_with(P) && Body.size() > P.size()) {
          O = findOption(P);
          Value = Body.drop_front(P.size()).str();
          HasGlued = true;
          break;
        }
      }
    }
    if (!O && Name.starts_with("W")) {
      // -Werror all-warnings: consume the kind list that follows.
      if (Name == "Werror" && !HasGlued && I + 1 < Queue.size() &&
          isNvccWarningKindList(Queue[I + 1]))
        ++I;
      continue;
    }
    if (!O) {
      if (Forward) {
        translateHostFlags({Arg}, Out);
        continue;
      }
      Unknown.push_back(A.split('=').first.str());
      continue;
    }
    if (O->TakesValue && !HasGlued) {
      if (I + 1 >= Queue.size())
        continue; // a value-less option at the end: nothing to translate
      Value = Queue[++I];
    }
    if (O->Act == Action::OptionsFile) {
      expandFile(Value, I + 1);
      continue;
    }
    handle(*O, Value);
  }

  std::vector<std::string> Result = std::move(Out);
  // The architectures the command builds machine code for (else, with only
  // PTX, the virtual ones), each once, in command order; deviceParseArgs
  // picks the one to analyze.
  bool AnyReal = llvm::any_of(Arches, [](const ArchChoice &C) {
    return C.Real;
  });
  std::vector<std::string> Targets;
  for (const ArchChoice &C : Arches)
    if ((C.Real || !AnyReal) && !llvm::is_contained(Targets, C.Arch))
      Targets.push_back(C.Arch);
  for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
    Result.insert(Result.begin(), "--cuda-gpu-arch=" + *It);
  if (Rdc)
    Result.push_back("-fgpu-rdc");

  std::string Where = InputFile.empty()
                          ? std::string("an nvcc compile command")
                          : "the compile command for '" + InputFile + "'";
  for (const std::string &U : Unknown)
    addWarningOnce(Warnings, "warplint: warning: ignoring unknown nvcc flag '" +
                                 U + "' in " + Where);
  for (const std::string &F : Unreadable)
    addWarningOnce(Warnings, "warplint: warning: cannot read options file '" +
                                 F + "' in " + Where);
  return Result;
}

} // namespace

bool isNvccCommand(const std::vector<std::string> &Args) {
  if (Args.empty())
    return false;
  // Windows-style paths too: a database may come from another machine.
  StringRef Base = llvm::sys::path::filename(
      Args.front(), llvm::sys::path::Style::windows_backslash);
  return Base.starts_with("nvcc");
}

void addWarningOnce(std::vector<std::string> &Warnings,
                    const std::string &Message) {
  if (!llvm::is_contained(Warnings, Message))
    Warnings.push_back(Message);
}

std::vector<std::string>
translateNvccArgsIn(const std::vector<std::string> &Args,
                    const std::string &Directory,
                    std::vector<std::string> &Warnings) {
  return NvccTranslator(Directory).run(Args, Warnings);
}

std::vector<std::string> translateNvccArgs(const std::vector<std::string> &Args,
                                           std::vector<std::string> &Warnings) {
  return translateNvccArgsIn(Args, "", Warnings);
}

} // namespace warplint
