//===- SassFacts.cpp - What nvcc emitted, joined to the access model ------===//
//
// The join is by source line because that is all the line table gives: an
// instruction carries no access id. So every decision checks that the lines
// involved hold nothing else of the same space and operation, and that the
// instruction count is what the decision predicts; anything else stays as
// the source rules left it.
//
//===----------------------------------------------------------------------===//

#include "Facts/SassFacts.h"

#include "Facts/Linear.h"
#include "Facts/SassLines.h"
#include "Model/TripCount.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {
namespace {

/// Source line of an access or instruction: the innermost line and the call
/// lines from the kernel down.
struct LineKey {
  std::string File;
  unsigned Line = 0;
  std::vector<unsigned> Calls;
  friend bool operator<(const LineKey &A, const LineKey &B) {
    return std::tie(A.File, A.Line, A.Calls) < std::tie(B.File, B.Line, B.Calls);
  }
};

LineKey accessKey(const Access &A, PathNames &Paths) {
  LineKey K{Paths.canonical(A.Loc.File), A.Loc.Line, {}};
  for (const CallFrame &F : A.CallChain)
    K.Calls.push_back(F.CallLoc.Line);
  return K;
}


LineKey instructionKey(const SassInstruction &I, PathNames &Paths,
                       const std::set<std::string> &UserFiles) {
  UserLine U = userLine(I.Source, Paths, UserFiles);
  return LineKey{U.File, U.Line, U.Calls};
}

bool sameSpace(MemorySpace M, SassSpace S) {
  return (M == MemorySpace::Shared && S == SassSpace::Shared) ||
         (M == MemorySpace::Global && S == SassSpace::Global);
}

std::string opcodeList(const std::vector<const SassInstruction *> &Is) {
  std::map<std::string, unsigned> Count;
  for (const SassInstruction *I : Is)
    ++Count[I->Opcode];
  std::string Out;
  for (const auto &[Op, N] : Count)
    Out += (Out.empty() ? "" : ", ") + Op + (N > 1 ? " x" + std::to_string(N)
                                                   : std::string());
  return Out;
}

/// One kernel being joined to its function.
class KernelJoin {
public:
  KernelJoin(KernelModel &K, const SassFunction &F, PathNames &Paths,
             const std::set<std::string> &UserFiles)
      : K(K) {
    for (const SassInstruction &I : F.Instructions)
      if (I.Memory && I.Source.Line) {
        LineKey Key = instructionKey(I, Paths, UserFiles);
        if (I.Memory->Space == SassSpace::Generic)
          Ambiguous.insert(Key);
        else
          Instrs[Key].push_back(&I);
      }
    for (Access &A : K.Accesses) {
      Keys.push_back(accessKey(A, Paths));
      ByLine[Keys.back()].push_back(A.Id);
    }
    for (const Access &A : K.Accesses)
      if (!A.Emitted.isAsWritten())
        SourceRuleGroup[A.Id] = groupOf(A);
    findMerges();
  }

  unsigned run() {
    decideRuns();
    decideSingles();
    return Decided.size();
  }

private:
  KernelModel &K;
  std::map<LineKey, std::vector<const SassInstruction *>> Instrs;
  std::set<LineKey> Ambiguous;
  std::vector<LineKey> Keys; ///< by access id
  std::map<LineKey, std::vector<unsigned>> ByLine;
  std::map<unsigned, std::set<unsigned>> SourceRuleGroup;
  std::set<unsigned> Decided;
  /// (space, operation, loops) where some line holds an instruction wider
  /// than its accesses: a merge that may carry iterations of accesses on
  /// other lines of those loops (a peeled first iteration merged into the
  /// next line's LDS.64). There, an access's own scalar instructions do not
  /// prove that all of its iterations are emitted as written.
  std::set<std::tuple<int, int, std::vector<unsigned>>> Merging;
  /// (space, operation) of vector instructions on lines without such an
  /// access (the scheduler moved them): they may carry any access's
  /// iterations.
  std::set<std::pair<SassSpace, int>> MergingWithoutAccess;

  void findMerges() {
    for (const auto &[Line, Is] : Instrs)
      for (const SassInstruction *I : Is) {
        bool Carried = false;
        for (unsigned Id : ByLine[Line]) {
          const Access &A = acc(Id);
          if (A.Op != I->Memory->Op ||
              !sameSpace(spaceOf(A), I->Memory->Space))
            continue;
          Carried = true;
          if (I->Memory->Bytes > A.Bytes)
            Merging.insert({int(spaceOf(A)), int(A.Op), A.Loops});
        }
        if (!Carried && I->Memory->Bytes > 4)
          MergingWithoutAccess.insert(
              {I->Memory->Space, int(I->Memory->Op)});
      }
  }

