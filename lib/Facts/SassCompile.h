//===- SassCompile.h - One nvcc device compile per file, cached -*- C++ -*-===//
//
// The compiler-truth mode compiles the translation unit once with
// the file's own flags (`nvcc -cubin -lineinfo -O3 -arch=sm_XX`), disassembles
// the cubin with `nvdisasm -gi -c` and keeps the listing in a cache keyed by
// the file's contents, the nvcc command and the identity of both tools; an
// entry stays valid while every file the compile read (nvcc's own -MD list)
// is unchanged. docs/configuration.md documents the cache.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FACTS_SASSCOMPILE_H
#define WARPLINT_FACTS_SASSCOMPILE_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace warplint {

enum class SassMode {
  Off,  ///< never run nvcc
  Auto, ///< when the toolkit has nvcc and nvdisasm
  On,   ///< always; a missing nvcc or nvdisasm is an error
};

struct SassOptions {
  SassMode Mode = SassMode::Off;
  /// Where listings are kept; empty: $XDG_CACHE_HOME/warplint, else
  /// ~/.cache/warplint. "none": no cache.
  std::string CacheDir;
  /// How long one nvcc (or nvdisasm) run may take.
  unsigned TimeoutSeconds = 120;
  /// Debugging and tests: read this nvdisasm -gi listing instead of
  /// compiling (--sass-listing).
  std::string ListingFile;
  /// Print, per kernel and line, the instructions read and the emission
  /// decided (--dump-sass-facts).
  bool Dump = false;
};

/// The programs the mode runs, found in the toolkit the parse uses
/// (<root>/bin) and then on PATH.
struct SassTools {
  std::string Nvcc;
  std::string Nvdisasm;
};

/// The tools of the toolkit at ToolkitRoot (empty: PATH only); an error
/// naming what is missing.
llvm::Expected<SassTools> findSassTools(const std::string &ToolkitRoot);

/// What the compile of one file gave.
struct SassCompileResult {
  bool FromCache = false;
  /// nvdisasm's listing; empty when nvcc failed (Failure says why).
  std::string Listing;
  /// nvcc's failure in one line ("a.cu(3): error: ..."), for the note.
  std::string Failure;
};

/// The nvcc arguments (without the program, output and input) that compile
/// File for Arch with the command's own flags: clang-style OwnArgs keep their
/// include folders, macros, -std and forced includes; an nvcc command keeps
/// the nvcc-only flags that decide whether and how the code compiles
/// (--expt-relaxed-constexpr, -rdc, --use_fast_math, ...).
std::vector<std::string> sassNvccArgs(const std::vector<std::string> &OwnArgs,
                                      const std::vector<std::string> &Command,
                                      const std::string &Arch);

/// Compiles File (absolute) with Args (sassNvccArgs) unless the cache has
/// the listing. An error only for what the caller must stop on (the cache
/// folder cannot be made is not one: the compile then runs uncached).
SassCompileResult compileToSass(const SassTools &Tools, const std::string &File,
                                const std::vector<std::string> &Args,
                                const SassOptions &Opts);

/// The cache folder Opts names (see SassOptions::CacheDir); empty for none.
std::string sassCacheDir(const SassOptions &Opts);

} // namespace warplint

#endif // WARPLINT_FACTS_SASSCOMPILE_H
