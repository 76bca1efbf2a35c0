//===- Solver.h - Wavefronts and sectors per warp request -------*- C++ -*-===//
//
// Public interface of the solver: given one access of the access model and
// one launch configuration, the number of shared-memory wavefronts (or global
// sectors) one warp request needs, worst case and mean over the requests that
// execute, the ideal, and evidence (a colliding lane pair, strides). ISL is an
// implementation detail behind this header: nothing ISL-typed leaks out.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SOLVER_H
#define WARPLINT_SOLVE_SOLVER_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What the analysis of one file may spend, shared by every solve of the
/// file (the accesses, then the fix search): once it is spent, the solves
/// that remain answer unknown with the reason, so a file ends in time
/// whatever it contains.
struct FileBudget {
  std::chrono::steady_clock::time_point Deadline =
      std::chrono::steady_clock::time_point::max();
  double Seconds = 0; ///< what Deadline was set from, for the reason
  /// Lane evaluations enumeration may still spend on the file.
  uint64_t LaneEvaluations = UINT64_MAX;

  /// The reason when the budget is spent, else nullopt.
  std::optional<std::string> exhausted() const;

  /// What is left of a budget, with its clock stopped: a file's fixes are
  /// verified with what its analysis left (and --fix, once every file is
  /// done, with what the verification left), so that the whole file stays
  /// within one budget however long other files take.
  struct Left {
    double Seconds = 0;
    double Total = 0; ///< the budget it came from, for the reason
    uint64_t LaneEvaluations = 0;
  };
  static FileBudget start(double Seconds, uint64_t LaneEvaluations);
  static FileBudget resume(const Left &L);
  Left left() const;
};

struct SolveOptions {
  ArchInfo Arch;
  /// The budget of the file being analyzed; none when null.
  FileBudget *File = nullptr;
  /// Lane evaluations exact enumeration may spend on one access before it
  /// switches to ISL reasoning (or reports unknown).
  uint64_t EnumerationBudget = uint64_t(1) << 24;
  /// ISL operation quota per access (isl_ctx_set_max_operations).
  unsigned long IslMaxOperations = 2000000;
};

enum class SolveStatus {
  Exact,   ///< numbers are exact for every value of the free symbols
  /// The address or the active lanes depend on data: the numbers are the
  /// worst case over all data and the *Min fields the best; the hardware
  /// lies between them. Reason says what data decides.
  Bounded,
  Unknown, ///< Reason says why nothing is claimed
};

/// One lane of an example request.
struct LaneWitness {
  unsigned Warp = 0;                      ///< warp index in the block
  unsigned Lane = 0;                      ///< lane 0..31
  std::array<int64_t, 3> Thread{0, 0, 0}; ///< threadIdx
  int64_t ByteOffset = 0;                 ///< offset from the object's start
};

/// One request laid out on banks or sectors by the hardware rules
/// (sharedRequestLayout, globalRequestLayout): what a picture of it draws.
struct RequestLayout {
  struct Lane {
    /// The banks (shared) it touches, or the request's sectors as indices
    /// into Sectors (global).
    std::vector<unsigned> Columns;
    /// Shared: another lane of its phase asks one of its banks for another
    /// word (the lanes that serialize).
    bool Collides = false;
  };
  std::vector<Lane> Lanes; ///< in the order of the request's lanes
  unsigned Columns = 0;    ///< the banks, or the sectors touched
  std::vector<int64_t> Sectors; ///< global: the sectors touched, ascending
  unsigned BytesPerLane = 0;
  unsigned Cost = 0, Ideal = 0; ///< wavefronts or sectors, and the ideal
};

