//===- StrideView.cpp - A 1-D array seen as rows of a named stride --------===//
//
// Two readings of every subscript must agree before an edit is written: the
// text says which W to rewrite and where the row and column terms are; the
// model (the subscript's value, an Expr whose tree follows the source's
// operators) gives the row and column values and the stride's value. The
// column is then checked on every executed lane of every launch to lie in
// [0, W), and the index in [0, N): only then is r * (W + P) + c the element
// (r, c) of a padded array, and the layout search's verdict holds for the
// edited code.
//
//===----------------------------------------------------------------------===//

#include "Fix/StrideView.h"

#include "Solve/Enumerate.h"
#include "Solve/Space.h"

#include <cctype>
#include <set>

namespace warplint {
namespace {

/// A piece of subscript text: [Begin, End) offsets into the file.
struct Piece {
  unsigned Begin = 0, End = 0;
};

bool isIdentStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_';
}
bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// Piece without surrounding blanks.
Piece trim(const std::string &F, Piece P) {
  while (P.Begin < P.End &&
         std::isspace(static_cast<unsigned char>(F[P.Begin])))
    ++P.Begin;
  while (P.End > P.Begin &&
         std::isspace(static_cast<unsigned char>(F[P.End - 1])))
    --P.End;
  return P;
}

/// Splits P at Op where it stands outside parentheses and brackets. Returns
/// nothing when P holds an operator other than + and * (or a comment, a
/// string) outside them, so that only sums of products are read.
std::optional<std::vector<Piece>> splitTop(const std::string &F, Piece P,
                                           char Op) {
  std::vector<Piece> Out;
  int Depth = 0;
  unsigned Start = P.Begin;
  for (unsigned I = P.Begin; I < P.End; ++I) {
    char C = F[I];
    if (C == '(' || C == '[') {
      ++Depth;
      continue;
    }
    if (C == ')' || C == ']') {
      if (--Depth < 0)
        return std::nullopt;
      continue;
    }
    if (C == '"' || C == '\'' || C == '\\' || C == '#')
      return std::nullopt;
    if (C == '/' && I + 1 < P.End && (F[I + 1] == '/' || F[I + 1] == '*'))
      return std::nullopt;
    if (Depth > 0 || isIdentChar(C) || C == '.' ||
        std::isspace(static_cast<unsigned char>(C)))
      continue;
    if (C != '+' && C != '*')
      return std::nullopt;
    if (C == '+' && I + 1 < P.End && F[I + 1] == '+')
      return std::nullopt;
    if (C == Op) {
      Out.push_back(trim(F, {Start, I}));
      Start = I + 1;
    }
  }
  if (Depth != 0)
    return std::nullopt;
  Out.push_back(trim(F, {Start, P.End}));
  for (const Piece &X : Out)
    if (X.Begin == X.End)
      return std::nullopt; // a unary + or *: not a sum of products
  return Out;
}

bool isName(const std::string &F, Piece P) {
  if (P.Begin == P.End || !isIdentStart(F[P.Begin]))
    return false;
  for (unsigned I = P.Begin; I < P.End; ++I)
    if (!isIdentChar(F[I]))
      return false;
  return true;
}

std::string textOf(const std::string &F, Piece P) {
  return F.substr(P.Begin, P.End - P.Begin);
}

/// One subscript read as text: terms of a sum, each a product of factors.
struct Reading {
  std::vector<std::vector<Piece>> Terms; ///< 1 or 2 terms
};

std::optional<Reading> readSum(const std::string &F, Piece P) {
  auto Terms = splitTop(F, P, '+');
  if (!Terms || Terms->empty() || Terms->size() > 2)
    return std::nullopt;
  Reading R;
  for (Piece T : *Terms) {
    auto Factors = splitTop(F, T, '*');
    if (!Factors)
      return std::nullopt;
    R.Terms.push_back(*Factors);
  }
  return R;
}

/// Names that can be the stride in a term: a product of exactly two
/// factors, one of them a name.
std::set<std::string> strideNames(const std::string &F,
                                  const std::vector<Piece> &Term) {
  std::set<std::string> Out;
  if (Term.size() != 2)
    return Out;
  for (const Piece &X : Term)
    if (isName(F, X))
      Out.insert(textOf(F, X));
  return Out;
}

/// The file position of Offset in F (1-based line and column, as clang
/// counts them for "\n" line ends).
SourceLoc locAt(const std::string &File, const std::string &F,
                unsigned Offset) {
  SourceLoc L;
  L.File = File;
  L.Offset = Offset;
  L.Line = 1;
  unsigned LineStart = 0;
  for (unsigned I = 0; I < Offset && I < F.size(); ++I)
    if (F[I] == '\n') {
      ++L.Line;
      LineStart = I + 1;
    }
  L.Column = Offset - LineStart + 1;
  return L;
}

SourceRange rangeOf(const std::string &File, const std::string &F, Piece P) {
  return {locAt(File, F, P.Begin), locAt(File, F, P.End)};
}

/// One access understood: where its stride is written and the values of
/// its row and column.
struct UseOf {
  Piece StrideToken;
  Expr Row, Col;
};

/// Checks that Value stays in [Lo, Hi) on every executed lane of every
/// launch of K (what the access A would compute if its offset were Value).
std::string checkRange(const KernelModel &K, const Access &A, const Expr &Value,
                       int64_t Lo, int64_t Hi, const SolveOptions &Opts) {
  Access Probe = A;
  Probe.ByteOffset = Value;
  for (const LaunchConfig &L : K.Launches) {
    SolveSpace S;
    if (auto Err = buildSpace(K, Probe, L, S))
      return *Err;
    if (S.Assumed)
      return "no block shape is known for kernel '" + K.Name + "'";
    if (!S.Free.empty())
      return "it depends on block-uniform values (" + S.Name(S.Free.front()) +
             ")";
    uint64_t Budget = Opts.EnumerationBudget;
    bool Inside = true;
    auto St = enumerateRequests(S, {}, Budget, [&](const RequestView &R) {
      for (const LaneAddress &LA : R.Lanes)
        Inside = Inside && LA.Addr >= Lo && LA.Addr < Hi;
    });
    if (St.State != EnumerationStatus::Ok)
      return St.Reason.empty() ? "too many lanes and iterations to check"
                               : St.Reason;
    if (!Inside)
      return "some lane's value is outside [" + std::to_string(Lo) + ", " +
             std::to_string(Hi) + ") under the " + L.describe();
  }
  return "";
}

/// One access read as text: its kernel, the access, the file its subscript
/// is written in, and that subscript as a sum of products.
struct Site {
  const KernelModel *K;
  const Access *A;
  std::string File;
  const std::string *Text;
  Reading R;
};

/// strideView step by step: the declared size, each access's subscript as
/// text, the one stride named in all of them, the model's row and column of
/// each access, their ranges on every launch, then the view. A step that
/// fails sets Why and returns false.
class StrideReader {
public:
  StrideReader(const ArrayUse &U, FileTexts &Files, const SolveOptions &Opts,
               std::string &Why)
      : U(U), O(U.object()), Files(Files), Opts(Opts), Why(Why) {}

