//===- Arch.cpp - Per-architecture memory parameters ----------------------===//
//
// Values from the CUDA C Programming Guide, "Technical Specifications per
// Compute Capability", and the Hopper/Ampere tuning guides.
//
//===----------------------------------------------------------------------===//

#include "Model/Arch.h"

#include <cctype>

namespace warplint {

const std::vector<ArchInfo> &allArchs() {
  static const std::vector<ArchInfo> Table = [] {
    auto Row = [](const char *Name, unsigned CC, unsigned SmemSM,
                  unsigned SmemBlock, unsigned Reserved, unsigned ThreadsSM,
                  unsigned BlocksSM) {
      ArchInfo A;
      A.Name = Name;
      A.ComputeCapability = CC;
      A.SharedPerSMBytes = SmemSM * 1024;
      A.SharedPerBlockMaxBytes = SmemBlock * 1024;
      A.SharedReservedPerBlockBytes = Reserved;
      A.MaxThreadsPerSM = ThreadsSM;
      A.MaxBlocksPerSM = BlocksSM;
      return A;
    };
    return std::vector<ArchInfo>{
        Row("sm_70", 70, 96, 96, 0, 2048, 32),
        Row("sm_72", 72, 96, 96, 0, 2048, 32),
        Row("sm_75", 75, 64, 64, 0, 1024, 16),
        Row("sm_80", 80, 164, 163, 1024, 2048, 32),
        Row("sm_86", 86, 100, 99, 1024, 1536, 16),
        Row("sm_87", 87, 164, 163, 1024, 2048, 16),
        Row("sm_89", 89, 100, 99, 1024, 1536, 24),
        Row("sm_90", 90, 228, 227, 1024, 2048, 32),
        Row("sm_100", 100, 228, 227, 1024, 2048, 32),
        Row("sm_120", 120, 128, 99, 1024, 1536, 32),
    };
  }();
  return Table;
}

std::optional<ArchInfo> findArch(const std::string &Name) {
  std::string Digits;
  for (char C : Name)
    if (std::isdigit(static_cast<unsigned char>(C)))
      Digits += C;
  // Accept sm_90, sm_90a, compute_90, 90.
  std::string Prefix = Name.substr(0, Name.find_first_of("0123456789"));
  if (Digits.empty() || !(Prefix.empty() || Prefix == "sm_" ||
                          Prefix == "compute_"))
    return std::nullopt;
  for (const ArchInfo &A : allArchs())
    if (A.Name == "sm_" + Digits)
      return A;
  return std::nullopt;
}

std::string knownArchNames() {
  std::string S;
  for (const ArchInfo &A : allArchs())
    S += (S.empty() ? "" : ", ") + A.Name;
  return S;
}

} // namespace warplint
