//===- Space.h - The analyzed space of one access under one launch -*- C++ -*-//
//
// Binds the launch configuration into an access (blockDim, gridDim, constant
// kernel arguments), decides which symbols stay free and block-uniform, and
// sorts the enclosing loops into those that must be enumerated (their
// variable changes the address, the guard, or which lanes take part) and
// those that only repeat the request.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SPACE_H
#define WARPLINT_SOLVE_SPACE_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {

/// Symbols the solver invents when no block shape is known (Assumed launch):
/// threadIdx.x = 32 * WarpBaseX + lane, blockDim.x = 32 * BlockDimX32.
Symbol assumedWarpBaseX();
Symbol assumedBlockDimX32();
/// A warp that spans rows of a partly constant block (LaunchSpace.h): its
/// first row is (32 / blockDim.x) * WarpBaseY.
Symbol assumedWarpBaseY();
/// The invented free symbol W of a stride loop (see SolveSpace::StrideLoops):
/// the loop variable is Init + Multiple * W.
Symbol strideLoopSymbol(unsigned LoopId);
/// The symbols a loop's bounds read: its start and its condition.
std::set<Symbol> boundSymbols(const Loop &Lp);

/// A value in the user's terms: Name is Scale times the symbol it is for.
struct ScaledName {
  int64_t Scale = 1;
  std::string Name;
  /// Name is a sum or difference: it needs parentheses as a factor or
  /// after a minus.
  bool Sum = false;
};

struct SolveSpace {
  /// No block shape known: one warp of 32 consecutive threadIdx.x values,
  /// threadIdx.y/z free and uniform over the warp.
  bool Assumed = false;
  int64_t Dim[3] = {WarpLanes, 1, 1};
  /// Assumed for a partly constant block whose x extent divides 32
  /// (LaunchSpace.h): that extent; a warp's lane l is thread
  /// (l % RowLanes, l / RowLanes + (32 / RowLanes) * assumedWarpBaseY()).
  /// 0 otherwise.
  int64_t RowLanes = 0;
  /// With RowLanes: the offset in threadIdx terms (the launch's constants
  /// bound), whose per-thread strides the notes explain.
  std::optional<Expr> ThreadOffset;
  int64_t Threads = WarpLanes;
  unsigned Warps = 1;
  unsigned Bytes = 4; ///< width of one lane's access
  /// The launch's grid, when known: how many blocks each value of a
  /// blockIdx symbol stands for in the launch totals.
  std::optional<std::array<int64_t, 3>> Grid;

  Expr Offset;                   ///< byte offset after binding the launch
  Predicate Guard;               ///< guard after binding; Unknown nodes removed
  bool GuardAssumedTrue = false; ///< a block-uniform unknown was dropped
  /// Guard conjuncts were set aside (blockGuardsAside): some blocks or
  /// launches may not run the access at all.
  bool MayNotRun = false;
  /// Conjuncts uniform across a warp were set aside (warpGuardsAside): an
  /// answer holds only when every request of a case costs the same.
  bool UniformAside = false;
  /// Block-uniform conjuncts that the offset also reads were set aside
  /// (blockSelectorsAside): an answer holds only when every block that
  /// runs costs the same.
  bool SelectorsAside = false;
  std::string GuardNote;         ///< why, for Condition

  std::vector<Loop> Loops; ///< K.Loops with Init/Condition bound, by id
  /// Loops to enumerate, outermost first.
  std::vector<unsigned> Relevant;
  /// Other loops without free symbols: they repeat the request; their trip
  /// count is counted per point when CountedPerPoint, else once.
  std::vector<unsigned> Counted;
  bool CountedPerPoint = false;
  /// Some loop repeats the request a number of times that is not known
  /// (free symbols in its bounds, or not modelled): Requests is then 0.
  bool SymbolicRepeat = false;
  /// Whether a relevant loop's bounds differ between threads.
  bool ThreadDependentDomain = false;
  /// Free block-uniform symbols in the offset, the guard or relevant loops.
  std::vector<Symbol> Free;
  /// Add loops that are not enumerated because their bounds or step are not
  /// known for the launch (the grid-stride loop): iteration t sets the
  /// variable to Init + t * step, and t * step is a multiple of a known
  /// Multiple, so the variable was replaced by Init + Multiple * W with W
  /// (strideLoopSymbol) a free block-uniform symbol, and the loop condition
  /// dropped: the numbers are per request of the iterations in which every
  /// lane that entered the loop is still inside it (docs/solver.md). A
  /// loop with a constant step whose bounds read block indices of a known
  /// grid is walked instead, its block indices value sets in
  /// GeometricLoops (LoopId ~0u), when the walk is small.
  std::vector<unsigned> StrideLoops;
  /// Multiplying loops whose bounds the launch does not fix
  /// (GeometricLoops.h): Sym stands for the variable's value in one
  /// iteration. From a constant start the loop is still enumerated and its
  /// guard says `var == Sym`; Values (sorted) are then all Sym can be, and
  /// its cases are exactly these. From an unknown start the variable was
  /// replaced by Sym and Values is empty. Requests is 0 either way.
  struct GeometricLoop {
    unsigned LoopId = 0;
    Symbol Sym;
    std::vector<int64_t> Values;
    /// The least value, from a condition `var > c` (unknown start only).
    std::optional<int64_t> Lower;
  };
  std::vector<GeometricLoop> GeometricLoops;
  /// The values of Sym when it is a value-set symbol of GeometricLoops.
  const std::vector<int64_t> *valueSet(Symbol Sym) const;
  /// A free symbol that the case reduction classes by residues and windows
  /// (FreeSymbols.h): every free symbol but the value-set ones, whose cases
  /// are their values and which the analyses read like a loop variable.
  bool reduced(Symbol Sym) const;
  /// Block-uniform subterms replaced by fresh free symbols (Opaque.h): an
  /// answer holds only when no outcome depends on their classes.
  std::vector<std::pair<Symbol, Expr>> Opaque;

