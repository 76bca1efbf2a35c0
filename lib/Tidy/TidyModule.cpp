//===- TidyModule.cpp - The warplint clang-tidy module --------------------===//
//
// Loaded with clang-tidy --load=libwarplint-tidy.so. clang-tidy finds modules
// through its registry, whose entries are static objects; that is the one
// place warplint registers anything by static initialization, because the
// plugin interface offers no other way in.
//
//===----------------------------------------------------------------------===//

#include "Checks/Check.h"
#include "WarplintTidyCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace warplint {
namespace {

class WarplintTidyModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    // Every check warplint has, under its own id, all sharing one analysis
    // per translation unit.
    auto Shared = std::make_shared<SharedAnalysis>();
    for (const auto &C : createAllChecks())
      Factories.registerCheckFactory(
          C->id(),
          [Shared](llvm::StringRef Name, clang::tidy::ClangTidyContext *Ctx) {
            return std::make_unique<WarplintTidyCheck>(Name, Ctx, Shared);
          });
  }
};

clang::tidy::ClangTidyModuleRegistry::Add<WarplintTidyModule>
    Registration("warplint-module",
                 "warplint: shared-memory bank conflicts and uncoalesced "
                 "global-memory accesses in CUDA kernels");

} // namespace
} // namespace warplint
