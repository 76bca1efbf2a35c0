//===- JsonWriter.cpp - The public JSON output ----------------------------===//
//
// docs/json-output.md is the contract and docs/warplint-output.schema.json
// its machine-checkable form; change all three together. Keys are written in
// a fixed order with json::OStream (json::Object would sort them), so the
// output is byte-for-byte reproducible and diffs stay readable.
//
//===----------------------------------------------------------------------===//

#include "Report/Decimal.h"
#include "Report/ImpactJson.h"
#include "Report/Writers.h"

#include "llvm/Support/JSON.h"

#include <cmath>

namespace warplint {
namespace {

/// Means are written rounded (see Decimal.h); a non-finite mean, which no
/// correct analysis produces, becomes null rather than invalid JSON.
void writeMean(llvm::json::OStream &J, llvm::StringRef Key, double V) {
  if (!std::isfinite(V)) {
    J.attribute(Key, nullptr);
    return;
  }
  J.attributeBegin(Key);
  std::string Text = formatDecimal(V);
  J.rawValue([&](llvm::raw_ostream &OS) { OS << Text; });
  J.attributeEnd();
}

void writeLoc(llvm::json::OStream &J, const SourceLoc &Loc) {
  J.attribute("file", Loc.File);
  J.attribute("line", int64_t(Loc.Line));
  J.attribute("column", int64_t(Loc.Column));
}

/// "emitted": what nvcc makes of the access (docs/json-output.md).
void writeEmitted(llvm::json::OStream &J, const EmittedRecord &E) {
  auto Where = [&](const SourceLoc &L) {
    J.object([&] {
      J.attribute("line", int64_t(L.Line));
      J.attribute("column", int64_t(L.Column));
    });
  };
  J.attributeObject("emitted", [&] {
    J.attribute("origin", E.Origin);
    if (E.MergedInto) {
      J.attributeBegin("merged_into");
      Where(*E.MergedInto);
      J.attributeEnd();
    }
    if (!E.Carries.empty())
      J.attributeArray("carries", [&] {
        for (const SourceLoc &L : E.Carries)
          Where(L);
      });
    if (E.InstrBytes)
      J.attribute("instr_bytes", int64_t(E.InstrBytes));
    if (E.IterationsPerInstr)
      J.attribute("iterations_per_instr", int64_t(E.IterationsPerInstr));
    if (!E.SplitBytes.empty())
      J.attributeArray("split_bytes", [&] {
        for (unsigned B : E.SplitBytes)
          J.value(int64_t(B));
      });
    J.attribute("note", E.Note);
  });
}

/// Where the access is and what it is: position, kernel, function, call
/// sites, object, space, operation, width and the launch.
void writeAccessSite(llvm::json::OStream &J, const AccessRecord &R) {
  writeLoc(J, R.Loc);
  // The expression's first position, when it is not line/column: the
  // instruction is on a later line of a multi-line expression.
  if (R.Begin.isValid() && !(R.Begin == R.Loc)) {
    J.attribute("begin_line", int64_t(R.Begin.Line));
    J.attribute("begin_column", int64_t(R.Begin.Column));
  }
  if (R.End.isValid()) {
    J.attribute("end_line", int64_t(R.End.Line));
    J.attribute("end_column", int64_t(R.End.Column));
  }
  J.attribute("kernel", R.Kernel);
  J.attribute("function", R.Function);
  if (R.InlinedFrom)
    J.attribute("inlined_from", R.InlinedFrom->File + ":" +
                                    std::to_string(R.InlinedFrom->Line));
  if (!R.CalledFrom.empty())
    J.attributeArray("called_from", [&] {
      for (const SourceLoc &L : R.CalledFrom)
        J.value(L.File + ":" + std::to_string(L.Line) + ":" +
                std::to_string(L.Column));
    });
  J.attribute("variable", R.Variable);
  J.attribute("space", spaceName(R.Space));
  J.attribute("op", opName(R.Op));
  J.attribute("bytes", int64_t(R.Bytes));
  if (R.Block)
    J.attributeArray("block", [&] {
      for (int64_t D : *R.Block)
        J.value(D);
    });
  else
    J.attribute("block", nullptr);
  // The grid the launch totals are over; absent when the launch does not
  // fix it.
  if (R.Grid)
    J.attributeArray("grid", [&] {
      for (int64_t D : *R.Grid)
        J.value(D);
    });
  J.attribute("launch", R.LaunchDescription);
}

/// Best and worst case over all data: per request, and the means over the
/// requests that may execute (a request the data leaves without an active
/// lane counts 0).
void writeBounds(llvm::json::OStream &J, const AccessRecord &R) {
  bool Sh = R.Space == MemorySpace::Shared;
  std::string Unit = Sh ? "wavefronts" : "sectors";
  J.attribute(Unit + "_min", int64_t(Sh ? R.WavefrontsMin : R.SectorsMin));
  J.attribute(Unit + "_max", int64_t(Sh ? R.Wavefronts : R.Sectors));
  writeMean(J, Unit + "_mean_min", Sh ? R.WavefrontsMeanMin : R.SectorsMeanMin);
  writeMean(J, Unit + "_mean_max", Sh ? R.WavefrontsMean : R.SectorsMean);
  J.attribute("ideal_" + Unit + "_max",
              int64_t(Sh ? R.IdealWavefronts : R.IdealSectors));
  writeMean(J, "ideal_" + Unit + "_mean_min",
            Sh ? R.IdealWavefrontsMeanMin : R.IdealSectorsMeanMin);
  writeMean(J, "ideal_" + Unit + "_mean_max",
            Sh ? R.IdealWavefrontsMean : R.IdealSectorsMean);
  if (R.Requests > 0)
    J.attribute("requests", int64_t(R.Requests));
  // What the bound ranges over: the data, or block-uniform values
  // warplint reads apart (SolveSpace::Decoupled).
  J.attribute("bound_over", R.BoundOverValues ? "values" : "data");
  // Under uniformly random indices (docs/solver.md, "Expected
  // wavefronts"), with the assumption in words.
  if (Sh && R.WavefrontsExpected) {
    writeMean(J, "wavefronts_expected", *R.WavefrontsExpected);
    J.attribute("expected_assumption",
                "each active lane's index uniform over the " +
                    std::to_string(R.ObjectElements) + " elements of '" +
                    R.Variable + "', independently of the other lanes");
  }
}

void writeExact(llvm::json::OStream &J, const AccessRecord &R) {
  if (R.Space == MemorySpace::Shared) {
    J.attribute("wavefronts", int64_t(R.Wavefronts));
    writeMean(J, "wavefronts_mean", R.WavefrontsMean);
    J.attribute("ideal_wavefronts", int64_t(R.IdealWavefronts));
    writeMean(J, "ideal_wavefronts_mean", R.IdealWavefrontsMean);
  } else {
    J.attribute("sectors", int64_t(R.Sectors));
    writeMean(J, "sectors_mean", R.SectorsMean);
    J.attribute("ideal_sectors", int64_t(R.IdealSectors));
    writeMean(J, "ideal_sectors_mean", R.IdealSectorsMean);
  }
  // The count the means are taken over, when it is known: a loop whose
  // trip count depends on a parameter, outcomes of different weights
  // or an answer proved without enumerating leave it out rather than
  // say 0 beside a mean.
  if (R.Requests > 0)
    J.attribute("requests", int64_t(R.Requests));
  // Over the whole launch, as Nsight Compute's Source Counters count:
  // known when every block's case is (the last, partial block of a
  // bounds guard included).
  if (R.Launch) {
    std::string Unit =
        R.Space == MemorySpace::Shared ? "wavefronts" : "sectors";
    J.attribute("launch_requests", int64_t(R.Launch->Requests));
    J.attribute("launch_" + Unit, int64_t(R.Launch->Cost));
    J.attribute("launch_ideal_" + Unit, int64_t(R.Launch->Ideal));
  }
}

void writeCases(llvm::json::OStream &J, const AccessRecord &R) {
  std::string Unit = R.Space == MemorySpace::Shared ? "wavefronts" : "sectors";
  J.attributeArray("cases", [&] {
    for (const CaseRecord &C : R.Cases)
      J.object([&] {
        J.attribute("condition", C.Condition);
        J.attribute(Unit, int64_t(C.Worst));
        writeMean(J, Unit + "_mean", C.Mean);
        J.attribute("ideal_" + Unit, int64_t(C.Ideal));
      });
  });
}

/// The outcome when every size the launch leaves open is a large power of
/// two: the answer for the sizes programs run with.
void writeCommonCase(llvm::json::OStream &J, const AccessRecord &R) {
  std::string Unit = R.Space == MemorySpace::Shared ? "wavefronts" : "sectors";
  const CaseRecord &C = *R.Common;
  J.attributeObject("common_case", [&] {
    J.attribute("condition", C.Condition);
    J.attribute(Unit, int64_t(C.Worst));
    writeMean(J, Unit + "_mean", C.Mean);
    J.attribute("ideal_" + Unit, int64_t(C.Ideal));
    writeMean(J, "ideal_" + Unit + "_mean", C.IdealMean);
  });
}

/// One element of the "branches" array (docs/json-output.md).
void writeBranch(llvm::json::OStream &J, const BranchRecord &B) {
  J.object([&] {
    J.attribute("file", B.Begin.File);
    J.attribute("line", int64_t(B.Begin.Line));
    J.attribute("column", int64_t(B.Begin.Column));
    J.attribute("end_line", int64_t(B.End.Line));
    J.attribute("kernel", B.Kernel);
    J.attribute("function", B.Function);
    if (!B.CalledFrom.empty())
      J.attributeArray("called_from", [&] {
        for (const SourceLoc &L : B.CalledFrom)
          J.value(L.File + ":" + std::to_string(L.Line) + ":" +
                  std::to_string(L.Column));
      });
    if (B.Block)
      J.attributeArray("block", [&] {
        for (int64_t D : *B.Block)
          J.value(D);
      });
    else
      J.attribute("block", nullptr);
    J.attribute("launch", B.LaunchDescription);
    J.attribute("kind", B.Kind);
    J.attribute("condition", B.Condition);
    if (B.ConditionLine)
      J.attribute("condition_line", int64_t(B.ConditionLine));
    J.attribute("status", B.Status);
    J.attribute("predicated", B.Emission != "branched");
    J.attribute("emission", B.Emission);
    J.attribute("emission_from", B.EmissionFromSass ? "sass" : "source-rule");
    if (B.Status == "unknown") {
      J.attribute("reason", B.Reason);
      return;
    }
    J.attribute("per", B.PerLaunch ? "launch" : "block");
    if (B.CountsPerIteration)
      J.attribute("counts_per_iteration", true);
    J.attribute("warps", B.Warps);
    J.attribute("warps_running", B.WarpsRunning);
    J.attribute("warps_diverging", B.WarpsDiverging);
    J.attribute("warps_ideal", B.WarpsIdeal);
    J.attribute("lanes_mean", B.LanesMean);
    J.attribute("reach_lanes_mean", B.ReachLanesMean);
    J.attribute("paths", int64_t(B.Paths));
    if (B.Probability)
      J.attribute("probability", *B.Probability);
    if (B.Bounds) {
      J.attribute("reason", B.Reason);
      auto Range = [&](const char *Name, const BranchRecord::Range &R) {
        J.attribute(std::string(Name) + "_min", R.Min);
        J.attribute(std::string(Name) + "_max", R.Max);
      };
      Range("warps", B.Bounds->Warps);
      Range("warps_running", B.Bounds->WarpsRunning);
      Range("warps_diverging", B.Bounds->WarpsDiverging);
      Range("warps_ideal", B.Bounds->WarpsIdeal);
      Range("lanes_mean", B.Bounds->LanesMean);
    }
  });
}

void writeAccess(llvm::json::OStream &J, const AccessRecord &R) {
  J.object([&] {
    writeAccessSite(J, R);
    J.attribute("status", R.Exact     ? "exact"
                          : R.Bounded ? "bounded"
                                      : "unknown");
    if (R.Bounded)
      writeBounds(J, R);
    if (R.Exact)
      writeExact(J, R);
    // A scattered global access is unknown and still has a pattern.
    if (R.Space == MemorySpace::Global && !R.Pattern.empty())
      J.attribute("pattern", R.Pattern);
    if ((R.Exact || R.Bounded) && !R.Condition.empty())
      J.attribute("condition", R.Condition);
    if (R.Exact && !R.Cases.empty())
      writeCases(J, R);
    if (R.Exact && R.Common)
      writeCommonCase(J, R);
    if (!R.Exact)
      J.attribute("reason", R.Reason);
    if (R.Emitted)
      writeEmitted(J, *R.Emitted);
  });
}

void writeFixes(llvm::json::OStream &J, const std::vector<Fix> &Fixes) {
  J.attributeArray("fixes", [&] {
    for (const Fix &F : Fixes)
      J.object([&] {
        J.attribute("message", F.Message);
        J.attribute("preferred", F.Preferred);
        J.attributeArray("edits", [&] {
          for (const TextEdit &E : F.Edits)
            J.object([&] {
              const SourceLoc &B = E.Range.Begin, &End = E.Range.End;
              unsigned Length = End.isValid() && End.Offset > B.Offset
                                    ? End.Offset - B.Offset
                                    : 0;
              J.attribute("file", B.File);
              J.attribute("offset", int64_t(B.Offset));
              J.attribute("length", int64_t(Length));
              J.attribute("line", int64_t(B.Line));
              J.attribute("column", int64_t(B.Column));
              J.attribute("replacement", E.Replacement);
            });
        });
        // Layout fixes say what they do to their array, per block.
        if (F.Impact) {
          writeMean(J, "wavefronts_before", F.Impact->WavefrontsBefore);
          writeMean(J, "wavefronts_after", F.Impact->WavefrontsAfter);
          J.attribute("shared_bytes_before", F.Impact->SharedBytesBefore);
          J.attribute("shared_bytes_after", F.Impact->SharedBytesAfter);
        }
      });
  });
}

void writeDiagnostic(llvm::json::OStream &J, const Diagnostic &D) {
  J.object([&] {
    J.attribute("check", D.Check);
    J.attribute("severity", severityName(D.Level));
    writeLoc(J, D.Range.Begin);
    // The range is half-open: end_column is one past its last character. A
    // diagnostic without a range ends where it begins.
    const SourceLoc &End = D.Range.End.isValid() ? D.Range.End : D.Range.Begin;
    J.attribute("end_line", int64_t(End.Line));
    J.attribute("end_column", int64_t(End.Column));
    J.attribute("message", D.Message);
    if (!D.Kernel.empty())
      J.attribute("kernel", D.Kernel);
    if (D.Impact)
      J.attributeObject("impact", [&] { writeImpactAttributes(J, *D.Impact); });
    J.attributeArray("notes", [&] {
      for (const DiagNote &N : D.Notes)
        J.object([&] {
          // As in text output, a note without a place of its own is placed
          // at its diagnostic's.
          writeLoc(J, N.Loc.isValid() ? N.Loc : D.Range.Begin);
          J.attribute("message", N.Message);
          writeFixes(J, N.Fixes);
        });
    });
    writeFixes(J, D.Fixes);
  });
}

} // namespace

void writeJson(llvm::raw_ostream &OS, const JsonHeader &Header,
               const std::vector<AccessRecord> &Records,
               const std::vector<BranchRecord> &Branches,
               const std::vector<Diagnostic> &Diags) {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("tool", "warplint");
    J.attribute("version", Header.Version);
    J.attribute("arch", Header.Arch);
    J.attributeArray("accesses", [&] {
      for (const AccessRecord &R : Records)
        writeAccess(J, R);
    });
    J.attributeArray("branches", [&] {
      for (const BranchRecord &B : Branches)
        writeBranch(J, B);
    });
    J.attributeArray("diagnostics", [&] {
      for (const Diagnostic &D : Diags)
        writeDiagnostic(J, D);
    });
  });
  OS << '\n';
}

} // namespace warplint