  /// Bounded spaces (built with Bounded; docs/solver.md, "Bounded
  /// answers"). DataAddress: the address is data, any naturally aligned
  /// place in the object; Offset is 0 and a request costs what the best and
  /// the worst placement of its lanes cost.
  bool DataAddress = false;
  /// The guard tested data: Guard is its widest reading (each data
  /// condition lets the lane in), SureGuard its narrowest (none does): the
  /// lanes that execute the access whatever the data. False when the
  /// narrowest reading uses terms the widest does not (the case reduction
  /// only knows the widest), which only loosens the bound.
  std::optional<Predicate> SureGuard;
  /// What data decides, for the report ("the address depends on ...").
  std::string BoundReason;
  /// The guard's comparisons that add several free symbols were read as if
  /// their sums were free of their parts (GuardSymbols.h,
  /// decoupledGuards): the answer is a bound over a superset of the cases.
  bool Decoupled = false;
  bool bounded() const {
    return DataAddress || SureGuard.has_value() || Decoupled;
  }

  /// Whether a symbol has one value for all lanes of any warp of this
  /// launch: free symbols, threadIdx.y when blockDim.x is a multiple of 32
  /// (or blockDim.y is 1), threadIdx.z likewise, loop variables when every
  /// lane runs the same iterations.
  bool warpUniform(Symbol Sym) const;

  std::function<std::string(Symbol)> Name; ///< source names
  /// Symbols that are not the user's but read in the user's terms once
  /// scaled: Scale times the symbol is Name. The assumed shape's
  /// blockDim.x / 32 is (32, "blockDim.x"), the warp's index
  /// threadIdx.x / 32 is (32, "threadIdx.x - threadIdx.x % 32"), a
  /// compound of them (Compound.h) likewise. Conditions print these
  /// (Conditions.cpp, GuardSymbols.cpp).
  std::map<Symbol, ScaledName> Display;
};

/// True for symbols the solver treats as unknown block-uniform values.
bool isFreeSymbol(Symbol S, bool Assumed);
/// The least value a free symbol can take, when there is one (indices are
/// non-negative, dimensions positive, unsigned parameters non-negative).
std::optional<int64_t> freeSymbolLowerBound(const KernelModel &K, Symbol S);

/// freeSymbolLowerBound, or what the space knows besides (the least value
/// of a geometric loop's symbol).
std::optional<int64_t> lowerBoundIn(const KernelModel &K, const SolveSpace &S,
                                    Symbol Sym);

/// P with each leaf (every node but And, Or, Not) replaced by Leaf(node).
Predicate mapLeaves(const Predicate &P,
                    const std::function<Predicate(const Predicate &)> &Leaf);

/// lhs - rhs of every comparison of P, in order.
std::vector<Expr> comparisonTerms(const Predicate &P);

/// Builds the space; returns the reason when the access cannot be analyzed.
/// With Bounded, an address or lanes that depend only on data give a
/// bounded space instead of a reason.
std::optional<std::string> buildSpace(const KernelModel &K, const Access &A,
                                      const LaunchConfig &L, SolveSpace &S,
                                      bool Bounded = false);

/// Evaluates an Expr in a compact environment (thread, loop values, free
/// values) without heap allocation per lookup.
struct Env {
  int64_t Thread[3] = {0, 0, 0};
  std::vector<int64_t> LoopValue; ///< by loop id
  std::vector<char> LoopSet;
  std::vector<int64_t> LoopTrip; ///< iteration number, by loop id
  std::vector<std::pair<Symbol, int64_t>> FreeValue;
  bool Assumed = false;

  std::optional<int64_t> lookup(Symbol S) const;
  std::optional<int64_t> eval(const Expr &E) const;
  std::optional<bool> eval(const Predicate &P) const;
};

} // namespace warplint

#endif // WARPLINT_SOLVE_SPACE_H
