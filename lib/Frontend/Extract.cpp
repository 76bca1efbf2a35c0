// Placeholder until extraction lands.
#include "Frontend/Frontend.h"
namespace warplint {
FrontendResult analyzeFile(const CompileCommand &, const FrontendOptions &) { return {}; }
FrontendResult analyzeCode(const std::string &, const std::string &, const std::vector<std::string> &, const FrontendOptions &) { return {}; }
}
