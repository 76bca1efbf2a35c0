//===- StrideView.cpp - A 1-D array seen as rows of a named stride --------===//
//
// Two readings of every subscript must agree before an edit is written: the
// subscript as written (Access::WrittenIndex, read by the front end from the
// AST) says which W to rewrite and where the row and column terms are; the
// model (the subscript's value, an Expr whose tree follows the source's
// operators) gives the row and column values and the stride's value. The
// column is then checked on every executed lane of every launch to lie in
// [0, W), and the index in [0, N): only then is r * (W + P) + c the element
// (r, c) of a padded array, and the layout search's verdict holds for the
// edited code.
//
//===----------------------------------------------------------------------===//

#include "Fix/StrideView.h"

#include "Solve/LaneRange.h"

#include <set>

namespace warplint {
namespace {

/// Names that can be the stride in a term: a product of exactly two
/// factors, one of them a name.
std::set<std::string> strideNames(const std::vector<WrittenFactor> &Term) {
  std::set<std::string> Out;
  if (Term.size() != 2)
    return Out;
  for (const WrittenFactor &X : Term)
    if (!X.Name.empty())
      Out.insert(X.Name);
  return Out;
}

/// One access understood: where its stride is written and the values of
/// its row and column.
struct UseOf {
  SourceRange StrideToken;
  Expr Row, Col;
};

/// One access and its kernel; the front end read its subscript as a sum of
/// products (Access::WrittenIndex).
struct Site {
  const KernelModel *K;
  const Access *A;
};

/// strideView step by step: the declared size, each access's written
/// subscript, the one stride named in all of them, the model's row and column
/// of each access, their ranges on every launch, then the view. A step that
/// fails sets Why and returns false.
class StrideReader {
public:
  StrideReader(const ArrayUse &U, const SolveOptions &Opts)
      : U(U), O(U.object()), Opts(Opts) {}

  /// The view, or the reason of the first step that fails.
  llvm::Expected<std::unique_ptr<StrideView>> run() {
    if (!readSize() || !readSites() || !chooseStride() || !readUses() ||
        !checkRanges())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
    return build();
  }

private:
  /// Sets Why, the reason given in the note, and fails the step.
  bool fail(std::string Reason) {
    Why = std::move(Reason);
    return false;
  }

  /// N and where it is declared: the edit rewrites the declared size.
  bool readSize() {
    if (O.IsExtern)
      return fail("'" + O.Name +
                  "' is extern __shared__: its size is set at "
                  "launch");
    if (O.Extents.size() != 1 || O.Extents[0] <= 0)
      return fail("'" + O.Name + "' is not a one-dimensional array");
    N = O.Extents[0];
    if (!SizeRange.Begin.isValid())
      return fail("the size of '" + O.Name + "' is not written in the source");
    return true;
  }

  /// Every access's written subscript, and the stride names common to all.
  bool readSites() {
    // The accesses, each once (a load and a store of one expression, or a
    // device function inlined twice, share their text).
    bool First = true;
    for (auto [K, Obj] : U.Instances) {
      if (K->Objects[Obj].UsedOutsideSubscripts)
        return fail("'" + O.Name + "' is used outside its subscripts (" +
                    K->Objects[Obj].OutsideUseNote +
                    "); changing its layout would change what that code "
                    "reads");
      for (const Access &A : K->Accesses) {
        if (A.Object != Obj)
          continue;
        std::set<std::string> Names;
        if (!readSite(K, A, Names))
          return false;
        if (First) {
          Candidates = Names;
        } else {
          std::set<std::string> Both;
          for (const std::string &S : Names)
            if (Candidates.count(S))
              Both.insert(S);
          Candidates = Both;
        }
        First = false;
      }
    }
    if (Sites.empty())
      return fail("'" + O.Name + "' has no analyzed access");
    return true;
  }

