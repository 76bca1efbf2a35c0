//===- FrontendTestUtil.h - Parse CUDA code for front-end tests -*- C++ -*-===//
//
// The device parse warplint itself would run on a file test.cu, and lookups
// into the model it gives, shared by the front-end test files.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TEST_FRONTENDTESTUTIL_H
#define WARPLINT_TEST_FRONTENDTESTUTIL_H

#include "Frontend/Frontend.h"

#include <string>
#include <vector>

namespace warplint {

/// The device-parse flags warplint itself would use for test.cu: the CUDA
/// toolkit when the machine has one, warplint's own declarations otherwise,
/// so the tests run on both kinds of machine.
inline std::vector<std::string> cudaArgs() {
  CompileCommand Cmd;
  Cmd.File = "test.cu";
  Cmd.Args = {"clang++", "test.cu"};
  std::vector<std::string> Warnings;
  std::vector<std::string> Args =
      deviceParseArgs(Cmd, FrontendOptions(), Warnings);
  // Without argv[0] and the input file: analyzeCode adds both.
  return std::vector<std::string>(Args.begin() + 1, Args.end() - 1);
}

inline FrontendResult parse(const std::string &Code,
                            FrontendOptions Opts = {}) {
  return analyzeCode(Code, "test.cu", cudaArgs(), Opts);
}

inline const KernelModel *kernel(const FrontendResult &R,
                                 const std::string &Name) {
  for (const KernelModel &K : R.Model.Kernels)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

inline std::vector<const Access *> accessesOf(const KernelModel &K,
                                              const std::string &Obj) {
  std::vector<const Access *> Out;
  for (const Access &A : K.Accesses)
    if (K.Objects[A.Object].Name == Obj)
      Out.push_back(&A);
  return Out;
}

inline const MemoryObject *object(const KernelModel &K,
                                  const std::string &Name) {
  for (const MemoryObject &O : K.Objects)
    if (O.Name == Name)
      return &O;
  return nullptr;
}

} // namespace warplint

#endif // WARPLINT_TEST_FRONTENDTESTUTIL_H
