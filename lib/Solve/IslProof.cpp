//===- IslProof.cpp - Conflict-freedom for all values, with ISL -----------===//
//
// The relation is written in ISL's textual syntax and parsed: that keeps
// the translation of Expr (with C's truncating division spelled out through
// existential variables) readable and free of manual reference counting.
//
//===----------------------------------------------------------------------===//

#include "Solve/IslProof.h"

#include "Solve/IslAdapter.h"
#include "Solve/IslText.h"

#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace warplint {

namespace {

/// Writes Expr and Predicate trees as ISL constraints for one lane copy:
/// lane-varying threadIdx and loop variables carry the copy's suffix ("x1",
/// "i01"), free symbols are parameters shared by every copy ("p0").
class IslWriter {
public:
  IslWriter(const SolveSpace &S, std::map<Symbol, std::string> &Params)
      : S(S), Params(Params) {}

  /// Names used for lane-varying threadIdx in this copy ("x1").
  std::string Suffix;
  /// Existential variables, the constraints defining them, and why a
  /// translation failed.
  IslTextScope Scope;
  /// Loop variables to write as another expression (an earlier iteration).
  std::map<unsigned, std::string> LoopOverride;

  std::optional<std::string> expr(const Expr &E) {
    return islText(E, symbolNames(), Scope);
  }
  std::optional<std::string> pred(const Predicate &P) {
    return islText(P, symbolNames(), Scope);
  }
  std::string fresh() { return Scope.fresh(); }

private:
  IslNameFn symbolNames() {
    return [this](Symbol Sym) -> std::optional<std::string> {
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
      std::string N = "p" + std::to_string(Params.size());
      Params[Sym] = N;
      return N;
    };
  }

  const SolveSpace &S;
  std::map<Symbol, std::string> &Params;
};

std::string join(const std::vector<std::string> &Parts, const char *Sep) {
  std::string Out;
  for (const std::string &P : Parts)
    Out += (Out.empty() ? "" : Sep) + P;
  return Out;
}

/// islProveSharedConflictFree step by step. Every set is over
/// `[p...] -> { Conflict[w, l1, l2, t...] }`: warp w, lanes l1 and l2 of one
/// phase, the trip count t of each relevant loop, the free symbols as
/// parameters p; a step that cannot write its part returns why.
class ConflictProof {
public:
  ConflictProof(const SolveSpace &S, const KernelModel &K, unsigned Bytes,
                const ArchInfo &Arch)
      : S(S), K(K), Bytes(Bytes), Arch(Arch), W(S, Params) {}

  /// The verdict, or Unknown with why a step could not be written.
  IslVerdict run(unsigned long MaxOperations) {
    IslVerdict V;
    std::optional<std::string> Failure = tuple();
    if (!Failure)
      Failure = sameBankOtherWord();
    for (const char *C : {"1", "2"})
      if (!Failure)
        Failure = loopDomains(C);
    if (Failure) {
      V.Text = *Failure;
      return V;
    }
    return solve(MaxOperations);
  }

private:
  /// Tuple, the space Conflict[w, l1, l2, t...]: loops must add their step.
  std::optional<std::string> tuple() {
    std::vector<std::string> Dims = {"w", "l1", "l2"};
    for (unsigned Id : S.Relevant) {
      if (S.Loops[Id].Step != Loop::StepKind::Add || S.Loops[Id].StepValue == 0)
        return "loop '" + S.Loops[Id].VarName + "' does not step by addition";
      // The proof pairs lanes at one iteration; where lanes of a warp may
      // run different numbers of iterations of a loop nvcc unrolls with its
      // remainder first, one instruction holds different iterations
      // (RemainderFirst.h).
      if (S.ThreadDependentDomain && S.Loops[Id].RemainderFirstUnroll != 1u)
        return "lanes of a warp may run loop '" + S.Loops[Id].VarName +
               "' a different number of times, and nvcc's unrolling of it "
               "mixes their iterations in one instruction";
      Dims.push_back("t" + std::to_string(Id));
    }
    Tuple = "Conflict[" + join(Dims, ", ") + "]";
    return std::nullopt;
  }