  /// The view, or nullptr with Why set by the first step that fails.
  std::unique_ptr<StrideView> run() {
    if (!readSize() || !readSites() || !chooseStride() || !readUses() ||
        !checkRanges())
      return nullptr;
    return build();
  }

private:
  /// Sets Why, the reason given in the note, and fails the step.
  bool fail(std::string Reason) {
    Why = std::move(Reason);
    return false;
  }

  /// N and the text that declares it: the edit rewrites the declared size.
  bool readSize() {
    if (O.IsExtern)
      return fail("'" + O.Name +
                  "' is extern __shared__: its size is set at "
                  "launch");
    if (O.Extents.size() != 1 || O.Extents[0] <= 0)
      return fail("'" + O.Name + "' is not a one-dimensional array");
    N = O.Extents[0];
    SizeFile =
        SizeRange.Begin.isValid() ? Files.file(SizeRange.Begin.File) : nullptr;
    if (!SizeFile || SizeRange.End.Offset <= SizeRange.Begin.Offset ||
        SizeRange.End.Offset > SizeFile->size())
      return fail("the size of '" + O.Name + "' is not written in the source");
    return true;
  }

  /// Every access's subscript as text, and the stride names common to all.
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
    const std::string *F =
        A.Range.Begin.isValid() ? Files.file(A.Range.Begin.File) : nullptr;
    unsigned B = A.Range.Begin.Offset, E = A.Range.End.Offset;
    if (!F || E > F->size() || B >= E ||
        F->compare(B, O.Name.size(), O.Name) != 0)
      return fail("the access to '" + O.Name + "' at line " + Line +
                  " is not plain source text");
    std::optional<Piece> Subscript = subscriptIn(*F, B + O.Name.size(), E);
    if (!Subscript)
      return fail("the access to '" + O.Name + "' at line " + Line +
                  " is not a subscript");
    auto R = readSum(*F, *Subscript);
    if (R)
      for (const auto &T : R->Terms)
        for (const std::string &S : strideNames(*F, T))
          Names.insert(S);
    if (Names.empty())
      return fail("the index of '" + O.Name + "' at line " + Line +
                  " is not of the form r * W + c with a named stride W");
    Sites.push_back({K, &A, A.Range.Begin.File, F, *R});
    return true;
  }