  /// A's subscript as a sum of products, and the names that may be its W.
  bool readSite(const KernelModel *K, const Access &A,
                std::set<std::string> &Names) {
    std::string Line = std::to_string(A.Loc.Line);
    if (A.SubscriptIndices.size() != 1)
      return fail("the index of '" + O.Name + "' at line " + Line +
                  " is not known");
    for (const auto &Term : A.WrittenIndex)
      for (const std::string &S : strideNames(Term))
        Names.insert(S);
    if (Names.empty())
      return fail("the index of '" + O.Name + "' at line " + Line +
                  " is not of the form r * W + c with a named stride W");
    Sites.push_back({K, &A});
    return true;
  }

  /// W: the one candidate also in the declared size, which is padded too.
  bool chooseStride() {
    // The declared size: a literal, or a product with the stride as a factor.
    const std::vector<WrittenFactor> &Size = O.LastExtentFactors;
    Literal = Size.size() == 1 && Size.front().Number;
    if (!Literal) {
      std::set<std::string> InSize;
      if (Size.size() >= 2)
        for (const WrittenFactor &X : Size)
          if (!X.Name.empty() && Candidates.count(X.Name)) {
            InSize.insert(X.Name);
            SizeStride = X.Range; // the last one, when the stride is squared
          }
      Candidates = InSize;
    }
    if (Candidates.empty())
      return fail("no named stride is used in every index of '" + O.Name + "'" +
                  (Literal ? "" : " and in its size"));
    if (Candidates.size() > 1)
      return fail("the stride of '" + O.Name + "' is ambiguous (" +
                  *Candidates.begin() + " or " +
                  *std::next(Candidates.begin()) + ")");
    W = *Candidates.begin();
    return true;
  }

  /// Each access's row and column values and W's value, the same in all.
  bool readUses() {
    // The model's reading of each access: the subscript's Expr has the
    // source's shape (sum of the terms as written, the row a product whose
    // constant factor is the stride's value).
    std::optional<int64_t> Stride;
    for (const Site &S : Sites)
      if (!readUse(S, Stride))
        return false;
    if (!Stride || *Stride < 2 || N % *Stride != 0)
      return fail("the value of '" + W +
                  "' could not be determined from the "
                  "indices of '" +
                  O.Name + "'");
    WV = *Stride;
    for (UseOf &Use : Uses)
      if (Use.Row.isConst()) { // a constant row: the product was folded
        int64_t K = Use.Row.constValue();
        if (K % WV != 0)
          return fail("a row index of '" + O.Name + "' is not a multiple of " +
                      W);
        Use.Row = Expr(K / WV);
      }
    return true;
  }

  /// S's written W, row and column (into Uses), and the stride its row uses.
  bool readUse(const Site &S, std::optional<int64_t> &Stride) {
    const WrittenSum &Sum = S.A->WrittenIndex;
    std::string Line = std::to_string(S.A->Loc.Line);
    auto Mismatch = [&] {
      return fail("the index of '" + O.Name + "' at line " + Line +
                  " could not be split into row and column");
    };
    size_t RowTerm = Sum.size();
    for (size_t T = 0; T < Sum.size(); ++T)
      if (strideNames(Sum[T]).count(W) && RowTerm == Sum.size())
        RowTerm = T;
    if (RowTerm == Sum.size())
      return Mismatch();
    const std::vector<WrittenFactor> &Row = Sum[RowTerm];
    SourceRange Token = Row[1].Name == W ? Row[1].Range : Row[0].Range;

    const Expr &Index = S.A->SubscriptIndices[0];
    Expr RowE = Index, ColE(int64_t(0));
    if (Sum.size() == 2) {
      if (Index.kind() != ExprKind::Add)
        return Mismatch();
      RowE = RowTerm == 0 ? Index.lhs() : Index.rhs();
      ColE = RowTerm == 0 ? Index.rhs() : Index.lhs();
    }
    UseOf Use{Token, RowE, ColE};
    if (RowE.kind() == ExprKind::Mul && RowE.rhs().isConst() &&
        !RowE.lhs().isConst()) {
      int64_t V = RowE.rhs().constValue();
      if (Stride && *Stride != V)
        return fail("'" + W + "' has two values in the indices of '" + O.Name +
                    "' (" + std::to_string(*Stride) + " and " +
                    std::to_string(V) + ")");
      Stride = V;
      Use.Row = RowE.lhs();
    } else if (!RowE.isConst()) {
      return Mismatch();
    }
    Uses.push_back(Use);
    return true;
  }

