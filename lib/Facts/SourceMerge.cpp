//===- SourceMerge.cpp - What nvcc emits, from source-level rules ---------===//
//
// Each rule cites the SASS it was derived from in docs/hardware-model.md
// (S9, "What to expect when the compiler changes an access"); the lit tests
// under test/lit/compiler-facts/ reproduce them.
//
//===----------------------------------------------------------------------===//

#include "Facts/SourceMerge.h"

#include "Facts/Linear.h"
#include "Facts/UnrollMerge.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <string>

namespace warplint {

unsigned provableAlign(const KernelModel &K, const Access &A,
                       int64_t OffsetMultiple) {
  const MemoryObject &O = K.Objects[A.Object];
  // ptxas lays out shared memory and places every array (static or the
  // dynamic window) at least 16-byte aligned: s[4*t..4*t+3] of a float
  // array became LDS.128 (test/lit/compiler-facts/shared-pairs.cu). In
  // relocatable device code the device linker places the static arrays
  // and ptxas knows only their declared alignment: float s[512] kept two
  // LDS for s[2*t], s[2*t+1], alignas(16) and float2 arrays still merged,
  // and so did the dynamic window (relocatable-shared.cu). For global
  // memory nvcc knows only what the types say: p[2*i], p[2*i+1] of a
  // float* stayed two LDG.E, a float2's .x/.y became one LDG.E.64.
  unsigned Base = O.Space == MemorySpace::Shared
                      ? (O.LinkerPlaced ? std::max(A.TypeAlign, O.AlignBytes)
                                        : std::max(16u, O.AlignBytes))
                      : std::max(A.TypeAlign,
                                 O.IsParameter ? 0u : O.AlignBytes);
  int64_t G = std::gcd(int64_t(std::min(Base, 16u)), OffsetMultiple);
  return unsigned(G);
}

namespace {

const char *verb(AccessOp Op) { return Op == AccessOp::Store ? "store" : "load"; }

/// Whether A and B are in one straight-line region: same function and call
/// chain, same loops, same guard.
bool sameRegion(const Access &A, const Access &B) {
  if (A.Function != B.Function || A.Loops != B.Loops || !(A.Guard == B.Guard) ||
      A.CallChain.size() != B.CallChain.size())
    return false;
  for (size_t I = 0; I < A.CallChain.size(); ++I)
    if (!(A.CallChain[I].CallLoc == B.CallChain[I].CallLoc))
      return false;
  return true;
}

bool candidate(const KernelModel &K, const Access &A, AccessOp Op) {
  // The first read of a compare-and-swap loop is ptxas's, inside the
  // loop: it is never merged with, nor reused for, a load of the source.
  return A.Op == Op && !A.Volatile && !A.CasLoop && A.ByteOffset &&
         (A.Bytes == 4 || A.Bytes == 8) && A.Emitted.isAsWritten() &&
         A.Emitted.From == Emission::Origin::AsWritten &&
         A.Object < K.Objects.size();
}

bool inside(const SourceLoc &L, const SourceLoc &Lo, const SourceLoc &Hi) {
  return L.File == Lo.File && L.Offset > Lo.Offset && L.Offset < Hi.Offset;
}

/// Where a group of accesses lies in program order (access ids) and in the
/// source (the first and the last member's beginning).
struct Span {
  unsigned LoId, HiId;
  SourceLoc Lo, Hi;

  explicit Span(const std::vector<const Access *> &Ms)
      : LoId(Ms.front()->Id), HiId(LoId), Lo(Ms.front()->Range.Begin),
        Hi(Lo) {
    for (const Access *M : Ms) {
      LoId = std::min(LoId, M->Id);
      HiId = std::max(HiId, M->Id);
      if (M->Range.Begin.Offset < Lo.Offset)
        Lo = M->Range.Begin;
      if (M->Range.Begin.Offset > Hi.Offset)
        Hi = M->Range.Begin;
    }
  }
  bool between(unsigned Id) const { return Id > LoId && Id < HiId; }
  bool between(const SourceLoc &L) const { return inside(L, Lo, Hi); }