  /// Lane copy C's threadIdx ("x1") and, WithAddress, guard and "word1".
  bool laneCopy(IslWriter &LW, const std::string &C, bool WithAddress) {
    // The lane -> threadIdx map and the per-lane constraints of one copy.
    LW.Suffix = C;
    LW.Scope.Exists.insert(LW.Scope.Exists.end(), {"x" + C, "y" + C, "z" + C});
    std::string L = "l" + C;
    if (S.Assumed) {
      LW.Scope.Constraints.push_back("x" + C + " = " + L);
      LW.Scope.Constraints.push_back("y" + C + " = 0 and z" + C + " = 0");
    } else {
      std::string Lin = "(32 * w + " + L + ")";
      LW.Scope.Constraints.push_back(Lin + " < " + std::to_string(S.Threads));
      LW.Scope.Constraints.push_back(
          Lin + " = x" + C + " + " + std::to_string(S.Dim[0]) + " * y" + C +
          " + " + std::to_string(S.Dim[0] * S.Dim[1]) + " * z" + C);
      for (unsigned D = 0; D < 3; ++D)
        LW.Scope.Constraints.push_back("0 <= " + std::string(1, "xyz"[D]) + C +
                                       " < " + std::to_string(S.Dim[D]));
    }
    if (!WithAddress)
      return true;
    auto G = LW.pred(S.Guard);
    auto A = LW.expr(S.Offset);
    if (!G || !A)
      return false;
    LW.Scope.Constraints.push_back(*G);
    // The words the lane touches: [floor(a / BB), floor((a + Bytes - 1) / BB)].
    std::string BB = std::to_string(Arch.BankBytes);
    std::string Word = "word" + C;
    LW.Scope.Exists.push_back(Word);
    LW.Scope.Constraints.push_back(BB + " * " + Word + " + " +
                                   std::to_string(Arch.BankBytes - 1) +
                                   " >= " + *A);
    LW.Scope.Constraints.push_back(BB + " * " + Word + " <= " + *A + " + " +
                                   std::to_string(std::max(Bytes, 1u) - 1));
    return true;
  }

  /// Base and W: { Conflict[w, l1, l2, t...] : one bank, other words }.
  std::optional<std::string> sameBankOtherWord() {
    unsigned Phases = Bytes <= Arch.BankBytes ? 1 : Bytes / Arch.BankBytes;
    unsigned LanesPerPhase = Arch.WarpSize / Phases;
    Base = {"0 <= w < " + std::to_string(S.Assumed ? 1 : S.Warps),
            "0 <= l1 < 32", "0 <= l2 < 32",
            "floor(l1 / " + std::to_string(LanesPerPhase) + ") = floor(l2 / " +
                std::to_string(LanesPerPhase) + ")"};
    if (!laneCopy(W, "1", true) || !laneCopy(W, "2", true))
      return "the address or guard uses " + W.Scope.Failure;
    // Same bank, different word. The loop constraints follow below.
    W.Scope.Exists.push_back("q");
    W.Scope.Constraints.push_back(
        "word1 - word2 = " + std::to_string(Arch.Banks) + " * q");
    W.Scope.Constraints.push_back("word1 != word2");
    return std::nullopt;
  }

  /// LW's loop variable Id ("i01") at trip count tId, into Out.
  bool defineLoop(IslWriter &LW, unsigned Id, std::vector<std::string> &Out) {
    const Loop &Lp = S.Loops[Id];
    std::string I = "i" + std::to_string(Id) + LW.Suffix;
    auto Init = LW.expr(Lp.Init);
    if (!Init)
      return false;
    LW.Scope.Exists.push_back(I);
    Out.push_back("t" + std::to_string(Id) + " >= 0");
    Out.push_back(I + " = " + *Init + " + " + std::to_string(Lp.StepValue) +
                  " * t" + std::to_string(Id));
    return true;
  }

