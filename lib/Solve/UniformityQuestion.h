//===- UniformityQuestion.h - One uniformity question, inside -*- C++ -*-===//
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
#include "Solve/IslAdapter.h"
#include "Solve/IslText.h"
#include "Solve/Uniformity.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace warplint {
namespace uniformity {

/// Invented symbols (kind Uniform, indices far above real uniforms):
/// the iteration number of a loop, and block-uniform opaque conditions.
constexpr unsigned IterationBase = 1u << 30;
constexpr unsigned OpaqueBase = 1u << 29;

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
  /// Whether loop J's variable has the same value in all threads at one
  /// iteration (its bounds do not depend on the thread); Why otherwise.
  bool loopShared(unsigned J, std::string &Why);
  bool sharedOnly(const Predicate &P, std::string &Why);
  bool sharedOnly(const Expr &E, std::string &Why);

  // --- enumeration
  std::optional<UniformityResult> enumerate(const Predicate &P);
  bool loopValues(const std::vector<unsigned> &Ids, size_t At,
                  std::map<unsigned, int64_t> &Values,
                  const std::function<bool()> &Visit, unsigned &Budget);

  // --- ISL
  std::optional<std::string> islExpr(const Expr &E, int Copy);
  std::optional<std::string> islPred(const Predicate &P, int Copy);
  std::string sym(Symbol S, int Copy);
  /// Copy 1 and 2 name the two threads' threadIdx; copy 0 is for shared
  /// symbols only.
  IslNameFn names(int Copy) {
    return [this, Copy](Symbol S) -> std::optional<std::string> {
      return sym(S, Copy);
    };
  }
  bool addDomain(Symbol S);
  std::optional<UniformityResult> isl(const Predicate &P);
  std::string describe(const isl::set &D, IslContext &Ctx);

  std::string name(Symbol S) const {
    if (isIteration(S))
      return "the iteration of '" + K.Loops[S.Index - IterationBase].VarName +
             "'";
    return K.symbolName(S);
  }

  const KernelModel &K;
  const LaunchConfig &L;
  const UniformityOptions &Opts;
  std::function<std::optional<Expr>(Symbol)> Bind;
  /// Existential variables (shared symbols, quotients) and constraints of
  /// the set being built; fresh quotients are "q0", "q1", ...
  IslTextScope Scope{"q"};
  std::set<Symbol> Shared, DomainDone;
  std::set<unsigned> Params;
  std::set<unsigned> InProgress;
};

} // namespace uniformity
} // namespace warplint

#endif // WARPLINT_SOLVE_UNIFORMITYQUESTION_H
