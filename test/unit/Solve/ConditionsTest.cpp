//===- ConditionsTest.cpp - Conditions written for people -----------------===//
//
// describeCases turns the cases of free symbols that reach an outcome into
// a condition in source terms. These tests give it hand-made plans: one or
// two symbols with residue classes, and a symbol shown scaled in the user's
// terms (the assumed shape's blockDim.x / 32).
//
//===----------------------------------------------------------------------===//

#include "Solve/Cases/FreeSymbols.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace warplint;

namespace {

Symbol param(unsigned I) { return {SymbolKind::Param, I}; }

/// A symbol whose cost has period Modulus: one residue class per value.
SymbolClasses residues(Symbol Sym, int64_t Modulus) {
  SymbolClasses SC;
  SC.Sym = Sym;
  SC.Modulus = Modulus;
  for (int64_t R = 0; R < Modulus; ++R)
    SC.Classes.push_back({ValueClass::Residue, R});
  return SC;
}

std::vector<uint64_t> range(uint64_t N) {
  std::vector<uint64_t> Out;
  for (uint64_t I = 0; I < N; ++I)
    Out.push_back(I);
  return Out;
}

std::string name(Symbol S) {
  return S.Index == 0 ? "p" : S.Index == 1 ? "q" : "r";
}

std::string describe(const FreePlan &Plan, std::vector<uint64_t> Chosen) {
  return describeCases(Plan, Chosen, range(Plan.caseCount()), name);
}

TEST(Conditions, ResidueSetsReadAsRangesOrSets) {
  FreePlan Plan;
  Plan.Symbols.push_back(residues(param(0), 8));
  EXPECT_EQ(describe(Plan, {3}), "p % 8 == 3");
  EXPECT_EQ(describe(Plan, {0, 1, 2, 4, 5, 6, 7}), "p % 8 != 3");
  EXPECT_EQ(describe(Plan, {1, 5}), "p % 4 == 1") << "coarsened";
  EXPECT_EQ(describe(Plan, {1, 2, 3, 4, 5, 6}), "1 <= p % 8 && p % 8 <= 6");
  EXPECT_EQ(describe(Plan, {0, 1, 2}), "p % 8 <= 2");
  EXPECT_EQ(describe(Plan, {5, 6, 7}), "p % 8 >= 5");
  EXPECT_EQ(describe(Plan, {0, 1, 2, 6, 7}), "(p % 8 < 3 || p % 8 > 5)");
  EXPECT_EQ(describe(Plan, {1, 6}), "(p % 8 == 1 || p % 8 == 6)");
  EXPECT_EQ(describe(Plan, {1, 2, 5, 6, 7}), "p % 8 in {1, 2, 5..7}");
  EXPECT_EQ(describe(Plan, range(8)), "") << "every value";
}

// u = blockDim.x / 32 under the assumed shape prints as blockDim.x, its
// values and moduli times 32.
TEST(Conditions, ScaledSymbolReadsInTheUsersTerms) {
  FreePlan Plan;
  Symbol U = param(2);
  Plan.Symbols.push_back(residues(U, 8));
  Plan.Display[U] = {32, "blockDim.x", false};
  EXPECT_EQ(describe(Plan, {1}), "blockDim.x % 256 == 32");
  EXPECT_EQ(describe(Plan, {1, 3, 5, 7}), "blockDim.x % 64 == 32");
  EXPECT_EQ(describe(Plan, {1, 2, 3}), "32 <= blockDim.x % 256 && "
                                       "blockDim.x % 256 <= 96");
}

// A disjunction too long to print in full says how many cases it leaves
// out instead of trailing off.
TEST(Conditions, LongDisjunctionCountsWhatItLeavesOut) {
  FreePlan Plan;
  Plan.Symbols.push_back(residues(param(0), 16));
  Plan.Symbols.push_back(residues(param(1), 16));
  // p and q agree modulo 16: one disjunct per residue, none mergeable.
  std::vector<uint64_t> Diagonal;
  for (uint64_t R = 0; R < 16; ++R)
    Diagonal.push_back(R + 16 * R);
  std::string C = describe(Plan, Diagonal);
  EXPECT_EQ(C.find("..."), std::string::npos) << C;
  EXPECT_NE(C.find(" (and 10 more cases)"), std::string::npos) << C;
  EXPECT_EQ(C.rfind("p % 16 == 0 && q % 16 == 0", 0), 0u) << C;
}

} // namespace
