//===- Uniformity.h - Do a block's threads agree? ---------------*- C++ -*-===//
//
// The question behind every barrier: does each thread of a block evaluate a
// guard (or run a loop) the same way? A condition that mentions threadIdx can
// still be uniform for a launch shape (threadIdx.x < 64 with blockDim.x = 64),
// and can be uniform only for some parameter values (row < M with row =
// blockIdx.y * 8 + threadIdx.y: only when M % 8 == 0). Closed questions are
// decided by enumerating the block's threads (at most 1024); questions with
// free block-uniform symbols (kernel parameters, blockIdx, uniform loads,
// loop variables of uniform loops) by ISL, which also gives the parameter
// condition under which threads disagree.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_UNIFORMITY_H
#define WARPLINT_SOLVE_UNIFORMITY_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct UniformityOptions {
  /// ISL operation quota per question.
  unsigned long IslMaxOperations = 2000000;
  /// Loop-variable combinations enumeration may try before using ISL.
  unsigned MaxLoopCombinations = 4096;
  /// The target (a block's x extent is a whole number of its warps).
  ArchInfo Arch;
};

/// Two threads of one block that disagree, and the values of the free
/// symbols (source names) at which they do.
struct DisagreeingThreads {
  std::array<int64_t, 3> Taken{0, 0, 0};    ///< threadIdx where it holds
  std::array<int64_t, 3> NotTaken{0, 0, 0}; ///< threadIdx where it does not
  std::vector<std::pair<std::string, int64_t>> Bindings;
};

struct UniformityResult {
  enum Kind {
    Uniform,   ///< every thread agrees, for every value of the free symbols
    Divergent, ///< proved: some threads disagree (Condition says when)
    Unknown,   ///< Reason says why nothing is claimed
  } Verdict = Unknown;
  /// Divergent for some values of the kernel parameters only: when, in
  /// source terms ("M % 8 != 0", or "for example M = 13"). Empty when the
  /// threads disagree whatever the parameters are.
  std::string Condition;
  std::optional<DisagreeingThreads> Example;
  std::string Reason;
  bool ByEnumeration = false; ///< decided by enumerating the threads
};

/// The thread dimensions (0..2) a condition mentions directly.
std::vector<unsigned> threadDims(const Predicate &P);

/// Whether the threads of a block launched with L agree on P, where P may
/// refer to the variables of the loops in K (their values come from their
/// own Init/Condition).
UniformityResult decideUniform(const KernelModel &K, const Predicate &P,
                               const LaunchConfig &L,
                               const UniformityOptions &Opts = {});

/// Whether the threads agree on how many iterations loop LoopId runs (for
/// each iteration of the loops around it).
UniformityResult decideTripCount(const KernelModel &K, unsigned LoopId,
                                 const LaunchConfig &L,
                                 const UniformityOptions &Opts = {});

} // namespace warplint

#endif // WARPLINT_SOLVE_UNIFORMITY_H
