//===- ImpactJson.cpp - A finding's estimated cost as JSON ----------------===//

#include "Report/ImpactJson.h"

#include "Report/Decimal.h"

#include <cmath>
#include <string>

namespace warplint {
namespace {

/// Estimates are written rounded, as means are (Decimal.h).
void writeRounded(llvm::json::OStream &J, llvm::StringRef Key, double V,
                  unsigned Decimals) {
  if (!std::isfinite(V)) {
    J.attribute(Key, nullptr);
    return;
  }
  std::string Text = formatDecimal(V, Decimals);
  J.attributeBegin(Key);
  J.rawValue([&](llvm::raw_ostream &OS) { OS << Text; });
  J.attributeEnd();
}

} // namespace

void writeImpactAttributes(llvm::json::OStream &J, const FindingImpact &I) {
  J.attribute(std::string("excess_") + I.Unit, int64_t(std::llround(I.Excess)));
  J.attribute("per", I.PerBlock ? "block" : "launch");
  writeRounded(J, "est_time_us", I.TimeUs, 3);
  writeRounded(J, "est_time_after_us", I.TimeAfterUs, 3);
  writeRounded(J, "est_speedup", I.Speedup, 3);
  J.attribute("bottleneck", I.Bottleneck);
  J.attribute("bottleneck_after", I.BottleneckAfter);
  J.attribute("accesses_left_out", int64_t(I.LeftOut));
  if (I.L2Resident)
    J.attribute("l2_resident", true);
  if (!I.Site.empty())
    J.attribute("launch_site", I.Site);
  if (!I.Grid.empty())
    J.attribute("grid", I.Grid);
  if (!I.Launches.empty())
    J.attributeArray("launches", [&] {
      for (const FindingImpact &L : I.Launches)
        J.object([&] { writeImpactAttributes(J, L); });
    });
}

} // namespace warplint
