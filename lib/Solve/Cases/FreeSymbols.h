//===- FreeSymbols.h - Cases for block-uniform unknowns ---------*- C++ -*-===//
//
// A free block-uniform symbol (blockIdx, an unbound parameter, a loaded
// uniform value) can take infinitely many values, but the cost of a request
// only depends on finitely many facts about it:
//  - where it appears additively in the address, only its residue modulo
//    Modulus / gcd(coefficient, Modulus) matters (Modulus is 128 bytes of
//    banks for shared memory, 32 bytes of a sector for global memory);
//  - where it appears in a guard atom a*u + r cmp 0, the atom's truth value
//    only changes while a*u is within the range r takes over the lanes and
//    iterations: a finite window of values.
// Enumerating each value in the window and one value per residue class on
// either side of it therefore covers every value exactly.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_FREESYMBOLS_H
#define WARPLINT_SOLVE_FREESYMBOLS_H

#include "Solve/Cases/Compound.h"
#include "Solve/Cases/GuardSymbols.h"
#include "Solve/Enumerate/Enumerate.h"
#include "Solve/Space/Additive.h"
#include "Solve/Space/Space.h"

#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A free symbol u multiplied by a value that differs between the lanes of
/// a request (ty * pitch when threadIdx.y varies within a warp). Lanes with
/// the same multiplier move together when u changes; lanes with different
/// multipliers are at least Step * |u| - (range of Rest) bytes apart. Once
/// that distance exceeds the span of a bank row or sector plus the access
/// width, no two such lanes share a word or sector, and u -> u + T (T the
/// period of the grain) moves every lane by a multiple of the period: the
/// cost is periodic in u outside a finite window of values around 0.
struct LaneProduct {
  Symbol Sym;
  int64_t Step = 0; ///< gcd of the coefficients of u's lane-varying terms
  Expr Rest;        ///< the lane-varying terms without free symbols
};

/// For each free symbol u of the offset, a grain G: changing u by d moves
/// every lane of a request by a multiple of G * d (the same multiple for all
/// lanes, except for the LaneProduct symbol), so the cost only depends on u
/// modulo Modulus / gcd(G, Modulus) (outside the LaneProduct window). The
/// offset must be a polynomial in which every monomial with a free symbol is
/// otherwise made of warp-uniform values (SolveSpace::warpUniform): a * u,
/// or ty * pitch when threadIdx.y is the same across each warp, except for
/// one free symbol of degree one times lane-varying values (Product).
/// Returns the reason when it is not (two free symbols times lane indices,
/// or one under a division). A runtime mask of a lane index standing alone
/// in its term is taken when MaskAtoms.h makes it exact; Residues then says
/// which free symbols need classes of residues modulo a multiple of what.
std::optional<std::string>
freeSymbolGrain(const SolveSpace &S, int64_t Modulus,
                std::map<Symbol, int64_t> &Grain,
                std::map<Symbol, int64_t> &Residues,
                std::optional<LaneProduct> &Product);

/// One class of values of one free symbol.
struct ValueClass {
  enum Region { Exact, Below, Above, Residue } Where = Residue;
  int64_t Value = 0; ///< a member of the class, used for enumeration
};

/// The classes of one free symbol.
struct SymbolClasses {
  Symbol Sym;
  int64_t Modulus = 1;
  bool HasWindow = false;
  /// The symbol takes only the values of its Exact classes (the value of a
  /// multiplying loop's variable, GeometricLoops.h): a condition may span
  /// the gaps between them.
  bool ValueSet = false;
  int64_t Lo = 0, Hi = -1;
  std::vector<ValueClass> Classes;
  /// How many values of [First, Last] class Class holds: an Exact class its
  /// one value, a Residue class the values congruent to its member modulo
  /// Modulus, Below and Above classes those below Lo or above Hi.
  uint64_t countIn(unsigned Class, int64_t First, int64_t Last) const;
};

/// All free symbols of a space and their classes; the cases to enumerate
/// are the cartesian product.
struct FreePlan {
  std::vector<SymbolClasses> Symbols;
  /// Parameters replaced by fresh symbols (GuardSymbols.h): Symbols holds
  /// the fresh symbol in place of the parameter.
  std::vector<GuardPair> Pairs;
  /// Per pair with a least value: the index in Symbols of the symbol moved
  /// within its class so that the parameter stays at or above it; -1 else.
  std::vector<int> ShiftOf;
  /// Polynomials of free symbols replaced by fresh symbols (Compound.h):
  /// Symbols holds the fresh symbol in place of the source symbols.
  std::vector<CompoundSymbol> Compounds;
  /// The space's symbols in the user's terms, its compounds' included
  /// (SolveSpace::Display), for describeCases.
  std::map<Symbol, ScaledName> Display;
  /// The LaneProduct symbol, when there is one: its window holds finitely
  /// many values, and a worst case reached by all its values outside the
  /// window is no condition on the launch (Solver.cpp, worstInUncutWarps).
  std::optional<Symbol> ProductSym;
  /// The least value of a symbol of the plan, when it has one.
  std::optional<int64_t> lowerBound(const KernelModel &K, Symbol Sym) const;
  /// Least values the space knows beyond freeSymbolLowerBound
  /// (lowerBoundIn).
  std::map<Symbol, int64_t> KnownLower;
  /// Whether Sym is a compound that only says which block or warp.
  bool positional(Symbol Sym) const;
  /// Whether some case's outcome (Keys, by case index) changes with the
  /// class of symbol Sym alone.
  /// ExecutedOnly: compare only cases that execute (Keys[C][0] != 0), so
  /// that whether the access runs at all may depend on Sym.
  bool outcomeDependsOn(Symbol Sym,
                        const std::vector<std::array<int64_t, 4>> &Keys,
                        bool ExecutedOnly = false) const;
  uint64_t caseCount() const;
  /// Where a symbol's class sits in the case index (mixed radix): cases
  /// C and C + k * Stride (k < Size, same other digits) differ in its class
  /// alone; group(C) is the first of C's group.
  struct Digit {
    uint64_t Stride = 1, Size = 1;
    uint64_t group(uint64_t C) const { return C - C / Stride % Size * Stride; }
  };
  std::optional<Digit> digitOf(Symbol Sym) const;
  /// The class of each symbol in case Index (mixed radix over Symbols,
  /// symbol 0 least significant): what values() decodes, without the values.
  void classes(uint64_t Index, std::vector<unsigned> &ClassOf) const;
  /// The values of case Index (mixed radix over Symbols), given for the
  /// source symbols: each pair's parameter instead of its fresh symbol.
  FreeValues values(uint64_t Index, std::vector<unsigned> &ClassOf) const;
};

/// Builds the plan; Modulus is the period of the cost in the address (in
/// bytes). Returns the reason when a free symbol cannot be reduced to finitely
/// many cases.
std::optional<std::string> planFreeSymbols(const KernelModel &K,
                                           const SolveSpace &S, int64_t Modulus,
                                           uint64_t &Budget, FreePlan &Plan);

/// A readable condition (source names) that holds exactly for the cases in
/// Chosen (by case index) among Executed (cases where the access runs).
std::string describeCases(const FreePlan &Plan,
                          const std::vector<uint64_t> &Chosen,
                          const std::vector<uint64_t> &Executed,
                          const std::function<std::string(Symbol)> &Name);

} // namespace warplint

#endif // WARPLINT_SOLVE_FREESYMBOLS_H