  /// A barrier, written or reached through a call, between the members.
  bool barrierBetween(const KernelModel &K) const {
    for (const Barrier &B : K.Barriers) {
      if (between(B.Range.Begin))
        return true;
      for (const CallFrame &F : B.CallChain)
        if (between(F.CallLoc))
          return true;
    }
    return false;
  }
};

/// A store that may write the memory, or a barrier, between the first and
/// the last member in program order: nvcc keeps the loads apart
/// (storeBetween, barrierBetween in shared-pairs.cu).
bool separated(const KernelModel &K, const std::vector<const Access *> &Ms) {
  Span S(Ms);
  const MemoryObject &O = K.Objects[Ms.front()->Object];
  // Only the accesses between the members (ids are places in program
  // order): pairing thousands of loads stays quadratic, not cubic.
  for (unsigned I = S.LoId + 1; I < S.HiId && I < K.Accesses.size(); ++I) {
    const Access &X = K.Accesses[I];
    if (!S.between(X.Id) || X.Op == AccessOp::Load)
      continue;
    // Global buffers may alias each other; shared arrays do not.
    if (X.Object == Ms.front()->Object ||
        (O.Space == MemorySpace::Global &&
         K.Objects[X.Object].Space == MemorySpace::Global))
      return true;
  }
  return S.barrierBetween(K);
}

/// Stores merge only when no other access of their memory space, no
/// barrier and no loop comes between them in program order: the SASS kept
/// s[2*t] and s[2*t+1] two STS around a load of the array, a store to
/// another shared array, a barrier and a loop of global loads, but merged
/// them around global loads (`s[2*t] = in[t]; s[2*t+1] = in[t+256];`:
/// STS.64; store-pairs.cu).
bool storesSeparated(const KernelModel &K,
                     const std::vector<const Access *> &Ms) {
  Span S(Ms);
  MemorySpace Space = K.Objects[Ms.front()->Object].Space;
  for (const Access &X : K.Accesses)
    if (S.between(X.Id) && X.Object < K.Objects.size() &&
        K.Objects[X.Object].Space == Space &&
        std::none_of(Ms.begin(), Ms.end(),
                     [&](const Access *M) { return M->Id == X.Id; }))
      return true;
  if (S.barrierBetween(K))
    return true;
  return std::any_of(K.Loops.begin(), K.Loops.end(),
                     [&](const Loop &L) { return S.between(L.Loc); });
}

/// Marks Ms (sorted by address, Ms[0] the lowest) as one instruction of
/// Width bytes carried by Ms[Carrier]: the lowest address for loads (the
/// vector load is issued where the first value is needed), the last in
/// program order for stores (where the last value is ready).
void merge(const std::vector<Access *> &Ms, unsigned Width, size_t Carrier) {
  Access &C = *Ms[Carrier];
  std::vector<const Access *> Const(Ms.begin(), Ms.end());
  std::string Lines = linesOf(Const);
  const char *Verb = verb(C.Op);
  C.Emitted.From = Emission::Origin::SourceRule;
  C.Emitted.InstrBytes = Width;
  if (Carrier != 0)
    C.Emitted.InstrBelow = *constantDifference(*linearize(*Ms[0]->ByteOffset),
                                               *linearize(*C.ByteOffset));
  for (size_t I = 0; I < Ms.size(); ++I) {
    if (I == Carrier)
      continue;
    C.Emitted.Carries.push_back(Ms[I]->Id);
    Ms[I]->Emitted.From = Emission::Origin::SourceRule;
    Ms[I]->Emitted.MergedInto = C.Id;
    Ms[I]->Emitted.Note = "carried by the " + std::to_string(Width) +
                          "-byte " + Verb + " of line " +
                          std::to_string(C.Loc.Line) + ": nvcc merges the " +
                          Verb + "s of " + Lines;
  }
  C.Emitted.Note = std::string("nvcc merges the ") +
                   (Ms.size() == 2 ? "two " : Ms.size() == 3 ? "three " : "four ") +
                   std::to_string(C.Bytes) + "-byte " + Verb + "s of " + Lines +
                   " into one " + std::to_string(Width) + "-byte " + Verb;
}

/// Accesses whose offsets have the same terms, and so may differ by a
/// constant, share a bucket (of one object, and one width when ByWidth),
/// kept by constant: a partner at a given distance is a lookup, so pairing
/// stays linear in a kernel's thousands of accesses, also when thousands
/// of them have one address.
struct Buckets {
  std::vector<std::optional<LinearForm>> Forms; ///< by access index
  /// Constant -> the access indices with it, in index order.
  using ByConst = std::map<int64_t, std::vector<size_t>>;
  std::map<std::string, ByConst> Members;
  std::vector<const ByConst *> Of; ///< by access index

