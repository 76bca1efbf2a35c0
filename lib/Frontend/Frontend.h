//===- Frontend.h - From CUDA source to the access model --------*- C++ -*-===//
//
// The only component that sees clang. It turns a compile command (clang or
// nvcc style) into a device-side clang parse and the parse into a
// TranslationUnitModel. Everything it returns is plain data.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_FRONTEND_H
#define WARPLINT_FRONTEND_FRONTEND_H

#include "Model/AccessModel.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One file to analyze and the command that compiles it.
struct CompileCommand {
  std::string Directory; ///< working directory of the command
  std::string File;      ///< absolute or relative to Directory
  /// Full command line, argv[0] included (e.g. "/usr/local/cuda/bin/nvcc").
  std::vector<std::string> Args;
};

/// Block shapes that .warplint.yaml gives a kernel, and where it says so.
struct ConfiguredBlockShapes {
  std::vector<BlockShape> Shapes;
  SourceLoc Where; ///< the entry in the configuration file
};

struct FrontendOptions {
  /// Target GPU architecture used when the command names none ("sm_90").
  std::string Arch = "sm_90";
  /// Overrides the architecture the command names (--arch given explicitly).
  bool ArchOverrides = false;
  /// CUDA toolkit to use; empty: the configured default when it exists.
  std::string CudaPath;
  /// Never use a toolkit, only warplint's own CUDA declarations.
  bool NoCudaToolkit = false;
  /// --block-dim shapes: analyzed for every kernel that has no launch site.
  std::vector<BlockShape> BlockDims;
  /// BlockShapes of .warplint.yaml, by kernel name (as written, or qualified
  /// with template arguments as diagnostics name it) and "*" for the other
  /// kernels: used for kernels without a launch site, --block-dim or
  /// annotation ("*" only after __launch_bounds__).
  std::map<std::string, ConfiguredBlockShapes> KernelBlockDims;
  /// --param values (and Params: of .warplint.yaml), by kernel parameter
  /// name: at a launch, a host variable passed for such a parameter has
  /// that value wherever the launch's grid reads it after its last write
  /// (LaunchSites.cpp).
  std::map<std::string, int64_t> ParamValues;
  /// Whether the file's command compiles relocatable device code (nvcc
  /// -rdc=true, clang -fgpu-rdc), when the parse itself runs with it on
  /// regardless (Extract.cpp): unset, the parse's language options say.
  std::optional<bool> RelocatableDeviceCode;
  /// Extra clang arguments appended to every command (--extra-arg).
  std::vector<std::string> ExtraArgs;
  /// Upper bound on accesses modelled per kernel; more become a remark.
  unsigned MaxAccessesPerKernel = 20000;
  /// The same for branch regions (warp divergence), each inlined call's
  /// counted apart.
  unsigned MaxBranchesPerKernel = 4096;
};

struct FrontendResult {
  /// False when the file could not be parsed (missing, syntax errors).
  bool Success = false;
  /// clang's diagnostics (errors, and warnings about flags), already
  /// formatted in clang style, for the tool to print.
  std::string ClangDiagnostics;
  /// Warnings about the command line (unknown nvcc flags), one per flag.
  std::vector<std::string> FlagWarnings;
  /// Notes about the parse, for the tool to print after "warplint: note: ":
  /// which of several targets was analyzed, clang errors that were
  /// tolerated because nvcc accepts the code (ErrorTriage.h).
  std::vector<std::string> Notes;
  TranslationUnitModel Model;
};

/// True when argv[0] names nvcc (any path, any suffix).
bool isNvccCommand(const std::vector<std::string> &Args);

/// Turns an nvcc command line into clang CUDA device-only arguments (without
/// argv[0] and without the input file). Flags with no meaning for analysis
/// are dropped; unknown flags are dropped and reported once in Warnings.
std::vector<std::string>
translateNvccArgs(const std::vector<std::string> &Args,
                  std::vector<std::string> &Warnings);

/// Loads compile_commands.json from BuildDir. With Files empty, returns every
/// CUDA file (.cu, or compiled by nvcc / with -x cuda) in the database;
/// otherwise the commands for those files (a file missing from the database
/// gets the database's inferred command, as clang-tidy does). Error set on
/// failure.
std::vector<CompileCommand>
loadCompileCommands(const std::string &BuildDir,
                    const std::vector<std::string> &Files, std::string &Error);

/// The complete clang argument list for a device-side parse of Cmd.File:
/// argv[0] first, input file last; CUDA mode (-x cuda, --cuda-device-only,
/// -fsyntax-only), --cuda-gpu-arch, resource dir, the toolkit
/// (--cuda-path=..., -Wno-unknown-cuda-version) or warplint's own CUDA
/// declarations (-nocudainc -nocudalib -include ...), then the command's own
/// flags (translated from nvcc when Cmd is an nvcc command; FlagWarnings gets
/// one line per unknown flag), then Opts.ExtraArgs.
std::vector<std::string> deviceParseArgs(const CompileCommand &Cmd,
                                         const FrontendOptions &Opts,
                                         std::vector<std::string> &FlagWarnings);

/// Everything deviceParseArgs decides, with what it has to say about it.
struct DeviceParsePlan {
  std::vector<std::string> Args; ///< as deviceParseArgs returns them
  /// The one GPU the file is parsed and analyzed for: --arch, else the
  /// newest architecture the command builds for, else Opts.Arch.
  std::string Arch;
  /// Every architecture the command builds for, in command order.
  std::vector<std::string> CommandArchs;
  std::string ToolkitRoot;    ///< empty: warplint's built-in declarations
  std::string ResourceDir;    ///< clang's; empty when it was not found
  std::string ToolkitVersion; ///< "13.0"; empty when unknown
  std::vector<std::string> Warnings; ///< about flags, one line each
  std::vector<std::string> Notes;    ///< which target was chosen, and why
  /// Set when the file cannot be analyzed as commanded (an architecture
  /// warplint has no hardware model for): one line naming the flag.
  std::string Error;
  /// The command's own flags as clang arguments (translated from nvcc,
  /// relative paths made absolute, architecture and toolkit taken out), then
  /// Opts.ExtraArgs: what the compiler-facts mode hands nvcc (-I, -D, -std).
  std::vector<std::string> OwnArgs;
};
DeviceParsePlan planDeviceParse(const CompileCommand &Cmd,
                                const FrontendOptions &Opts);

/// The folder holding the compile_commands.json that applies to File, found
/// the way clang-tidy and clangd look: File's folder and each parent, and a
/// build/ subfolder of each; empty when there is none.
std::string findCompileDatabaseDir(const std::string &File);

/// Parses one file (device side, CUDA mode) and extracts its model.
FrontendResult analyzeFile(const CompileCommand &Cmd,
                           const FrontendOptions &Opts);

/// Same for in-memory source (tests): FileName is virtual, Args are clang
/// arguments without argv[0] and the file.
FrontendResult analyzeCode(const std::string &Code, const std::string &FileName,
                           const std::vector<std::string> &Args,
                           const FrontendOptions &Opts);

} // namespace warplint

#endif // WARPLINT_FRONTEND_FRONTEND_H
