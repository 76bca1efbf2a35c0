//===- IslProof.cpp - Conflict-freedom for all values, with ISL -----------===//
//
// The conflict relation is built with IslBuilder over the space
//   [params] -> { Conflict[w, l1, l2, t...] }
// (warp w, lanes l1 and l2 of one phase, the trip count t of each relevant
// loop). Each lane copy's threadIdx and loop variables are functions of the
// tuple; the words the lanes touch and an earlier iteration are hidden
// parameters, quantified away before the sets are compared.
//
//===----------------------------------------------------------------------===//

#include "Solve/Isl/IslProof.h"

#include "Solve/Isl/IslAdapter.h"
#include "Solve/Isl/IslBuild.h"

#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace warplint {

namespace {

/// islProveSharedConflictFree step by step.
class ConflictProof {
public:
  ConflictProof(const SolveSpace &S, const KernelModel &K, unsigned Bytes,
                const ArchInfo &Arch, isl::ctx Ctx)
      : S(S), K(K), Bytes(Bytes), Arch(Arch),
        B(Ctx, "Conflict", 3 + unsigned(S.Relevant.size())) {}

  /// The verdict, or Unknown with why a step could not be written.
  IslVerdict run() {
    IslVerdict V;
    if (auto Unsupported = loopsSupported()) {
      V.Text = *Unsupported;
      return V;
    }
    std::optional<isl::set> Conflict = conflicts();
    if (!Conflict) {
      V.Text = Failure;
      return V;
    }
    if (Conflict->is_empty()) {
      V.Kind = IslVerdict::ConflictFree;
      return V;
    }
    V.Kind = IslVerdict::MayConflict;
    V.Text = parameterCondition(*Conflict);
    return V;
  }

private:
  /// One lane's view: its lane and threadIdx as functions of the tuple,
  /// its loop variables, and loop Id's variable at an earlier iteration.
  struct LaneCopy {
    unsigned Copy = 1;
    isl::pw_aff Tid[3];
    std::map<unsigned, isl::pw_aff> LoopVars;
    std::set<unsigned> InProgress;
    std::optional<std::pair<unsigned, isl::pw_aff>> Override;
  };

  /// Why a relevant loop cannot be a trip-count dimension, if one cannot.
  std::optional<std::string> loopsSupported() const {
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
    }
    for (int64_t D : S.Dim)
      if (D < 1)
        return std::string("the block has an empty dimension");
    return std::nullopt;
  }

  isl::pw_aff warp() const { return B.dim(0); }
  isl::pw_aff lane(unsigned Copy) const { return B.dim(Copy); }
  isl::pw_aff trips(unsigned Id) const {
    for (unsigned P = 0; P < S.Relevant.size(); ++P)
      if (S.Relevant[P] == Id)
        return B.dim(3 + P);
    return B.constant(0); // not reached: only relevant loops are asked
  }

  /// { Conflict[...] : w, l1, l2 in range, l1 and l2 in one phase }.
  isl::set base() const {
    unsigned Phases = Bytes <= Arch.BankBytes ? 1 : Bytes / Arch.BankBytes;
    int64_t LanesPerPhase = Arch.WarpSize / Phases;
    isl::set Out = B.inRange(warp(), 0, S.Assumed ? 1 : S.Warps);
    for (unsigned C : {1u, 2u})
      Out = Out.intersect(B.inRange(lane(C), 0, Arch.WarpSize));
    return Out.intersect(
        lane(1)
            .scale_down(LanesPerPhase)
            .floor()
            .eq_set(lane(2).scale_down(LanesPerPhase).floor()));
  }

  /// Copy C's threadIdx, and the lanes that are threads of the block.
  LaneCopy laneCopy(unsigned C, isl::set &Domain) const {
    LaneCopy L;
    L.Copy = C;
    if (S.Assumed) {
      L.Tid[0] = lane(C);
      L.Tid[1] = L.Tid[2] = B.constant(0);
      return L;
    }
    // Thread (x, y, z) is linear index x + Dx * (y + Dy * z).
    isl::pw_aff Lin = warp().scale(long(Arch.WarpSize)).add(lane(C));
    Domain = Domain.intersect(Lin.lt_set(B.constant(S.Threads)));
    L.Tid[0] = Lin.mod(long(S.Dim[0]));
    L.Tid[1] = Lin.scale_down(long(S.Dim[0])).floor().mod(long(S.Dim[1]));
    L.Tid[2] = Lin.scale_down(long(S.Dim[0] * S.Dim[1])).floor();
    Domain = Domain.intersect(B.inRange(L.Tid[2], 0, S.Dim[2]));
    return L;
  }

