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

} // namespace warplint
