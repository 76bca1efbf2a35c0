//===- Diagnostic.cpp - warplint's own diagnostic model -------------------===//

#include "Report/Diagnostic.h"

namespace warplint {

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Remark:
    return "remark";
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "?";
}

void sortByImpact(std::vector<Diagnostic> &Diags) {
  auto Rank = [](const Diagnostic &D) {
    return D.Level == Severity::Error ? 0 : D.Impact ? 1 : 2;
  };
  std::stable_sort(Diags.begin(), Diags.end(),
                   [&](const Diagnostic &A, const Diagnostic &B) {
                     if (Rank(A) != Rank(B))
                       return Rank(A) < Rank(B);
                     return A.Impact && B.Impact &&
                            A.Impact->Speedup > B.Impact->Speedup;
                   });
}

} // namespace warplint
