//===- SassLines.cpp - Predication and branches per source line -----------===//

#include "Facts/SassLines.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <tuple>

namespace warplint {

const std::string &PathNames::canonical(const std::string &Path) {
  auto [It, New] = Cache.try_emplace(Path);
  if (New) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Path, Real))
      Real = Path;
    It->second = std::string(Real);
  }
  return It->second;
}

UserLine userLine(const SassLine &Source, PathNames &Paths,
                  const std::set<std::string> &UserFiles) {
  // Frames innermost first: the line itself, then the lines it was inlined
  // at.
  std::vector<std::pair<std::string, unsigned>> Frames = {
      {Source.File, Source.Line}};
  Frames.insert(Frames.end(), Source.InlinedAt.begin(), Source.InlinedAt.end());
  size_t User = 0;
  for (size_t I = 0; I < Frames.size(); ++I)
    if (UserFiles.count(Paths.canonical(Frames[I].first))) {
      User = I;
      break;
    }
  UserLine L{Paths.canonical(Frames[User].first), Frames[User].second, {}};
  for (size_t I = Frames.size(); I-- > User + 1;)
    L.Calls.push_back(Frames[I].second);
  return L;
}

std::vector<LineFacts> lineFacts(const SassFunction &F, PathNames &Paths,
                                 const std::set<std::string> &UserFiles) {
  const std::vector<SassInstruction> &Is = F.Instructions;
  // Which instructions a forward branch jumps over: between the branch and
  // its target. The `BRA self` after the last EXIT targets itself and
  // skips nothing.
  std::vector<bool> Skipped(Is.size());
  for (const SassInstruction &B : Is)
    if (B.IsBranch && B.BranchTarget && *B.BranchTarget > B.Address)
      for (size_t I = 0; I < Is.size(); ++I)
        if (Is[I].Address > B.Address && Is[I].Address < *B.BranchTarget)
          Skipped[I] = true;

  using Key = std::tuple<unsigned, std::string, std::vector<unsigned>>;
  std::map<Key, LineFacts> Lines;
  for (size_t I = 0; I < Is.size(); ++I) {
    const SassInstruction &In = Is[I];
    if (!In.Source.Line || In.Opcode == "NOP")
      continue;
    UserLine U = userLine(In.Source, Paths, UserFiles);
    LineFacts &L = Lines[{U.Line, U.File, U.Calls}];
    L.Loc.File = U.File;
    L.Loc.Line = U.Line;
    L.InlinedAt = U.Calls;
    bool Predicated = !In.Guard.empty();
    ++L.Instructions;
    L.PredicatedInstructions += Predicated;
    if (In.Memory) {
      ++L.MemoryInstructions;
      L.PredicatedMemoryInstructions += Predicated;
    }
    L.BranchedAround |= Skipped[I];
    L.HasConditionalBranch |= In.IsBranch && Predicated;
  }
  std::vector<LineFacts> Out;
  for (auto &[_, L] : Lines)
    Out.push_back(std::move(L));
  return Out;
}

} // namespace warplint
