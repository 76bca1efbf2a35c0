//===- LoopScans.h - A loop body's syntactic facts --------------*- C++ -*-===//
//
// Before it walks a loop, the walker reads from its body which locals it
// writes (and where), whether it may leave the loop, and what decides
// nvcc's unrolling. Each is a scan of the whole body; for a loop nested N
// deep in a function inlined M times, the same bodies were scanned N * M
// times over (~1,000 nested loops in a helper took 50 s). The
// facts depend on the AST alone, so each statement is scanned once per
// kernel and the answer kept.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_LOOPSCANS_H
#define WARPLINT_FRONTEND_LOOPSCANS_H

#include "Frontend/Walker/RuntimeUnroll.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <memory>
#include <vector>

namespace warplint {

class LoopScans {
public:
  /// The locals S may write (assignments, ++/--, address-taking,
  /// non-const reference arguments), each with where it first does.
  using Written = std::map<const clang::ValueDecl *, clang::SourceLocation>;
  /// Every write of a local in S, each with the expression that writes it.
  using Sites =
      std::map<const clang::ValueDecl *, std::vector<const clang::Expr *>>;

  const Written &writtenVars(const clang::Stmt *S);
  const Sites &writeSites(const clang::Stmt *S);
  /// Whether a loop body may leave the loop for good: a break at its own
  /// level, or a return anywhere.
  bool mayLeaveLoop(const clang::Stmt *Body);
  UnrollBodyFacts unrollFacts(const clang::Stmt *Body);

private:
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<Written>> WrittenOf;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<Sites>> SitesOf;
  llvm::DenseMap<const clang::Stmt *, bool> LeavesOf;
  llvm::DenseMap<const clang::Stmt *, UnrollBodyFacts> UnrollOf;
};

} // namespace warplint

#endif // WARPLINT_FRONTEND_LOOPSCANS_H
