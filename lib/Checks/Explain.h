//===- Explain.h - Notes shared by the memory checks ------------*- C++ -*-===//
//
// The explanation pieces both memory checks attach to their warnings: the
// thread index that moves between lanes and its stride, an example pair of
// lanes, the launch shape assumed, the condition of a parametric answer.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_CHECKS_EXPLAIN_H
#define WARPLINT_CHECKS_EXPLAIN_H

#include "Checks/Analysis.h"
#include "Report/Diagnostic.h"

#include <string>
#include <vector>

namespace warplint {

/// "threadIdx.x" for dimension 0, ...
std::string threadIndexName(unsigned Dim);

/// "12.5" / "32": a mean with at most two decimals, no trailing zeros.
std::string formatMean(double Value);

/// "in the common case, every size the launch leaves open a large power of
/// two ((blockIdx.x * C) % 8 == 0): 16 sectors per request (ideal 16)";
/// empty when the answer names none (SolveResultCommon::Common).
std::string commonCaseNote(const SolveResultCommon &R, const char *Unit);

/// "assuming block 32x8x1 from the launch at f.cu:40:3", located at the
/// launch site when there is one.
DiagNote launchNote(const LaunchConfig &L);

/// For an access written in a __device__ function, one note per call on
/// the way from the kernel, at the call site, as clang's "in instantiation
/// of" notes: "in 'load' called from kernel 'k<8>' here".
void addCallContextNotes(const AccessAnalysis &A, std::vector<DiagNote> &Notes);

/// "lane 0 (threadIdx (0, 0, 0)) and lane 1 (threadIdx (1, 0, 0)) of warp 0"
std::string describeLanePair(const RequestWitness &W);

/// " with i = 3, n = 7" or "" when nothing is bound.
std::string describeBindings(const RequestWitness &W);

/// Why one instruction holds different iterations for different lanes when
/// the witness request does (nvcc's remainder-first unroll of a loop whose
/// trip count differs between lanes; RequestWitness::MixedLoop).
std::optional<std::string> mixedIterationsNote(const RequestWitness &W);

/// The analysis among PerLaunch with the largest excess over its ideal
/// (Exact results only); nullptr when none is exact.
const AccessAnalysis *
worstAnalysis(const std::vector<const AccessAnalysis *> &PerLaunch);

/// Notes for the other launch configurations whose numbers differ from
/// Worst's, e.g. "with block 16x16x1 from the launch at ...: 16 wavefronts".
void addOtherLaunchNotes(const std::vector<const AccessAnalysis *> &PerLaunch,
                         const AccessAnalysis &Worst,
                         std::vector<DiagNote> &Notes);

/// A remark saying why an access could not be analyzed (--show-unknown).
Diagnostic unknownRemark(const std::string &Check, const AccessAnalysis &A,
                         const std::string &Reason);

/// A remark giving the bounds of an access that depends on data
/// (--show-unknown: what is not exact is shown there).
Diagnostic boundedRemark(const std::string &Check, const AccessAnalysis &A);

/// worstAnalysis(PerLaunch); when no launch has an exact answer, appends the
/// unknown (or bounded) remark to Out if ShowUnknown and returns nullptr.
const AccessAnalysis *
worstOrUnknownRemark(const std::string &Check,
                     const std::vector<const AccessAnalysis *> &PerLaunch,
                     bool ShowUnknown, std::vector<Diagnostic> &Out);

} // namespace warplint

#endif // WARPLINT_CHECKS_EXPLAIN_H
