//===- SolveTestUtil.h - Building access models by hand for solver tests --===//

#ifndef WARPLINT_TEST_SOLVETESTUTIL_H
#define WARPLINT_TEST_SOLVETESTUTIL_H

#include "Model/AccessModel.h"
#include "Model/Arch.h"
#include "Solve/Solver.h"

#include <set>
#include <vector>

namespace warplint {
namespace test {

inline Expr tx() { return Expr::threadIdx(0); }
inline Expr ty() { return Expr::threadIdx(1); }
inline Expr tz() { return Expr::threadIdx(2); }
inline Expr loopVar(unsigned Id) {
  return Expr::symbol(SymbolKind::LoopVar, Id);
}
inline Expr param(unsigned Id) { return Expr::symbol(SymbolKind::Param, Id); }

/// A kernel with one object and the accesses tests add.
struct KernelBuilder {
  KernelModel K;

  explicit KernelBuilder(MemorySpace Space = MemorySpace::Shared) {
    K.Name = "k";
    MemoryObject O;
    O.Name = Space == MemorySpace::Shared ? "s" : "g";
    O.Space = Space;
    O.ElementBytes = 4;
    O.IsParameter = Space == MemorySpace::Global;
    K.Objects.push_back(O);
  }

  unsigned addParam(const std::string &Name, const std::string &Type = "int") {
    Param P;
    P.Id = unsigned(K.Params.size());
    P.Name = Name;
    P.Type = Type;
    K.Params.push_back(P);
    return P.Id;
  }

  /// for (Var = Init; Cond; Var op= Step)
  unsigned addLoop(const std::string &Var, Expr Init,
                   std::function<Predicate(Expr)> Cond,
                   Loop::StepKind Kind = Loop::StepKind::Add,
                   int64_t Step = 1) {
    Loop L;
    L.Id = unsigned(K.Loops.size());
    L.VarName = Var;
    L.Init = Init;
    L.Condition = Cond(loopVar(L.Id));
    L.Step = Kind;
    L.StepValue = Step;
    K.Loops.push_back(L);
    return L.Id;
  }

  Access access(Expr Offset, unsigned Bytes, Predicate Guard = true,
                std::vector<unsigned> Loops = {}) {
    Access A;
    A.ByteOffset = Offset;
    A.Bytes = Bytes;
    A.Guard = Guard;
    A.Loops = Loops;
    return A;
  }
};

inline LaunchConfig block(int64_t X, int64_t Y = 1, int64_t Z = 1) {
  LaunchConfig L;
  L.Source = LaunchSource::CommandLine;
  L.Block = BlockShape{X, Y, Z};
  return L;
}

inline SolveOptions options() {
  SolveOptions O;
  O.Arch = *findArch("sm_90");
  return O;
}

inline Predicate lt(Expr A, Expr B) {
  return Predicate::cmp(CmpKind::LT, A, B);
}
inline Predicate gt(Expr A, Expr B) {
  return Predicate::cmp(CmpKind::GT, A, B);
}

/// Distinct 32-byte sectors touched by the active lanes of a request,
/// counted byte by byte.
inline unsigned sectorsOf(const std::vector<int64_t> &Addrs, unsigned Bytes) {
  std::set<int64_t> S;
  for (int64_t A : Addrs)
    for (int64_t X = A; X < A + Bytes; ++X)
      S.insert(X >= 0 ? X / 32 : (X - 31) / 32);
  return unsigned(S.size());
}

} // namespace test
} // namespace warplint

#endif