  /// The trimmed text in the brackets after offset I: a written subscript.
  static std::optional<Piece> subscriptIn(const std::string &F, unsigned I,
                                          unsigned E) {
    // The subscript: from the '[' after the name to its matching ']'.
    while (I < E && std::isspace(static_cast<unsigned char>(F[I])))
      ++I;
    if (I >= E || F[I] != '[')
      return std::nullopt;
    unsigned Open = I;
    int Depth = 0;
    for (; I < E; ++I) {
      if (F[I] == '[')
        ++Depth;
      else if (F[I] == ']' && --Depth == 0)
        break;
    }
    if (I >= E)
      return std::nullopt;
    return trim(F, {Open + 1, I});
  }

  /// W: the one candidate also in the declared size, which is padded too.
  bool chooseStride() {
    // The declared size: a literal, or a product with the stride as a factor.
    SizePiece = trim(*SizeFile, {SizeRange.Begin.Offset, SizeRange.End.Offset});
    std::string SizeText = textOf(*SizeFile, SizePiece);
    Literal = !SizeText.empty() &&
              std::all_of(SizeText.begin(), SizeText.end(), [](char C) {
                return std::isdigit(static_cast<unsigned char>(C));
              });
    if (!Literal) {
      auto Factors = splitTop(*SizeFile, SizePiece, '*');
      std::set<std::string> InSize;
      if (Factors && Factors->size() >= 2)
        for (const Piece &X : *Factors)
          if (isName(*SizeFile, X) && Candidates.count(textOf(*SizeFile, X))) {
            InSize.insert(textOf(*SizeFile, X));
            SizeStride = X; // the last one, when the stride is squared
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
    const std::string &F = *S.Text;
    std::string Line = std::to_string(S.A->Loc.Line);
    auto Mismatch = [&] {
      return fail("the index of '" + O.Name + "' at line " + Line +
                  " could not be split into row and column");
    };
    size_t RowTerm = S.R.Terms.size();
    for (size_t T = 0; T < S.R.Terms.size(); ++T)
      if (strideNames(F, S.R.Terms[T]).count(W) && RowTerm == S.R.Terms.size())
        RowTerm = T;
    if (RowTerm == S.R.Terms.size())
      return Mismatch();
    const std::vector<Piece> &Row = S.R.Terms[RowTerm];
    Piece Token = textOf(F, Row[1]) == W ? Row[1] : Row[0];

    const Expr &Index = S.A->SubscriptIndices[0];
    Expr RowE = Index, ColE(int64_t(0));
    if (S.R.Terms.size() == 2) {
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
      std::string Err = checkRange(*S.K, *S.A, Uses[I].Col, 0, WV, Opts);
      if (!Err.empty())
        return fail("the column of the index of '" + O.Name + "' at line " +
                    Line + " cannot be shown to stay below " + W + " (" +
                    std::to_string(WV) + "): " + Err);
      Err = checkRange(*S.K, *S.A, S.A->SubscriptIndices[0], 0, N, Opts);
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
        const UseOf &Use = Uses[Next];
        const Site &S = Sites[Next];
        ++Next;
        A.SubscriptIndices = {Use.Row, Use.Col};
        SourceRange Tok = rangeOf(S.File, *S.Text, Use.StrideToken);
        A.SubscriptRanges = {Tok, Tok};
        V->StrideTokens.push_back(Tok);
      }
      V->Kernels->push_back(std::move(Copy));
      V->Use.Instances.push_back({&V->Kernels->back(), Obj});
    }
    V->SizeIsLiteral = Literal;
    V->SizeToken = Literal
                       ? rangeOf(SizeRange.Begin.File, *SizeFile, SizePiece)
                       : rangeOf(SizeRange.Begin.File, *SizeFile, *SizeStride);
    return V;
  }

  const ArrayUse &U;
  const MemoryObject &O;
  FileTexts &Files;
  const SolveOptions &Opts;
  std::string &Why;
  const SourceRange &SizeRange = O.LastExtentRange;

  int64_t N = 0;                         ///< the declared element count
  const std::string *SizeFile = nullptr; ///< the text that declares N
  std::vector<Site> Sites;               ///< the accesses, in model order
  std::set<std::string> Candidates;      ///< names that may be the stride
  Piece SizePiece;                       ///< the declared size, trimmed
  bool Literal = false;                  ///< the size is a number
  std::optional<Piece> SizeStride;       ///< W in the size, when not Literal
  std::string W;                         ///< the stride's name
  std::vector<UseOf> Uses;               ///< one per Site
  int64_t WV = 0;                        ///< the stride's value
};

} // namespace

std::unique_ptr<StrideView> strideView(const ArrayUse &U, FileTexts &Files,
                                       const SolveOptions &Opts,
                                       std::string &Why) {
  return StrideReader(U, Files, Opts, Why).run();
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
