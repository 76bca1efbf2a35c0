//===- AbsValue.h - The walker's abstract values and lvalues ----*- C++ -*-===//
//
// What the kernel walker (KernelWalker.h) computes for an expression: an
// integer, a boolean, a pointer into a memory object, a floating constant
// or unknown with a reason, and the lvalues assignments write through.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_ABSVALUE_H
#define WARPLINT_FRONTEND_ABSVALUE_H

#include "Model/AccessModel.h"
#include "Model/Expr.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Where a pointer was formed as the address of an element named by
/// subscripts of every dimension (`&tile[r][c]`, before it is cast or
/// converted to an integer for inline PTX). An access through the pointer
/// at exactly that address reads its element there under any layout of the
/// array, so a layout fix may rewrite these subscripts for it.
struct AddressSite {
  std::vector<Expr> Indices;       ///< outermost first
  std::vector<SourceRange> Ranges; ///< as written, outermost first
  Expr Offset;                     ///< the pointer's byte offset there

  bool sameAs(const AddressSite &O) const {
    if (Ranges.size() != O.Ranges.size() || !(Offset == O.Offset))
      return false;
    for (size_t I = 0; I < Ranges.size(); ++I)
      if (Ranges[I].Begin.File != O.Ranges[I].Begin.File ||
          Ranges[I].Begin.Offset != O.Ranges[I].Begin.Offset ||
          Ranges[I].End.Offset != O.Ranges[I].End.Offset)
        return false;
    return true;
  }
};

/// The abstract value of a C++ expression: an integer (an Expr), a boolean
/// (a Predicate), a pointer into a memory object (object and byte offset),
/// or unknown with a reason. Thread-dependence of unknowns is tracked so that
/// unknown guards can say whether they may split a warp.
struct AbsValue {
  enum class Kind { Unknown, Int, Bool, Pointer, Real };
  Kind K = Kind::Unknown;
  Expr Int; ///< Kind::Int
  /// Kind::Real: a floating-point value every thread computes the same way
  /// from constants (`float h = 1; if (h <= 0.0f) return;`), kept exactly
  /// as the device rounds it (float or double). Anything else floating is
  /// an unknown.
  double Real = 0;
  Predicate Bool;             ///< Kind::Bool
  unsigned Object = 0;        ///< Kind::Pointer: index into Objects
  std::optional<Expr> Offset; ///< Kind::Pointer: bytes; nullopt: unknown
  std::string Reason;         ///< Unknown (or unknown pointer offset)
  bool ThreadDep = true;      ///< Unknown: may differ between threads
  /// Unknown (or unknown pointer offset) only because it is data: a value
  /// read from memory, or computed in floating point, or from such values.
  /// Any value is possible; the solver bounds what it can do. False for
  /// what warplint failed to model (those stay unknown).
  bool Data = false;
  /// Unknown: the value of a local declared without an initializer. Reading
  /// it is undefined, so it constrains nothing a loop later assigns.
  bool Indeterminate = false;
  /// Pointer derived by something other than a plain subscript chain
  /// (pointer variables, arithmetic, casts): flattening of a multi-dim array.
  bool Derived = false;
  /// Kind::Pointer that may point into any of several objects (`c ? Buf0 :
  /// Buf1`, branches that assign different buffers): the objects besides
  /// Object. Offset is then unknown; an access through it is listed once
  /// per object.
  std::vector<unsigned> AlsoObjects;
  /// Kind::Pointer held in an integer (`__cvta_generic_to_shared(p)`,
  /// `(size_t)p`): arithmetic on it counts bytes, and only adding and
  /// subtracting keep it an address of the object.
  bool Integer = false;
  /// Kind::Pointer formed at an AddressSite; null otherwise, or once two
  /// sites merge.
  std::shared_ptr<const AddressSite> Site;

  /// Whether the pointer still holds its site's address: an access through
  /// it is an access at the site (Offset may have changed since).
  bool atSite() const {
    return K == Kind::Pointer && Site && Offset && *Offset == Site->Offset &&
           AlsoObjects.empty();
  }
  /// A's and B's sites as one value's: the same site or none.
  static std::shared_ptr<const AddressSite> mergeSites(const AbsValue &A,
                                                       const AbsValue &B) {
    if (A.Site && B.Site && (A.Site == B.Site || A.Site->sameAs(*B.Site)))
      return A.Site;
    return nullptr;
  }

  static AbsValue unknown(std::string Reason, bool ThreadDep) {
    AbsValue V;
    V.Reason = std::move(Reason);
    V.ThreadDep = ThreadDep;
    return V;
  }
  /// An unknown that is data (see Data).
  static AbsValue data(std::string Reason, bool ThreadDep) {
    AbsValue V = unknown(std::move(Reason), ThreadDep);
    V.Data = true;
    return V;
  }
  /// A value computed from Us is data when some of them is data and every
  /// other unknown among them is the same for the whole block (a float
  /// parameter, a uniform value): thread-dependent gaps of the model are
  /// not made data by data beside them.
  static bool dataAmong(llvm::ArrayRef<const AbsValue *> Us) {
    bool Any = false;
    for (const AbsValue *U : Us) {
      bool Unknown = U->isUnknown() || (U->K == Kind::Pointer && !U->Offset);
      if (Unknown && !U->Data && U->ThreadDep)
        return false;
      Any |= Unknown && U->Data;
    }
    return Any;
  }
  static bool allUnknownsData(std::initializer_list<const AbsValue *> Us) {
    return dataAmong(llvm::ArrayRef<const AbsValue *>(Us.begin(), Us.size()));
  }
  static AbsValue integer(Expr E) {
    AbsValue V;
    V.K = Kind::Int;
    V.Int = std::move(E);
    return V;
  }
  static AbsValue boolean(Predicate P) {
    AbsValue V;
    V.K = Kind::Bool;
    V.Bool = std::move(P);
    return V;
  }
  static AbsValue real(double V) {
    AbsValue Out;
    Out.K = Kind::Real;
    Out.Real = V;
    return Out;
  }
  static AbsValue pointer(unsigned Object, std::optional<Expr> Offset) {
    AbsValue V;
    V.K = Kind::Pointer;
    V.Object = Object;
    V.Offset = std::move(Offset);
    return V;
  }
  bool isUnknown() const { return K == Kind::Unknown; }
};

/// A value usable in floating-point folding: a Real, or an integer constant
/// (`-x` is evaluated as -1 * x).
std::optional<double> realValue(const AbsValue &V);

/// An lvalue: a local variable, a place in a memory object, or unknown.
struct LValue {
  enum class Kind { Unknown, Var, Memory };
  Kind K = Kind::Unknown;
  const clang::ValueDecl *Var = nullptr;      ///< Kind::Var
  AbsValue Ptr;                               ///< Kind::Memory: its address
  std::string Field;                          ///< ".x" for struct members
  /// The subscripts of the chain, outermost first.
  std::vector<const clang::Expr *> Subscripts;
  /// The value of each of Subscripts (nullopt when unknown).
  std::vector<std::optional<Expr>> SubscriptValues;
  std::string Reason; ///< Kind::Unknown
  /// Kind::Unknown but block-uniform (a struct kernel parameter's field, a
  /// __constant__ variable): reading it gives a Uniform symbol.
  bool Uniform = false;
  /// Memory reached by a plain subscript chain on a declared object
  /// (tile[r][c]): its Subscripts are meaningful.
  bool Chain = false;
};

} // namespace warplint

#endif // WARPLINT_FRONTEND_ABSVALUE_H
