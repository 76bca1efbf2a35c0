//===- LaunchSites.h - Block shapes and arguments of launches ---*- C++ -*-===//
//
// Finds every kernel<<<grid, block, smem>>>(args) and runtime API launch in
// the translation unit and turns the constant parts into LaunchConfigs
// (LaunchSites.cpp), then chooses, per kernel, the configurations to
// analyze (LaunchChoice.cpp). Precedence (first that gives at least one
// shape wins): launch sites > --block-dim > the `// warplint:
// block-dim(X,Y,Z)` annotation > .warplint.yaml BlockShapes >
// __launch_bounds__(N) (N x 1 x 1) > the kernel's own conditions on
// blockDim > one Assumed configuration without a block shape.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_LAUNCHSITES_H
#define WARPLINT_FRONTEND_LAUNCHSITES_H

#include "Frontend/Frontend.h"
#include "Model/AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <vector>

namespace warplint {

/// Launch sites of one translation unit, keyed by the launched function
/// (the template instantiation for templated kernels).
class LaunchSiteIndex {
public:
  /// Given: the parameter values the user states (--param), by name.
  LaunchSiteIndex(clang::ASTContext &Ctx,
                  const std::map<std::string, int64_t> &Given = {});

  struct Site {
    std::optional<LaunchConfig> Config; ///< nullopt: block not constant
    SourceLoc Loc;
    std::string Why; ///< when Config is nullopt
    /// The block argument as written ("nthreads", "dim3(N / 4, 2)") when
    /// some extent of it is not a compile-time constant.
    std::string BlockText;
  };
  const std::vector<Site> &sitesOf(const clang::FunctionDecl *Kernel) const;

private:
  std::map<const clang::FunctionDecl *, std::vector<Site>> Sites;
};

/// Fills K.Launches (never empty) and K.MaxThreadsPerBlock; skipped launch
/// sites become remarks.
void chooseLaunches(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                    const LaunchSiteIndex &Index, const FrontendOptions &Opts,
                    KernelModel &K);

} // namespace warplint

#endif // WARPLINT_FRONTEND_LAUNCHSITES_H
