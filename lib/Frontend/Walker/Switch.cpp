//===- Switch.cpp - The cases of a switch as guarded regions --------------===//
//
// `switch (threadIdx.x % 4) { case 0: ...; break; case 1: ...; break;
// default: ... }` is an if-chain on the condition's value: when the
// condition is modelled and every label is a constant, each case's
// statements run under "the value is one of the labels that reach it"
// (a case without a break falls through into the next), default under
// "none of the labels". Such cases are regions of the warp-divergence
// analysis (kind "case") and guard their accesses exactly. Anything else
// (a break or return nested in the cases, a label inside a nested
// statement, a range label) keeps the switch opaque, as before.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Walker/KernelWalker.h"
#include "Frontend/Walker/LoopHelpers.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace warplint {

using namespace clang;

namespace {

/// Whether S holds a jump out of the statement (break, continue, return,
/// goto) or a case label: then only the opaque walk is right.
class HasJump : public RecursiveASTVisitor<HasJump> {
public:
  bool VisitBreakStmt(BreakStmt *) { return found(); }
  bool VisitContinueStmt(ContinueStmt *) { return found(); }
  bool VisitReturnStmt(ReturnStmt *) { return found(); }
  bool VisitGotoStmt(GotoStmt *) { return found(); }
  bool VisitSwitchCase(SwitchCase *) { return found(); }
  // Loops and nested switches own their breaks and continues.
  bool TraverseForStmt(ForStmt *) { return true; }
  bool TraverseWhileStmt(WhileStmt *) { return true; }
  bool TraverseDoStmt(DoStmt *) { return true; }
  bool TraverseSwitchStmt(SwitchStmt *) { return true; }
  bool Found = false;

private:
  bool found() {
    Found = true;
    return false;
  }
};

bool hasJump(const Stmt *S) {
  HasJump H;
  H.TraverseStmt(const_cast<Stmt *>(S));
  return H.Found;
}

} // namespace

std::optional<std::vector<KernelWalker::SwitchCaseRegion>>
KernelWalker::switchCases(const SwitchStmt *Sw) const {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body)
    return std::nullopt;
  std::vector<SwitchCaseRegion> Cases;
  for (const Stmt *Child : Body->body()) {
    // Labels, possibly stacked (`case 0: case 1: s;`).
    const Stmt *S = Child;
    bool Labelled = false;
    while (const auto *SC = dyn_cast<SwitchCase>(S)) {
      if (!Labelled || !Cases.back().Stmts.empty())
        Cases.push_back({});
      Labelled = true;
      if (const auto *C = dyn_cast<CaseStmt>(SC)) {
        clang::Expr::EvalResult R;
        if (C->caseStmtIsGNURange() || !C->getLHS() ||
            !C->getLHS()->EvaluateAsInt(R, Ctx))
          return std::nullopt;
        Cases.back().Values.push_back(R.Val.getInt().getExtValue());
      } else {
        Cases.back().Default = true;
      }
      S = SC->getSubStmt();
    }
    if (Cases.empty())
      return std::nullopt; // statements before the first label
    if (isa<BreakStmt>(S)) {
      Cases.back().EndsInBreak = true;
      continue;
    }
    if (Cases.back().EndsInBreak || hasJump(S))
      return std::nullopt;
    Cases.back().Stmts.push_back(S);
  }
  return Cases;
}

Flow KernelWalker::walkSwitchCases(const SwitchStmt *Sw, const AbsValue &C,
                                   const std::vector<SwitchCaseRegion> &Cases) {
  AbsValue V = toInt(C, Sw->getCond());
  Expr Value = V.Int;
  // Every label, for default.
  std::vector<Predicate> AnyLabel;
  for (const SwitchCaseRegion &R : Cases)
    for (int64_t L : R.Values)
      AnyLabel.push_back(Predicate::cmp(CmpKind::EQ, Value, Expr(L)));
  Predicate None = Predicate::negate(
      AnyLabel.empty() ? Predicate(false) : Predicate::disj(AnyLabel));
  Predicate Reach = currentGuard();
  auto Before = State.Frames.back().Env;
  Predicate FallIn = false; // lanes that come from the case above
  for (const SwitchCaseRegion &R : Cases) {
    std::vector<Predicate> Mine;
    if (FallIn.kind() != PredKind::False)
      Mine.push_back(FallIn);
    for (int64_t L : R.Values)
      Mine.push_back(Predicate::cmp(CmpKind::EQ, Value, Expr(L)));
    if (R.Default)
      Mine.push_back(None);
    Predicate Own = Mine.size() == 1 ? Mine.front() : Predicate::disj(Mine);
    FallIn = R.EndsInBreak ? Predicate(false) : Own;
    if (R.Stmts.empty())
      continue;
    State.Guards.push_back(Own);
    recordBranch(Branch::Kind::Case, R.Stmts, Sw->getCond(), Own, Reach,
                 State.LoopStack);
    for (const Stmt *S : R.Stmts)
      walkStmt(S);
    State.Guards.pop_back();
  }
  // What the cases assign is one case's value or another's afterwards:
  // forgotten; what they leave alone keeps its value.
  const LoopScans::Written &W = Scans.writtenVars(Sw->getBody());
  State.Frames.back().Env = Before;
  for (auto &[D, Val] : State.Frames.back().Env)
    if (W.count(D))
      Val = AbsValue::unknown(
          "'" + D->getName().str() + "' as assigned in a switch", true);
  return {};
}

} // namespace warplint
