//===- GuardSymbols.h - A parameter that only bounds a guard ----*- C++ -*-===//
//
// The most common guard, 'row < M' with row = blockIdx.y * 8 + threadIdx.y,
// compares two free block-uniform symbols. When the parameter P (here M)
// appears nowhere else (not in the address, not in another comparison with a
// different combination of free symbols, not in a loop bound), every
// comparison that uses P only depends on V = P + sum c_u * u (here
// M - 8 * blockIdx.y), and V is independent of the u: for any values of the
// u, choosing P chooses V. So V can replace P as a free symbol of its own,
// with its own window of thresholds, and the cases of V combine freely with
// the cases of the u. When P has a least value L (an unsigned parameter),
// P = V - sum c_u * u >= L limits V for given u; the plan then needs one u
// that can move within its class (same residue, no window) in the direction
// that makes room, and moves it per case (docs/solver.md).
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_GUARDSYMBOLS_H
#define WARPLINT_SOLVE_GUARDSYMBOLS_H

#include "Solve/Space/Space.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The fresh free symbol that stands for pair I's V.
Symbol guardFreshSymbol(unsigned I);

/// A parameter replaced by a fresh symbol: Fresh = Param + sum Others[u] * u.
struct GuardPair {
  Symbol Param;
  Symbol Fresh;
  std::map<Symbol, int64_t> Others;
  std::optional<int64_t> Lower; ///< least value of Param, when it has one
  std::string Name;             ///< source terms, e.g. "M - blockIdx.y * 8"
};

/// The parameters of S's guard that can be replaced (see the file comment).
std::vector<GuardPair> findGuardPairs(const KernelModel &K,
                                      const SolveSpace &S);

/// A comparison D cmp 0 rewritten as Coef * Fresh + Rest cmp 0.
struct GuardPairAtom {
  Symbol Fresh;
  int64_t Coef = 0;
  Expr Rest;
};

/// When the free symbols of D (lhs - rhs of a comparison) are exactly those
/// of a pair, in its proportions, the comparison in terms of the fresh
/// symbol.
std::optional<GuardPairAtom> matchGuardPair(const std::vector<GuardPair> &Pairs,
                                            const Expr &D, const SolveSpace &S);

/// Param's value for the given values of Fresh and the Others.
int64_t guardParamValue(const GuardPair &P,
                        const std::map<Symbol, int64_t> &Values);

/// When the exact reduction fails because a comparison of the guard adds
/// several free symbols that no pair can absorb (`blockIdx.x * 16 +
/// threadIdx.x < imageW` with imageW in the address too): S with the free
/// part of each such comparison replaced by a fresh symbol of its own, as
/// if it were independent of the symbols it is made of, and
/// SolveSpace::Decoupled set. Its cases then include every combination
/// that happens, and maybe some that do not: the least and the greatest
/// over them bound the answer (a bounded answer, docs/solver.md).
/// nullopt when no comparison adds two free symbols.
std::optional<SolveSpace> decoupledGuards(const SolveSpace &S);

/// S with the guard's top-level conjuncts that only say which blocks or
/// launches run the access (`if (frame == 0)`, `if (blockIdx.x ==
/// gridDim.x - 1)`: block-uniform symbols that appear nowhere else, not in
/// the address, another conjunct, a relevant loop or an opaque subterm)
/// taken out of the guard and said in GuardNote instead. Every case the
/// conjunct admits has the same outcome, so they only multiply the cases
/// (or, with two symbols, stop their reduction); used when the cases would
/// not fit the budget or cannot be planned. The answer then holds for the
/// blocks the conjuncts admit (the note says which); SolveSpace::MayNotRun
/// is set, so that a bound's least mean is 0. A conjunct no value satisfies
/// (dead code) is not detected: the access is costed as if it ran. nullopt
/// when there is no such conjunct.
std::optional<SolveSpace> blockGuardsAside(const SolveSpace &S);

/// S with the guard's top-level conjuncts that every lane of a warp
/// evaluates alike but that change between iterations of a loop (`if (ko +
/// 3 < K / 32)` around a software pipeline's prologue): no thread index, no
/// data, no symbol the solver made except a stride loop's iteration or an
/// opaque subterm of such values, and at least one loop variable or stride
/// loop's iteration. They are taken out of the guard and
/// said in GuardNote; SolveSpace::MayNotRun and UniformAside are set. The
/// cases then cover every iteration as if the conjuncts held, a superset of
/// the requests that run: the answer is the one for the requests that run
/// only where every request of a case costs the same (the case solver
/// checks, and fails otherwise). nullopt when there is no such conjunct.
std::optional<SolveSpace> warpGuardsAside(const SolveSpace &S);

/// The conjuncts of S.Guard that only choose blocks, like blockGuardsAside's,
/// but whose values the offset reads too: a block swizzle's tile index
/// tested against the tile count (`if (tile_i >= M_tiles) return;`, tile_i
/// the same term the addresses use). Every symbol of such a conjunct is
/// the same for a whole block (block and grid indices, the launch's sizes,
/// parameters, opaque subterms of those), so a block runs the access with
/// all its lanes or not at all. They are taken out of the guard and said in
/// GuardNote; SolveSpace::MayNotRun and SelectorsAside are set. The cases
/// then cover blocks the conjuncts reject too: the answer is the one for
/// the blocks that run only where every case costs the same (the case
/// solver checks, and fails otherwise). nullopt when there is no such
/// conjunct or S has a sure guard.
std::optional<SolveSpace> blockSelectorsAside(const SolveSpace &S);

/// The space to bound when the exact answer failed with Why: the guards
/// decoupled when they can be, and SolveSpace::Decoupled set also when
/// Unfollowed says the only obstacle was a value the cases may not all
/// reach (an opaque subterm, a per-iteration uniform: their classes hold
/// every value they take, so the least and the greatest over the cases
/// bound the answer). nullopt when neither applies.
std::optional<SolveSpace> boundOverValues(const SolveSpace &S,
                                          bool Unfollowed,
                                          const std::string &Why);

} // namespace warplint

#endif // WARPLINT_SOLVE_GUARDSYMBOLS_H
