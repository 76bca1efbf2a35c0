//===- SharedAnalysis.cpp - One warplint run per translation unit ---------===//

#include "SharedAnalysis.h"

namespace warplint {

SharedAnalysis::Entry &SharedAnalysis::get(const clang::ASTContext &Ctx,
                                           const std::string &Key,
                                           const std::function<Entry()> &Run) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Entries.find({&Ctx, Key});
  if (It != Entries.end())
    return It->second;
  return Entries.emplace(std::make_pair(&Ctx, Key), Run()).first->second;
}

void SharedAnalysis::forget(const clang::ASTContext &Ctx) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (auto It = Entries.begin(); It != Entries.end();)
    It = It->first.first == &Ctx ? Entries.erase(It) : std::next(It);
}

} // namespace warplint
