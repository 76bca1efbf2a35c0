//===- Config.h - .warplint.yaml project configuration ----------*- C++ -*-===//
//
// A .warplint.yaml is found by walking up from each analyzed file, as
// clang-tidy finds .clang-tidy: the nearest one wins, and it is merged over
// the next one up only when it says InheritParentConfig: true. Command-line
// flags override both. docs/configuration.md documents every key.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_DRIVER_CONFIG_H
#define WARPLINT_DRIVER_CONFIG_H

#include "Driver/Pipeline.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The settings of one .warplint.yaml (or of the command line, when the tool
/// turns its explicit flags into one): a key that was not written is unset.
struct Config {
  /// The files it was read from, nearest first; empty for none.
  std::vector<std::string> Files;
  /// Check globs, appended to the ones before (later globs win).
  std::optional<std::string> Checks;
  /// Globs of checks whose findings become errors; appended likewise.
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> Arch;
  /// Block shapes per kernel name ("*": every kernel not named).
  std::map<std::string, ConfiguredBlockShapes> BlockShapes;
  /// CheckOptions: "check.Option" -> value, validated against the checks'
  /// optionSpecs() and merged option by option. The top-level keys
  /// ReportMisaligned and AssumeWorst are aliases (checkOptionAlias).
  std::map<std::string, std::string> CheckOptions;
  std::optional<bool> ShowUnknown;
  /// The compiler-truth mode: "auto", "on" or "off" (docs/configuration.md).
  std::optional<std::string> Sass;
  /// Values of scalar kernel parameters the kernels run with (Params:),
  /// by parameter name; merged name by name.
  std::map<std::string, int64_t> Params;
  /// Findings whose estimated speed-up is below this are dropped
  /// (docs/performance-model.md); Sort orders a run's findings by
  /// "location" or by "impact".
  std::optional<double> MinSpeedup;
  std::optional<std::string> Sort;
  bool InheritParentConfig = false;
};

/// A MinSpeedup or --min-speedup value: a number from 1 to 10^6.
std::optional<double> parseMinSpeedup(llvm::StringRef Text);

/// The full option name a top-level key stands for (ReportMisaligned ->
/// warplint-uncoalesced.ReportMisaligned), kept from before CheckOptions;
/// the command line's --assume-worst and --no-misaligned use them too.
std::optional<std::string> checkOptionAlias(llvm::StringRef Key);
/// Sets option Name to Value when there is one.
void setCheckOption(Config &C, const std::string &Name,
                    std::optional<bool> Value);

/// Parses the text of a .warplint.yaml named Path. On a syntax error, a tab
/// in indentation, an unknown or duplicate key, a value of the wrong type
/// or a malformed glob, returns nullopt and sets Error to one line
/// "Path:LINE:COL: message".
std::optional<Config> parseConfig(llvm::StringRef Text, llvm::StringRef Path,
                                  std::string &Error);

/// The largest .warplint.yaml read (1 MiB): anything bigger is no
/// configuration (a link to /dev/zero, a log file).
constexpr uint64_t MaxConfigBytes = uint64_t(1) << 20;

/// The text of the configuration file at Path: a regular file (a symbolic
/// link is followed to one) of at most MaxConfigBytes; otherwise an error
/// "Path: why" (a dangling or looping link, a device, too large).
llvm::Expected<std::string> readConfigFile(const std::string &Path);

/// Success when every glob of the comma-separated List (clang-tidy style,
/// '-' to remove) is well formed; else which one is not and why.
llvm::Error validateGlobList(llvm::StringRef List);

/// True when Filter (a check glob list) enables at least one check.
bool anyCheckEnabled(const std::string &Filter);

/// Over's keys replace Base's, except the glob lists (Checks,
/// WarningsAsErrors), which are appended so that Over's globs come later and
/// win, and BlockShapes, which are merged kernel by kernel.
Config mergeConfig(const Config &Base, const Config &Over);

/// Sets the pipeline options that C names; Opts keeps the others.
void applyConfig(const Config &C, PipelineOptions &Opts);

/// Finds the configuration of each file; results are cached per folder, so
/// a whole compilation database reads every .warplint.yaml once. Safe to
/// share between threads.
class ConfigFinder {
public:
  /// The configuration that applies to File (absolute, or relative to the
  /// current folder): an empty Config when there is no .warplint.yaml above
  /// it. Returns nullopt and sets Error when one on the way is invalid.
  std::optional<Config> find(const std::string &File, std::string &Error);

private:
  struct Result {
    std::optional<Config> Found; ///< nullopt: invalid, see Error
    std::string Error;
  };
  const Result &forDirectory(const std::string &Dir);

  std::mutex Lock;
  std::map<std::string, std::unique_ptr<Result>> Cache;
};

} // namespace warplint

#endif // WARPLINT_DRIVER_CONFIG_H
