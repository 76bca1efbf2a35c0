//===- EmittedNotes.cpp - Tell the user what nvcc emits -------------------===//

#include "Checks/EmittedNotes.h"

namespace warplint {

std::optional<DiagNote> emittedNote(const AccessAnalysis &A) {
  if (!A.Acc->MovedNote.empty())
    return DiagNote{{}, A.Acc->MovedNote, {}};
  if (A.Acc->Emitted.isAsWritten() || A.Acc->Emitted.Note.empty())
    return std::nullopt;
  return DiagNote{{}, A.Acc->Emitted.Note, {}};
}

static std::string count(size_t N) {
  static const char *Words[] = {"zero", "one", "two", "three", "four"};
  return N < 5 ? Words[N] : std::to_string(N);
}

static std::string wavefronts(unsigned N) {
  return std::to_string(N) + (N == 1 ? " wavefront" : " wavefronts");
}

std::optional<Diagnostic> mergeRemark(const std::string &Check,
                                      const AccessAnalysis &A) {
  const Emission &E = A.Acc->Emitted;
  if (!A.Shared || !A.SharedAsWritten || !E.InstrBytes ||
      A.Shared->Status != SolveStatus::Exact ||
      A.SharedAsWritten->Status != SolveStatus::Exact)
    return std::nullopt;
  const SharedResult &Merged = *A.Shared, &Apart = *A.SharedAsWritten;
  if (Merged.Wavefronts > Merged.IdealWavefronts ||
      Apart.Wavefronts <= Apart.IdealWavefronts)
    return std::nullopt;
  const Access &Acc = *A.Acc;
  const char *Verb = Acc.Op == AccessOp::Store ? "store" : "load";
  std::string Bytes = std::to_string(Acc.Bytes) + "-byte ";
  std::string Numbers = wavefronts(Merged.Wavefronts) + ", ideal " +
                        std::to_string(Merged.IdealWavefronts);
  std::string Apiece = wavefronts(Apart.Wavefronts);
  Apiece.replace(Apiece.find(' '), 1, "-");
  if (Apiece.back() == 's')
    Apiece.pop_back();
  Diagnostic D;
  D.Check = Check;
  D.Level = Severity::Remark;
  D.Range = Acc.findingRange();
  if (E.UnrolledLoop) {
    size_t N = E.IterationsPerInstr;
    D.Message = "nvcc merges " + count(N) + " iterations of this " + Bytes +
                Verb + " into one " + std::to_string(E.InstrBytes) + "-byte " +
                Verb + ": " + Numbers + "; '#pragma unroll 1', a store to '" +
                A.object().Name + "' in the loop or an unaligned base would " +
                "leave " + count(N) + " " + Apiece + " " + Verb + "s";
    return D;
  }
  std::vector<const Access *> Members{&Acc};
  for (unsigned Id : E.Carries)
    if (Id < A.Kernel->Accesses.size())
      Members.push_back(&A.Kernel->Accesses[Id]);
  size_t N = E.Carries.size() + 1;
  std::string Lines = linesOf(Members);
  D.Message = "the " + count(N) + " " + Bytes + Verb + "s of " + Lines +
              " are merged by nvcc into one " +
              std::to_string(E.InstrBytes) + "-byte " + Verb + ": " + Numbers +
              "; " +
              (Acc.Op == AccessOp::Store ? "another access" : "a store") +
              " between them or an unaligned base would split them into " +
              count(N) + " " + Apiece + " " + Verb + "s";
  return D;
}

} // namespace warplint
