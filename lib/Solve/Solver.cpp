// Placeholder until the solver lands.
#include "Solve/Solver.h"
namespace warplint {
const char *patternName(GlobalPattern P) {
  switch (P) {
  case GlobalPattern::Coalesced: return "coalesced";
  case GlobalPattern::Uniform: return "uniform";
  case GlobalPattern::Strided: return "strided";
  case GlobalPattern::Misaligned: return "misaligned";
  case GlobalPattern::Scattered: return "scattered";
  }
  return "?";
}
SharedResult solveShared(const KernelModel &, const Access &, const LaunchConfig &, const SolveOptions &) {
  SharedResult R; R.Reason = "solver not built yet"; return R;
}
GlobalResult solveGlobal(const KernelModel &, const Access &, const LaunchConfig &, const SolveOptions &) {
  GlobalResult R; R.Reason = "solver not built yet"; return R;
}
}
