//===- SassListing.cpp - nvdisasm's listing as plain data -----------------===//
//
// A line-oriented reader of `nvdisasm -gi -c` output (CUDA 13; the format
// has been stable since CUDA 11): section headers open functions, `//##`
// comments set the source line of the instructions after them, labels
// `.L_x_N:` name the address of the next instruction.
//
//===----------------------------------------------------------------------===//

#include "Facts/SassListing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

namespace warplint {
namespace {

using llvm::StringRef;

/// `File "PATH", line N` at the start of Text: the path and line, with Text
/// advanced past them.
bool takeFileLine(StringRef &Text, std::string &File, unsigned &Line) {
  Text = Text.ltrim();
  if (!Text.consume_front("File \""))
    return false;
  size_t Quote = Text.find('"');
  if (Quote == StringRef::npos)
    return false;
  File = Text.take_front(Quote).str();
  Text = Text.drop_front(Quote + 1).ltrim();
  if (!Text.consume_front(", line "))
    return false;
  StringRef Digits = Text.take_while([](char C) { return C >= '0' && C <= '9'; });
  Text = Text.drop_front(Digits.size());
  return !Digits.getAsInteger(10, Line);
}

/// `//## File "a.cu", line 2 inlined at "a.cu", line 15`: the innermost line
/// with its call lines.
std::optional<SassLine> parseLineComment(StringRef Text) {
  SassLine L;
  if (!takeFileLine(Text, L.File, L.Line))
    return std::nullopt;
  while (true) {
    Text = Text.ltrim();
    if (!Text.consume_front("inlined at "))
      break;
    std::string File;
    unsigned Line = 0;
    // The call sites are printed as `"PATH", line M`.
    std::string Rest = "File " + Text.str();
    StringRef R = Rest;
    if (!takeFileLine(R, File, Line))
      break;
    L.InlinedAt.push_back({File, Line});
    Text = Text.take_back(R.size());
  }
  return L;
}

/// The label a branch names: BRA `(.L_x_1) -> ".L_x_1".
std::optional<std::string> branchLabel(StringRef Operands) {
  size_t Open = Operands.find("`(");
  if (Open == StringRef::npos)
    return std::nullopt;
  StringRef Rest = Operands.drop_front(Open + 2);
  size_t Close = Rest.find(')');
  if (Close == StringRef::npos)
    return std::nullopt;
  return Rest.take_front(Close).str();
}

/// The immediate of the last bracketed address operand: [R7+0x400] -> 1024,
/// desc[UR4][R2.64-0x8] -> -8; 0 without one.
int64_t addressOffset(StringRef Operands) {
  size_t Open = Operands.rfind('[');
  if (Open == StringRef::npos)
    return 0;
  StringRef Inside = Operands.drop_front(Open + 1);
  Inside = Inside.take_front(Inside.find(']'));
  for (char Sign : {'+', '-'}) {
    size_t At = Inside.find(std::string(1, Sign) + "0x");
    if (At == StringRef::npos)
      continue;
    uint64_t V = 0;
    if (Inside.drop_front(At + 3).getAsInteger(16, V))
      return 0;
    return Sign == '-' ? -int64_t(V) : int64_t(V);
  }
  return 0;
}

bool isBranchOpcode(StringRef Base) {
  return Base == "BRA" || Base == "BRX" || Base == "JMP" || Base == "JMX" ||
         Base == "BRXU" || Base == "JMXU";
}

/// The function whose instructions follow, while parsing: the function and
/// the labels seen in it, resolved at its end.
struct FunctionState {
  SassFunction F;
  llvm::StringMap<uint64_t> Labels;
  std::vector<std::pair<size_t, std::string>> Branches; ///< (instr, label)
  std::vector<std::string> PendingLabels;
};

void finishFunction(FunctionState &S, SassListing &Out) {
  if (S.F.Mangled.empty())
    return;
  uint64_t End = S.F.Instructions.empty()
                     ? 0
                     : S.F.Instructions.back().Address + 16;
  for (const std::string &L : S.PendingLabels)
    S.Labels[L] = End;
  for (const auto &[Index, Label] : S.Branches) {
    auto It = S.Labels.find(Label);
    if (It != S.Labels.end())
      S.F.Instructions[Index].BranchTarget = It->second;
  }
  Out.Functions.push_back(std::move(S.F));
  S = FunctionState();
}

} // namespace

std::optional<SassMemory> classifyMemoryOpcode(StringRef Opcode) {
  llvm::SmallVector<StringRef, 8> Parts;
  Opcode.split(Parts, '.');
  StringRef Base = Parts.front();
  SassMemory M;
  if (Base == "LDS" || Base == "LDSM")
    M = {SassSpace::Shared, AccessOp::Load};
  else if (Base == "STS" || Base == "STSM")
    M = {SassSpace::Shared, AccessOp::Store};
  else if (Base == "ATOMS")
    M = {SassSpace::Shared, AccessOp::Atomic};
  else if (Base == "LDG")
    M = {SassSpace::Global, AccessOp::Load};
  else if (Base == "STG")
    M = {SassSpace::Global, AccessOp::Store};
  else if (Base == "ATOMG" || Base == "RED" || Base == "REDG")
    M = {SassSpace::Global, AccessOp::Atomic};
  else if (Base == "LDL")
    M = {SassSpace::Local, AccessOp::Load};
  else if (Base == "STL")
    M = {SassSpace::Local, AccessOp::Store};
  else if (Base == "LD")
    M = {SassSpace::Generic, AccessOp::Load};
  else if (Base == "ST")
    M = {SassSpace::Generic, AccessOp::Store};
  else if (Base == "ATOM")
    M = {SassSpace::Generic, AccessOp::Atomic};
  else if (Base == "LDGSTS")
    // cp.async: a global load and a shared store in one instruction; the
    // model's two accesses cannot be told apart in it.
    M = {SassSpace::Generic, AccessOp::Load};
  else
    return std::nullopt;
  M.Bytes = 4;
  if (Base == "LDSM" || Base == "STSM") {
    M.Bytes = 0; // .16.M88.4 counts matrices, not one lane's bytes
    return M;
  }
  for (StringRef Mod : llvm::drop_begin(Parts)) {
    if (Mod == "64" || Mod == "F64")
      M.Bytes = 8;
    else if (Mod == "128")
      M.Bytes = 16;
    else if (Mod == "U8" || Mod == "S8")
      M.Bytes = 1;
    else if (Mod == "U16" || Mod == "S16")
      M.Bytes = 2;
  }
  return M;
}

std::string sassKernelName(StringRef Mangled) {
  // The demangler keeps pointers into the symbol: it must outlive D.
  std::string Symbol = Mangled.str();
  llvm::ItaniumPartialDemangler D;
  if (D.partialDemangle(Symbol.c_str()))
    return Symbol;
  size_t Size = 0;
  char *Name = D.getFunctionName(nullptr, &Size);
  if (!Name)
    return Mangled.str();
  std::string Result = Name;
  std::free(Name);
  return Result;
}

SassListing parseSassListing(StringRef Text) {
  SassListing Out;
  FunctionState S;
  SassLine Current;
  // After a `//##` line with call lines, the comments that name those call
  // lines before the next instruction are the outer frames of the same
  // instructions, not a new line.
  std::vector<std::pair<std::string, unsigned>> OuterFrames;
  llvm::SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Raw : Lines) {
    StringRef L = Raw.trim();
    if (L.consume_front("//---------------------")) {
      finishFunction(S, Out);
      L = L.trim();
      if (L.consume_front(".text."))
        S.F.Mangled = L.take_until([](char C) { return C == ' '; }).str();
      Current = SassLine();
      continue;
    }
    if (L.consume_front(".target")) {
      Out.Target = L.trim().str();
      continue;
    }
    if (L.consume_front(".other") && L.contains("STO_CUDA_ENTRY")) {
      S.F.IsKernel = true;
      continue;
    }
    if (L.consume_front("//##")) {
      std::optional<SassLine> Loc = parseLineComment(L);
      if (!Loc)
        continue;
      bool Outer = Loc->InlinedAt.empty() &&
                   llvm::is_contained(OuterFrames,
                                      std::make_pair(Loc->File, Loc->Line));
      if (Outer)
        continue;
      Current = *Loc;
      OuterFrames = Current.InlinedAt;
      continue;
    }
    if (L.starts_with(".L") && L.ends_with(":")) {
      S.PendingLabels.push_back(L.drop_back().str());
      continue;
    }
    if (!L.consume_front("/*") || S.F.Mangled.empty())
      continue;
    size_t Close = L.find("*/");
    uint64_t Address = 0;
    if (Close == StringRef::npos ||
        L.take_front(Close).getAsInteger(16, Address))
      continue;
    StringRef Body = L.drop_front(Close + 2).trim();
    Body = Body.take_until([](char C) { return C == ';'; }).trim();
    SassInstruction I;
    I.Address = Address;
    if (Body.consume_front("@")) {
      StringRef Guard = Body.take_until([](char C) { return C == ' '; });
      Body = Body.drop_front(Guard.size()).ltrim();
      if (Guard != "PT") // @PT is "always"
        I.Guard = Guard.str();
    }
    StringRef Opcode = Body.take_until([](char C) { return C == ' '; });
    StringRef Operands = Body.drop_front(Opcode.size()).trim();
    I.Opcode = Opcode.str();
    I.Memory = classifyMemoryOpcode(Opcode);
    if (I.Memory)
      I.Memory->Offset = addressOffset(Operands);
    I.IsBranch = isBranchOpcode(Opcode.take_until([](char C) {
      return C == '.';
    }));
    if (I.IsBranch)
      if (std::optional<std::string> Label = branchLabel(Operands))
        S.Branches.push_back({S.F.Instructions.size(), *Label});
    I.Source = Current;
    OuterFrames.clear();
    for (const std::string &Label : S.PendingLabels)
      S.Labels[Label] = Address;
    S.PendingLabels.clear();
    S.F.Instructions.push_back(std::move(I));
  }
  finishFunction(S, Out);
  return Out;
}

} // namespace warplint
