//===- Toolkit.cpp - Finding the CUDA toolkit the way nvcc does -----------===//
//
// nvcc reads bin/nvcc.profile beside itself: a few `NAME = value` lines whose
// INCLUDES and SYSTEM_INCLUDES are the include options it passes to every
// front-end step. clang's --cuda-path adds only <root>/include, so without
// the profile a CUDA 13 parse misses include/cccl (libcu++, CUB, Thrust) and
// `#include <cooperative_groups.h>` fails on 'cuda/std/type_traits'.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Toolkit.h"
#include "Frontend/Frontend.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

namespace warplint {
namespace {

using llvm::StringRef;

bool hasRuntimeHeader(StringRef Root) {
  if (Root.empty())
    return false;
  llvm::SmallString<256> Header(Root);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(Header);
}

std::string realPath(StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

/// "13.0" from version.json ({"cuda": {"version": "13.0.88"}}), else from
/// include/cuda.h's `#define CUDA_VERSION 13000`; empty when neither says.
std::string readVersion(StringRef Root) {
  llvm::SmallString<256> Json(Root);
  llvm::sys::path::append(Json, "version.json");
  if (auto Buffer = llvm::MemoryBuffer::getFile(Json)) {
    if (auto V = llvm::json::parse((*Buffer)->getBuffer()))
      if (const llvm::json::Object *O = V->getAsObject())
        if (const llvm::json::Object *Cuda = O->getObject("cuda"))
          if (std::optional<StringRef> Full = Cuda->getString("version")) {
            llvm::SmallVector<StringRef, 3> Parts;
            Full->split(Parts, '.');
            if (Parts.size() >= 2)
              return (Parts[0] + "." + Parts[1]).str();
          }
  }
  llvm::SmallString<256> Header(Root);
  llvm::sys::path::append(Header, "include", "cuda.h");
  auto Buffer = llvm::MemoryBuffer::getFile(Header);
  if (!Buffer)
    return "";
  StringRef Text = (*Buffer)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION");
  if (At == StringRef::npos)
    return "";
  StringRef Number =
      Text.drop_front(At + strlen("#define CUDA_VERSION")).ltrim();
  Number = Number.take_while([](char C) { return C >= '0' && C <= '9'; });
  unsigned V = 0;
  if (Number.getAsInteger(10, V) || V == 0)
    return "";
  return std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
}

/// targets/<host>-linux: the folder nvcc's _TARGET_DIR_ names on this host.
std::string targetDir(StringRef Root) {
  for (StringRef Host : {"x86_64-linux", "sbsa-linux", "aarch64-linux",
                         "ppc64le-linux"}) {
    llvm::SmallString<256> Dir(Root);
    llvm::sys::path::append(Dir, "targets", Host);
    if (llvm::sys::fs::is_directory(Dir))
      return ("targets/" + Host).str();
  }
  return "";
}

/// Expands $(NAME) in Value with Vars; unknown names expand to nothing, as
/// in make.
std::string expand(StringRef Value, const llvm::StringMap<std::string> &Vars) {
  std::string Out;
  while (!Value.empty()) {
    size_t At = Value.find("$(");
    if (At == StringRef::npos) {
      Out += Value;
      break;
    }
    Out += Value.take_front(At);
    Value = Value.drop_front(At + 2);
    size_t Close = Value.find(')');
    if (Close == StringRef::npos)
      break;
    auto It = Vars.find(Value.take_front(Close));
    if (It != Vars.end())
      Out += It->second;
    Value = Value.drop_front(Close + 1);
  }
  return Out;
}

/// The variables nvcc.profile sets, with nvcc's built-in ones.
llvm::StringMap<std::string> readProfile(StringRef Root, StringRef Text) {
  llvm::StringMap<std::string> Vars;
  llvm::SmallString<256> Here(Root);
  llvm::sys::path::append(Here, "bin");
  Vars["_HERE_"] = std::string(Here);
  Vars["_THERE_"] = std::string(Here);
  Vars["_SPACE_"] = " ";
  Vars["_TARGET_SIZE_"] = "";
  Vars["_TARGET_DIR_"] = targetDir(Root);
  llvm::SmallVector<StringRef, 32> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    size_t Eq = Line.find('=');
    if (Eq == StringRef::npos || Eq == 0)
      continue;
    bool Append = Line[Eq - 1] == '+';
    bool Prepend = Eq + 1 < Line.size() && Line[Eq + 1] == '+';
    StringRef Name = Line.take_front(Append ? Eq - 1 : Eq).trim();
    StringRef Value = Line.drop_front(Eq + 1 + (Prepend ? 1 : 0)).trim();
    std::string V = expand(Value, Vars);
    std::string &Slot = Vars[Name];
    if (Append)
      Slot += " " + V;
    else if (Prepend)
      Slot = V + " " + Slot;
    else
      Slot = V;
  }
  return Vars;
}

} // namespace

std::vector<HeaderShim> toolkitHeaderShims(StringRef ResourceDir,
                                           StringRef Root) {
  std::vector<HeaderShim> Shims;
  llvm::SmallString<256> Wrapper(ResourceDir);
  llvm::sys::path::append(Wrapper, "include",
                          "__clang_cuda_runtime_wrapper.h");
  auto Buffer = llvm::MemoryBuffer::getFile(Wrapper, /*IsText=*/true);
  if (!Buffer)
    return Shims;
  llvm::SmallVector<StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  llvm::StringSet<> Seen;
  for (StringRef Line : Lines) {
    StringRef L = Line.trim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("\""))
      continue;
    StringRef Name = L.take_until([](char C) { return C == '"'; });
    if (Name.empty() || Name.starts_with("__clang_cuda") ||
        !Seen.insert(Name).second)
      continue;
    llvm::SmallString<256> Own(Root);
    llvm::sys::path::append(Own, "include", Name);
    if (!llvm::sys::fs::exists(Own))
      continue;
    llvm::SmallString<256> Beside(ResourceDir);
    llvm::sys::path::append(Beside, "include", Name);
    Shims.push_back({std::string(Beside),
                     "#include \"" + std::string(Own) + "\"\n"});
  }
  return Shims;
}