/// Two lanes of one request that make the worst case: for shared memory two
/// lanes asking the same bank for different words, for global memory the
/// first two lanes that fall into different sectors.
struct RequestWitness {
  LaneWitness A, B;
  unsigned Bank = 0; ///< shared: the bank both lanes hit
  /// Values of the free symbols (loop variables, parameters, blockIdx)
  /// at that request, as (name, value).
  std::vector<std::pair<std::string, int64_t>> Bindings;
  /// The loop nvcc unrolls with its remainder first and by how much, when
  /// the request runs different iterations of it for different lanes
  /// (RequestView::MixedLoop); empty otherwise. Bindings then leave it out.
  std::string MixedLoop;
  unsigned MixedUnroll = 0;
  bool MixedRemainderLast = false; ///< Loop::RemainderLast
  /// Two lanes of that request at different iterations of the mixed loop.
  unsigned MixedLaneA = 0, MixedLaneB = 0;
  /// Every active lane of the request, in lane order (A and B among them).
  std::vector<LaneWitness> Lanes;
  /// The free values and loop iterations of the request as symbols of the
  /// solved space (the loops' as their LoopVar symbols); the mixed loop's
  /// is left out.
  std::vector<std::pair<Symbol, int64_t>> Values;
  /// Lanes laid out on banks or sectors at their ByteOffset, by the rules
  /// that costed the request.
  RequestLayout Layout;
};

/// Facts for explanations: how the byte offset moves between threads.
struct StrideInfo {
  /// d(offset)/d(threadIdx.{x,y,z}) in bytes when the offset is affine in that
  /// index with a constant coefficient.
  std::array<std::optional<int64_t>, 3> BytesPerThread;
  /// The thread index that changes between consecutive lanes of a warp
  /// (0 = x, 1 = y, 2 = z): x unless blockDim.x == 1, and so on.
  unsigned LaneDim = 0;
};

/// Totals over every block of one launch: what Nsight Compute's Source
/// Counters show for the access (instructions executed, wavefronts or
/// sectors, and their ideal). Known when the grid is and every free symbol
/// of the answer is a block index, so that each case's blocks can be
/// counted (Summarize.cpp, launchTotals).
struct LaunchTotals {
  uint64_t Requests = 0;
  uint64_t Cost = 0;  ///< wavefronts or sectors
  uint64_t Ideal = 0; ///< the ideal of each request, summed
};

/// One distinct outcome when the numbers depend on free symbols.
struct SolveCase {
  std::string Condition; ///< source terms, e.g. "n % 2 == 1"
  unsigned Worst = 0;    ///< wavefronts or sectors of the worst request
  double Mean = 0;
  unsigned Ideal = 0;
  double IdealMean = 0; ///< Common only: the ideal's mean per request
};

/// What a shared and a global answer have in common: the status, the
/// request count and totals, the condition on free symbols, the example
/// request, the strides and the cases.
struct SolveResultCommon {
  SolveStatus Status = SolveStatus::Unknown;
  std::string Reason;      ///< when Unknown (or what bounds a Bounded one)
  double IdealMean = 0;    ///< the ideal's mean over executed requests
  double IdealMeanMin = 0; ///< Bounded: the least ideal mean
  uint64_t Requests = 0; ///< executed warp requests (0 when symbolic)
  std::optional<LaunchTotals> Launch; ///< exact answers only
  /// Non-empty when the answer depends on free symbols (parameters, blockIdx)
  /// that are not bound: the condition, in source terms, under which the
  /// worst case happens, e.g. "n % 2 == 0".
  std::string Condition;
  /// Whether Condition restricts the kernel's parameters (or loaded uniform
  /// values): some launches never see the worst case. False when it only
  /// says which blocks or warps see it (a blockIdx residue, or warps that a
  /// bounds guard like `if (i < n)` does not cut): every launch large enough
  /// to have one full warp does.
  bool ConditionOnParameters = false;
  /// The condition on the parameters excludes only finitely many values of
  /// one of them (a lane index times K is uncoalesced for every K outside
  /// -7..7): every other value reaches the worst, in some block and warp.
  bool WorstAlmostAlways = false;
  std::optional<RequestWitness> Example;
  StrideInfo Strides;
  /// Every distinct outcome with its condition, when there are several.
  std::vector<SolveCase> Cases;
  /// When the answer depends on sizes the launch does not fix: the outcome
  /// where every size is a large power of two (each residue 0, each bounds
  /// guard's tail beyond the block: `idx / C` with C a multiple of 32,
  /// `if (i < n)` in every warp but the last), when every such case agrees
  /// whatever the block index (Summary/SolveCases.cpp, typicalCase).
  std::optional<SolveCase> Common;
  /// Bounded over block-uniform values not followed (SolveSpace::Decoupled),
  /// not over data.
  bool BoundOverValues = false;
};

