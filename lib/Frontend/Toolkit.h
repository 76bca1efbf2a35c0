//===- Toolkit.h - Finding the CUDA toolkit the way nvcc does ---*- C++ -*-===//
//
// Which CUDA toolkit a device-side parse reads, found in the order users
// expect (--cuda-path, the compile command's own nvcc or --cuda-path,
// CUDA_PATH, CUDA_HOME, the nvcc on PATH, the configured default), and the
// include directories nvcc itself adds for that toolkit's version, read from
// its bin/nvcc.profile (CUDA 13 keeps libcu++, CUB and Thrust in
// include/cccl and only nvcc.profile says so).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_TOOLKIT_H
#define WARPLINT_FRONTEND_TOOLKIT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct CompileCommand;
struct FrontendOptions;

struct CudaToolkit {
  std::string Root;    ///< the folder holding include/cuda_runtime.h
  std::string Version; ///< "13.0" (from version.json or CUDA_VERSION)
  std::string FoundBy; ///< how it was found, for -v: "CUDA_PATH", ...
  /// Include options nvcc adds beyond <Root>/include (which clang adds for
  /// --cuda-path itself), as clang arguments: {"-isystem", ".../cccl"}.
  std::vector<std::string> ExtraIncludeArgs;
};

/// Reads the toolkit at Root; nullopt when Root has no
/// include/cuda_runtime.h.
std::optional<CudaToolkit> readCudaToolkit(llvm::StringRef Root,
                                           llvm::StringRef FoundBy);

/// The include options nvcc.profile (bin/nvcc.profile under Root) gives
/// nvcc, with its variables expanded: INCLUDES and SYSTEM_INCLUDES, the
/// ones naming <Root>/include itself left out. Without a profile, an
/// include/cccl folder is still added, as CUDA 13's nvcc does.
std::vector<std::string> nvccProfileIncludeArgs(llvm::StringRef Root);

/// The toolkit for Cmd: Opts.CudaPath when given (a warning in Warnings
/// when it has no toolkit), else CommandCudaPath (the command's own
/// --cuda-path), the command's nvcc, CUDA_PATH, CUDA_HOME, nvcc on PATH and
/// the configured default, in that order. nullopt with Opts.NoCudaToolkit
/// or when none is found.
std::optional<CudaToolkit> findCudaToolkit(const CompileCommand &Cmd,
                                           const FrontendOptions &Opts,
                                           llvm::StringRef CommandCudaPath,
                                           std::vector<std::string> &Warnings);

/// A header clang's CUDA wrapper includes, shadowed beside the wrapper.
struct HeaderShim {
  std::string Path; ///< <ResourceDir>/include/<name>: where the wrapper looks
  std::string Text; ///< includes the toolkit's own header by absolute path
};

/// nvcc's runtime headers reach the toolkit's own cuda.h, host_defines.h,
/// cuda_runtime.h, ... whatever a project's -I folders hold. clang's CUDA
/// wrapper (<ResourceDir>/include/__clang_cuda_runtime_wrapper.h) includes
/// them by quoted name, so a project's own cuda.h on an -I folder is found
/// first and the parse stops ("cuda.h did not define CUDA_VERSION"). A
/// quoted include looks in the including file's folder first: one shim there
/// for each header the wrapper includes that the toolkit at Root has makes
/// the toolkit's win, as in nvcc, and changes nothing for the project's own
/// quoted includes. Empty when the wrapper cannot be read.
std::vector<HeaderShim> toolkitHeaderShims(llvm::StringRef ResourceDir,
                                           llvm::StringRef Root);

/// One line for --version: the toolkit a command without flags would use,
/// or that there is none.
std::string describeDefaultToolkit();

/// warplint's built-in CUDA declarations: beside an installed warplint
/// (<prefix>/bin/warplint -> <prefix>/share/warplint/cuda), else in the
/// source tree it was built from.
std::string builtinCudaDeclarationsDir();

} // namespace warplint

#endif // WARPLINT_FRONTEND_TOOLKIT_H
