//===- Progress.h - Progress line and closing summary -----------*- C++ -*-===//
//
// For runs over many files: "[12/230] src/kernels/foo.cu" on a terminal
// while files are analyzed, and a closing summary of what was analyzed and
// found. Both go to stderr, so stdout keeps only the report.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TOOL_PROGRESS_H
#define WARPLINT_TOOL_PROGRESS_H

#include "Driver/Pipeline.h"

#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace warplint {

/// One line, rewritten in place ("\r" and erase-line), as each file is
/// done; cleared at the end so the report starts on a clean line. Safe to
/// call from the worker threads.
class ProgressLine {
public:
  ProgressLine(llvm::raw_ostream &OS, size_t Total) : OS(OS), Total(Total) {}
  void fileDone(const std::string &File);
  void finish();

private:
  llvm::raw_ostream &OS;
  size_t Total;
  size_t Done = 0;
  std::mutex Lock;
};

/// "warplint: 3 files (1 not parsed), 5 kernels, 42 accesses analyzed, 2
/// unknown; 3 findings: 2 warplint-bank-conflict, 1 warplint-uncoalesced",
/// then each file that was not parsed with its first error. With Table
/// (--summary), the count of analyzed files and a table of kernels: file,
/// findings and the worst access. Findings are the run's, merged.
void writeSummary(llvm::raw_ostream &OS,
                  const std::vector<FileReport> &Reports,
                  const std::vector<Diagnostic> &Findings, bool Table);

} // namespace warplint

#endif // WARPLINT_TOOL_PROGRESS_H
