//===- RemainderFirst.cpp - Iterations regrouped by nvcc's runtime unroll -===//
//---===//

#include "Solve/Enumerate/RemainderFirst.h"

#include <algorithm>

namespace warplint {

std::optional<std::string> remainderFirstKeys(const SolveSpace &S,
                                              unsigned Warp,
                                              std::vector<LanePiece> &Pieces,
                                              LaneRounds &Seen) {
  for (size_t P = 0; P < S.Relevant.size(); ++P) {
    const Loop &Lp = S.Loops[S.Relevant[P]];
    std::optional<unsigned> U = Lp.RemainderFirstUnroll;
    if (U == 1u)
      continue;
    // The lane's trip count of this loop, for each iteration of the loops
    // around it: one more than the last trip seen.
    std::map<std::vector<int64_t>, int64_t> TripCount;
    for (const LanePiece &X : Pieces) {
      std::vector<int64_t> Prefix(X.Trips.begin(), X.Trips.begin() + P);
      int64_t &T = TripCount[Prefix];
      T = std::max(T, X.Trips[P] + 1);
    }
    for (size_t I = 0; I < Pieces.size(); ++I) {
      const std::vector<int64_t> &From = Pieces[I].Trips;
      int64_t T =
          TripCount[std::vector<int64_t>(From.begin(), From.begin() + P)];
      std::pair<size_t, std::vector<int64_t>> Where{
          P, std::vector<int64_t>(Pieces[I].Key.begin(),
                                  Pieces[I].Key.begin() + P)};
      if (!U) {
        std::set<int64_t> &Ts = Seen.Trips[Where];
        Ts.insert(T);
        if (Ts.size() > 1)
          return "lanes of warp " + std::to_string(Warp) + " run loop '" +
                 Lp.VarName + "' " + std::to_string(*Ts.begin()) + " and " +
                 std::to_string(*Ts.rbegin()) +
                 " times, and how nvcc unrolls it is not known (a call "
                 "whose body is not shown, a bare #pragma unroll, or an "
                 "unsigned variable with a constant step)";
        continue;
      }
      int64_t K = From[P], Rest = T % int64_t(*U);
      if (Lp.RemainderLast) {
        // Rounds of U copies while U iterations remain, the same instruction
        // for every lane at iteration K; then a block of 2 copies when 2 or
        // 3 remain and one copy for an odd remainder, which lanes reach
        // after however many rounds they ran (they wait for the others).
        int64_t Tail = K - (T - Rest);
        Pieces[I].Key[P] = Tail < 0                ? K
                           : Rest >= 2 && Tail < 2 ? -(Tail + 1)
                                                   : -3;
        continue;
      }
      Pieces[I].Key[P] = K < Rest ? -(K + 1) : K - Rest;
      if (int64_t Rounds = T / int64_t(*U); Rounds >= 1) {
        std::set<int64_t> &Rs = Seen.Rounds[Where];
        Rs.insert(Rounds);
        if (Rs.size() > 1)
          return "nvcc unrolls loop '" + Lp.VarName + "' by " +
                 std::to_string(*U) +
                 " (its trip count is a run-time value), and lanes of warp " +
                 std::to_string(Warp) + " run " + std::to_string(*Rs.begin()) +
                 " and " + std::to_string(*Rs.rbegin()) +
                 " of its unrolled rounds: which instructions they share "
                 "depends on how ptxas unrolls it further";
      }
    }
  }
  return std::nullopt;
}

} // namespace warplint
