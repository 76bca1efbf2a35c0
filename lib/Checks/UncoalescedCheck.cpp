//===- UncoalescedCheck.cpp - warplint-uncoalesced ------------------------===//

#include "Checks/UncoalescedCheck.h"
#include "Checks/EmittedNotes.h"
#include "Checks/Explain.h"
#include "Checks/RequestPictures.h"

#include <algorithm>
#include <cstdlib>

namespace warplint {

std::vector<CheckOptionSpec> UncoalescedCheck::optionSpecs() const {
  return {{"AssumeWorst", "false",
           "warn on the worse case of an answer that depends on kernel "
           "parameters (default: a remark when some values are ideal)"},
          {"ReportMisaligned", "true",
           "report accesses whose only waste is misalignment"}};
}

bool UncoalescedCheck::matches(const AccessAnalysis &A) const {
  return A.Global.has_value();
}

/// Advice that fits the pattern; each is a note, never an edit.
static void addAdvice(const GlobalResult &R, const Access &A,
                      const MemoryObject &Obj, const LaunchConfig &L,
                      std::vector<DiagNote> &Notes) {
  const auto &Per = R.Strides.BytesPerThread;
  unsigned Dim = R.Strides.LaneDim;
  if (R.Pattern == GlobalPattern::Misaligned) {
    Notes.push_back({{},
                     "the lanes' addresses are contiguous but do not start on "
                     "a 32-byte sector boundary; align the start of each "
                     "warp's range (e.g. pad the row pitch to a multiple of "
                     "32 bytes)",
                     {}});
    // The misalignment is relative to the pointer, taken to be where
    // cudaMalloc puts allocations. A pointer offset into one by the
    // caller (eigenvalues passes `g_b_raw + 1` to read `g_b[i - 1]`)
    // shifts every sector: say what the finding rests on.
    if (R.WasteAssumesAlignedBase)
      Notes.push_back({{},
                       "this assumes '" + Obj.Name +
                           "' is 256-byte aligned, as cudaMalloc returns; a "
                           "pointer the caller offsets into an allocation "
                           "moves the sector boundaries",
                       {}});
    return;
  }
  if (R.Pattern != GlobalPattern::Strided || !Per[Dim])
    return;
  int64_t Stride = std::llabs(*Per[Dim]);
  if (!A.Field.empty() && Obj.ElementBytes > A.Bytes &&
      Stride == int64_t(Obj.ElementBytes)) {
    Notes.push_back(
        {{},
         "adjacent lanes read field '" + A.Field.substr(1) + "' of adjacent " +
             std::to_string(Obj.ElementBytes) +
             "-byte structs; a struct of arrays would make this access "
             "contiguous",
         {}});
    return;
  }
  // Another thread index moving by exactly one element would be coalesced
  // if it were the one that varies fastest.
  for (unsigned Other = 0; Other < 3; ++Other) {
    if (Other == Dim || !Per[Other] || std::llabs(*Per[Other]) != A.Bytes)
      continue;
    Notes.push_back({{},
                     "consecutive elements follow " + threadIndexName(Other) +
                         " here; swapping the roles of " +
                         threadIndexName(Dim) + " and " +
                         threadIndexName(Other) +
                         " in the index would make the access contiguous, or "
                         "stage the tile through shared memory as a "
                         "transpose does",
                     {}});
    return;
  }
}

/// Whether every case of R has the same worst and ideal request, the cases
/// differing in their means only.
static bool onlyMeansDiffer(const GlobalResult &R) {
  return R.Cases.size() > 1 &&
         std::all_of(R.Cases.begin(), R.Cases.end(), [&](const SolveCase &C) {
           return C.Worst == R.Cases.front().Worst &&
                  C.Ideal == R.Cases.front().Ideal;
         });
}

/// "sectors per request by case: 5 (ideal 4) when pitch % 8 != 0; ...":
/// every outcome of a parametric answer with its condition, worst first.
/// Cases that differ only in their mean are one outcome here; the worst
/// one's condition is R.Condition. When that leaves one outcome (every
/// block's worst request costs the same, the means differ), the note
/// lists the means instead: a condition covering every case says nothing.
static std::string casesNote(const GlobalResult &R) {
  // Many outcomes (a bounds guard cutting a warp at every lane) read
  // better as a range than as a list; JSON consumers get the numbers.
  constexpr size_t MaxListed = 3;
  if (onlyMeansDiffer(R)) {
    std::string Text = "sectors per request by case: " +
                       std::to_string(R.Cases.front().Worst) + " (ideal " +
                       std::to_string(R.Cases.front().Ideal) +
                       ") in every case, on average";
    for (size_t I = 0; I < R.Cases.size() && I < MaxListed; ++I)
      Text += std::string(I ? ";" : "") + " " + formatMean(R.Cases[I].Mean) +
              (R.Cases[I].Condition.empty() ? std::string(" otherwise")
                                            : " when " + R.Cases[I].Condition);
    if (R.Cases.size() > MaxListed)
      Text += "; " + std::to_string(R.Cases.size() - MaxListed) +
              " more cases, down to " + formatMean(R.Cases.back().Mean);
    return Text;
  }
  std::vector<std::pair<std::pair<unsigned, unsigned>, std::string>> Groups;
  for (const SolveCase &C : R.Cases) {
    std::pair<unsigned, unsigned> Key{C.Worst, C.Ideal};
    if (!Groups.empty() && Groups.back().first == Key)
      Groups.back().second += " || " + C.Condition;
    else
      Groups.push_back({Key, C.Condition});
  }
  size_t WorstGroups = 0;
  for (const auto &G : Groups)
    WorstGroups += G.first.first == R.Sectors;
  if (WorstGroups == 1 && Groups.front().first.first == R.Sectors &&
      !R.Condition.empty())
    Groups.front().second = R.Condition;
  std::string Text = "sectors per request by case:";
  for (size_t I = 0; I < Groups.size() && I < MaxListed; ++I)
    Text += std::string(I ? ";" : "") + " " +
            std::to_string(Groups[I].first.first) + " (ideal " +
            std::to_string(Groups[I].first.second) + ")" +
            (Groups[I].second.empty() ? std::string(" otherwise")
                                      : " when " + Groups[I].second);
  if (Groups.size() > MaxListed)
    Text += "; " + std::to_string(Groups.size() - MaxListed) +
            " more cases, down to " +
            std::to_string(Groups.back().first.first) + " (ideal " +
            std::to_string(Groups.back().first.second) + ")";
  return Text;
}

void UncoalescedCheck::check(
    const std::vector<const AccessAnalysis *> &PerLaunch,
    const CheckOptions &Opts, std::vector<Diagnostic> &Out) const {
  const AccessAnalysis *Worst =
      worstOrUnknownRemark(id(), PerLaunch, Opts.ShowUnknown, Out);
  if (!Worst)
    return;
  const GlobalResult &R = *Worst->Global;
  if (R.Sectors <= R.IdealSectors)
    return;
  if (R.Pattern == GlobalPattern::Misaligned &&
      !options(Opts).getBool("ReportMisaligned", true))
    return;
  const Access &A = *Worst->Acc;
  const MemoryObject &Obj = Worst->object();
  // Severity by the certainty of the waste: an answer that depends on the
  // kernel's parameters is a warning when every outcome wastes sectors (by
  // whatever amount), and a remark that carries the condition when some
  // values are ideal (or the outcomes are not all known), unless the worst
  // case is asked for. A condition that only says which blocks or warps see
  // the worst case (a blockIdx residue, warps a bounds guard does not cut)
  // is no such dependence. Nor is one that spares finitely many values of
  // a parameter (WorstAlmostAlways): the notes list them.
  bool Parametric = !R.Condition.empty() && R.ConditionOnParameters;
  // A misalignment that some start of the pointer parameter avoids rests
  // on where the caller points it (the solver takes cudaMalloc's 256
  // bytes): a remark, as any answer that depends on a parameter's value.
  bool AssumedBase = R.WasteAssumesAlignedBase;
  bool AlwaysWastes =
      !R.Cases.empty() &&
      std::all_of(R.Cases.begin(), R.Cases.end(),
                  [](const SolveCase &C) { return C.Worst > C.Ideal; });

  Diagnostic D;
  D.Check = id();
  D.Level =
      ((Parametric && !AlwaysWastes && !R.WorstAlmostAlways) || AssumedBase) &&
              !options(Opts).getBool("AssumeWorst", false)
          ? Severity::Remark
          : Severity::Warning;
  D.Waste = double(R.Sectors) - R.IdealSectors;
  D.Numbers = std::to_string(R.Sectors) + " sectors per request, ideal " +
              std::to_string(R.IdealSectors);
  D.Range = A.findingRange();
  D.Source = Worst->source();
  if (R.Example)
    D.Request = findingPicture(*R.Example, A, /*Shared=*/false, R.Sectors);
  D.Message = std::string("uncoalesced global ") + opName(A.Op) +
              (A.Op == AccessOp::Store ? " to '" : " from '") + Obj.Name +
              A.Field + "' (" + std::to_string(R.Sectors) +
              " sectors per request, ideal " +
              std::to_string(R.IdealSectors) + ")";
  if (!R.Condition.empty())
    D.Notes.push_back({{},
                       (Parametric ? "this happens when "
                                   : "this happens in the blocks and warps "
                                     "where ") +
                           R.Condition,
                       {}});
  if (R.Cases.size() > 1)
    D.Notes.push_back({{}, casesNote(R), {}});
  if (std::string Common = commonCaseNote(R, "sectors"); !Common.empty())
    D.Notes.push_back({{}, Common, {}});
  std::optional<std::string> Mixed =
      R.Example ? mixedIterationsNote(*R.Example) : std::nullopt;
  if (Mixed)
    D.Notes.push_back({{}, *Mixed, {}});
  unsigned Dim = R.Strides.LaneDim;
  if (auto S = R.Strides.BytesPerThread[Dim];
      S && !Mixed && R.Pattern != GlobalPattern::Misaligned)
    D.Notes.push_back({{},
                       "adjacent lanes are " + std::to_string(std::llabs(*S)) +
                           " bytes apart because of how " +
                           threadIndexName(Dim) +
                           " enters the index; each lane " +
                           (A.Op == AccessOp::Store ? "writes " : "reads ") +
                           std::to_string(A.Emitted.InstrBytes
                                              ? A.Emitted.InstrBytes
                                              : A.Bytes) +
                           " bytes",
                       {}});
  if (auto N = emittedNote(*Worst))
    D.Notes.push_back(std::move(*N));
  if (A.Rule == Access::LaneRule::AsyncCopy && A.BypassL1)
    D.Notes.push_back({{},
                       "a cp.async.cg reads one sector per lane, except for "
                       "two lanes that copy the two halves of one 32-byte "
                       "sector into the two halves of one 32-byte block",
                       {}});
  addAdvice(R, A, Obj, *Worst->Launch, D.Notes);
  if (R.Requests > 1 && R.SectorsMean + 1e-9 < R.Sectors && !onlyMeansDiffer(R))
    D.Notes.push_back({{},
                       "on average " + formatMean(R.SectorsMean) +
                           " sectors per request over " +
                           std::to_string(R.Requests) + " requests per block",
                       {}});
  addCallContextNotes(*Worst, D.Notes);
  D.Notes.push_back(launchNote(*Worst->Launch));
  addOtherLaunchNotes(PerLaunch, *Worst, D.Notes);
  Out.push_back(std::move(D));
}

} // namespace warplint
