//===- CompilationDb.cpp - Reading compile_commands.json ------------------===//
//
// `warplint -p BUILD_DIR [FILE...]` reads the compile database as clang-tidy
// does: every CUDA entry when no file is named; otherwise each named file's
// own command, or for a file the database lacks (a header, a new file) the
// command clang's interpolation infers from its nearest neighbour.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Command/FlagsInternal.h"
#include "Frontend/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warplint {
namespace {

CompileCommand fromTooling(const clang::tooling::CompileCommand &C) {
  CompileCommand Out;
  Out.Directory = C.Directory;
  Out.File = C.Filename;
  Out.Args = C.CommandLine;
  return Out;
}

/// BuildDir may name the directory (as -p does) or the JSON file itself.
std::string databasePath(const std::string &BuildDir) {
  if (llvm::sys::fs::is_directory(BuildDir)) {
    llvm::SmallString<256> Path(BuildDir);
    llvm::sys::path::append(Path, "compile_commands.json");
    return std::string(Path);
  }
  return BuildDir;
}

} // namespace

std::vector<CompileCommand>
loadCompileCommands(const std::string &BuildDir,
                    const std::vector<std::string> &Files, std::string &Error) {
  Error.clear();
  std::string Path = databasePath(BuildDir);
  if (!llvm::sys::fs::exists(Path)) {
    Error = "no compilation database in '" + BuildDir + "' (" + Path +
            " not found)";
    return {};
  }
  std::string LoadError;
  std::unique_ptr<clang::tooling::CompilationDatabase> Db =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Path, LoadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Db) {
    Error = "cannot read compilation database '" + Path + "': " + LoadError;
    return {};
  }

  std::vector<CompileCommand> Result;
  if (Files.empty()) {
    llvm::StringSet<> Seen;
    for (const clang::tooling::CompileCommand &C :
         Db->getAllCompileCommands()) {
      if (!isCudaCommand(C.CommandLine, C.Filename))
        continue;
      // A file built twice (two targets) is analyzed once, with its first
      // command.
      llvm::SmallString<256> Full(C.Filename);
      llvm::sys::path::make_absolute(C.Directory, Full);
      llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
      if (Seen.insert(Full).second)
        Result.push_back(fromTooling(C));
    }
    return Result;
  }

  std::unique_ptr<clang::tooling::CompilationDatabase> Inferring =
      clang::tooling::inferMissingCompileCommands(std::move(Db));
  for (const std::string &File : Files) {
    llvm::SmallString<256> Full(File);
    (void)llvm::sys::fs::make_absolute(Full); // else kept relative
    llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
    std::vector<clang::tooling::CompileCommand> Cmds =
        Inferring->getCompileCommands(Full);
    if (Cmds.empty()) {
      Error = "no compile command for '" + File + "' in '" + Path +
              "', and none could be inferred";
      return {};
    }
    Result.push_back(fromTooling(Cmds.front()));
  }
  return Result;
}

std::string findCompileDatabaseDir(const std::string &File) {
  llvm::SmallString<256> Dir(File);
  (void)llvm::sys::fs::make_absolute(Dir); // else kept relative
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    for (const char *Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Sub, "compile_commands.json");
      if (llvm::sys::fs::exists(Candidate)) {
        llvm::sys::path::remove_filename(Candidate);
        return std::string(Candidate);
      }
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return "";
}

} // namespace warplint
