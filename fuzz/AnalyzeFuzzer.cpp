//===- AnalyzeFuzzer.cpp - libFuzzer target: one translation unit ---------===//
//
// The input bytes are the text of a CUDA file; it is parsed device side as
// the command line would parse it (warplint's built-in CUDA declarations,
// sm_90) and analyzed by every check, fixes searched and verified. The
// analysis runs on a thread with the command line's stack, but without
// the crash isolation: a crash must reach libFuzzer. Clang's errors are
// ordinary results.
//
//===----------------------------------------------------------------------===//

#include "Driver/Pipeline.h"
#include "Frontend/Frontend.h"

#include "llvm/Support/thread.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace warplint;

namespace {

/// The device-parse flags warplint uses for fuzz.cu, without argv[0] and
/// the file (analyzeCode adds both).
const std::vector<std::string> &cudaArgs() {
  static const std::vector<std::string> Args = [] {
    CompileCommand Cmd;
    Cmd.File = "fuzz.cu";
    Cmd.Args = {"clang++", "fuzz.cu"};
    std::vector<std::string> Warnings;
    std::vector<std::string> All =
        deviceParseArgs(Cmd, FrontendOptions(), Warnings);
    return std::vector<std::string>(All.begin() + 1, All.end() - 1);
  }();
  return Args;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // Keep inputs to what a parse handles in well under a second.
  if (Size > 64 * 1024)
    return -1;
  std::string Code(reinterpret_cast<const char *>(Data), Size);
  PipelineOptions Opts;
  // Small budgets: a slow input is a finding only past them.
  Opts.TimeBudgetSeconds = 2;
  Opts.LaneEvaluationBudget = uint64_t(1) << 24;
  llvm::thread Worker(std::optional<unsigned>(AnalysisStackBytes), [&] {
    FrontendResult Parsed = analyzeCode(Code, "fuzz.cu", cudaArgs(), {});
    if (!Parsed.Success)
      return;
    FileReport R = analyzeModel(Parsed, Opts);
    (void)R;
  });
  Worker.join();
  return 0;
}
