//===- Analysis.cpp - One access's answer under one launch ----------------===//
//-----------------===//

#include "Checks/Analysis.h"

namespace warplint {

SolveStatus AccessAnalysis::status() const {
  return Shared   ? Shared->Status
         : Global ? Global->Status
                  : SolveStatus::Unknown;
}

} // namespace warplint
