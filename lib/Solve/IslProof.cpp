//===- IslProof.cpp - Conflict-freedom for all values, with ISL -----------===//
//
// The relation is written in ISL's textual syntax and parsed: that keeps
// the translation of Expr (with C's truncating division spelled out through
// existential variables) readable and free of manual reference counting.
//
//===----------------------------------------------------------------------===//

#include "Solve/IslProof.h"

#include "Solve/IslAdapter.h"

#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace warplint {

namespace {

/// Writes Expr and Predicate trees as ISL constraints for one lane copy.
class IslWriter {
public:
  IslWriter(const SolveSpace &S, std::map<Symbol, std::string> &Params,
            unsigned &Fresh)
      : S(S), Params(Params), Fresh(Fresh) {}

  /// Names used for lane-varying threadIdx in this copy ("x1").
  std::string Suffix;
  /// Existential variables and the constraints defining them.
  std::vector<std::string> Vars, Constraints;
  std::string Failure;
  /// Loop variables to write as another expression (an earlier iteration).
  std::map<unsigned, std::string> LoopOverride;

  std::optional<std::string> expr(const Expr &E) {
    switch (E.kind()) {
    case ExprKind::Const:
      return "(" + std::to_string(E.constValue()) + ")";
    case ExprKind::Sym:
      return symbol(E.symbolValue());
    case ExprKind::Add:
      return binary(E, " + ");
    case ExprKind::Mul: {
      auto C = E.rhs().asConst() ? E.rhs().asConst() : E.lhs().asConst();
      const Expr &Other = E.rhs().asConst() ? E.lhs() : E.rhs();
      if (!C)
        return fail("a product of two variables");
      auto O = expr(Other);
      if (!O)
        return std::nullopt;
      return "(" + std::to_string(*C) + " * " + *O + ")";
    }
    case ExprKind::Shl:
    case ExprKind::Shr: {
      auto K = E.rhs().asConst();
      if (!K || *K < 0 || *K > 40)
        return fail("a shift by a variable amount");
      auto O = expr(E.lhs());
      if (!O)
        return std::nullopt;
      std::string P = std::to_string(int64_t(1) << *K);
      if (E.kind() == ExprKind::Shl)
        return "(" + P + " * " + *O + ")";
      return "floor(" + *O + " / " + P + ")"; // arithmetic shift = floor
    }
    case ExprKind::Div:
    case ExprKind::Rem: {
      auto C = E.rhs().asConst();
      if (!C || *C <= 0)
        return fail("a division by a variable or non-positive amount");
      auto A = expr(E.lhs());
      if (!A)
        return std::nullopt;
      // q = trunc(A / C), as C does it, for either sign of A.
      std::string Q = fresh(), CS = std::to_string(*C);
      Constraints.push_back("((" + *A + " >= 0 and " + CS + " * " + Q +
                            " <= " + *A + " and " + *A + " <= " + CS + " * " +
                            Q + " + " + std::to_string(*C - 1) + ") or (" + *A +
                            " < 0 and " + CS + " * " + Q + " - " +
                            std::to_string(*C - 1) + " <= " + *A + " and " +
                            *A + " <= " + CS + " * " + Q + "))");
      if (E.kind() == ExprKind::Div)
        return Q;
      return "(" + *A + " - " + CS + " * " + Q + ")";
    }
    case ExprKind::Min:
    case ExprKind::Max: {
      auto A = expr(E.lhs()), B = expr(E.rhs());
      if (!A || !B)
        return std::nullopt;
      std::string M = fresh();
      const char *Op = E.kind() == ExprKind::Min ? " <= " : " >= ";
      Constraints.push_back("((" + M + " = " + *A + " and " + *A + Op + *B +
                            ") or (" + M + " = " + *B + " and " + *B + Op + *A +
                            "))");
      return M;
    }
    case ExprKind::Select: {
      auto C = pred(E.cond());
      auto NC = pred(Predicate::negate(E.cond()));
      auto A = expr(E.lhs()), B = expr(E.rhs());
      if (!C || !NC || !A || !B)
        return std::nullopt;
      std::string M = fresh();
      Constraints.push_back("((" + *C + " and " + M + " = " + *A + ") or (" +
                            *NC + " and " + M + " = " + *B + "))");
      return M;
    }
    default:
      return fail("bitwise operators");
    }
  }

