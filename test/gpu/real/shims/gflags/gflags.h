// A stand-in for gflags (not on the device machine, which cannot install
// packages) with what a corpus driver's main() uses: each flag keeps the
// default its DEFINE_ gives, and the command line is not read. Drivers are
// run with their defaults (test/gpu/real/tensor-core-apps.txt).
#pragma once
#include <cstdint>
#include <string>

#define WARPLINT_SHIM_FLAG(Type, Name, Default)                                \
  static Type FLAGS_##Name = (Default)
#define DEFINE_uint32(Name, Default, Help)                                     \
  WARPLINT_SHIM_FLAG(uint32_t, Name, Default)
#define DEFINE_int32(Name, Default, Help)                                      \
  WARPLINT_SHIM_FLAG(int32_t, Name, Default)
#define DEFINE_uint64(Name, Default, Help)                                     \
  WARPLINT_SHIM_FLAG(uint64_t, Name, Default)
#define DEFINE_bool(Name, Default, Help) WARPLINT_SHIM_FLAG(bool, Name, Default)
#define DEFINE_string(Name, Default, Help)                                     \
  WARPLINT_SHIM_FLAG(std::string, Name, Default)

#define GFLAGS_NAMESPACE gflags
namespace gflags {
inline void ParseCommandLineFlags(int *, char ***, bool) {}
inline void ShutDownCommandLineFlags() {}
} // namespace gflags
