//===- CompileFlags.cpp - The argument list of a device-side parse --------===//
//
// deviceParseArgs puts together everything clang needs to parse one file as
// CUDA device code: the mode, the one GPU architecture, clang's resource
// directory (the classic LibTooling trap: without it clang's own headers,
// including its CUDA wrappers, are not found), the CUDA toolkit or
// warplint's built-in declarations, and the command's own flags.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Command/FlagsInternal.h"
#include "Frontend/Frontend.h"
#include "Frontend/Toolkit.h"
#include "Model/Arch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace warplint {
namespace {

using llvm::StringRef;

/// Path made absolute against the command's directory: the parse may run in
/// another working directory than the build did.
std::string absoluteIn(StringRef Path, StringRef Directory) {
  if (Path.empty() || Directory.empty() || llvm::sys::path::is_absolute(Path))
    return Path.str();
  llvm::SmallString<256> Full(Directory);
  llvm::sys::path::append(Full, Path);
  llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
  return std::string(Full);
}

/// Rewrites the relative paths of include options. -include names a file
/// that is looked up in the working directory first, so it is rewritten only
/// when it exists there.
void absolutizePaths(std::vector<std::string> &Args, StringRef Directory) {
  static const StringRef DirOptions[] = {"-I", "-isystem", "-iquote",
                                         "-idirafter", "-cxx-isystem"};
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if ((A == "-include" || A == "-imacros") && I + 1 < Args.size()) {
      std::string Full = absoluteIn(Args[I + 1], Directory);
      if (llvm::sys::fs::exists(Full))
        Args[I + 1] = Full;
      ++I;
      continue;
    }
    for (StringRef Opt : DirOptions) {
      if (A == Opt && I + 1 < Args.size()) {
        Args[I + 1] = absoluteIn(Args[I + 1], Directory);
        ++I;
        break;
      }
      if (A.starts_with(Opt) && A.size() > Opt.size()) {
        Args[I] = Opt.str() + absoluteIn(A.drop_front(Opt.size()), Directory);
        break;
      }
    }
  }
}

/// The host compiler's private include folder (`gcc -print-file-name=include`
/// for the gcc nvcc uses by default), asked once per process; empty when
/// there is no gcc or it names no folder.
std::string hostCompilerIncludeDir() {
  static const std::string Dir = [] {
    llvm::ErrorOr<std::string> Gcc = llvm::sys::findProgramByName("gcc");
    if (!Gcc)
      return std::string();
    llvm::SmallString<128> Out;
    if (llvm::sys::fs::createTemporaryFile("warplint-gcc", "txt", Out))
      return std::string();
    llvm::FileRemover Remove(Out);
    std::optional<llvm::StringRef> Redirects[] = {
        std::nullopt, llvm::StringRef(Out), llvm::StringRef("")};
    if (llvm::sys::ExecuteAndWait(*Gcc, {*Gcc, "-print-file-name=include"},
                                  std::nullopt, Redirects, /*Seconds=*/10) != 0)
      return std::string();
    auto Buffer = llvm::MemoryBuffer::getFile(Out);
    if (!Buffer)
      return std::string();
    std::string Dir = (*Buffer)->getBuffer().trim().str();
    return llvm::sys::fs::is_directory(Dir) ? Dir : std::string();
  }();
  return Dir;
}

/// "sm_90a" -> 90: the compute capability that orders architectures.
unsigned capability(StringRef Arch) {
  Arch.consume_front("sm_");
  unsigned CC = 0;
  Arch.take_while([](char C) { return C >= '0' && C <= '9'; })
      .getAsInteger(10, CC);
  return CC;
}

std::string joined(const std::vector<std::string> &Items) {
  std::string Out;
  for (const std::string &I : Items)
    Out += (Out.empty() ? "" : ", ") + I;
  return Out;
}

} // namespace