  std::optional<std::string> pred(const Predicate &P) {
    static const char *Ops[] = {" < ", " <= ", " > ", " >= ", " = ", " != "};
    switch (P.kind()) {
    case PredKind::True:
      return std::string("(0 = 0)");
    case PredKind::False:
      return std::string("(0 = 1)");
    case PredKind::Cmp: {
      auto A = expr(P.lhs()), B = expr(P.rhs());
      if (!A || !B)
        return std::nullopt;
      return "(" + *A + Ops[int(P.cmpKind())] + *B + ")";
    }
    case PredKind::And:
    case PredKind::Or: {
      std::string Out;
      for (const Predicate &Op : P.operands()) {
        auto X = pred(Op);
        if (!X)
          return std::nullopt;
        Out += (Out.empty()                 ? ""
                : P.kind() == PredKind::And ? " and "
                                            : " or ") +
               *X;
      }
      return "(" + Out + ")";
    }
    case PredKind::Not: {
      auto X = pred(P.operands().front());
      if (!X)
        return std::nullopt;
      return "(not " + *X + ")";
    }
    case PredKind::Unknown:
      return fail("an unknown condition");
    }
    return std::nullopt;
  }

  std::string fresh() {
    std::string N = "e" + std::to_string(Fresh++);
    Vars.push_back(N);
    return N;
  }

private:
  std::optional<std::string> fail(const std::string &Why) {
    if (Failure.empty())
      Failure = Why;
    return std::nullopt;
  }

  std::optional<std::string> binary(const Expr &E, const char *Op) {
    auto A = expr(E.lhs()), B = expr(E.rhs());
    if (!A || !B)
      return std::nullopt;
    return "(" + *A + Op + *B + ")";
  }

  std::optional<std::string> symbol(Symbol Sym) {
    if (Sym.Kind == SymbolKind::ThreadIdx && !isFreeSymbol(Sym, S.Assumed))
      return std::string(1, "xyz"[Sym.Index < 3 ? Sym.Index : 0]) + Suffix;
    if (Sym.Kind == SymbolKind::LoopVar) {
      auto It = LoopOverride.find(Sym.Index);
      if (It != LoopOverride.end())
        return It->second;
      return "i" + std::to_string(Sym.Index) + Suffix;
    }
    auto It = Params.find(Sym);
    if (It != Params.end())
      return It->second;
    std::string N = "p" + std::to_string(Fresh++);
    Params[Sym] = N;
    return N;
  }

  const SolveSpace &S;
  std::map<Symbol, std::string> &Params;
  unsigned &Fresh;
};

std::string join(const std::vector<std::string> &Parts, const char *Sep) {
  std::string Out;
  for (const std::string &P : Parts)
    Out += (Out.empty() ? "" : Sep) + P;
  return Out;
}

} // namespace

