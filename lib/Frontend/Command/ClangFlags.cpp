//===- ClangFlags.cpp - clang/gcc command lines to device arguments -------===//
//
// A compile command that is not nvcc (clang++ -x cuda, or a .cu file given to
// c++) already speaks clang. It is read with clang's own driver option table,
// so every option is recognised with its exact arity and spellings, and only
// what would get in the way of a device-side syntax-only parse is removed.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Command/FlagsInternal.h"
#include "Frontend/Frontend.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace warplint {
namespace {

using llvm::StringRef;
namespace opts = clang::options;

/// Options whose effect is outputs, the compilation mode (which
/// deviceParseArgs sets), CUDA header handling (also deviceParseArgs's), or
/// host code generation and linking.
const unsigned DroppedOptions[] = {
    // Mode and outputs.
    opts::OPT_c, opts::OPT_o, opts::OPT_x, opts::OPT_S, opts::OPT_E,
    opts::OPT_emit_llvm, opts::OPT_fsyntax_only, opts::OPT_cuda_device_only,
    opts::OPT_cuda_host_only, opts::OPT_cuda_compile_host_device,
    opts::OPT_offload_device_only, opts::OPT_offload_host_only,
    opts::OPT_save_temps, opts::OPT_save_temps_EQ, opts::OPT_pipe,
    opts::OPT_ftime_trace, opts::OPT_ftime_trace_EQ,
    // Dependency files.
    opts::OPT_M, opts::OPT_MM, opts::OPT_MD, opts::OPT_MMD, opts::OPT_MF,
    opts::OPT_MT, opts::OPT_MQ, opts::OPT_MP, opts::OPT_MJ,
    // CUDA installation and libraries: chosen by deviceParseArgs.
    opts::OPT_no_offload_inc, opts::OPT_no_offloadlib,
    opts::OPT_no_cuda_version_check, opts::OPT_resource_dir,
    opts::OPT_resource_dir_EQ,
    // Host code generation, instrumentation and linking.
    opts::OPT_Xarch_host, opts::OPT_Xlinker, opts::OPT_Wl_COMMA,
    opts::OPT_Wa_COMMA, opts::OPT_Xcuda_ptxas, opts::OPT_Xcuda_fatbinary,
    opts::OPT_fsanitize_EQ, opts::OPT_flto, opts::OPT_flto_EQ,
    opts::OPT_fprofile_instr_generate, opts::OPT_coverage, opts::OPT_fPIC,
    opts::OPT_fpic, opts::OPT_fPIE, opts::OPT_fpie, opts::OPT_pthread,
    opts::OPT_ffunction_sections, opts::OPT_fdata_sections,
    // Whole groups: linker inputs and flags, debug info, -m target flags
    // (they describe the host CPU, not the GPU).
    opts::OPT_Link_Group, opts::OPT_g_Group, opts::OPT_gN_Group,
    opts::OPT_m_Group};

bool isDropped(const llvm::opt::Option &O) {
  for (unsigned ID : DroppedOptions)
    if (O.matches(ID))
      return true;
  return O.hasFlag(opts::LinkerInput) || O.hasFlag(opts::LinkOption);
}

/// -Werror and -Werror=... (and -pedantic-errors) turn warnings into errors;
/// a failed parse would lose the analysis for a warning that says nothing
/// about memory access patterns.
bool isWarningAsError(const llvm::opt::Arg &A) {
  const llvm::opt::Option &O = A.getOption();
  if (O.matches(opts::OPT_pedantic_errors))
    return true;
  return O.matches(opts::OPT_W_Joined) && A.getNumValues() == 1 &&
         StringRef(A.getValue()).starts_with("error");
}

} // namespace

bool readOptionsFile(const std::string &Path, const std::string &Directory,
                     std::vector<std::string> &Tokens) {
  llvm::SmallString<256> Full(Path);
  if (!Directory.empty() && llvm::sys::path::is_relative(Full)) {
    Full = Directory;
    llvm::sys::path::append(Full, Path);
  }
  auto Buffer = llvm::MemoryBuffer::getFile(Full);
  if (!Buffer)
    return false;
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 32> Argv;
  llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Argv);
  for (const char *A : Argv)
    if (A)
      Tokens.emplace_back(A);
  return true;
}

bool isCudaCommand(const std::vector<std::string> &Args,
                   const std::string &File) {
  if (isNvccCommand(Args))
    return true;
  StringRef Ext = llvm::sys::path::extension(File);
  if (Ext == ".cu" || Ext == ".cuh")
    return true;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-xcuda" ||
        (A == "-x" && I + 1 < Args.size() && StringRef(Args[I + 1]) == "cuda"))
      return true;
    if (A.starts_with("--cuda-gpu-arch=") || A.starts_with("--cuda-path="))
      return true;
  }
  return false;
}

std::vector<std::string>
translateClangArgsIn(const std::vector<std::string> &Args,
                     const std::string &Directory,
                     std::vector<std::string> &Warnings) {
  std::vector<std::string> Out;
  if (Args.size() <= 1)
    return Out;

  std::vector<std::string> Expanded;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.starts_with("@") && A.size() > 1) {
      if (!readOptionsFile(A.drop_front().str(), Directory, Expanded))
        addWarningOnce(Warnings,
                       "warplint: warning: cannot read response file '" +
                           A.drop_front().str() + "'");
      continue;
    }
    Expanded.push_back(A.str());
  }

  std::vector<const char *> Argv;
  for (const std::string &A : Expanded)
    Argv.push_back(A.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::OptTable &Table = clang::getDriverOptTable();
  llvm::opt::InputArgList List =
      Table.ParseArgs(Argv, MissingIndex, MissingCount,
                      llvm::opt::Visibility(opts::ClangOption));

  // Kept options are copied as the command spelled them (-DX stays -DX,
  // `-isystem dir` stays two words): an option spans the argv words from
  // its index up to the next option's.
  std::vector<const llvm::opt::Arg *> Parsed(List.begin(), List.end());
  std::string Input;
  std::vector<std::string> Unknown;
  for (size_t I = 0; I < Parsed.size(); ++I) {
    const llvm::opt::Arg *A = Parsed[I];
    const llvm::opt::Option &O = A->getOption();
    if (O.getKind() == llvm::opt::Option::InputClass) {
      if (Input.empty())
        Input = A->getValue();
      continue;
    }
    if (O.getKind() == llvm::opt::Option::UnknownClass) {
      Unknown.push_back(A->getAsString(List));
      continue;
    }
    if (isDropped(O) || isWarningAsError(*A))
      continue;
    unsigned End = I + 1 < Parsed.size() ? Parsed[I + 1]->getIndex()
                                         : List.getNumInputArgStrings();
    for (unsigned W = A->getIndex(); W < End; ++W)
      Out.emplace_back(List.getArgString(W));
  }
  // Unknown to clang means the compiler would reject it too; say so once.
  std::string Where = Input.empty() ? std::string("a clang compile command")
                                    : "the compile command for '" + Input + "'";
  for (const std::string &U : Unknown)
    addWarningOnce(Warnings, "warplint: warning: ignoring unknown flag '" + U +
                                 "' in " + Where);
  return Out;
}

} // namespace warplint