  bool mayBeMergedElsewhere(const Access &A) const {
    SassSpace S = spaceOf(A) == MemorySpace::Shared ? SassSpace::Shared
                                                    : SassSpace::Global;
    return MergingWithoutAccess.count({S, int(A.Op)}) ||
           Merging.count({int(spaceOf(A)), int(A.Op), A.Loops});
  }

  Access &acc(unsigned Id) { return K.Accesses[Id]; }
  MemorySpace spaceOf(const Access &A) const {
    return K.Objects[A.Object].Space;
  }

  /// The accesses a source rule tied A to (itself included).
  std::set<unsigned> groupOf(const Access &A) const {
    unsigned Carrier = A.Emitted.MergedInto.value_or(A.Id);
    std::set<unsigned> G = {A.Id, Carrier};
    if (Carrier < K.Accesses.size())
      for (unsigned C : K.Accesses[Carrier].Emitted.Carries)
        G.insert(C);
    return G;
  }

  /// A decision about S may replace the source rules' only when it covers
  /// every group they made of its members.
  bool coversSourceRules(const std::set<unsigned> &S) const {
    for (unsigned Id : S) {
      auto It = SourceRuleGroup.find(Id);
      if (It != SourceRuleGroup.end())
        for (unsigned G : It->second)
          if (!S.count(G))
            return false;
    }
    return true;
  }

  /// The instructions of A's space and operation on Lines, and whether those
  /// lines hold only the accesses of Group of that space and operation.
  bool collect(const std::set<LineKey> &Lines, const Access &A,
               const std::set<unsigned> &Group,
               std::vector<const SassInstruction *> &Out) {
    for (const LineKey &L : Lines) {
      if (Ambiguous.count(L))
        return false;
      for (unsigned Id : ByLine[L]) {
        const Access &B = acc(Id);
        if (B.Op == A.Op && spaceOf(B) == spaceOf(A) && !Group.count(Id))
          return false;
      }
      for (const SassInstruction *I : Instrs[L])
        if (I->Memory->Op == A.Op && sameSpace(spaceOf(A), I->Memory->Space))
          Out.push_back(I);
    }
    return !Out.empty();
  }

  void setAsWritten(const std::set<unsigned> &Ids) {
    if (!coversSourceRules(Ids) ||
        llvm::any_of(Ids, [&](unsigned Id) {
          return mayBeMergedElsewhere(acc(Id));
        }))
      return;
    for (unsigned Id : Ids) {
      Access &A = acc(Id);
      bool WasRewritten = !A.Emitted.isAsWritten();
      A.Emitted = Emission();
      A.Emitted.From = Emission::Origin::Sass;
      if (WasRewritten)
        A.Emitted.Note = "nvcc emits this " + std::string(opName(A.Op)) +
                         " as written (" + std::to_string(A.Bytes) +
                         "-byte accesses), without the rewrite the source "
                         "rules expected";
      Decided.insert(Id);
    }
  }

