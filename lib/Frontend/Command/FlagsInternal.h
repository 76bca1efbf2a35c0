//===- FlagsInternal.h - Shared pieces of compile-flag handling -*- C++ -*-===//
//
// Private to lib/Frontend: the parts of nvcc and clang command translation
// that deviceParseArgs and loadCompileCommands combine. Frontend.h holds the
// public entry points.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_FLAGSINTERNAL_H
#define WARPLINT_FRONTEND_FLAGSINTERNAL_H

#include <string>
#include <vector>

namespace warplint {

/// translateNvccArgs with the command's working directory, which relative
/// options files (--options-file, @file) are read from. Empty: the current
/// directory.
std::vector<std::string>
translateNvccArgsIn(const std::vector<std::string> &Args,
                    const std::string &Directory,
                    std::vector<std::string> &Warnings);

/// The clang-style counterpart: keeps the flags of a clang/gcc command that
/// matter for a device-side parse, dropping argv[0], inputs, outputs,
/// dependency files, the compilation mode and host-only code generation.
/// Response files (@file) are expanded relative to Directory.
std::vector<std::string>
translateClangArgsIn(const std::vector<std::string> &Args,
                     const std::string &Directory,
                     std::vector<std::string> &Warnings);

/// True when the command compiles CUDA: an nvcc command, `-x cuda`, or a
/// .cu/.cuh input.
bool isCudaCommand(const std::vector<std::string> &Args,
                   const std::string &File);

/// Adds Message to Warnings unless it is already there, so a flag is
/// reported once however often it appears.
void addWarningOnce(std::vector<std::string> &Warnings,
                    const std::string &Message);

/// Reads a response or options file and splits it as a shell would (GNU
/// quoting). False when it cannot be read.
bool readOptionsFile(const std::string &Path, const std::string &Directory,
                     std::vector<std::string> &Tokens);

} // namespace warplint

#endif // WARPLINT_FRONTEND_FLAGSINTERNAL_H