  /// How copy L names a symbol: threadIdx and loop variables of its own,
  /// free symbols as parameters shared by both copies.
  IslSymbolFn names(LaneCopy &L) {
    return [this, &L](Symbol Sym) -> std::optional<isl::pw_aff> {
      if (Sym.Kind == SymbolKind::ThreadIdx && !isFreeSymbol(Sym, S.Assumed))
        return L.Tid[Sym.Index < 3 ? Sym.Index : 0];
      if (Sym.Kind == SymbolKind::LoopVar)
        return loopVar(L, Sym.Index);
      return B.param(paramId(Sym));
    };
  }

  /// Loop Id's variable in copy L: Init + Step * t (or the override).
  std::optional<isl::pw_aff> loopVar(LaneCopy &L, unsigned Id) {
    if (L.Override && L.Override->first == Id)
      return L.Override->second;
    auto It = L.LoopVars.find(Id);
    if (It != L.LoopVars.end())
      return It->second;
    bool Relevant = false;
    for (unsigned R : S.Relevant)
      Relevant |= R == Id;
    if (!Relevant || !L.InProgress.insert(Id).second)
      return std::nullopt;
    auto Init = B.expr(S.Loops[Id].Init, names(L));
    L.InProgress.erase(Id);
    if (!Init)
      return std::nullopt;
    isl::pw_aff V = Init->add(trips(Id).scale(long(S.Loops[Id].StepValue)));
    L.LoopVars.emplace(Id, V);
    return V;
  }

  /// The parameter of a free symbol, named as the source names it.
  isl::id paramId(Symbol Sym) {
    auto It = Params.find(Sym);
    if (It == Params.end())
      It = Params.emplace(Sym, B.freshId(S.Name(Sym))).first;
    return It->second;
  }

  /// { Conflict[...] : copy L's guard holds and it touches word Word }.
  std::optional<isl::set> access(LaneCopy &L, const isl::pw_aff &Word) {
    auto G = B.pred(S.Guard, names(L));
    auto A = B.expr(S.Offset, names(L));
    if (!G || !A)
      return std::nullopt;
    // The words the lane touches: [floor(a / BB), floor((a + Bytes - 1) / BB)].
    isl::pw_aff Start = Word.scale(long(Arch.BankBytes));
    return G->intersect(Start.add(B.constant(Arch.BankBytes - 1)).ge_set(*A))
        .intersect(Start.le_set(A->add(B.constant(std::max(Bytes, 1u) - 1))));
  }

  /// { Conflict[...] : copy L runs every relevant loop at its trip count }.
  std::optional<isl::set> loopsRun(LaneCopy &L) {
    isl::set Out = B.universe();
    for (unsigned Id : S.Relevant) {
      auto Cond = B.pred(S.Loops[Id].Condition, names(L));
      if (!Cond)
        return std::nullopt;
      Out = Out.intersect(*Cond).intersect(trips(Id).ge_set(B.constant(0)));
    }
    return Out;
  }

  /// { Conflict[...] : copy C left loop Id at an earlier trip count }.
  std::optional<isl::set> earlierExit(unsigned C, unsigned Id) {
    isl::set Out = base();
    LaneCopy L = laneCopy(C, Out);
    // Every loop variable at its trip count first, so that only loop Id's
    // condition reads the earlier iteration.
    for (unsigned Other : S.Relevant) {
      Out = Out.intersect(trips(Other).ge_set(B.constant(0)));
      if (!loopVar(L, Other))
        return std::nullopt;
    }
    auto Init = B.expr(S.Loops[Id].Init, names(L));
    if (!Init)
      return std::nullopt;
    isl::pw_aff T2 = B.hidden("t2");
    Out =
        Out.intersect(T2.ge_set(B.constant(0))).intersect(T2.lt_set(trips(Id)));
    L.Override.emplace(Id, Init->add(T2.scale(long(S.Loops[Id].StepValue))));
    auto Left = B.pred(S.Loops[Id].Condition, names(L), /*Negate=*/true);
    if (!Left)
      return std::nullopt;
    return B.projectHidden(Out.intersect(*Left));
  }

