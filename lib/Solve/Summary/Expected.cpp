//===- Expected.cpp - Expected wavefronts under uniformly random data -----===//
//
// See Expected.h. With K lanes drawing words uniformly from N words, bank b
// holding w_b of them, the number of draws in which every bank's work stays
// at most m is K! [x^K] prod_b F_b(x), with the exponential generating
// function of one bank
//   distinct words:  F_b(x) = sum_{j <= m} C(w_b, j) (e^x - 1)^j
//     (choose the j words hit, then a surjection of its lanes onto them),
//   lanes:           F_b(x) = sum_{j <= m} (w_b x)^j / j!
//     (j lanes, each on any of the bank's words).
// Dividing by N^K gives P(max <= m), and E[max] = sum_{m >= 0} P(max > m).
// All coefficients are positive, so the sums lose no precision to
// cancellation. BoundedTest compares the result with the mean over every
// placement of small requests, costed by the hardware rules themselves.
//
//===----------------------------------------------------------------------===//

#include "Solve/Summary/Expected.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace warplint {

namespace {

using Poly = std::vector<long double>; ///< coefficients of x^0 .. x^Degree

Poly multiply(const Poly &A, const Poly &B, size_t Degree) {
  Poly Out(Degree + 1, 0.0L);
  for (size_t I = 0; I < A.size() && I <= Degree; ++I)
    if (A[I] != 0)
      for (size_t J = 0; J < B.size() && I + J <= Degree; ++J)
        Out[I + J] += A[I] * B[J];
  return Out;
}

Poly power(Poly Base, uint64_t Exponent, size_t Degree) {
  Poly Out(Degree + 1, 0.0L);
  Out[0] = 1;
  for (; Exponent; Exponent >>= 1) {
    if (Exponent & 1)
      Out = multiply(Out, Base, Degree);
    if (Exponent > 1)
      Base = multiply(Base, Base, Degree);
  }
  return Out;
}

/// P(the busiest bank's work <= M) for K lanes; Banks maps a word count to
/// the number of banks with that many words. Surjections[j] is
/// (e^x - 1)^j truncated at degree K (j = 0 .. M).
long double atMost(unsigned M, unsigned K,
                   const std::map<uint64_t, uint64_t> &Banks,
                   uint64_t TotalWords, bool CountLanes,
                   const std::vector<Poly> &Surjections) {
  Poly Product(K + 1, 0.0L);
  Product[0] = 1;
  for (const auto &[W, Count] : Banks) {
    Poly Bank(K + 1, 0.0L);
    if (CountLanes) {
      long double Term = 1; // (W x)^j / j!
      for (unsigned J = 0; J <= std::min(M, K); ++J) {
        Bank[J] = Term;
        Term *= (long double)W / (J + 1);
      }
    } else {
      long double Choose = 1; // C(W, j)
      for (unsigned J = 0; J <= M && J <= W; ++J) {
        for (unsigned D = 0; D <= K; ++D)
          Bank[D] += Choose * Surjections[J][D];
        Choose = Choose * (long double)(W - J) / (J + 1);
      }
    }
    Product = multiply(Product, power(Bank, Count, K), K);
  }
  // K! [x^K] / N^K, with K! / N^K built up factor by factor.
  long double Scale = 1;
  for (unsigned I = 1; I <= K; ++I)
    Scale *= (long double)I / (long double)TotalWords;
  return std::min(1.0L, Product[K] * Scale);
}

} // namespace

std::optional<std::vector<double>>
expectedSharedWavefronts(unsigned Bytes, SharedOpKind Op, uint64_t ObjectBytes,
                         const ArchInfo &Arch) {
  if (Bytes == 0 || Bytes > Arch.BankBytes || Arch.BankBytes % Bytes != 0 ||
      Op == SharedOpKind::CasLoop || Op == SharedOpKind::CompareAndSwap ||
      ObjectBytes == 0 ||
      ObjectBytes % Arch.BankBytes != 0)
    return std::nullopt;
  uint64_t TotalWords = ObjectBytes / Arch.BankBytes;
  uint64_t Elements = ObjectBytes / Bytes;
  // Words per bank: the counts differ by at most one, and which banks get
  // the extra words (where the object starts) does not change the
  // distribution of the busiest bank's work.
  std::map<uint64_t, uint64_t> Banks;
  if (uint64_t Extra = TotalWords % Arch.Banks)
    Banks[TotalWords / Arch.Banks + 1] = Extra;
  if (TotalWords / Arch.Banks)
    Banks[TotalWords / Arch.Banks] = Arch.Banks - TotalWords % Arch.Banks;
  bool CountLanes =
      Op == SharedOpKind::Atomic || Op == SharedOpKind::AtomicUnaggregated;
  std::vector<double> Out(Arch.WarpSize + 1, 0.0);
  for (unsigned K = 1; K <= Arch.WarpSize; ++K) {
    // (e^x - 1)^j for j = 0 .. K - 1, truncated at degree K.
    std::vector<Poly> Surjections;
    if (!CountLanes) {
      Poly ExpMinusOne(K + 1, 0.0L);
      long double Factorial = 1;
      for (unsigned I = 1; I <= K; ++I) {
        Factorial *= I;
        ExpMinusOne[I] = 1.0L / Factorial;
      }
      Poly Power(K + 1, 0.0L);
      Power[0] = 1;
      for (unsigned J = 0; J < K; ++J) {
        Surjections.push_back(Power);
        Power = multiply(Power, ExpMinusOne, K);
      }
    }
    long double E = 0;
    for (unsigned M = 0; M < K; ++M)
      E += 1.0L - atMost(M, K, Banks, TotalWords, CountLanes, Surjections);
    // S8: a warp-uniform atomic address is aggregated into one lane's
    // request: 1 instead of the K lanes the bank would serialize.
    if (CountLanes && K > 1)
      E -= (long double)(K - 1) * std::pow((long double)Elements,
                                            1.0L - (long double)K);
    Out[K] = double(E);
  }
  return Out;
}

} // namespace warplint
