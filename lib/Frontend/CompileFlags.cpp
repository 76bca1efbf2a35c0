// Placeholder until flag translation lands.
#include "Frontend/Frontend.h"
namespace warplint {
bool isNvccCommand(const std::vector<std::string> &) { return false; }
std::vector<std::string> translateNvccArgs(const std::vector<std::string> &A, std::vector<std::string> &) { return A; }
std::vector<CompileCommand> loadCompileCommands(const std::string &, const std::vector<std::string> &, std::string &E) { E = "not built yet"; return {}; }
std::vector<std::string> deviceParseArgs(const CompileCommand &C, const FrontendOptions &, std::vector<std::string> &) { return C.Args; }
}
