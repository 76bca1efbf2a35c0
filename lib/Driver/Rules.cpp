//===- Rules.cpp - What each check is, for formats that list them ---------===//
//
// The descriptions summarize the docs/checks pages; keep them in step.
//
//===----------------------------------------------------------------------===//

#include "Driver/Rules.h"

#include "Checks/Check.h"

#include "llvm/ADT/StringRef.h"

namespace warplint {

namespace {

struct Text {
  const char *Id;
  const char *Short;
  const char *Full;
};

const Text Descriptions[] = {
    {"warplint-bank-conflict",
     "shared-memory requests that need more wavefronts than ideal",
     "A warp's shared-memory request whose lanes fall into the same bank at "
     "different words is split into several wavefronts (Nsight Compute's L1 "
     "Wavefronts Shared per request, against its ideal). warplint computes "
     "the number from the index expression and the block shape, and warns "
     "where it exceeds the ideal."},
    {"warplint-uncoalesced",
     "global-memory requests that touch more 32-byte sectors than ideal",
     "A warp's global-memory request that touches more 32-byte sectors than "
     "the bytes it uses need (Nsight Compute's L2 Theoretical Sectors Global "
     "per request, against its ideal) wastes memory bandwidth: strided, "
     "scattered or misaligned accesses. warplint computes the sectors from "
     "the index expression and the block shape."},
    {"warplint-barrier-divergence",
     "block or warp barriers not reached by every thread they wait for",
     "A __syncthreads() (or another block barrier) that not every thread of "
     "the block reaches, or not equally often, and a __syncwarp(mask) not "
     "reached by exactly the lanes its mask names, are undefined behaviour: "
     "a hang, or a barrier that does not order the shared-memory accesses "
     "around it."},
};

} // namespace

std::vector<SarifRule> describeChecks(const std::string &DocsUri) {
  std::vector<SarifRule> Rules;
  for (const auto &C : createAllChecks()) {
    SarifRule R;
    R.Id = C->id();
    llvm::StringRef Name = R.Id;
    Name.consume_front("warplint-");
    R.HelpUri = DocsUri + "/checks/" + Name.str() + ".md";
    R.ShortDescription = R.Id;
    R.FullDescription = R.Id;
    // A check added without a description still gets a rule and its page.
    for (const Text &T : Descriptions)
      if (R.Id == T.Id) {
        R.ShortDescription = T.Short;
        R.FullDescription = T.Full;
      }
    Rules.push_back(std::move(R));
  }
  return Rules;
}

} // namespace warplint
