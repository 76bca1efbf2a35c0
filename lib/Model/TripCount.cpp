//===- TripCount.cpp - How many times a loop runs, by running it ----------===//

#include "Model/TripCount.h"

namespace warplint {

std::optional<uint64_t> runTripCount(const Loop &L, int64_t Init,
                                     const Predicate &Cond, int64_t Step,
                                     uint64_t Cap) {
  Symbol Var{SymbolKind::LoopVar, L.Id};
  int64_t V = Init;
  for (uint64_t N = 0; N <= Cap; ++N) {
    std::optional<bool> Go =
        Cond.evaluate([&](Symbol S) -> std::optional<int64_t> {
          if (S == Var)
            return V;
          return std::nullopt;
        });
    if (!Go)
      return std::nullopt;
    if (!*Go)
      return N;
    int64_t Next = V;
    bool Overflow = false;
    switch (L.Step) {
    case Loop::StepKind::Add:
      Overflow = __builtin_add_overflow(V, Step, &Next);
      break;
    case Loop::StepKind::Multiply:
      Overflow = __builtin_mul_overflow(V, Step, &Next);
      break;
    default:
      Next = Step != 0 ? V / Step : V;
      break;
    }
    if (Overflow || Next == V)
      return std::nullopt; // it never ends, or not in int64
    V = Next;
  }
  return std::nullopt;
}

} // namespace warplint
