// Placeholder until the writers land.
#include "Report/Writers.h"
#include "llvm/Support/raw_ostream.h"
namespace warplint {
std::string SourceCache::line(const std::string &, unsigned) { return ""; }
bool isSuppressed(SourceCache &, const SourceLoc &, const std::string &) { return false; }
void writeText(llvm::raw_ostream &, const std::vector<Diagnostic> &, SourceCache &, const TextOptions &) {}
void writeAccessesText(llvm::raw_ostream &, const std::vector<AccessRecord> &, const TextOptions &) {}
void writeJson(llvm::raw_ostream &, const JsonHeader &, const std::vector<AccessRecord> &, const std::vector<Diagnostic> &) {}
}
