//===- TempFiles.h - Source files on disk for Report tests ------*- C++ -*-===//
//
// SourceCache reads real files, so tests write their inputs into a fresh
// directory that is removed afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TEST_REPORT_TEMPFILES_H
#define WARPLINT_TEST_REPORT_TEMPFILES_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace warplint {

class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> Path;
    if (!llvm::sys::fs::createUniqueDirectory("warplint-report", Path))
      Dir = std::string(Path);
  }
  ~TempDir() {
    if (!Dir.empty())
      llvm::sys::fs::remove_directories(Dir);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  /// Writes Content (bytes as given, no newline translation) to Name.
  std::string write(const std::string &Name, const std::string &Content) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Content;
    return std::string(Path);
  }

  std::string path(const std::string &Name) const {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    return std::string(Path);
  }

private:
  std::string Dir;
};

} // namespace warplint

#endif // WARPLINT_TEST_REPORT_TEMPFILES_H