  /// Lanes of one phase, both active at one point of the loops, asking one
  /// bank for different words, for parameters at their lower bounds or
  /// above; nullopt with Failure set where a part cannot be written.
  std::optional<isl::set> conflicts() {
    isl::set Main = base();
    LaneCopy L1 = laneCopy(1, Main), L2 = laneCopy(2, Main);
    isl::pw_aff W1 = B.hidden("word1"), W2 = B.hidden("word2");
    auto A1 = access(L1, W1), A2 = access(L2, W2);
    if (!A1 || !A2) {
      Failure = "the address or guard uses " + B.Failure;
      return std::nullopt;
    }
    Main = Main.intersect(*A1).intersect(*A2);
    isl::pw_aff Apart = W1.sub(W2);
    Main = Main.intersect(Apart.mod(long(Arch.Banks)).eq_set(B.constant(0)))
               .intersect(Apart.ne_set(B.constant(0)));
    auto R1 = loopsRun(L1), R2 = loopsRun(L2);
    if (!R1 || !R2) {
      Failure = "a loop bound uses " + B.Failure;
      return std::nullopt;
    }
    Main = Main.intersect(*R1).intersect(*R2);
    for (auto &[Sym, Id] : Params)
      if (auto Lo = lowerBoundIn(K, S, Sym))
        Main = Main.intersect(B.param(Id).ge_set(B.constant(*Lo)));
    isl::set Conflict = B.projectHidden(Main);
    for (unsigned C : {1u, 2u})
      for (unsigned Id : S.Relevant) {
        auto Bad = earlierExit(C, Id);
        if (!Bad) {
          Failure = "a loop bound uses " + B.Failure;
          return std::nullopt;
        }
        Conflict = Conflict.subtract(*Bad);
      }
    return Conflict;
  }

  /// The parameter condition under which Conflict is not empty, as ISL
  /// writes it ("n % 32 != 0"-like constraints in source names).
  std::string parameterCondition(const isl::set &Conflict) const {
    std::vector<isl::id> Order;
    for (auto &[Sym, Id] : Params)
      Order.push_back(Id);
    std::ostringstream OS;
    OS << alignParams(Conflict.params(), Order);
    // "[n] -> { : n >= 33 }": the constraints between the colon and the
    // closing brace.
    std::string P = OS.str();
    size_t Colon = P.find(':'), Close = P.rfind('}');
    if (Colon == std::string::npos || Close == std::string::npos ||
        Close < Colon)
      return std::string();
    std::string Cond = P.substr(Colon + 1, Close - Colon - 1);
    size_t First = Cond.find_first_not_of(' ');
    size_t Last = Cond.find_last_not_of(' ');
    return First == std::string::npos ? std::string()
                                      : Cond.substr(First, Last - First + 1);
  }

  const SolveSpace &S;
  const KernelModel &K;
  unsigned Bytes;
  const ArchInfo &Arch;
  IslBuilder B;
  /// Free symbols' parameters, in Symbol order for printing.
  std::map<Symbol, isl::id> Params;
  std::string Failure;
};

} // namespace

IslVerdict islProveSharedConflictFree(const SolveSpace &S, const KernelModel &K,
                                      unsigned Bytes, const ArchInfo &Arch,
                                      unsigned long MaxOperations) {
  IslContext Ctx(MaxOperations);
  IslVerdict V;
  try {
    return ConflictProof(S, K, Bytes, Arch, Ctx.ctx()).run();
  } catch (const isl::exception_quota &) {
    V.Text = "ISL operation quota exhausted";
  } catch (const isl::exception &E) {
    V.Text = Ctx.quotaExhausted() ? "ISL operation quota exhausted"
                                  : std::string("ISL error: ") + E.what();
  }
  return V;
}

} // namespace warplint
