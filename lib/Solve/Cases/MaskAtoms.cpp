//===- MaskAtoms.cpp - Runtime masks of a lane index ----------------------===//

#include "Solve/Cases/MaskAtoms.h"

#include "Solve/Enumerate/Enumerate.h"
#include "Solve/HardwareRules.h"
#include "Solve/Space/Polynomial.h"

#include <numeric>

namespace warplint {

namespace {

/// Splits stop below 2^12: each free symbol of the mask gets that many
/// residue classes (or more), and a 32-bit index wraps long before 2^31
/// in the source while the model computes in 64 bits.
constexpr unsigned MaxBits = 12;

/// A polynomial (sums, products, constant shifts) in values the same for
/// the whole block: free symbols and value-set symbols. Its residue modulo
/// 2^k is fixed by their residues modulo 2^k.
bool freePolynomial(const Expr &E, const SolveSpace &S) {
  switch (E.kind()) {
  case ExprKind::Const:
    return true;
  case ExprKind::Sym:
    return S.reduced(E.symbolValue()) || S.valueSet(E.symbolValue());
  case ExprKind::Add:
  case ExprKind::Mul:
    return freePolynomial(E.lhs(), S) && freePolynomial(E.rhs(), S);
  case ExprKind::Shl:
    return E.rhs().isConst() && freePolynomial(E.lhs(), S);
  default:
    return false;
  }
}

bool hasFree(const Expr &E, const SolveSpace &S) {
  for (Symbol Sym : E.symbols())
    if (S.reduced(Sym))
      return true;
  return false;
}

/// The masked operand A read as FreeTerms (monomials of free symbols only,
/// by coefficient) plus Lanes (the rest: thread indices and constants).
struct MaskedOperand {
  std::vector<int64_t> FreeCoefs;
  Expr Lanes{0};
};

std::optional<MaskedOperand> splitOperand(const Expr &A, const SolveSpace &S) {
  PolyAtoms P;
  Monomials Terms;
  if (expandPolynomial(A, S, P, Terms))
    return std::nullopt; // a free symbol inside an atom of A
  MaskedOperand Out;
  for (const auto &[Key, C] : Terms) {
    if (C == 0)
      continue;
    bool AnyFree = false, AllFree = true;
    for (unsigned Id : Key) {
      bool Free = isFreeAtom(P, Id, S);
      AnyFree |= Free;
      AllFree &= Free;
    }
    if (AnyFree) {
      if (!AllFree)
        return std::nullopt; // a free value times a thread index
      Out.FreeCoefs.push_back(C);
      continue;
    }
    // Only thread indices the enumeration sets per lane (no loop variable,
    // no value the lanes of a warp share only at one point).
    for (unsigned Id : Key) {
      const Expr &At = P.Atoms[Id];
      if (At.kind() != ExprKind::Sym ||
          At.symbolValue().Kind != SymbolKind::ThreadIdx)
        return std::nullopt;
    }
    Out.Lanes = Out.Lanes + monomialExpr(P, Key, C);
  }
  return Out;
}

/// The least k such that the lanes of every warp of the launch have the
/// same Lanes >> k, or nullopt when some lane's value cannot be computed.
std::optional<unsigned> sharedBlockBits(const Expr &Lanes,
                                        const SolveSpace &S) {
  Env E;
  E.Assumed = S.Assumed;
  unsigned Bits = 0;
  for (unsigned W = 0; W < S.Warps; ++W) {
    std::optional<int64_t> Lo, Hi;
    for (unsigned Lane = 0; Lane < WarpLanes; ++Lane) {
      if (!laneThread(S, {}, W, Lane, E.Thread))
        continue;
      auto V = E.eval(Lanes);
      if (!V)
        return std::nullopt;
      Lo = Lo ? std::min(*Lo, *V) : *V;
      Hi = Hi ? std::max(*Hi, *V) : *V;
    }
    if (!Lo)
      continue;
    while (Bits < MaxBits &&
           floorDiv(*Lo, int64_t(1) << Bits) != floorDiv(*Hi, int64_t(1) << Bits))
      ++Bits;
    if (Bits == MaxBits)
      return std::nullopt;
  }
  return Bits;
}

/// The side of X that is the mask (a polynomial in block-uniform values,
/// maybe a constant), when the other one is not.
const Expr *maskSide(const Expr &X, const SolveSpace &S) {
  if (X.kind() != ExprKind::BitAnd)
    return nullptr;
  bool R = freePolynomial(X.rhs(), S), L = freePolynomial(X.lhs(), S);
  if (R == L)
    return nullptr; // both uniform (an opaque value) or neither
  return R ? &X.rhs() : &X.lhs();
}

} // namespace

bool maskAtomShape(const Expr &X, const SolveSpace &S) {
  return maskSide(X, S) && hasFree(X, S);
}

bool exactMaskAtom(const Expr &X, const SolveSpace &S, int64_t Coef,
                   int64_t Modulus, std::map<Symbol, int64_t> &Residues) {
  if (!maskAtomShape(X, S) || Modulus <= 0)
    return false;
  const Expr &B = *maskSide(X, S);
  const Expr &A = &B == &X.rhs() ? X.lhs() : X.rhs();
  auto Operand = splitOperand(A, S);
  if (!Operand)
    return false;
  auto Bits = sharedBlockBits(Operand->Lanes, S);
  if (!Bits)
    return false;
  for (unsigned K = *Bits; K < MaxBits; ++K) {
    int64_t Block = int64_t(1) << K;
    // A free term that is not a whole multiple of the block would carry
    // into the low bits: a larger block would not help either.
    for (int64_t C : Operand->FreeCoefs)
      if (C % Block != 0)
        return false;
    __int128 Shift = __int128(Coef) * Block;
    if (Shift % Modulus != 0)
      continue;
    for (Symbol Sym : B.symbols()) {
      if (!S.reduced(Sym))
        continue; // a value-set symbol's cases are its values
      int64_t &M = Residues[Sym];
      M = M ? std::lcm(M, Block) : Block;
    }
    return true;
  }
  return false;
}

} // namespace warplint