  /// Columns in [0, W), indices in [0, N): only then is (r, c) the element.
  bool checkRanges() {
    // Every column inside its row, every index inside the array.
    for (size_t I = 0; I < Sites.size(); ++I) {
      const Site &S = Sites[I];
      std::string Line = std::to_string(S.A->Loc.Line);
      std::string Err = checkLaneRange(*S.K, *S.A, Uses[I].Col, 0, WV, Opts);
      if (!Err.empty())
        return fail("the column of the index of '" + O.Name + "' at line " +
                    Line + " cannot be shown to stay below " + W + " (" +
                    std::to_string(WV) + "): " + Err);
      Err = checkLaneRange(*S.K, *S.A, S.A->SubscriptIndices[0], 0, N, Opts);
      if (!Err.empty())
        return fail("the index of '" + O.Name + "' at line " + Line +
                    " cannot be shown to stay inside the array: " + Err);
    }
    return true;
  }

  /// The kernels with the array as [N / W][W], for the layout search to pad.
  std::unique_ptr<StrideView> build() {
    auto V = std::make_unique<StrideView>();
    V->Name = W;
    V->Stride = WV;
    V->Rows = N / WV;
    V->Kernels = std::make_shared<std::vector<KernelModel>>();
    V->Kernels->reserve(U.Instances.size());
    V->Use.Name = U.Name;
    V->Use.DeclLoc = U.DeclLoc;
    size_t Next = 0;
    for (auto [K, Obj] : U.Instances) {
      KernelModel Copy = *K;
      Copy.Objects[Obj].Extents = {V->Rows, WV};
      for (Access &A : Copy.Accesses) {
        if (A.Object != Obj)
          continue;
        const UseOf &Use = Uses[Next++];
        A.SubscriptIndices = {Use.Row, Use.Col};
        A.SubscriptRanges = {Use.StrideToken, Use.StrideToken};
        V->StrideTokens.push_back(Use.StrideToken);
      }
      V->Kernels->push_back(std::move(Copy));
      V->Use.Instances.push_back({&V->Kernels->back(), Obj});
    }
    V->SizeIsLiteral = Literal;
    V->SizeToken = Literal ? O.LastExtentFactors.front().Range : *SizeStride;
    return V;
  }

  const ArrayUse &U;
  const MemoryObject &O;
  const SolveOptions &Opts;
  std::string Why; ///< what the failed step said
  const SourceRange &SizeRange = O.LastExtentRange;

  int64_t N = 0;                         ///< the declared element count
  std::vector<Site> Sites;               ///< the accesses, in model order
  std::set<std::string> Candidates;      ///< names that may be the stride
  bool Literal = false;                  ///< the size is a number
  std::optional<SourceRange> SizeStride; ///< W in the size, when not Literal
  std::string W;                         ///< the stride's name
  std::vector<UseOf> Uses;               ///< one per Site
  int64_t WV = 0;                        ///< the stride's value
};

} // namespace

llvm::Expected<std::unique_ptr<StrideView>>
strideView(const ArrayUse &U, const SolveOptions &Opts) {
  return StrideReader(U, Opts).run();
}

std::vector<TextEdit> strideEdits(const StrideView &V, int64_t Pad) {
  std::vector<TextEdit> Edits;
  std::string Padded = "(" + V.Name + " + " + std::to_string(Pad) + ")";
  Edits.push_back({V.SizeToken, V.SizeIsLiteral
                                    ? std::to_string(V.Rows * (V.Stride + Pad))
                                    : Padded});
  for (const SourceRange &R : V.StrideTokens) {
    bool Seen = false;
    for (const TextEdit &E : Edits)
      Seen = Seen || (E.Range.Begin.File == R.Begin.File &&
                      E.Range.Begin.Offset == R.Begin.Offset);
    if (!Seen)
      Edits.push_back({R, Padded});
  }
  return Edits;
}

} // namespace warplint
