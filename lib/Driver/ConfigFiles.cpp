//===- ConfigFiles.cpp - Finding and reading .warplint.yaml files ---------===//
//
// The file-system side of the configuration: which .warplint.yaml applies
// to a source file (walking up its folders, as clang-tidy finds
// .clang-tidy), and reading one safely (regular files of bounded size only,
// a dangling or looping link said as such). Parsing is Config.cpp's.
//
//===----------------------------------------------------------------------===//

#include "Driver/Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <unistd.h>

namespace warplint {

llvm::Expected<std::string> readConfigFile(const std::string &Path) {
  namespace fs = llvm::sys::fs;
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(Path + ": " + Why);
  };
  fs::file_status Link;
  if (std::error_code EC = fs::status(Path, Link, /*Follow=*/false))
    return Fail("cannot read: " + EC.message());
  fs::file_status St;
  if (std::error_code EC = fs::status(Path, St)) {
    if (Link.type() == fs::file_type::symlink_file) {
      if (EC == std::errc::too_many_symbolic_link_levels)
        return Fail("a loop of symbolic links");
      char Target[4096];
      ssize_t N = ::readlink(Path.c_str(), Target, sizeof(Target) - 1);
      std::string To = N > 0 ? std::string(Target, size_t(N)) : "?";
      return Fail("a symbolic link to '" + To + "', which does not exist");
    }
    return Fail("cannot read: " + EC.message());
  }
  if (St.type() != fs::file_type::regular_file)
    return Fail("not a regular file; a configuration must be one");
  if (St.getSize() > MaxConfigBytes)
    return Fail("larger than " + std::to_string(MaxConfigBytes >> 20) +
                " MiB; not a configuration");
  // Opened once, checked again on the open file (it may have been swapped),
  // and read no further than the limit.
  llvm::Expected<fs::file_t> FD = fs::openNativeFileForRead(Path);
  if (!FD)
    return Fail("cannot read: " + llvm::toString(FD.takeError()));
  fs::file_status Open;
  std::error_code EC = fs::status(*FD, Open);
  std::string Text;
  if (!EC && (Open.type() != fs::file_type::regular_file ||
              Open.getSize() > MaxConfigBytes))
    EC = std::make_error_code(std::errc::invalid_argument);
  if (!EC) {
    auto Buf = llvm::MemoryBuffer::getOpenFile(*FD, Path, Open.getSize(),
                                               /*RequiresNullTerminator=*/
                                               false);
    if (Buf)
      Text = (*Buf)->getBuffer().str();
    else
      EC = Buf.getError();
  }
  (void)fs::closeFile(*FD); // read already; nothing to recover
  if (EC)
    return Fail("cannot read: " + EC.message());
  return Text;
}

const ConfigFinder::Result &ConfigFinder::forDirectory(const std::string &Dir) {
  // Called with Lock held; recursion walks up one folder at a time, each
  // level cached, so sibling folders share their parents' work.
  auto It = Cache.find(Dir);
  if (It != Cache.end())
    return *It->second;
  auto R = std::make_unique<Result>();
  llvm::SmallString<256> Candidate(Dir);
  llvm::sys::path::append(Candidate, ".warplint.yaml");
  llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
  bool HasParent = !Parent.empty() && Parent != Dir;

  // A dangling or looping link is there too, and is an error.
  llvm::sys::fs::file_status Here;
  if (!llvm::sys::fs::status(Candidate, Here, /*Follow=*/false)) {
    llvm::Expected<std::string> Text = readConfigFile(std::string(Candidate));
    if (!Text) {
      R->Error = llvm::toString(Text.takeError());
    } else {
      std::string Error;
      std::optional<Config> Own = parseConfig(*Text, Candidate, Error);
      if (!Own) {
        R->Error = Error;
      } else if (Own->InheritParentConfig && HasParent) {
        const Result &Up = forDirectory(Parent.str());
        if (Up.Found)
          R->Found = mergeConfig(*Up.Found, *Own);
        else
          R->Error = Up.Error;
      } else {
        R->Found = std::move(Own);
      }
    }
  } else if (HasParent) {
    const Result &Up = forDirectory(Parent.str());
    R->Found = Up.Found;
    R->Error = Up.Error;
  } else {
    R->Found = Config();
  }
  return *Cache.emplace(Dir, std::move(R)).first->second;
}

std::optional<Config> ConfigFinder::find(const std::string &File,
                                         std::string &Error) {
  llvm::SmallString<256> Dir(File);
  (void)llvm::sys::fs::make_absolute(Dir); // else kept relative
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);
  std::lock_guard<std::mutex> Guard(Lock);
  const Result &R = forDirectory(std::string(Dir));
  Error = R.Error;
  return R.Found;
}

} // namespace warplint
