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
    std::vector<ArchInfo> T{
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
    // The cost model's reference GPU per architecture: the datasheet's SM
    // count, boost clock and DRAM bandwidth; L2 and launch costs are not
    // published (0: left out). sm_90's are measured instead (below).
    auto Gpu = [&](const char *Name, const char *Ref, unsigned SMs, double GHz,
                   double Dram) -> ArchInfo & {
      for (ArchInfo &A : T)
        if (A.Name == Name) {
          A.ReferenceGpu = Ref;
          A.SMCount = SMs;
          A.SMClockGHz = GHz;
          A.DramGBps = Dram;
          return A;
        }
      return T.front();
    };
    Gpu("sm_70", "Tesla V100 SXM2", 80, 1.53, 900);
    Gpu("sm_72", "Jetson AGX Xavier", 8, 1.377, 137);
    Gpu("sm_75", "Tesla T4", 40, 1.59, 320);
    Gpu("sm_80", "A100 SXM4 40GB", 108, 1.41, 1555);
    Gpu("sm_86", "RTX A6000", 84, 1.8, 768);
    Gpu("sm_87", "Jetson AGX Orin 64GB", 16, 1.3, 204.8);
    Gpu("sm_89", "L40S", 142, 2.52, 864);
    Gpu("sm_100", "B200", 148, 1.965, 8000);
    Gpu("sm_120", "RTX 5090", 170, 2.41, 1792);
    // Measured on an H100 80GB HBM3 (bench/cost/h100/ceilings.txt): the
    // clock under load, shared wavefronts per SM per clock, a copy kernel's
    // DRAM rate, an isolated sector's DRAM read (stride-32 loads read two
    // sectors' bytes each), L2 rates of coalesced and scattered (stride-32
    // floats) loads and stores at 1980 MHz, empty launches of 1 to 65,536
    // blocks.
    ArchInfo &H = Gpu("sm_90", "H100 SXM5 80GB", 132, 1.963, 3008);
    H.SharedWavefrontsPerClock = 0.998;
    H.DramReadGranularityBytes = 64;
    H.L2LoadGBps = 117.7 * 32 * 1.98;
    H.L2ScatteredLoadGBps = 67.65 * 32 * 1.98;
    H.L2StoreGBps = 57.4 * 32 * 1.98;
    H.L2ScatteredStoreGBps = 32.3 * 32 * 1.98;
    H.LaunchMicroseconds = 6.0;
    H.LaunchMicrosecondsPerBlock = (45.8 - 6.0) / 65536;
    // FFMA chains: 114.9 lanes per SM per clock at the 1980 MHz attribute
    // clock, restated at the clock the model uses. FP64: the datasheet's 64
    // FP64 lanes per SM (33.5 TFLOPS at 1.98 GHz on 132 SMs; not measured).
    H.Fp32LanesPerClock = 114.865 * 1.98 / 1.963;
    H.L2Bytes = 52428800; // cudaDevAttrL2CacheSize
    H.Fp64LanesPerClock = 64;
    return T;
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
