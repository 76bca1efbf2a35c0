//===- PtxMemory.cpp - The memory instructions of inline PTX --------------===//

#include "Frontend/Walker/PtxMemory.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

namespace warplint {

namespace {

using llvm::StringRef;

/// Template without comments; line breaks and tabs become spaces.
std::string withoutComments(StringRef T) {
  std::string Out;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T.substr(I).starts_with("//")) {
      while (I < T.size() && T[I] != '\n')
        ++I;
      Out += ' ';
      continue;
    }
    if (T.substr(I).starts_with("/*")) {
      size_t End = T.find("*/", I + 2);
      I = End == StringRef::npos ? T.size() : End + 1;
      Out += ' ';
      continue;
    }
    Out += (T[I] == '\n' || T[I] == '\t' || T[I] == '\r') ? ' ' : T[I];
  }
  return Out;
}

/// Splits S at Sep where it is not inside brackets (or braces, with
/// Braces: a vector operand; braces that open a scope hold statements).
llvm::SmallVector<StringRef, 8> splitTopLevel(StringRef S, char Sep,
                                              bool Braces) {
  llvm::SmallVector<StringRef, 8> Parts;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    bool Brace = C == '{' || C == '}';
    if (Brace && !Braces)
      continue;
    if (C == '[' || C == '{' || C == '(')
      ++Depth;
    else if ((C == ']' || C == '}' || C == ')') && Depth > 0)
      --Depth;
    else if (C == Sep && Depth == 0) {
      Parts.push_back(S.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  Parts.push_back(S.substr(Start).trim());
  return Parts;
}

/// `[%N]`, `[%N+16]`, `[%N + -4]`; nullopt for anything else (a register
/// of the template, an absolute address).
std::optional<PtxAddress> parseAddress(StringRef Op) {
  Op = Op.trim();
  if (!Op.consume_front("[") || !Op.consume_back("]"))
    return std::nullopt;
  Op = Op.trim();
  if (!Op.consume_front("%"))
    return std::nullopt;
  PtxAddress A;
  StringRef Digits = Op.take_while([](char C) { return C >= '0' && C <= '9'; });
  if (Digits.empty() || Digits.getAsInteger(10, A.Operand))
    return std::nullopt;
  Op = Op.drop_front(Digits.size()).trim();
  if (Op.empty())
    return A;
  bool Negative = Op.front() == '-';
  if (!Op.consume_front("+") && !Op.consume_front("-"))
    return std::nullopt;
  Op = Op.trim();
  if (Op.consume_front("-"))
    Negative = !Negative;
  int64_t V;
  // PTX immediates: decimal or 0x hexadecimal.
  if (Op.getAsInteger(0, V))
    return std::nullopt;
  A.Offset = Negative ? -V : V;
  return A;
}

/// The first operand written in brackets.
std::optional<PtxAddress> firstAddress(llvm::ArrayRef<StringRef> Operands,
                                       std::string &Why) {
  for (StringRef O : Operands)
    if (O.starts_with("[")) {
      if (auto A = parseAddress(O))
        return A;
      Why = "its address '" + O.str() +
            "' is not an operand of the asm statement plus a constant";
      return std::nullopt;
    }
  Why = "no address operand";
  return std::nullopt;
}

PtxSpace spaceOf(llvm::ArrayRef<StringRef> Parts) {
  for (StringRef P : Parts) {
    StringRef Base = P.split("::").first;
    PtxSpace S = llvm::StringSwitch<PtxSpace>(Base)
                     .Case("shared", PtxSpace::Shared)
                     .Case("global", PtxSpace::Global)
                     .Case("local", PtxSpace::Local)
                     .Case("const", PtxSpace::Const)
                     .Case("param", PtxSpace::Param)
                     .Default(PtxSpace::Generic);
    if (S != PtxSpace::Generic)
      return S;
  }
  return PtxSpace::Generic;
}

/// Bytes of one element of the type suffix (b32, f16x2, ...); 0 when Part
/// is not a type.
unsigned typeBytes(StringRef Part) {
  if (Part == "f16x2" || Part == "bf16x2")
    return 4;
  if (Part.size() < 2 || !llvm::is_contained(StringRef("bsuf"), Part[0]))
    return 0;
  StringRef Bits = Part.drop_front(Part.starts_with("bf") ? 2 : 1);
  unsigned N;
  if (Bits.getAsInteger(10, N) || N % 8 != 0 || N == 0 || N > 128)
    return 0;
  return N / 8;
}

/// Bytes a lane moves for ld/st/atom/red: the vector count times the
/// element type's size.
unsigned accessBytes(llvm::ArrayRef<StringRef> Parts) {
  unsigned Vector = 1, Element = 0;
  for (StringRef P : Parts) {
    if (P == "v2")
      Vector = 2;
    else if (P == "v4")
      Vector = 4;
    else if (P == "v8")
      Vector = 8;
    else if (unsigned B = typeBytes(P))
      Element = B;
  }
  return Vector * Element;
}

PtxMemoryOp classify(StringRef Opcode, llvm::ArrayRef<StringRef> Operands) {
  PtxMemoryOp Op;
  Op.Opcode = Opcode.str();
  llvm::SmallVector<StringRef, 8> Parts;
  Opcode.split(Parts, '.');
  StringRef Head = Parts.front();
  llvm::ArrayRef<StringRef> Mods = llvm::ArrayRef(Parts).drop_front();
  Op.Space = spaceOf(Mods);

  auto Other = [&](std::string Why) {
    Op.K = PtxMemoryOp::Kind::Other;
    Op.Why = std::move(Why);
    return Op;
  };
  if (Head == "ld" || Head == "ldu" || Head == "st" || Head == "atom" ||
      Head == "red") {
    Op.K = llvm::StringSwitch<PtxMemoryOp::Kind>(Head)
               .Case("st", PtxMemoryOp::Kind::Store)
               .Case("atom", PtxMemoryOp::Kind::Atomic)
               .Case("red", PtxMemoryOp::Kind::Reduction)
               .Default(PtxMemoryOp::Kind::Load);
    if (llvm::is_contained(Mods, "async") ||
        llvm::is_contained(Mods, "shared::cluster"))
      return Other("'" + Opcode.str() +
                   "' (distributed shared memory of a cluster) is not "
                   "modelled");
    Op.Bytes = accessBytes(Mods);
    Op.Address = firstAddress(Operands, Op.Why);
    return Op;
  }
  if (Head == "ldmatrix" || Head == "stmatrix") {
    Op.K = Head == "ldmatrix" ? PtxMemoryOp::Kind::MatrixLoad
                              : PtxMemoryOp::Kind::MatrixStore;
    if (Op.Space == PtxSpace::Generic)
      Op.Space = PtxSpace::Shared; // the only space they have
    for (StringRef P : Mods) {
      if (P == "x1" || P == "x2" || P == "x4")
        Op.Matrices = P[1] - '0';
      Op.Transposed |= P == "trans";
    }
    // Only the 8x8 matrices of 16-bit elements were measured (rows of 16
    // bytes); the m16n16/m8n16 .b8 shapes of newer targets were not.
    if (!llvm::is_contained(Mods, "m8n8") || !Op.Matrices)
      return Other("'" + Opcode.str() +
                   "' is not an 8x8 matrix of 16-bit elements (not measured)");
    Op.Bytes = 16;
    Op.Address = firstAddress(Operands, Op.Why);
    return Op;
  }
  if (Head == "cp" && !Mods.empty() && Mods.front() == "async") {
    llvm::ArrayRef<StringRef> Rest = Mods.drop_front();
    if (Rest.empty())
      return Other("'" + Opcode.str() + "' is not modelled");
    // commit_group, wait_group, wait_all: ordering, no memory of their own;
    // mbarrier.arrive: a barrier.
    if (Rest.front() == "commit_group" || Rest.front() == "wait_group" ||
        Rest.front() == "wait_all" || Rest.front() == "mbarrier")
      return Op.Opcode.clear(), Op;
    // A tensor copy is the TMA unit's (UTMALDG): measured, it makes no
    // load/store-unit request, so no wavefronts or sectors of its own
    // (test/gpu/tensor-core/README.md, "TMA"); what it writes is read by
    // the instructions that follow.
    if (Rest.front() == "bulk" && llvm::is_contained(Rest, "tensor"))
      return Other("'" + Opcode.str() +
                   "' (a bulk or tensor copy by the TMA unit: no "
                   "load/store-unit request, no wavefront or sector of its "
                   "own to count) is not modelled");
    if (Rest.front() == "bulk")
      return Other("'" + Opcode.str() +
                   "' (a bulk or tensor copy) is not modelled");
    if (Rest.front() != "ca" && Rest.front() != "cg")
      return Other("'" + Opcode.str() + "' is not modelled");
    Op.K = PtxMemoryOp::Kind::AsyncCopy;
    Op.Space = PtxSpace::Shared;
    Op.BypassL1 = Rest.front() == "cg";
    // cp.async.ca.shared.global [dst], [src], cp-size{, src-size}{, policy}
    if (Operands.size() < 3 || !parseAddress(Operands[0]) ||
        !parseAddress(Operands[1]))
      return Other("'" + Opcode.str() +
                   "' with operands that are not asm operands plus "
                   "constants");
    Op.Address = parseAddress(Operands[0]);
    Op.Source = parseAddress(Operands[1]);
    unsigned Size;
    if (Operands[2].getAsInteger(0, Size) ||
        (Size != 4 && Size != 8 && Size != 16))
      return Other("'" + Opcode.str() + "' with a copy size '" +
                   Operands[2].str() + "' that is not 4, 8 or 16");
    Op.Bytes = Size;
    return Op;
  }
  if (Head == "mbarrier" || Head == "wgmma" || Head == "tcgen05" ||
      Head == "prefetch" || Head == "prefetchu" || Head == "suld" ||
      Head == "sust" || Head == "sured" || Head == "tex" || Head == "tld4" ||
      Head == "multimem" || Head == "cp" || Head == "applypriority" ||
      Head == "discard" || Head == "createpolicy")
    return Other("'" + Opcode.str() + "' is not modelled");
  Op.Opcode.clear(); // not a memory instruction
  return Op;
}

/// Calls F(Opcode, Operands, Guard) for each instruction of Template, in
/// order; Guard is its `@p` or `@!p`, or empty.
template <typename Fn> void forEachInstruction(StringRef Template, Fn F) {
  std::string Text = withoutComments(Template);
  for (StringRef Stmt : splitTopLevel(Text, ';', /*Braces=*/false)) {
    // Scopes open and close around instructions: `{ .reg .b32 t; ... }`.
    Stmt = Stmt.ltrim(" {}").rtrim(" {}");
    // A label before the instruction.
    if (size_t Colon = Stmt.find(':'); Colon != StringRef::npos &&
                                       !Stmt.substr(0, Colon).contains(' ') &&
                                       !Stmt.substr(0, Colon).contains('.') &&
                                       Stmt.substr(Colon).starts_with(": "))
      Stmt = Stmt.substr(Colon + 1).ltrim();
    if (Stmt.empty() || Stmt.starts_with("."))
      continue;                // a directive: .reg, .pragma
    StringRef Guard;
    if (Stmt.starts_with("@")) { // a guard predicate: @p, @!p
      Guard = Stmt.take_until([](char C) { return C == ' '; });
      Stmt = Stmt.drop_front(Guard.size()).ltrim();
    }
    StringRef Opcode = Stmt.take_until([](char C) { return C == ' '; });
    StringRef Rest = Stmt.drop_front(Opcode.size()).trim();
    llvm::SmallVector<StringRef, 8> Operands;
    if (!Rest.empty())
      Operands = splitTopLevel(Rest, ',', /*Braces=*/true);
    F(Opcode, llvm::ArrayRef<StringRef>(Operands), Guard);
  }
}

/// N of an operand written `%N`.
std::optional<unsigned> operandNumber(StringRef Op) {
  unsigned N;
  if (!Op.consume_front("%") || Op.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

/// `setp.CMP.TYPE p, %N, C;` (or `C, %N`, the comparison turned round):
/// what p holds, when CMP is one warplint follows for TYPE.
std::optional<PtxGuard> predicateSet(StringRef Opcode,
                                     llvm::ArrayRef<StringRef> Operands) {
  llvm::SmallVector<StringRef, 4> Parts;
  Opcode.split(Parts, '.');
  if (Parts.size() != 3 || Parts[0] != "setp" || Operands.size() != 3)
    return std::nullopt;
  StringRef Cmp = Parts[1], Type = Parts[2];
  bool Equality = Cmp == "eq" || Cmp == "ne";
  bool Order = Cmp == "lt" || Cmp == "le" || Cmp == "gt" || Cmp == "ge";
  // Order on signed types only: the model's values are signed.
  if (!Equality && !(Order && (Type == "s32" || Type == "s64")))
    return std::nullopt;
  if (Equality && Type != "b32" && Type != "s32" && Type != "u32" &&
      Type != "b64" && Type != "s64" && Type != "u64")
    return std::nullopt;
  PtxGuard G;
  G.Known = true;
  G.Register = Operands[0].str();
  G.Cmp = Cmp.str();
  int64_t C;
  if (auto N = operandNumber(Operands[1]);
      N && !Operands[2].getAsInteger(0, C)) {
    G.Operand = *N;
    G.Value = C;
    return G;
  }
  if (auto N = operandNumber(Operands[2]);
      N && !Operands[1].getAsInteger(0, C)) {
    G.Operand = *N;
    G.Value = C;
    // C < %N is %N > C.
    G.Cmp = llvm::StringSwitch<std::string>(Cmp)
                .Case("lt", "gt")
                .Case("le", "ge")
                .Case("gt", "lt")
                .Case("ge", "le")
                .Default(Cmp.str());
    return G;
  }
  return std::nullopt;
}

} // namespace

std::vector<PtxMemoryOp> parsePtxMemoryOps(StringRef Template) {
  std::vector<PtxMemoryOp> Ops;
  unsigned Index = 0;
  // What each predicate register holds, when a setp warplint follows set
  // it; any other write of it forgets that.
  std::map<std::string, PtxGuard> Predicates;
  forEachInstruction(Template, [&](StringRef Opcode,
                                   llvm::ArrayRef<StringRef> Operands,
                                   StringRef Guard) {
    if (!Operands.empty()) {
      if (auto G = predicateSet(Opcode, Operands); G && Guard.empty())
        Predicates[G->Register] = *G;
      else
        Predicates.erase(Operands.front().str());
    }
    PtxMemoryOp Op = classify(Opcode, Operands);
    unsigned This = Index++;
    if (Op.Opcode.empty())
      return;
    Op.Index = This;
    if (!Guard.empty()) {
      StringRef Reg = Guard.drop_front(); // '@'
      bool Negated = Reg.consume_front("!");
      auto It = Predicates.find(Reg.str());
      PtxGuard G;
      if (It != Predicates.end())
        G = It->second;
      G.Register = Reg.str();
      G.Negated = Negated;
      Op.Guard = G;
    }
    Ops.push_back(std::move(Op));
  });
  return Ops;
}

std::vector<PtxAddressConversion>
parsePtxAddressConversions(StringRef Template) {
  // What each register or operand holds: the input it converted, in which
  // space; absent when it holds anything else.
  std::map<std::string, std::pair<unsigned, PtxSpace>> Holds;
  forEachInstruction(
      Template,
      [&](StringRef Opcode, llvm::ArrayRef<StringRef> Operands, StringRef) {
        if (Operands.empty())
          return;
        std::string Dest = Operands.front().str();
        llvm::SmallVector<StringRef, 8> Parts;
        Opcode.split(Parts, '.');
        std::optional<std::pair<unsigned, PtxSpace>> Value;
        if (Operands.size() == 2) {
          // cvta.to.shared.u64 d, a: a generic address into the window of a
          // space. cvt.u32.u64 / mov: the same value, narrowed or copied.
          if (Parts.size() == 4 && Parts[0] == "cvta" && Parts[1] == "to" &&
              (Parts[3] == "u64" || Parts[3] == "u32")) {
            PtxSpace S = spaceOf(llvm::ArrayRef(Parts).slice(2, 1));
            if (auto In = operandNumber(Operands[1]);
                In && (S == PtxSpace::Shared || S == PtxSpace::Global))
              Value = std::make_pair(*In, S);
          } else if ((Parts[0] == "cvt" || Parts[0] == "mov") &&
                     Holds.count(Operands[1].str())) {
            // A shared window's offsets fit 32 bits; a global address does not.
            auto Held = Holds[Operands[1].str()];
            if (Parts[0] == "mov" || Held.second == PtxSpace::Shared)
              Value = Held;
          }
        }
        if (Value)
          Holds[Dest] = *Value;
        else
          Holds.erase(Dest);
      });
  std::vector<PtxAddressConversion> Out;
  for (const auto &[Where, Held] : Holds)
    if (auto N = operandNumber(Where))
      Out.push_back({*N, Held.first, Held.second});
  return Out;
}

const char *ptxSpaceName(PtxSpace S) {
  switch (S) {
  case PtxSpace::Generic:
    return "generic";
  case PtxSpace::Shared:
    return "shared";
  case PtxSpace::Global:
    return "global";
  case PtxSpace::Local:
    return "local";
  case PtxSpace::Const:
    return "const";
  case PtxSpace::Param:
    return "param";
  }
  return "generic";
}

} // namespace warplint
