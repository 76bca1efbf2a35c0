//===- AccessRecord.h - One analyzed access, as reported --------*- C++ -*-===//
//
// The per-access facts `--all-accesses` and the JSON "accesses" array show:
// one record per access and launch configuration. Checks fill these from
// solver results; writers print them. Plain data.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_REPORT_ACCESSRECORD_H
#define WARPLINT_REPORT_ACCESSRECORD_H

#include "Model/AccessModel.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What nvcc emits for an access when it differs from the source
/// (Access::Emitted), with the other accesses named by location.
struct EmittedRecord {
  std::string Origin; ///< "source-rule" or "sass"
  std::optional<SourceLoc> MergedInto;
  std::vector<SourceLoc> Carries;
  unsigned InstrBytes = 0;
  unsigned IterationsPerInstr = 0;
  std::vector<unsigned> SplitBytes;
  std::string Note;
};

/// One distinct outcome of a parametric answer: the condition on the
/// parameters (or blockIdx) and the worst request, mean and ideal under it.
struct CaseRecord {
  std::string Condition;
  unsigned Worst = 0;
  double Mean = 0;
  unsigned Ideal = 0;
  double IdealMean = 0; ///< the common case only
};

/// Totals over every block of the launch, as Nsight Compute's Source
/// Counters show them: instructions executed, wavefronts (shared) or sectors
/// (global), and the ideal of each request summed.
struct LaunchTotalsRecord {
  uint64_t Requests = 0;
  uint64_t Cost = 0;
  uint64_t Ideal = 0;
};

struct AccessRecord {
  /// Where the line table puts its instruction (Access::Loc).
  SourceLoc Loc;
  /// Where the access expression begins: Loc's line or an earlier one.
  SourceLoc Begin;
  /// Where the access expression ends (one past its last character), for tools that
  /// join by line range: a subscript may continue on later lines.
  SourceLoc End;
  std::string Kernel;
  std::string Function;
  /// The call sites from the kernel down to Function (outermost first) when
  /// the access is in a device function: one access per call context.
  std::vector<SourceLoc> CalledFrom;
  /// The CUDA header statement the instruction is inlined from
  /// (Access::InlinedFrom).
  std::optional<SourceLoc> InlinedFrom;
  std::string Variable;
  /// Where the accessed object is declared (MemoryObject::DeclLoc): which
  /// array a record belongs to when several share a name.
  SourceLoc ObjectDecl;
  MemorySpace Space = MemorySpace::Shared;
  AccessOp Op = AccessOp::Load;
  unsigned Bytes = 0;
  std::optional<std::array<int64_t, 3>> Block; ///< nullopt when assumed
  std::optional<std::array<int64_t, 3>> Grid;  ///< when the launch fixes it
  std::string LaunchDescription;
  bool Exact = false; ///< status "exact" vs "unknown"
  /// Status "bounded": the numbers above are the worst case over all data
  /// (means included), the *Min ones below the best; Reason says what data
  /// decides.
  bool Bounded = false;
  /// The bound is over block-uniform values warplint does not follow, not over
  /// data (SolveSpace::Decoupled).
  bool BoundOverValues = false;
  unsigned WavefrontsMin = 0, SectorsMin = 0;
  /// Bounded shared accesses at a data address: the mean wavefronts if
  /// each lane's element were uniformly random over the object (of
  /// ObjectElements elements), independently.
  std::optional<double> WavefrontsExpected;
  uint64_t ObjectElements = 0;
  double WavefrontsMeanMin = 0, IdealWavefrontsMeanMin = 0;
  double SectorsMeanMin = 0, IdealSectorsMeanMin = 0;
  // Shared memory.
  unsigned Wavefronts = 0;
  double WavefrontsMean = 0;
  unsigned IdealWavefronts = 0;
  double IdealWavefrontsMean = 0;
  // Global memory.
  unsigned Sectors = 0;
  double SectorsMean = 0;
  unsigned IdealSectors = 0;
  double IdealSectorsMean = 0;
  std::string Pattern; ///< "coalesced", "strided", ... (global only)
  uint64_t Requests = 0;
  /// Exact answers whose blocks can all be counted (a known grid, no
  /// unbound parameter).
  std::optional<LaunchTotalsRecord> Launch;
  std::string Condition;
  /// The distinct outcomes when the answer depends on free symbols, worst
  /// first (exact answers only); --param evaluates them away.
  std::vector<CaseRecord> Cases;
  /// The outcome when every size the launch leaves open is a large power
  /// of two (SolveResultCommon::Common), exact answers only.
  std::optional<CaseRecord> Common;
  std::string Reason; ///< why unknown
  /// Set when nvcc emits something else than the source spells; the
  /// numbers above are then those of the emitted instructions.
  std::optional<EmittedRecord> Emitted;
};

} // namespace warplint

#endif // WARPLINT_REPORT_ACCESSRECORD_H