std::vector<std::string> nvccProfileIncludeArgs(StringRef Root) {
  std::vector<std::string> Args;
  std::string OwnInclude = realPath((Root + "/include").str());
  auto AddDir = [&](StringRef Dir) {
    if (!llvm::sys::fs::is_directory(Dir) || realPath(Dir) == OwnInclude)
      return;
    for (size_t I = 1; I < Args.size(); I += 2)
      if (realPath(Args[I]) == realPath(Dir))
        return;
    Args.push_back("-isystem");
    Args.push_back(Dir.str());
  };

  llvm::SmallString<256> Profile(Root);
  llvm::sys::path::append(Profile, "bin", "nvcc.profile");
  auto Buffer = llvm::MemoryBuffer::getFile(Profile);
  if (Buffer) {
    llvm::StringMap<std::string> Vars =
        readProfile(Root, (*Buffer)->getBuffer());
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    for (StringRef Var : {"INCLUDES", "SYSTEM_INCLUDES"}) {
      llvm::SmallVector<const char *, 8> Tokens;
      llvm::cl::TokenizeGNUCommandLine(Vars.lookup(Var), Saver, Tokens);
      for (size_t I = 0; I < Tokens.size(); ++I) {
        if (!Tokens[I])
          continue;
        StringRef T = Tokens[I];
        bool Separate = T == "-I" || T == "-isystem";
        if (Separate && I + 1 < Tokens.size() && Tokens[I + 1]) {
          AddDir(Tokens[++I]);
          continue;
        }
        for (StringRef Opt : {"-isystem", "-I"})
          if (T.consume_front(Opt)) {
            AddDir(T);
            break;
          }
      }
    }
  }
  // A toolkit without a profile (a copied include tree) still has its CCCL
  // headers where CUDA 13 puts them.
  llvm::SmallString<256> Cccl(Root);
  llvm::sys::path::append(Cccl, "include", "cccl");
  if (!Buffer)
    AddDir(Cccl);
  return Args;
}