  /// The members of I's bucket whose constant is I's plus Delta.
  const std::vector<size_t> *at(size_t I, int64_t Delta) const {
    int64_t C;
    if (!Of[I] || __builtin_add_overflow(Forms[I]->Const, Delta, &C))
      return nullptr;
    auto It = Of[I]->find(C);
    return It == Of[I]->end() ? nullptr : &It->second;
  }
};

template <class Pred>
Buckets bucketAccesses(const KernelModel &K, bool ByWidth, Pred Eligible) {
  Buckets B;
  B.Of.resize(K.Accesses.size(), nullptr);
  for (const Access &A : K.Accesses)
    B.Forms.push_back(Eligible(A) ? linearize(*A.ByteOffset) : std::nullopt);
  for (size_t I = 0; I < K.Accesses.size(); ++I) {
    if (!B.Forms[I])
      continue;
    std::string Key = std::to_string(K.Accesses[I].Object);
    if (ByWidth)
      Key += "/" + std::to_string(K.Accesses[I].Bytes);
    for (const auto &[Atom, Coef] : B.Forms[I]->Terms)
      Key += "|" + Atom.str() + "*" + std::to_string(Coef);
    Buckets::ByConst &Bucket = B.Members[Key];
    Bucket[B.Forms[I]->Const].push_back(I);
    B.Of[I] = &Bucket;
  }
  return B;
}

/// Rule (a)/(b) for loads, (g) for stores: adjacent accesses of one
/// straight-line region.
void mergeNeighbours(KernelModel &K, AccessOp Op) {
  Buckets Bk = bucketAccesses(
      K, true, [&](const Access &A) { return candidate(K, A, Op); });
  for (Access &A : K.Accesses) {
    size_t IA = &A - K.Accesses.data();
    const std::optional<LinearForm> &Lin = Bk.Forms[IA];
    if (!candidate(K, A, Op) || !Lin)
      continue;
    // The accesses at A + k * Bytes for k = 1, 2, 3 in A's region.
    std::vector<Access *> At(4, nullptr);
    At[0] = &A;
    for (unsigned Step = 1; Step < 4; ++Step) {
      const std::vector<size_t> *Partners = Bk.at(IA, int64_t(Step) * A.Bytes);
      for (size_t IB : Partners ? *Partners : std::vector<size_t>()) {
        Access &B = K.Accesses[IB];
        if (!candidate(K, B, Op) || !sameRegion(A, B) ||
            constantDifference(*Lin, *Bk.Forms[IB]) != int64_t(Step) * A.Bytes)
          continue;
        At[Step] = &B;
        break;
      }
    }
    unsigned Align = provableAlign(K, A, Lin->knownMultiple());
    std::vector<Access *> Group;
    unsigned Count = 16 / A.Bytes;
    bool Full = std::all_of(At.begin(), At.begin() + Count,
                            [](Access *X) { return X; });
    // Three fields of a 16-byte aligned vector (.x .y .z of a float4) are
    // read with one 16-byte load too (vector-fields.cu, partialFloat4:
    // LDG.E.128); a 16-byte store would write the fourth.
    bool Three = Op == AccessOp::Load && A.Bytes == 4 && At[1] && At[2] &&
                 A.TypeAlign >= 16;
    if (Align >= 16 && (Full || Three)) {
      for (unsigned I = 0; I < Count; ++I)
        if (At[I])
          Group.push_back(At[I]);
    } else if (A.Bytes == 4 && Align >= 8 && At[1]) {
      Group = {At[0], At[1]};
    }
    if (Group.size() < 2)
      continue;
    std::vector<const Access *> View(Group.begin(), Group.end());
    unsigned Width = Group.size() == 2 && A.Bytes == 4 ? 8 : 16;
    if (Op == AccessOp::Load) {
      if (!separated(K, View))
        merge(Group, Width, 0);
      continue;
    }
    if (storesSeparated(K, View))
      continue;
    size_t Last = 0;
    for (size_t I = 1; I < Group.size(); ++I)
      if (Group[I]->Id > Group[Last]->Id)
        Last = I;
    merge(Group, Width, Last);
  }
}

/// A load whose bytes an earlier load of the same region already read,
/// with no store or barrier between, is not issued again:
/// shared_validate.cu:211 (a float2 at the address of line 209's float4)
/// has no instruction; nor has the second of two loads of one element.
void reuseCoveredLoads(KernelModel &K) {
  auto Eligible = [&](const Access &A) {
    return A.Op == AccessOp::Load && !A.Volatile && !A.CasLoop &&
           A.ByteOffset &&
           A.Emitted.isAsWritten() &&
           A.Emitted.From == Emission::Origin::AsWritten;
  };
  Buckets Bk = bucketAccesses(K, false, Eligible);
  unsigned MaxBytes = 0;
  for (size_t I = 0; I < K.Accesses.size(); ++I)
    if (Bk.Forms[I])
      MaxBytes = std::max(MaxBytes, K.Accesses[I].Bytes);
  for (Access &B : K.Accesses) {
    size_t IB = &B - K.Accesses.data();
    if (!Bk.Forms[IB] || !Eligible(B))
      continue;
    // The earliest load (in index order) whose bytes cover B's: its
    // constant lies at most MaxBytes - B.Bytes below B's.
    auto Covers = [&](size_t IA) {
      const Access &A = K.Accesses[IA];
      if (A.Id >= B.Id || A.Emitted.MergedInto || !sameRegion(A, B))
        return false;
      auto D = constantDifference(*Bk.Forms[IA], *Bk.Forms[IB]);
      return D && *D >= 0 && *D + B.Bytes <= A.Bytes && !separated(K, {&A, &B});
    };
    std::optional<size_t> First;
    int64_t Low;
    if (__builtin_sub_overflow(Bk.Forms[IB]->Const, int64_t(MaxBytes - B.Bytes),
                               &Low))
      Low = std::numeric_limits<int64_t>::min();
    for (auto It = Bk.Of[IB]->lower_bound(Low);
         It != Bk.Of[IB]->end() && It->first <= Bk.Forms[IB]->Const; ++It)
      for (size_t IA : It->second) {
        if (First && IA > *First)
          break;
        if (Covers(IA)) {
          First = IA;
          break;
        }
      }
    if (First) {
      Access &A = K.Accesses[*First];
      A.Emitted.Carries.push_back(B.Id);
      if (A.Emitted.Note.empty())
        A.Emitted.Note = "nvcc reuses this load for line " +
                         std::to_string(B.Loc.Line);
      B.Emitted.From = Emission::Origin::SourceRule;
      B.Emitted.MergedInto = A.Id;
      B.Emitted.Note = "nvcc reuses the " + std::to_string(A.Bytes) +
                       "-byte load of line " + std::to_string(A.Loc.Line) +
                       ", which already read these bytes";
    }
  }
}

/// Rule (d): no instruction moves 12 bytes, nor more than the types
/// promise to be aligned: float3 and 12-byte struct copies became three
/// 4-byte LDG/STG/LDS/STS (float3-copies.cu), whatever the address.
void splitCopies(KernelModel &K) {
  for (Access &A : K.Accesses) {
    if (!A.ByteOffset || !A.Emitted.isAsWritten() ||
        A.Emitted.From != Emission::Origin::AsWritten || A.Bytes <= 1 ||
        A.TypeAlign == 0 || A.Op == AccessOp::Atomic)
      continue;
    bool Pow2 = (A.Bytes & (A.Bytes - 1)) == 0;
    if (Pow2 && A.Bytes <= 16 && A.TypeAlign >= A.Bytes)
      continue; // one instruction of the access's width
    unsigned Piece = 16;
    while (Piece > 1 && (A.Bytes % Piece || A.TypeAlign % Piece))
      Piece /= 2;
    unsigned N = A.Bytes / Piece;
    if (N < 2 || N > 64)
      continue;
    A.Emitted.From = Emission::Origin::SourceRule;
    A.Emitted.SplitBytes.assign(N, Piece);
    A.Emitted.Note = "nvcc has no " + std::to_string(A.Bytes) +
                     "-byte instruction for an element aligned to " +
                     std::to_string(A.TypeAlign) + " bytes: it " +
                     verb(A.Op) + "s it with " + std::to_string(N) + " " +
                     std::to_string(Piece) + "-byte " + verb(A.Op) + "s";
  }
}

} // namespace

void applySourceRules(KernelModel &K) {
  reuseCoveredLoads(K);
  splitCopies(K);
  mergeNeighbours(K, AccessOp::Load);
  mergeNeighbours(K, AccessOp::Store);
  mergeUnrolledLoops(K);
}

void reapplySourceRules(KernelModel &K) {
  for (Access &A : K.Accesses)
    if (A.Emitted.From == Emission::Origin::SourceRule)
      A.Emitted = Emission();
  applySourceRules(K);
}

void applySourceRules(TranslationUnitModel &TU) {
  for (KernelModel &K : TU.Kernels)
    applySourceRules(K);
}

} // namespace warplint