IslVerdict islProveSharedConflictFree(const SolveSpace &S, const KernelModel &K,
                                      unsigned Bytes, const ArchInfo &Arch,
                                      unsigned long MaxOperations) {
  IslVerdict V;
  std::map<Symbol, std::string> Params;
  unsigned Fresh = 0;
  std::vector<std::string> Dims = {"w", "l1", "l2"};
  for (unsigned Id : S.Relevant) {
    if (S.Loops[Id].Step != Loop::StepKind::Add || S.Loops[Id].StepValue == 0) {
      V.Text = "loop '" + S.Loops[Id].VarName + "' does not step by addition";
      return V;
    }
    Dims.push_back("t" + std::to_string(Id));
  }
  std::string Tuple = "Conflict[" + join(Dims, ", ") + "]";

  unsigned Phases = Bytes <= Arch.BankBytes ? 1 : Bytes / Arch.BankBytes;
  unsigned LanesPerPhase = Arch.WarpSize / Phases;
  std::string BB = std::to_string(Arch.BankBytes);

  // The lane -> threadIdx map and the per-lane constraints of one copy.
  auto LaneCopy = [&](IslWriter &W, const std::string &C,
                      bool WithAddress) -> bool {
    W.Suffix = C;
    W.Vars.insert(W.Vars.end(), {"x" + C, "y" + C, "z" + C});
    std::string L = "l" + C;
    if (S.Assumed) {
      W.Constraints.push_back("x" + C + " = " + L);
      W.Constraints.push_back("y" + C + " = 0 and z" + C + " = 0");
    } else {
      std::string Lin = "(32 * w + " + L + ")";
      W.Constraints.push_back(Lin + " < " + std::to_string(S.Threads));
      W.Constraints.push_back(Lin + " = x" + C + " + " +
                              std::to_string(S.Dim[0]) + " * y" + C + " + " +
                              std::to_string(S.Dim[0] * S.Dim[1]) + " * z" + C);
      for (unsigned D = 0; D < 3; ++D)
        W.Constraints.push_back("0 <= " + std::string(1, "xyz"[D]) + C + " < " +
                                std::to_string(S.Dim[D]));
    }
    if (!WithAddress)
      return true;
    auto G = W.pred(S.Guard);
    auto A = W.expr(S.Offset);
    if (!G || !A)
      return false;
    W.Constraints.push_back(*G);
    // The words the lane touches: [floor(a / BB), floor((a + Bytes - 1) / BB)].
    std::string Word = "word" + C;
    W.Vars.push_back(Word);
    W.Constraints.push_back(BB + " * " + Word + " + " +
                            std::to_string(Arch.BankBytes - 1) + " >= " + *A);
    W.Constraints.push_back(BB + " * " + Word + " <= " + *A + " + " +
                            std::to_string(std::max(Bytes, 1u) - 1));
    return true;
  };

  IslWriter W(S, Params, Fresh);
  std::vector<std::string> Base = {
      "0 <= w < " + std::to_string(S.Assumed ? 1 : S.Warps), "0 <= l1 < 32",
      "0 <= l2 < 32",
      "floor(l1 / " + std::to_string(LanesPerPhase) + ") = floor(l2 / " +
          std::to_string(LanesPerPhase) + ")"};
  if (!LaneCopy(W, "1", true) || !LaneCopy(W, "2", true)) {
    V.Text = "the address or guard uses " + W.Failure;
    return V;
  }
  // Same bank, different word. The loop constraints follow below.
  W.Vars.push_back("q");
  W.Constraints.push_back("word1 - word2 = " + std::to_string(Arch.Banks) +
                          " * q");
  W.Constraints.push_back("word1 != word2");

  // Loop domains. The tuple holds the trip count t of each relevant loop;
  // each lane has its own value i = Init + Step * t (bounds may depend on the
  // thread), and must satisfy the condition at t and at every t2 < t.
  std::vector<std::string> BadSets;
  auto Define = [&](IslWriter &LW, unsigned Id,
                    std::vector<std::string> &Out) -> bool {
    const Loop &Lp = S.Loops[Id];
    std::string I = "i" + std::to_string(Id) + LW.Suffix;
    auto Init = LW.expr(Lp.Init);
    if (!Init)
      return false;
    LW.Vars.push_back(I);
    Out.push_back("t" + std::to_string(Id) + " >= 0");
    Out.push_back(I + " = " + *Init + " + " + std::to_string(Lp.StepValue) +
                  " * t" + std::to_string(Id));
    return true;
  };
  for (const char *C : {"1", "2"}) {
    W.Suffix = C;
    for (unsigned Id : S.Relevant) {
      if (!Define(W, Id, W.Constraints)) {
        V.Text = "a loop bound uses " + W.Failure;
        return V;
      }
      auto Cond = W.pred(S.Loops[Id].Condition);
      if (!Cond) {
        V.Text = "a loop bound uses " + W.Failure;
        return V;
      }
      W.Constraints.push_back(*Cond);
    }
    for (unsigned Id : S.Relevant) {
      // Bad: some earlier iteration t2 < t already failed the condition.
      IslWriter BW(S, Params, Fresh);
      LaneCopy(BW, C, false);
      BW.Suffix = C;
      std::vector<std::string> Cons = BW.Constraints;
      for (unsigned Other : S.Relevant)
        if (!Define(BW, Other, Cons)) {
          V.Text = "a loop bound uses " + BW.Failure;
          return V;
        }
      const Loop &Lp = S.Loops[Id];
      std::string T2 = BW.fresh();
      Cons.push_back("0 <= " + T2 + " < t" + std::to_string(Id));
      auto Init = BW.expr(Lp.Init);
      BW.LoopOverride[Id] = "(" + (Init ? *Init : std::string("0")) + " + " +
                            std::to_string(Lp.StepValue) + " * " + T2 + ")";
      auto Cond = BW.pred(Predicate::negate(Lp.Condition));
      if (!Init || !Cond) {
        V.Text = "a loop bound uses " + BW.Failure;
        return V;
      }
      Cons.push_back(*Cond);
      BadSets.push_back("{ " + Tuple + " : exists (" + join(BW.Vars, ", ") +
                        " : " + join(Base, " and ") + " and " +
                        join(Cons, " and ") + ") }");
    }
  }

  // Parameter names and their lower bounds.
  std::vector<std::string> ParamNames;
  std::vector<std::string> ParamCons;
  for (auto &[Sym, N] : Params) {
    ParamNames.push_back(N);
    if (auto Lo = freeSymbolLowerBound(K, Sym))
      ParamCons.push_back(N + " >= " + std::to_string(*Lo));
  }
  std::string Prefix = "[" + join(ParamNames, ", ") + "] -> ";
  std::string Main =
      Prefix + "{ " + Tuple + " : exists (" + join(W.Vars, ", ") + " : " +
      join(Base, " and ") + " and " + join(W.Constraints, " and ") + ")" +
      (ParamCons.empty() ? "" : " and " + join(ParamCons, " and ")) + " }";
  IslContext Ctx(MaxOperations);
  try {
    isl::set Conflict(Ctx.ctx(), Main);
    for (const std::string &B : BadSets)
      Conflict = Conflict.subtract(isl::set(Ctx.ctx(), Prefix + B));
    if (Conflict.is_empty()) {
      V.Kind = IslVerdict::ConflictFree;
      return V;
    }
    V.Kind = IslVerdict::MayConflict;
    // The parameter condition, in source names where possible.
    std::ostringstream OS;
    OS << Conflict.params();
    std::string P = OS.str();
    size_t Colon = P.find(':');
    if (Colon != std::string::npos) {
      std::string Cond = P.substr(Colon + 1);
      Cond = Cond.substr(0, Cond.rfind('}'));
      for (auto &[Sym, N] : Params) {
        std::string Src = S.Name(Sym);
        size_t Pos = 0;
        while ((Pos = Cond.find(N, Pos)) != std::string::npos) {
          bool Word =
              (Pos == 0 || !isalnum(Cond[Pos - 1])) &&
              (Pos + N.size() >= Cond.size() || !isalnum(Cond[Pos + N.size()]));
          if (Word) {
            Cond.replace(Pos, N.size(), Src);
            Pos += Src.size();
          } else {
            Pos += N.size();
          }
        }
      }
      while (!Cond.empty() && Cond.front() == ' ')
        Cond.erase(0, 1);
      while (!Cond.empty() && Cond.back() == ' ')
        Cond.pop_back();
      V.Text = Cond;
    }
    return V;
  } catch (const isl::exception_quota &) {
    V.Kind = IslVerdict::Unknown;
    V.Text = "ISL operation quota exhausted";
    return V;
  } catch (const isl::exception &E) {
    V.Kind = IslVerdict::Unknown;
    V.Text = Ctx.quotaExhausted() ? "ISL operation quota exhausted"
                                  : std::string("ISL error: ") + E.what();
    return V;
  }
}

} // namespace warplint
