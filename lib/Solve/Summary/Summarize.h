//===- Summarize.h - Run every case of an access and summarize --*- C++ -*-===//
//
// The common core of solveShared and solveGlobal: given the space of one
// access under one launch and the cost of one warp request (the hardware
// rules of shared or global memory), run every case of the free symbols
// (FreeSymbols), enumerate each case's requests (Enumerate) and summarize:
// the worst request, the mean, the conditions of the distinct outcomes, a
// witness. For a bounded space (data-dependent address or lanes) each
// request also has a least cost, summed the same way (docs/solver.md,
// "Bounded answers"). Internal to lib/Solve.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SUMMARIZE_H
#define WARPLINT_SOLVE_SUMMARIZE_H

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Solver.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The cost of one request, whichever memory it goes to.
struct Cost {
  unsigned Value = 0;
  unsigned Ideal = 0;
  int LaneA = -1, LaneB = -1;
  unsigned Bank = 0;
  unsigned BankWords = 0;
  GlobalPattern Pattern = GlobalPattern::Scattered;
  /// Bounded spaces only: the least the request can cost over all data
  /// (0 when no lane surely executes it) and that placement's ideal, and
  /// the least cost of the request if it executes at all (the request's
  /// best single lane when no lane surely does).
  unsigned Low = 0, LowIdeal = 0, LowIfExecuted = 0;
  /// Bounded spaces whose address is data: the expected cost under
  /// uniformly random placements (Expected.h); negative when not known.
  double Expected = -1;
  /// The request cannot execute: its instruction would fault (an address
  /// the instruction requires aligned is not). A case with such a request
  /// is one no running program reaches: it is left out like a case in
  /// which the access does not run (Summary::Faulting counts them).
  bool Faults = false;
};

using CostFn = std::function<Cost(const RequestView &)>;

/// The summary both result types are filled from.
struct Summary {
  SolveStatus Status = SolveStatus::Unknown;
  std::string Reason;
  Cost Worst;
  double Mean = 0, IdealMean = 0;
  uint64_t Requests = 0;
  std::optional<LaunchTotals> Launch; ///< exact spaces only
  std::string Condition;
  bool ConditionOnParameters = false;
  bool WorstAlmostAlways = false;
  std::optional<RequestWitness> Example;
  StrideInfo Strides;
  std::vector<SolveCase> Cases;
  std::optional<SolveCase> Common; ///< SolveResultCommon::Common
  /// Bounded spaces: the least cost of an executed request, and the least
  /// and greatest means per request (over every case of the free symbols;
  /// the requests counted are those that may execute).
  unsigned LowRequest = 0;
  double LowMean = 0, LowIdealMean = 0;
  double HighMean = 0, HighIdealMean = 0;
  /// The expected mean per request under uniformly random placements, when
  /// every request has one and every case gives the same.
  std::optional<double> ExpectedMean;
  /// Unknown only because an outcome changes with a value the cases may
  /// not all reach (an opaque subterm, a per-iteration uniform): a bound
  /// over every case holds (SolveSpace::Decoupled).
  bool OnlyUnfollowedValues = false;
  /// Cases left out because a request of theirs faults (Cost::Faults).
  uint64_t Faulting = 0;
};

/// How the byte offset moves between threads.
StrideInfo strides(const SolveSpace &S, const Expr &Offset);

/// Runs every case of the plan and summarizes. Modulus is the period of the
/// cost in the address for the free-symbol reduction, CostModulus the one
/// the request memo uses (0: no memo). BaseSymbol, when set, is the
/// invented symbol for a misaligned global base (scaled by BaseScale).
Summary solve(const KernelModel &K, const SolveSpace &S, int64_t Modulus,
              int64_t CostModulus, const SolveOptions &Opts,
              const CostFn &CostOf, std::optional<Symbol> BaseSymbol,
              int64_t BaseScale);

} // namespace warplint

#endif // WARPLINT_SOLVE_SUMMARIZE_H
