//===- FileSetup.cpp - A file's compile command and configuration ---------===//

#include "Driver/FileSetup.h"

namespace warplint {

CompileCommand fallbackCommand(const std::string &File,
                               const std::vector<std::string> &Flags,
                               const std::string &Dir) {
  CompileCommand Cmd;
  Cmd.Directory = Dir;
  Cmd.File = File;
  Cmd.Args.push_back("clang++");
  Cmd.Args.insert(Cmd.Args.end(), Flags.begin(), Flags.end());
  Cmd.Args.push_back(File);
  return Cmd;
}

FileCommand commandForFile(const std::string &File,
                           const std::vector<std::string> &FallbackFlags,
                           const std::string &FallbackDir) {
  FileCommand Out;
  std::string Db = findCompileDatabaseDir(File);
  if (!Db.empty()) {
    std::string Error;
    std::vector<CompileCommand> Cmds = loadCompileCommands(Db, {File}, Error);
    if (Error.empty() && !Cmds.empty()) {
      Out.Cmd = Cmds.front();
      Out.Source = Db + "/compile_commands.json";
      return Out;
    }
    Out.Source = "fallback flags (" + Db + "/compile_commands.json: " +
                 (Error.empty() ? "no command" : Error) + ")";
  } else {
    Out.Source = "fallback flags (no compile_commands.json above the file)";
  }
  Out.Cmd = fallbackCommand(File, FallbackFlags, FallbackDir);
  return Out;
}

llvm::Expected<Config> configForFile(ConfigFinder &Finder,
                                     const std::string &File) {
  std::string Error;
  std::optional<Config> Found = Finder.find(File, Error);
  if (!Found)
    return llvm::createStringError("invalid configuration: " + Error);
  return std::move(*Found);
}

} // namespace warplint
