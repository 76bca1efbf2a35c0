//===- Arithmetic.cpp - The floating-point work of a launch ---------------===//

#include "Cost/Arithmetic.h"

#include "Model/LaunchShape.h"
#include "Model/TripCount.h"

#include <map>

namespace warplint {

std::optional<uint64_t> constantTripCount(const KernelModel &K, unsigned Id,
                                          const LaunchConfig &Launch,
                                          uint64_t Cap) {
  if (Id >= K.Loops.size())
    return std::nullopt;
  const Loop &L = K.Loops[Id];
  if (!L.UnknownReason.empty())
    return std::nullopt;
  auto Bind = bindLaunch(Launch);
  // Only the loop's own variable may stay free: anything else (a thread
  // index, an enclosing loop's variable, an unbound parameter) makes the
  // count differ between threads or iterations.
  std::optional<int64_t> Init =
      L.Init.substitute(Bind).evaluate([](Symbol) { return std::nullopt; });
  int64_t Step = L.StepValue;
  if (L.StepExpr) {
    std::optional<int64_t> S = L.StepExpr->substitute(Bind).evaluate(
        [](Symbol) { return std::nullopt; });
    if (!S)
      return std::nullopt;
    Step = *S;
  }
  if (!Init)
    return std::nullopt;
  return runTripCount(L, *Init, L.Condition.substitute(Bind), Step, Cap);
}

BlockArithmetic blockArithmetic(const KernelModel &K,
                                const LaunchConfig &Launch) {
  BlockArithmetic Out;
  if (!Launch.Block)
    return Out;
  int64_t WarpCount = (Launch.Block->threads() + WarpLanes - 1) / WarpLanes;
  double Warps = double(WarpCount);
  std::map<unsigned, std::optional<uint64_t>> Trips;
  for (const ArithmeticWork &W : K.Arithmetic) {
    double Times = 1;
    for (unsigned L : W.Loops) {
      auto [It, New] = Trips.try_emplace(L);
      if (New)
        It->second = constantTripCount(K, L, Launch);
      if (!It->second) {
        Times = 0; // not known: left out (a lower bound)
        break;
      }
      Times *= double(*It->second);
    }
    Out.Fp32 += W.Fp32 * Times * Warps;
    Out.Fp64 += W.Fp64 * Times * Warps;
  }
  return Out;
}

} // namespace warplint
