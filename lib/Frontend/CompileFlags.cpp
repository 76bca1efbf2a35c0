//===- CompileFlags.cpp - The argument list of a device-side parse -------===//
//
// deviceParseArgs puts together everything clang needs to parse one file as
// CUDA device code: the mode, the one GPU architecture, clang's resource
// directory (the classic LibTooling trap: without it clang's own headers,
// including its CUDA wrappers, are not found), the CUDA toolkit or
// warplint's built-in declarations, and the command's own flags.
//
//===----------------------------------------------------------------------===//

#include "Frontend/FlagsInternal.h"
#include "Frontend/Frontend.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

bool hasCudaRuntimeHeader(StringRef Root) {
  if (Root.empty())
    return false;
  llvm::SmallString<256> Header(Root);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(Header);
}

/// /opt/cuda-12.4/bin/nvcc -> /opt/cuda-12.4: the toolkit the build used.
std::string nvccToolkitRoot(const CompileCommand &Cmd) {
  if (!isNvccCommand(Cmd.Args))
    return "";
  StringRef Nvcc = Cmd.Args.front();
  if (!Nvcc.contains('/'))
    return ""; // found through PATH at build time: unknown here
  std::string Full = absoluteIn(Nvcc, Cmd.Directory);
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Full)).str();
}

} // namespace

std::vector<std::string>
deviceParseArgs(const CompileCommand &Cmd, const FrontendOptions &Opts,
                std::vector<std::string> &FlagWarnings) {
  std::vector<std::string> Own =
      isNvccCommand(Cmd.Args)
          ? translateNvccArgsIn(Cmd.Args, Cmd.Directory, FlagWarnings)
          : translateClangArgsIn(Cmd.Args, Cmd.Directory, FlagWarnings);

  // The command's architecture and toolkit choices are taken out: exactly
  // one --cuda-gpu-arch must reach clang (two would be two device
  // compilations) and the toolkit is decided below.
  std::string CommandArch, CommandCudaPath;
  std::vector<std::string> Rest;
  for (const std::string &A : Own) {
    StringRef S = A;
    if (S.consume_front("--cuda-gpu-arch=") ||
        S.consume_front("--offload-arch=")) {
      if (CommandArch.empty())
        CommandArch = S.str();
      continue;
    }
    if (S.consume_front("--cuda-path=")) {
      CommandCudaPath = absoluteIn(S, Cmd.Directory);
      continue;
    }
    Rest.push_back(A);
  }
  absolutizePaths(Rest, Cmd.Directory);

  std::string Arch =
      (Opts.ArchOverrides || CommandArch.empty()) ? Opts.Arch : CommandArch;
  std::vector<std::string> Result = {
      "clang++",       "-x",
      "cuda",          "--cuda-device-only",
      "-fsyntax-only", "--cuda-gpu-arch=" + Arch};

  StringRef ResourceDir = WARPLINT_CLANG_RESOURCE_DIR;
  if (llvm::sys::fs::is_directory(ResourceDir + "/include"))
    Result.push_back("-resource-dir=" + ResourceDir.str());
  else
    addWarningOnce(FlagWarnings,
                   "warplint: warning: clang resource directory '" +
                       ResourceDir.str() +
                       "' not found; clang's own headers may be missing");

  // The toolkit: the one asked for, else the one the command used, else the
  // configured default; without any, the built-in declarations.
  std::string CudaPath;
  if (!Opts.NoCudaToolkit) {
    if (!Opts.CudaPath.empty()) {
      if (hasCudaRuntimeHeader(Opts.CudaPath))
        CudaPath = Opts.CudaPath;
      else
        addWarningOnce(FlagWarnings,
                       "warplint: warning: no CUDA toolkit at '" +
                           Opts.CudaPath +
                           "' (include/cuda_runtime.h missing); using "
                           "warplint's built-in CUDA declarations");
    } else {
      for (const std::string &Candidate :
           {CommandCudaPath, nvccToolkitRoot(Cmd),
            std::string(WARPLINT_CUDA_PATH)}) {
        if (hasCudaRuntimeHeader(Candidate)) {
          CudaPath = Candidate;
          break;
        }
      }
    }
  }
  if (!CudaPath.empty()) {
    Result.push_back("--cuda-path=" + CudaPath);
  } else {
    // The built-in declarations live in the source tree for now
    // (WARPLINT_BUILTIN_CUDA_DIR); an installed warplint will need them
    // installed next to it.
    StringRef Builtin = WARPLINT_BUILTIN_CUDA_DIR;
    Result.insert(Result.end(), {"-nocudainc", "-nocudalib", "-isystem",
                                 (Builtin + "/include").str(), "-include",
                                 (Builtin + "/warplint_cuda_runtime.h").str()});
  }
  // clang 22 knows CUDA up to 12.9 and warns about newer toolkits; it also
  // detects /usr/local/cuda on its own for version checks even with
  // -nocudainc. Unused-argument warnings are about the driver, not the code.
  Result.push_back("-Wno-unknown-cuda-version");
  Result.push_back("-Qunused-arguments");

  Result.insert(Result.end(), Rest.begin(), Rest.end());
  Result.insert(Result.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  Result.push_back(absoluteIn(Cmd.File, Cmd.Directory));
  return Result;
}

} // namespace warplint