struct SharedResult : SolveResultCommon {
  unsigned Wavefronts = 0;      ///< worst request
  double WavefrontsMean = 0;    ///< over executed requests
  unsigned IdealWavefronts = 0; ///< ideal of the worst request
  /// Distinct 4-byte words the worst bank is asked for in the worst phase.
  unsigned WorstBankWords = 0;
  /// Bounded: the least wavefronts of an executed request, and the least
  /// mean per request (over the Requests that may execute; requests that
  /// the data leaves without an active lane count 0) with its ideal.
  unsigned WavefrontsMin = 0;
  double WavefrontsMeanMin = 0;
  /// Bounded, the address data and the lanes known: the mean wavefronts
  /// per request if each lane's element were uniformly random over the
  /// object, independently (Expected.h); nullopt when that does not apply.
  std::optional<double> WavefrontsExpected;
  uint64_t ExpectedOverElements = 0; ///< the object's elements
};

enum class GlobalPattern { Coalesced, Uniform, Strided, Misaligned, Scattered };
const char *patternName(GlobalPattern P); ///< "coalesced", "uniform", ...

struct GlobalResult : SolveResultCommon {
  unsigned Sectors = 0; ///< worst request
  double SectorsMean = 0;
  unsigned IdealSectors = 0;
  GlobalPattern Pattern = GlobalPattern::Scattered;
  /// Bounded: as SharedResult's.
  unsigned SectorsMin = 0;
  double SectorsMeanMin = 0;
  /// A misaligned access of a pointer parameter whose waste holds for
  /// cudaMalloc's 256-byte alignment but not for every start the pointer's
  /// type allows: a caller that offsets the pointer (eigenvalues passes
  /// `g_b_raw + 1` to read `g_b[i - 1]`) may make it ideal.
  bool WasteAssumesAlignedBase = false;
};

/// Wavefronts for a shared-memory access under one launch configuration,
/// counted for the instructions nvcc emits for it (Access::Emitted): none
/// for an access merged into another's (exact, 0 requests), the carrier's
/// wider instruction, or the sum over the parts of a split copy
/// (Emitted.cpp).
SharedResult solveShared(const KernelModel &K, const Access &A,
                         const LaunchConfig &L, const SolveOptions &Opts);

/// Sectors for a global-memory access under one launch configuration, for
/// the instructions nvcc emits, as solveShared.
GlobalResult solveGlobal(const KernelModel &K, const Access &A,
                         const LaunchConfig &L, const SolveOptions &Opts);

/// Rule LDGSTS.BYPASS (HardwareRules.h, bypassCopyCost): one side of a
/// 16-byte cp.async.cg, the shared destination's wavefronts or the global
/// source's sectors, solved with both sides' addresses of every lane
/// (BypassCopy.cpp). Unknown, with why, where a side's place in its
/// 128-byte lines is not known or a request lies outside the rule.
SharedResult solveBypassCopyShared(const KernelModel &K, const Access &A,
                                   const LaunchConfig &L,
                                   const SolveOptions &Opts);
GlobalResult solveBypassCopyGlobal(const KernelModel &K, const Access &A,
                                   const LaunchConfig &L,
                                   const SolveOptions &Opts);

/// The same for the access as the source spells it, Emitted ignored: what
/// the numbers would be if nvcc could not merge (the notes compare).
SharedResult solveSharedAsWritten(const KernelModel &K, const Access &A,
                                  const LaunchConfig &L,
                                  const SolveOptions &Opts);
GlobalResult solveGlobalAsWritten(const KernelModel &K, const Access &A,
                                  const LaunchConfig &L,
                                  const SolveOptions &Opts);

} // namespace warplint

#endif // WARPLINT_SOLVE_SOLVER_H