DeviceParsePlan planDeviceParse(const CompileCommand &Cmd,
                                const FrontendOptions &Opts) {
  DeviceParsePlan Plan;
  std::vector<std::string> Own =
      isNvccCommand(Cmd.Args)
          ? translateNvccArgsIn(Cmd.Args, Cmd.Directory, Plan.Warnings)
          : translateClangArgsIn(Cmd.Args, Cmd.Directory, Plan.Warnings);

  // The command's architecture and toolkit choices are taken out: exactly
  // one --cuda-gpu-arch must reach clang (two would be two device
  // compilations) and the toolkit is decided below.
  std::string CommandCudaPath;
  std::vector<std::string> Rest;
  for (const std::string &A : Own) {
    StringRef S = A;
    // What follows "--" are input files (commands inferred from a database
    // end so); the file is appended below, after --extra-arg, which must
    // stay options.
    if (S == "--")
      break;
    if (S.consume_front("--cuda-gpu-arch=") ||
        S.consume_front("--offload-arch=")) {
      if (!llvm::is_contained(Plan.CommandArchs, S.str()))
        Plan.CommandArchs.push_back(S.str());
      continue;
    }
    if (S.consume_front("--cuda-path=")) {
      CommandCudaPath = absoluteIn(S, Cmd.Directory);
      continue;
    }
    Rest.push_back(A);
  }
  absolutizePaths(Rest, Cmd.Directory);
  Plan.OwnArgs = Rest;
  Plan.OwnArgs.insert(Plan.OwnArgs.end(), Opts.ExtraArgs.begin(),
                      Opts.ExtraArgs.end());

  // The one target decision: --arch (or Arch: in .warplint.yaml), else the
  // newest architecture the command builds for, else the default.
  Plan.Arch = Opts.Arch;
  if (!Opts.ArchOverrides && !Plan.CommandArchs.empty()) {
    Plan.Arch = Plan.CommandArchs.front();
    for (const std::string &A : Plan.CommandArchs)
      if (capability(A) > capability(Plan.Arch))
        Plan.Arch = A;
    if (Plan.CommandArchs.size() > 1)
      Plan.Notes.push_back("'" + Cmd.File + "' is built for " +
                           joined(Plan.CommandArchs) + "; analyzing " +
                           Plan.Arch + ", the newest (--arch picks another)");
    if (!findArch(Plan.Arch))
      Plan.Error = "no hardware model for GPU architecture '" + Plan.Arch +
                   "' named by the compile command for '" + Cmd.File +
                   "'; known: " + knownArchNames() + " (--arch picks one)";
  }

  if (Opts.ArchOverrides && !findArch(Plan.Arch))
    Plan.Error = "no hardware model for GPU architecture '" + Plan.Arch +
                 "'; known: " + knownArchNames();

  std::vector<std::string> &Result = Plan.Args;
  Result = {"clang++",       "-x",
            "cuda",          "--cuda-device-only",
            "-fsyntax-only", "--cuda-gpu-arch=" + Plan.Arch};

  StringRef ResourceDir = WARPLINT_CLANG_RESOURCE_DIR;
  if (llvm::sys::fs::is_directory(ResourceDir + "/include")) {
    Result.push_back("-resource-dir=" + ResourceDir.str());
    Plan.ResourceDir = ResourceDir.str();
  }
  else
    addWarningOnce(Plan.Warnings,
                   "warplint: warning: clang resource directory '" +
                       ResourceDir.str() +
                       "' not found; clang's own headers may be missing");

  // The toolkit, found as nvcc users expect (Toolkit.h), with the include
  // folders its nvcc adds; without one, the built-in declarations.
  const std::string BuiltinDir = builtinCudaDeclarationsDir();
  StringRef Builtin = BuiltinDir;
  if (std::optional<CudaToolkit> T =
          findCudaToolkit(Cmd, Opts, CommandCudaPath, Plan.Warnings)) {
    Plan.ToolkitRoot = T->Root;
    Plan.ToolkitVersion = T->Version;
    Result.push_back("--cuda-path=" + T->Root);
    Result.insert(Result.end(), T->ExtraIncludeArgs.begin(),
                  T->ExtraIncludeArgs.end());
  } else {
    // The built-in declarations: installed beside warplint, or in the
    // source tree (builtinCudaDeclarationsDir).
    Result.insert(Result.end(), {"-nocudainc", "-nocudalib", "-isystem",
                                 (Builtin + "/include").str(), "-include",
                                 (Builtin + "/warplint_cuda_runtime.h").str()});
  }
  // Device intrinsics nvcc has and clang's wrappers lack, in both modes.
  Result.insert(Result.end(),
                {"-include", (Builtin + "/warplint_cuda_compat.h").str()});
  // clang 22 knows CUDA up to 12.9 and warns about newer toolkits; it also
  // detects /usr/local/cuda on its own for version checks even with
  // -nocudainc. Unused-argument warnings are about the driver, not the code.
  // Every error is seen: ErrorTriage decides which ones stop the analysis,
  // and clang's limit of 20 would end the parse on host-code errors alone.
  Result.push_back("-Wno-unknown-cuda-version");
  Result.push_back("-Qunused-arguments");
  Result.push_back("-ferror-limit=0");

  // nvcc hands host code to the host compiler, whose own headers (omp.h,
  // openacc.h, quadmath.h) it finds in its private include folder; searched
  // last, that folder fills only what clang's headers and the system's lack.
  std::string HostDir = hostCompilerIncludeDir();
  if (!HostDir.empty())
    Result.insert(Result.end(), {"-idirafter", HostDir});

  Result.insert(Result.end(), Rest.begin(), Rest.end());
  Result.insert(Result.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  Result.push_back(absoluteIn(Cmd.File, Cmd.Directory));
  return Plan;
}

std::vector<std::string>
deviceParseArgs(const CompileCommand &Cmd, const FrontendOptions &Opts,
                std::vector<std::string> &FlagWarnings) {
  DeviceParsePlan Plan = planDeviceParse(Cmd, Opts);
  for (const std::string &W : Plan.Warnings)
    addWarningOnce(FlagWarnings, W);
  return std::move(Plan.Args);
}

} // namespace warplint