  void decideRuns();
  void decideRun(const std::vector<unsigned> &Run);
  void decideSingles();
  void decideSingle(Access &A);
};

/// Accesses that can share one instruction: same object, operation, width,
/// loops and call chain, offsets at constant distances.
void KernelJoin::decideRuns() {
  std::map<std::tuple<unsigned, int, unsigned, std::vector<unsigned>,
                      std::vector<unsigned>>,
           std::vector<unsigned>>
      Families;
  for (const Access &A : K.Accesses)
    if (A.ByteOffset && A.Bytes > 0 && A.Bytes < 16)
      Families[{A.Object, int(A.Op), A.Bytes, A.Loops,
                Keys[A.Id].Calls}]
          .push_back(A.Id);
  for (auto &[_, Members] : Families) {
    std::vector<bool> Used(Members.size());
    for (size_t P = 0; P < Members.size(); ++P) {
      if (Used[P])
        continue;
      // Everything at a constant distance from the pivot, in address order.
      std::vector<std::pair<int64_t, unsigned>> ByOffset;
      for (size_t Q = P; Q < Members.size(); ++Q)
        if (!Used[Q])
          if (auto D = constantDifference(*acc(Members[P]).ByteOffset,
                                          *acc(Members[Q]).ByteOffset)) {
            ByOffset.push_back({*D, Members[Q]});
            Used[Q] = true;
          }
      llvm::sort(ByOffset);
      unsigned Bytes = acc(Members[P]).Bytes;
      std::vector<unsigned> Run;
      for (size_t I = 0; I < ByOffset.size(); ++I) {
        if (I > 0 && ByOffset[I].first != ByOffset[I - 1].first + Bytes) {
          decideRun(Run);
          Run.clear();
        }
        Run.push_back(ByOffset[I].second);
      }
      decideRun(Run);
    }
  }
}

void KernelJoin::decideRun(const std::vector<unsigned> &Run) {
  if (Run.size() < 2)
    return;
  const Access &First = acc(Run.front());
  std::set<LineKey> Lines;
  std::set<unsigned> Group(Run.begin(), Run.end());
  for (unsigned Id : Run)
    Lines.insert(Keys[Id]);
  std::vector<const SassInstruction *> Is;
  if (!collect(Lines, First, Group, Is))
    return;
  unsigned Width = Is.front()->Memory->Bytes;
  if (!llvm::all_of(Is, [&](const SassInstruction *I) {
        return I->Memory->Bytes == Width;
      }))
    return;
  unsigned B = First.Bytes;
  if (Width == B) {
    // As many instructions as accesses (times the copies unrolling made).
    if (Is.size() % Run.size() == 0)
      setAsWritten(Group);
    return;
  }
  if (Width < B || Width % B || Run.size() % (Width / B))
    return;
  unsigned PerInstr = Width / B;
  size_t Chunks = Run.size() / PerInstr;
  if (Is.size() % Chunks || !coversSourceRules(Group))
    return;
  std::string Kind = opName(First.Op);
  std::string Op = opcodeList(Is);
  for (size_t C = 0; C < Chunks; ++C) {
    Access &Carrier = acc(Run[C * PerInstr]);
    Emission E;
    E.From = Emission::Origin::Sass;
    E.InstrBytes = Width;
    std::string Others;
    for (size_t J = 1; J < PerInstr; ++J) {
      unsigned Id = Run[C * PerInstr + J];
      E.Carries.push_back(Id);
      Others += (Others.empty() ? "" : ", ") +
                std::to_string(acc(Id).Loc.Line);
    }
    const std::string &Object = K.Objects[Carrier.Object].Name;
    E.Note = "nvcc merges this " + Kind + " with the " + Kind + " of line" +
             (PerInstr > 2 ? "s " : " ") + Others + " into one " +
             std::to_string(Width) + "-byte " + Kind + " (" + Op +
             "); the merge holds while the address stays " +
             std::to_string(Width) + "-byte aligned and no barrier or other "
             "access to '" + Object + "' comes between them";
    for (size_t J = 1; J < PerInstr; ++J) {
      Access &M = acc(Run[C * PerInstr + J]);
      M.Emitted = Emission();
      M.Emitted.From = Emission::Origin::Sass;
      M.Emitted.MergedInto = Carrier.Id;
      M.Emitted.Note = "nvcc merges this " + Kind + " into the " +
                       std::to_string(Width) + "-byte " + Kind + " of line " +
                       std::to_string(Carrier.Loc.Line) + " (" + Op +
                       "): it makes no request of its own";
      Decided.insert(M.Id);
    }
    Carrier.Emitted = std::move(E);
    Decided.insert(Carrier.Id);
  }
}

void KernelJoin::decideSingles() {
  for (Access &A : K.Accesses)
    if (!Decided.count(A.Id))
      decideSingle(A);
}

/// The number of iterations of a loop with constant bounds, by running it
/// (at most 4096); nullopt when its bounds are not constants.
std::optional<unsigned> tripCount(const Loop &L) {
  std::optional<int64_t> Init = L.Init.asConst();
  if (!Init || L.Step != Loop::StepKind::Add || L.StepExpr ||
      L.StepValue == 0 || !L.UnknownReason.empty())
    return std::nullopt;
  if (auto N = runTripCount(L, *Init, L.Condition, L.StepValue, 4096))
    return unsigned(*N);
  return std::nullopt;
}

/// One access alone on its line (for its space and operation): as written,
/// split into several instructions, or consecutive iterations of its
/// innermost loop merged into one wider instruction.
void KernelJoin::decideSingle(Access &A) {
  std::vector<const SassInstruction *> Is;
  if (!collect({Keys[A.Id]}, A, {A.Id}, Is))
    return;
  std::string Kind = opName(A.Op);
  std::string Op = opcodeList(Is);
  if (llvm::all_of(Is, [&](const SassInstruction *I) {
        return I->Memory->Bytes == A.Bytes;
      })) {
    setAsWritten({A.Id});
    return;
  }
  // Splits and merged iterations are placed by the offset.
  if (!A.ByteOffset || !coversSourceRules({A.Id}))
    return;
  unsigned Sum = 0;
  for (const SassInstruction *I : Is)
    Sum += I->Memory->Bytes;
  if (Is.size() > 1 && Sum == A.Bytes) {
    // Split: the pieces in address order must tile the access.
    std::vector<std::pair<int64_t, unsigned>> Pieces;
    for (const SassInstruction *I : Is)
      Pieces.push_back({I->Memory->Offset, I->Memory->Bytes});
    llvm::sort(Pieces);
    for (size_t P = 1; P < Pieces.size(); ++P)
      if (Pieces[P].first != Pieces[P - 1].first + Pieces[P - 1].second)
        return;
    A.Emitted = Emission();
    A.Emitted.From = Emission::Origin::Sass;
    std::string Widths;
    for (const auto &[_, W] : Pieces) {
      A.Emitted.SplitBytes.push_back(W);
      Widths += (Widths.empty() ? "" : " + ") + std::to_string(W);
    }
    A.Emitted.Note = "nvcc emits this " + std::to_string(A.Bytes) + "-byte " +
                     Kind + " as " + std::to_string(Pieces.size()) +
                     " instructions of " + Widths + " bytes (" + Op +
                     "): there is no " + std::to_string(A.Bytes) +
                     "-byte memory instruction";
    Decided.insert(A.Id);
    return;
  }
  // An unrolled loop whose consecutive iterations read consecutive words.
  unsigned Width = Is.front()->Memory->Bytes;
  if (A.Loops.empty() || Width <= A.Bytes || Width % A.Bytes ||
      !llvm::all_of(Is, [&](const SassInstruction *I) {
        return I->Memory->Bytes == Width;
      }))
    return;
  const Loop &L = K.Loops[A.Loops.back()];
  std::optional<unsigned> Trips = tripCount(L);
  unsigned PerInstr = Width / A.Bytes;
  // T/k instructions per copy of the body; an unrolled enclosing loop makes
  // several copies.
  if (!Trips || *Trips == 0 || *Trips % PerInstr ||
      Is.size() % (*Trips / PerInstr))
    return;
  Expr Next = A.ByteOffset->substitute([&](Symbol S) -> std::optional<Expr> {
    if (S.Kind == SymbolKind::LoopVar && S.Index == L.Id)
      return Expr::symbol(S) + Expr::constant(L.StepValue);
    return std::nullopt;
  });
  std::optional<int64_t> Stride = constantDifference(*A.ByteOffset, Next);
  if (!Stride || *Stride != int64_t(A.Bytes))
    return;
  A.Emitted = Emission();
  A.Emitted.From = Emission::Origin::Sass;
  A.Emitted.InstrBytes = Width;
  A.Emitted.Note = "nvcc unrolls the loop at line " +
                   std::to_string(L.Loc.Line) + " and merges every " +
                   std::to_string(PerInstr) + " consecutive iterations of this " +
                   Kind + " into one " + std::to_string(Width) + "-byte " +
                   Kind + " (" + Op + "); the merge holds while the address "
                   "stays " + std::to_string(Width) + "-byte aligned";
  Decided.insert(A.Id);
}


} // namespace

