//===- FileSetup.h - A file's compile command and configuration -*- C++ -*-===//
//
// What every front end (the command line, the language server, the
// clang-tidy plugin) needs before analyzing a file, found one way for all
// of them: its compile command, as clangd finds it, and the .warplint.yaml
// that applies to it.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_FILESETUP_H
#define WARPLINT_DRIVER_FILESETUP_H

#include "Driver/Config.h"
#include "Frontend/Frontend.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace warplint {

/// A file's compile command and where it came from.
struct FileCommand {
  CompileCommand Cmd;
  /// "DIR/compile_commands.json", or "fallback flags (why)", for logs.
  std::string Source;
};

/// `clang++ Flags File` run in Dir (deviceParseArgs adds CUDA mode, the
/// architecture and the toolkit).
CompileCommand fallbackCommand(const std::string &File,
                               const std::vector<std::string> &Flags,
                               const std::string &Dir);

/// File's command from the nearest compile_commands.json above it (a file
/// missing from it gets the database's inferred command); without one, or
/// when it gives none, fallbackCommand(File, FallbackFlags, FallbackDir).
FileCommand commandForFile(const std::string &File,
                           const std::vector<std::string> &FallbackFlags,
                           const std::string &FallbackDir);

/// The configuration that applies to File (an empty Config when no
/// .warplint.yaml is above it), or an error "invalid configuration: ..."
/// naming the file and line of an invalid one.
llvm::Expected<Config> configForFile(ConfigFinder &Finder,
                                     const std::string &File);

} // namespace warplint

#endif // WARPLINT_DRIVER_FILESETUP_H
