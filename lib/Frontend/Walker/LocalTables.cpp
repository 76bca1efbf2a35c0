//===- LocalTables.cpp - Local arrays read through a computed index -------===//
//
// Multi-stage pipelines keep their stage buffers in a local array of
// pointers and pick one per iteration: `half *SA[] = {SA1, SA2, SA3, SA4};
// load(SA[(ko + 3) % 4])`. Such an array, initialized by a list and only
// ever read by subscript afterwards (no element written, no address taken),
// is a table of the values its elements had at the declaration. A read at a
// constant index is that element; at a computed index it is exact when the
// elements are evenly spaced (pointers into one object whose offsets, or
// integers whose values, differ by one step): element 0 plus index times
// the step. Anything else stays unknown, with why.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warplint {

using namespace clang;

namespace {

/// Whether every use of Var in Body reads one element by subscript.
class ReadOnlyUses : public RecursiveASTVisitor<ReadOnlyUses> {
public:
  ReadOnlyUses(ASTContext &Ctx, const VarDecl *Var) : Ctx(Ctx), Var(Var) {}
  bool ReadOnly = true;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != Var)
      return true;
    const auto *Decay = parentAs<ImplicitCastExpr>(E);
    const auto *Sub = Decay && Decay->getCastKind() == CK_ArrayToPointerDecay
                          ? parentAs<ArraySubscriptExpr>(Decay)
                          : nullptr;
    const auto *Read = Sub && Sub->getBase()->IgnoreParenImpCasts() == E
                           ? parentAs<ImplicitCastExpr>(Sub)
                           : nullptr;
    ReadOnly &= Read && Read->getCastKind() == CK_LValueToRValue;
    return ReadOnly;
  }

private:
  /// The node's parent, skipping parentheses, when it is a T.
  template <class T> const T *parentAs(const Stmt *S) {
    for (;;) {
      auto Parents = Ctx.getParents(*S);
      if (Parents.size() != 1)
        return nullptr;
      const Stmt *P = Parents[0].get<Stmt>();
      if (const auto *Paren = dyn_cast_or_null<ParenExpr>(P)) {
        S = Paren;
        continue;
      }
      return dyn_cast_or_null<T>(P);
    }
  }

  ASTContext &Ctx;
  const VarDecl *Var;
};

} // namespace

void KernelWalker::declareTable(const VarDecl *VD) {
  const auto *List = dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit());
  const auto *Array = Ctx.getAsConstantArrayType(VD->getType());
  const FunctionDecl *Fn = State.Frames.back().Fn;
  if (!List || !Array || !Fn || !Fn->getBody())
    return;
  QualType Element = Array->getElementType();
  if (!Element->isPointerType() && !Element->isIntegralOrEnumerationType())
    return;
  std::vector<AbsValue> Values;
  for (const clang::Expr *Init : List->inits()) {
    AbsValue V = eval(Init);
    if (Element->isIntegralOrEnumerationType())
      V = toInt(V, Init);
    Values.push_back(std::move(V));
  }
  // Elements past the list are zero (value-initialized).
  uint64_t Size = Array->getSize().getZExtValue();
  if (Values.size() != Size || Values.empty())
    return;
  ReadOnlyUses Uses(Ctx, VD);
  Uses.TraverseStmt(Fn->getBody());
  if (Uses.ReadOnly)
    State.Frames.back().Tables[VD] = std::move(Values);
}

std::optional<AbsValue> KernelWalker::readTable(const ArraySubscriptExpr *A) {
  const auto *Ref = dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts());
  if (!Ref)
    return std::nullopt;
  auto &Tables = State.Frames.back().Tables;
  auto It = Tables.find(Ref->getDecl());
  if (It == Tables.end())
    return std::nullopt;
  const std::vector<AbsValue> &Values = It->second;
  std::string Name = Ref->getDecl()->getName().str();
  AbsValue Index = toInt(eval(A->getIdx()), A->getIdx());
  if (Index.isUnknown())
    return AbsValue::unknown("the element of '" + Name + "' at index '" +
                                 text(A->getIdx()) + "'",
                             Index.ThreadDep);
  if (std::optional<int64_t> K = Index.Int.asConst()) {
    if (*K < 0 || uint64_t(*K) >= Values.size())
      return AbsValue::unknown(
          "'" + text(A) + "', past the end of '" + Name + "'", false);
    return Values[*K];
  }
  // Evenly spaced elements: element 0 plus the index times the step.
  const AbsValue &First = Values[0];
  bool Pointers = First.K == AbsValue::Kind::Pointer && First.Offset &&
                  First.AlsoObjects.empty();
  if (!Pointers && First.K != AbsValue::Kind::Int)
    return AbsValue::unknown("the element of '" + Name + "' at index '" +
                                 text(A->getIdx()) + "' (its elements are " +
                                 "not all known)",
                             true);
  auto Place = [&](const AbsValue &V) -> std::optional<Expr> {
    if (Pointers)
      return V.K == AbsValue::Kind::Pointer && V.Object == First.Object &&
                     V.AlsoObjects.empty() && V.Integer == First.Integer
                 ? V.Offset
                 : std::nullopt;
    return V.K == AbsValue::Kind::Int ? std::optional<Expr>(V.Int)
                                      : std::nullopt;
  };
  std::optional<Expr> Base = Place(First), Step;
  for (size_t I = 1; I < Values.size() && Base; ++I) {
    std::optional<Expr> At = Place(Values[I]);
    std::optional<Expr> Gap =
        At ? std::optional<Expr>(*At - *Place(Values[I - 1])) : std::nullopt;
    std::optional<int64_t> Differs =
        Gap && Step ? (*Gap - *Step).asConst() : std::optional<int64_t>(0);
    if (!Gap || !Differs || *Differs != 0)
      Base.reset();
    else if (!Step)
      Step = Gap;
  }
  if (!Base || (Step && !Step->asConst()))
    return AbsValue::unknown("the element of '" + Name + "' at index '" +
                                 text(A->getIdx()) +
                                 "' (its elements are not evenly spaced)",
                             true);
  Expr At = *Base + (Step ? Index.Int * *Step : Expr(0));
  if (!Pointers)
    return AbsValue::integer(At);
  AbsValue Out = First;
  Out.Offset = At;
  Out.Derived = true;
  return Out;
}

} // namespace warplint