std::optional<CudaToolkit> readCudaToolkit(StringRef Root, StringRef FoundBy) {
  if (!hasRuntimeHeader(Root))
    return std::nullopt;
  CudaToolkit T;
  T.Root = Root.str();
  T.FoundBy = FoundBy.str();
  T.Version = readVersion(Root);
  T.ExtraIncludeArgs = nvccProfileIncludeArgs(Root);
  return T;
}

namespace {

/// /opt/cuda-12.4/bin/nvcc -> /opt/cuda-12.4, through symlinks
/// (/usr/bin/nvcc -> /usr/local/cuda/bin/nvcc).
std::string rootOfNvcc(StringRef Nvcc) {
  std::string Real = realPath(Nvcc);
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real))
      .str();
}

std::string commandNvccRoot(const CompileCommand &Cmd) {
  if (!isNvccCommand(Cmd.Args))
    return "";
  StringRef Nvcc = Cmd.Args.front();
  if (!Nvcc.contains('/'))
    return ""; // found through PATH at build time: the PATH step covers it
  llvm::SmallString<256> Full(Nvcc);
  if (llvm::sys::path::is_relative(Full) && !Cmd.Directory.empty())
    llvm::sys::path::make_absolute(Cmd.Directory, Full);
  return rootOfNvcc(Full);
}

/// Every place a toolkit may be, in the order they are tried.
std::vector<std::pair<std::string, std::string>>
candidates(const CompileCommand *Cmd, StringRef CommandCudaPath) {
  std::vector<std::pair<std::string, std::string>> C;
  if (!CommandCudaPath.empty())
    C.push_back({CommandCudaPath.str(), "the compile command's --cuda-path"});
  if (Cmd)
    C.push_back({commandNvccRoot(*Cmd), "the compile command's nvcc"});
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> V = llvm::sys::Process::GetEnv(Var))
      C.push_back({*V, Var});
  if (auto Nvcc = llvm::sys::findProgramByName("nvcc"))
    C.push_back({rootOfNvcc(*Nvcc), "nvcc on PATH"});
  C.push_back({WARPLINT_CUDA_PATH, "the default location"});
  return C;
}

} // namespace

std::optional<CudaToolkit>
findCudaToolkit(const CompileCommand &Cmd, const FrontendOptions &Opts,
                StringRef CommandCudaPath, std::vector<std::string> &Warnings) {
  if (Opts.NoCudaToolkit)
    return std::nullopt;
  if (!Opts.CudaPath.empty()) {
    if (std::optional<CudaToolkit> T =
            readCudaToolkit(Opts.CudaPath, "--cuda-path"))
      return T;
    std::string W = "warplint: warning: no CUDA toolkit at '" + Opts.CudaPath +
                    "' (include/cuda_runtime.h missing); using warplint's "
                    "built-in CUDA declarations";
    if (!llvm::is_contained(Warnings, W))
      Warnings.push_back(W);
    return std::nullopt;
  }
  for (const auto &[Root, How] : candidates(&Cmd, CommandCudaPath))
    if (std::optional<CudaToolkit> T = readCudaToolkit(Root, How))
      return T;
  return std::nullopt;
}

std::string builtinCudaDeclarationsDir() {
  static const std::string Dir = [] {
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
    if (!Exe.empty()) {
      llvm::SmallString<256> Installed(
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
      llvm::sys::path::append(Installed, "share", "warplint", "cuda");
      if (llvm::sys::fs::exists(Installed + "/warplint_cuda_runtime.h"))
        return std::string(Installed);
    }
    return std::string(WARPLINT_BUILTIN_CUDA_DIR);
  }();
  return Dir;
}

std::string describeDefaultToolkit() {
  for (const auto &[Root, How] : candidates(nullptr, ""))
    if (std::optional<CudaToolkit> T = readCudaToolkit(Root, How))
      return "CUDA toolkit: " + T->Root +
             (T->Version.empty() ? "" : " (CUDA " + T->Version + ")") +
             ", found through " + T->FoundBy;
  return "CUDA toolkit: none found (CUDA_PATH, CUDA_HOME, nvcc on PATH, " WARPLINT_CUDA_PATH
         "); warplint's built-in CUDA declarations are used";
}

} // namespace warplint