  /// Lane copy C's loops: condition at t in W, earlier exits in BadSets.
  std::optional<std::string> loopDomains(const char *C) {
    // Loop domains. The tuple holds the trip count t of each relevant loop;
    // each lane has its own value i = Init + Step * t (bounds may depend on
    // the thread), and must satisfy the condition at t and at every t2 < t.
    W.Suffix = C;
    for (unsigned Id : S.Relevant) {
      if (!defineLoop(W, Id, W.Scope.Constraints))
        return "a loop bound uses " + W.Scope.Failure;
      auto Cond = W.pred(S.Loops[Id].Condition);
      if (!Cond)
        return "a loop bound uses " + W.Scope.Failure;
      W.Scope.Constraints.push_back(*Cond);
    }
    for (unsigned Id : S.Relevant)
      if (auto Err = earlierExit(C, Id))
        return Err;
    return std::nullopt;
  }

  /// { Conflict[w, l1, l2, t...] } where copy C left loop Id before t.
  std::optional<std::string> earlierExit(const char *C, unsigned Id) {
    // Bad: some earlier iteration t2 < t already failed the condition.
    IslWriter BW(S, Params);
    laneCopy(BW, C, false);
    BW.Suffix = C;
    // Everything goes into BW's own constraints, so that the existential
    // variables of a division in a bound stay defined.
    std::vector<std::string> &Cons = BW.Scope.Constraints;
    for (unsigned Other : S.Relevant)
      if (!defineLoop(BW, Other, Cons))
        return "a loop bound uses " + BW.Scope.Failure;
    const Loop &Lp = S.Loops[Id];
    std::string T2 = BW.fresh();
    Cons.push_back("0 <= " + T2 + " < t" + std::to_string(Id));
    auto Init = BW.expr(Lp.Init);
    BW.LoopOverride[Id] = "(" + (Init ? *Init : std::string("0")) + " + " +
                          std::to_string(Lp.StepValue) + " * " + T2 + ")";
    auto Cond = BW.pred(Predicate::negate(Lp.Condition));
    if (!Init || !Cond)
      return "a loop bound uses " + BW.Scope.Failure;
    Cons.push_back(*Cond);
    BadSets.push_back(
        "{ " + Tuple + " : exists (" + join(BW.Scope.Exists, ", ") + " : " +
        join(Base, " and ") + " and " + join(Cons, " and ") + ") }");
    return std::nullopt;
  }

  /// [p...] -> { Conflict[w, l1, l2, t...] } less BadSets: empty proves it.
  IslVerdict solve(unsigned long MaxOperations) {
    IslVerdict V;
    // Parameter names and their lower bounds.
    std::vector<std::string> ParamNames;
    std::vector<std::string> ParamCons;
    for (auto &[Sym, N] : Params) {
      ParamNames.push_back(N);
      if (auto Lo = lowerBoundIn(K, S, Sym))
        ParamCons.push_back(N + " >= " + std::to_string(*Lo));
    }
    std::string Prefix = "[" + join(ParamNames, ", ") + "] -> ";
    std::string Main =
        Prefix + "{ " + Tuple + " : exists (" + join(W.Scope.Exists, ", ") +
        " : " + join(Base, " and ") + " and " +
        join(W.Scope.Constraints, " and ") + ")" +
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
      if (Colon != std::string::npos)
        V.Text = sourceCondition(P.substr(Colon + 1));
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

  /// The condition Cond of [p...] -> { : Cond } in source names, for users.
  std::string sourceCondition(std::string Cond) const {
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
    return Cond;
  }

  const SolveSpace &S;
  const KernelModel &K;
  unsigned Bytes;
  const ArchInfo &Arch;
  /// Free symbols' parameter names ("p0"), given in order of first use.
  std::map<Symbol, std::string> Params;
  IslWriter W;                   ///< the conflict's lane copies and loops
  std::string Tuple;             ///< "Conflict[w, l1, l2, t...]"
  std::vector<std::string> Base; ///< w, l1, l2 in range and one phase
  /// `{ Conflict[w, l1, l2, t...] }` sets of lanes that left a loop early.
  std::vector<std::string> BadSets;
};

} // namespace

IslVerdict islProveSharedConflictFree(const SolveSpace &S, const KernelModel &K,
                                      unsigned Bytes, const ArchInfo &Arch,
                                      unsigned long MaxOperations) {
  return ConflictProof(S, K, Bytes, Arch).run(MaxOperations);
}

} // namespace warplint