const SassFunction *sassFunctionFor(const KernelModel &K, const SassListing &L) {
  auto Normal = [](llvm::StringRef S) {
    std::string Out;
    for (char C : S)
      if (C != ' ')
        Out += llvm::toLower(C);
    return Out;
  };
  const SassFunction *Found = nullptr;
  for (const SassFunction &F : L.Functions)
    if (F.IsKernel && Normal(sassKernelName(F.Mangled)) == Normal(K.Name)) {
      if (Found)
        return nullptr;
      Found = &F;
    }
  return Found;
}

std::set<std::string> accessFiles(const KernelModel &K, PathNames &Paths) {
  std::set<std::string> Files;
  for (const Access &A : K.Accesses)
    Files.insert(Paths.canonical(A.Range.Begin.File));
  return Files;
}

SassFactsSummary applySassListing(TranslationUnitModel &M,
                                  const SassListing &L) {
  SassFactsSummary S;
  PathNames Paths;
  for (KernelModel &K : M.Kernels) {
    const SassFunction *F = sassFunctionFor(K, L);
    if (!F)
      continue;
    ++S.KernelsMatched;
    std::set<std::string> Files = accessFiles(K, Paths);
    S.AccessesDecided += KernelJoin(K, *F, Paths, Files).run();
    K.Lines = lineFacts(*F, Paths, Files);
  }
  return S;
}

} // namespace warplint
