//===- AccessesText.cpp - The --all-accesses listing ----------------------===//
//
// One remark per access record, one line each, stable wording (scripts grep
// it; docs/json-output.md has the machine-readable form):
//
//   f.cu:12:20: remark: shared load of 'tile' (4 bytes) in kernel 'k':
//       32 wavefronts per request (mean 32.0, ideal 1); block 32x32x1 from
//       the launch at f.cu:40:3 [warplint-access]
//   f.cu:30:5: remark: global store of 'out' (4 bytes) in 'helper' called
//       from kernel 'k': 8 sectors per request (mean 8.0, ideal 4, strided)
//       when n % 8 == 0; block 256x1x1 from --block-dim [warplint-access]
//   f.cu:44:7: remark: shared atomic of 'hist' (4 bytes) in kernel 'k':
//       unknown: index loaded from memory; no launch found: blockDim.x
//       assumed a multiple of 32 [warplint-access]
//
// (each printed on a single line). No source snippet: the listing is meant
// to be compact and every access of a file would repeat it.
//
//===----------------------------------------------------------------------===//

#include "Report/Decimal.h"
#include "Report/TextStyle.h"
#include "Report/Writers.h"

namespace warplint {

/// The check name the listing's remarks carry.
static constexpr llvm::StringLiteral AccessCheck = "warplint-access";

static std::string describeAccess(const AccessRecord &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << spaceName(R.Space) << ' ' << opName(R.Op) << " of '" << R.Variable
     << "' (" << R.Bytes << (R.Bytes == 1 ? " byte" : " bytes") << ") in ";
  if (!R.Function.empty() && R.Function != R.Kernel)
    OS << '\'' << R.Function << "' called from ";
  OS << "kernel '" << R.Kernel << "': ";

  if (R.Emitted && R.Emitted->MergedInto) {
    OS << "no request of its own: " << R.Emitted->Note;
  } else if (R.Bounded) {
    bool Sh = R.Space == MemorySpace::Shared;
    const char *Unit = Sh ? " wavefronts" : " sectors";
    OS << "bounded: " << (Sh ? R.WavefrontsMin : R.SectorsMin) << " to "
       << (Sh ? R.Wavefronts : R.Sectors) << Unit << " per request (mean "
       << formatDecimal(Sh ? R.WavefrontsMeanMin : R.SectorsMeanMin) << " to "
       << formatDecimal(Sh ? R.WavefrontsMean : R.SectorsMean)
       << ") depending on "
       << (R.BoundOverValues ? "values warplint does not follow: " : "the data: ")
       << R.Reason;
    if (Sh && R.WavefrontsExpected)
      OS << "; " << formatDecimal(*R.WavefrontsExpected)
         << " expected if each lane's index is uniformly random over the "
         << R.ObjectElements << " elements";
  } else if (!R.Exact) {
    OS << "unknown: " << (R.Reason.empty() ? "no reason given" : R.Reason);
  } else if (R.Space == MemorySpace::Shared) {
    OS << R.Wavefronts << (R.Wavefronts == 1 ? " wavefront" : " wavefronts")
       << " per request (mean " << formatDecimal(R.WavefrontsMean) << ", ideal "
       << R.IdealWavefronts << ')';
  } else {
    OS << R.Sectors << (R.Sectors == 1 ? " sector" : " sectors")
       << " per request (mean " << formatDecimal(R.SectorsMean) << ", ideal "
       << R.IdealSectors;
    if (!R.Pattern.empty())
      OS << ", " << R.Pattern;
    OS << ')';
  }
  if (R.Exact && !R.Condition.empty())
    OS << " when " << R.Condition;
  if (R.Emitted && !R.Emitted->MergedInto)
    OS << "; " << R.Emitted->Note;
  if (!R.LaunchDescription.empty())
    OS << "; " << R.LaunchDescription;
  return S;
}

void writeAccessesText(llvm::raw_ostream &OS,
                       const std::vector<AccessRecord> &Records,
                       const TextOptions &Opts) {
  ColorScope Colors(OS, Opts.Color);
  for (const AccessRecord &R : Records)
    printDiagnosticLine(OS, R.Loc, Severity::Remark, describeAccess(R),
                        AccessCheck);
}

} // namespace warplint
