//===- UniformityQuestion.h - One uniformity question, inside ---*- C++ -*-===//
//
// The class that decides one question of Uniformity.h, shared by its two
// halves: Uniformity.cpp (symbol classes, enumeration of the block) and
// UniformityIsl.cpp (the ISL set of two threads that disagree). Not for use
// outside lib/Solve.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_UNIFORMITYQUESTION_H
#define WARPLINT_SOLVE_UNIFORMITYQUESTION_H

#include "Model/LaunchShape.h"
#include "Solve/Space/InventedSymbols.h"
#include "Solve/Isl/IslAdapter.h"
#include "Solve/Isl/IslBuild.h"
#include "Solve/Uniformity.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace warplint {
namespace uniformity {

/// Invented symbols (InventedSymbols.h): the iteration number of a loop,
/// and block-uniform opaque conditions.
Symbol iterationSymbol(unsigned LoopId);
bool isIteration(Symbol S);
bool isOpaque(Symbol S);
/// Whether P, read as a set of values of V, is an interval (the loop's
/// condition at a shared iteration then bounds it exactly).
bool isConvexIn(const Predicate &P, Symbol V);
bool unsignedParam(const KernelModel &K, unsigned Index);

/// One uniformity question with the launch bound in.
class Question {
public:
  Question(const KernelModel &K, const LaunchConfig &L,
           const UniformityOptions &Opts)
      : K(K), L(L), Opts(Opts), Bind(bindLaunch(L)) {}

  UniformityResult decide(Predicate P);

  /// Extra symbols with a lower bound of 0 (iteration numbers).
  bool Approximate = false;

private:
  // --- symbol classification
  /// Success when loop J's variable has the same value in all threads at
  /// one iteration (its bounds do not depend on the thread), else why not.
  llvm::Error loopShared(unsigned J);
  /// Success when only symbols all threads share appear, else the first
  /// that does not.
  llvm::Error sharedOnly(const Predicate &P);
  llvm::Error sharedOnly(const Expr &E);

  // --- enumeration
  std::optional<UniformityResult> enumerate(const Predicate &P);
  bool loopValues(const std::vector<unsigned> &Ids, size_t At,
                  std::map<unsigned, int64_t> &Values,
                  const std::function<bool()> &Visit, unsigned &Budget);

  // --- ISL: { Pair[t1x, t1y, t1z, t2x, t2y, t2z] }, kernel parameters as
  // parameters, the symbols both threads share as hidden ones.
  std::optional<isl::pw_aff> islExpr(const Expr &E, int Copy);
  std::optional<isl::set> islPred(const Predicate &P, int Copy,
                                  bool Negate = false);
  std::optional<isl::pw_aff> sym(Symbol S, int Copy);
  /// Copy 1 and 2 are the two threads' threadIdx; copy 0 is for shared
  /// symbols only.
  IslSymbolFn names(int Copy) {
    return [this, Copy](Symbol S) { return sym(S, Copy); };
  }
  bool addDomain(Symbol S, const isl::pw_aff &V);
  std::optional<UniformityResult> isl(const Predicate &P);
  std::optional<UniformityResult> islOn(const Predicate &P);
  std::string describe(const isl::set &D);
  DisagreeingThreads example(const isl::set &Pairs);
  std::vector<isl::id> paramOrder() const;
  /// { Pair[...] : every unsigned parameter >= 0 }.
  isl::set paramDomain();

  std::string name(Symbol S) const {
    if (isIteration(S))
      return "the iteration of '" + K.Loops[inventedMember(S)].VarName + "'";
    return K.symbolName(S);
  }

  const KernelModel &K;
  const LaunchConfig &L;
  const UniformityOptions &Opts;
  std::function<std::optional<Expr>(Symbol)> Bind;
  /// The set being built (while isl() runs): its builder, the values of
  /// the shared symbols (hidden parameters) and what is known of them, the
  /// kernel parameters by index.
  std::optional<IslBuilder> Isl;
  std::map<Symbol, isl::pw_aff> Shared;
  std::optional<isl::set> SharedDomain;
  std::map<unsigned, isl::id> Params;
  /// Why a condition could not be written for ISL.
  std::string IslFailure;
  std::set<unsigned> InProgress;
};

} // namespace uniformity
} // namespace warplint

#endif // WARPLINT_SOLVE_UNIFORMITYQUESTION_H
