//===- FixEdits.cpp - The text of a layout fix and what it costs ----------===//
//-----------===//

#include "Fix/FixCandidate.h"

#include "Model/Occupancy.h"

#include "llvm/ADT/StringRef.h"

namespace warplint {

namespace {

void addEdit(std::vector<TextEdit> &Edits, std::string &Failure,
             const SourceRange &R, const std::string &Replacement) {
  for (const TextEdit &E : Edits) {
    if (E.Range.Begin.File != R.Begin.File)
      continue;
    bool Same = E.Range.Begin.Offset == R.Begin.Offset &&
                E.Range.End.Offset == R.End.Offset;
    if (Same && E.Replacement == Replacement)
      return; // the same subscript reached twice (inlined twice, loops)
    if (E.Range.Begin.Offset < R.End.Offset &&
        R.Begin.Offset < E.Range.End.Offset) {
      Failure = "two accesses share source text (a macro?) at line " +
                std::to_string(R.Begin.Line);
      return;
    }
  }
  Edits.push_back({R, Replacement});
}

/// Text T of a row length with Pad added: a literal is summed, anything
/// else gets " + Pad" (parenthesized when Paren or when it holds an
/// operator that binds more loosely than +).
std::string paddedText(const std::string &T, int64_t Extent, int64_t Pad,
                       bool Paren) {
  bool Literal = !T.empty() && std::all_of(T.begin(), T.end(), [](char Ch) {
    return std::isdigit(static_cast<unsigned char>(Ch));
  });
  if (Literal)
    return std::to_string(Extent + Pad);
  bool Loose = T.find_first_of("?:<>&|^,") != std::string::npos;
  return (Paren || Loose ? "(" + T + ")" : T) + " + " + std::to_string(Pad);
}

/// The one-line "#define Name ..." in Text: the offset where its body
/// starts and the body; nullopt when there is none (or it continues on the
/// next line).
std::optional<std::pair<size_t, llvm::StringRef>>
findDefine(llvm::StringRef Text, llvm::StringRef Name) {
  size_t LineStart = 0;
  while (LineStart <= Text.size()) {
    size_t End = Text.find('\n', LineStart);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    llvm::StringRef Line = Text.slice(LineStart, End);
    llvm::StringRef L = Line.ltrim(" \t");
    if (L.consume_front("#")) {
      L = L.ltrim(" \t");
      if (L.consume_front("define") && !L.empty() &&
          (L.front() == ' ' || L.front() == '\t')) {
        L = L.ltrim(" \t");
        if (L.consume_front(Name) &&
            (L.empty() ||
             !(std::isalnum(static_cast<unsigned char>(L.front())) ||
               L.front() == '_'))) {
          if (L.starts_with("(")) // a function-like macro's parameters
            L = L.drop_front(std::min(L.find(')') + 1, L.size()));
          llvm::StringRef Body = L.rtrim(" \t\r");
          if (Body.ends_with("\\"))
            return std::nullopt;
          Body = Body.ltrim(" \t");
          return std::make_pair(size_t(Body.data() - Text.data()), Body);
        }
      }
    }
    LineStart = End + 1;
  }
  return std::nullopt;
}

/// Where Offset is in Text, as a location in File.
SourceLoc locAt(const std::string &File, llvm::StringRef Text, size_t Offset) {
  SourceLoc L;
  L.File = File;
  L.Offset = Offset;
  llvm::StringRef Before = Text.take_front(Offset);
  L.Line = 1 + Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  L.Column = 1 + (LineStart == llvm::StringRef::npos ? Offset
                                                     : Offset - LineStart - 1);
  return L;
}

/// The edit of the row length inside the body of macro Name (the
/// declaration is written by that macro): the last run of bracketed extents
/// with as many extents as the array has.
std::optional<TextEdit> macroBodyEdit(const std::string &File,
                                      llvm::StringRef Text,
                                      llvm::StringRef Name,
                                      const MemoryObject &O, int64_t Pad) {
  auto Def = findDefine(Text, Name);
  if (!Def)
    return std::nullopt;
  llvm::StringRef Body = Def->second;
  std::vector<std::pair<size_t, size_t>> Run, Best; // inner [begin, end)
  size_t I = 0;
  while (I < Body.size()) {
    if (Body[I] != '[') {
      if (Body[I] != ' ' && Body[I] != '\t')
        Run.clear();
      ++I;
      continue;
    }
    size_t Close = Body.find(']', I);
    if (Close == llvm::StringRef::npos ||
        Body.slice(I + 1, Close).contains('['))
      return std::nullopt;
    Run.push_back({I + 1, Close});
    if (Run.size() == O.Extents.size())
      Best = Run;
    I = Close + 1;
  }
  if (Best.empty())
    return std::nullopt;
  auto [B, E] = Best.back();
  llvm::StringRef Extent = Body.slice(B, E).trim();
  if (Extent.empty())
    return std::nullopt;
  size_t Begin = Def->first + (Extent.data() - Body.data());
  TextEdit Edit;
  Edit.Range.Begin = locAt(File, Text, Begin);
  Edit.Range.End = locAt(File, Text, Begin + Extent.size());
  Edit.Replacement =
      paddedText(Extent.str(), O.Extents.back(), Pad, /*Paren=*/false);
  return Edit;
}

/// The XOR key of Swz for the row text Row, its multiplier divided by
/// Scale: `Row / D * M % C`, without the ones.
std::string keyText(const std::string &Row, const Swizzle &Swz,
                    int64_t Scale) {
  std::string Key = asOperand(Row);
  if (Swz.Div != 1)
    Key += " / " + std::to_string(Swz.Div);
  if (Swz.Mul / Scale != 1)
    Key += " * " + std::to_string(Swz.Mul / Scale);
  return Key + " % " + std::to_string(Swz.Columns / Scale);
}

/// The column Col of row Row under Swz. A column written as a multiple of
/// a power of two that divides the swizzle's multiplier (`Chunk * 8`, the
/// 16-byte chunk of a half tile) is swizzled in its own unit, as such code
/// writes it: `(Chunk ^ (Row % 8)) * 8`; any other as `Col ^ (key)`.
std::string swizzledColumn(const std::string &Row, const std::string &Col,
                           const Swizzle &Swz) {
  if (Col == "0") // the row's start: its first chunk moves by the key
    return Swz.Mul == 1 ? "(" + keyText(Row, Swz, 1) + ")"
                        : "(" + keyText(Row, Swz, Swz.Mul) + ") * " +
                              std::to_string(Swz.Mul);
  if (auto Scaled = splitScaled(Col)) {
    int64_t K = Scaled->second;
    if (K > 1 && (K & (K - 1)) == 0 && Swz.Mul % K == 0 &&
        Swz.Columns % K == 0)
      return "(" + asXorOperand(Scaled->first) + " ^ (" +
             keyText(Row, Swz, K) + ")) * " + std::to_string(K);
  }
  return asXorOperand(Col) + " ^ (" + keyText(Row, Swz, 1) + ")";
}

} // namespace

void padEdits(const ArrayUse &U, FileTexts &Files, Candidate &C) {
  const MemoryObject &O = U.object();
  auto T = Files.text(O.LastExtentRange);
  if (!T || T->find_first_of("[]\n") != std::string::npos) {
    C.Failure = "the row length of '" + O.Name + "' is not plain source text";
    return;
  }
  llvm::StringRef Name(*T);
  Name = Name.take_while([](char Ch) {
    return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
  });
  bool Identifier =
      !Name.empty() && !std::isdigit(static_cast<unsigned char>(Name[0]));
  const std::string &File = O.LastExtentRange.Begin.File;
  const std::string *Text = Files.file(File);
  auto Edit = [&](std::string Repl) {
    return std::vector<TextEdit>{{O.LastExtentRange, std::move(Repl)}};
  };
  // The declaration is written by a macro (DECL_TILE(T)): its row length
  // can only be changed in the macro's definition.
  bool Invocation =
      Identifier &&
      llvm::StringRef(*T).drop_front(Name.size()).ltrim().starts_with("(");
  if (Invocation && Text)
    if (std::optional<TextEdit> InMacro =
            macroBodyEdit(File, *Text, Name, O, C.Pad)) {
      C.Alternatives.push_back({{*InMacro}, Name.str()});
      C.Edits = C.Alternatives.front().Edits;
      C.InMacro = Name.str();
      return;
    }
  // Otherwise (a row length like MAX(32, 16), or a macro defined
  // elsewhere) the edit is made where the row length is written, and
  // verification decides.
  std::string Plain = paddedText(*T, O.Extents.back(), C.Pad, false);
  std::string Paren = paddedText(*T, O.Extents.back(), C.Pad, true);
  // A row length that names a macro whose body is an expression
  // (#define W 1 << 5) needs parentheses: W + 1 would be 1 << 6. A name
  // defined elsewhere gets them when W + 1 does not verify.
  bool Bare = Identifier && Name.size() == T->size();
  bool MacroExpression = false;
  if (Bare && Text)
    if (auto Def = findDefine(*Text, Name))
      MacroExpression = asOperand(Def->second.str()) != Def->second;
  if (!MacroExpression)
    C.Alternatives.push_back({Edit(Plain), ""});
  if ((Bare || Invocation) && Paren != Plain)
    C.Alternatives.push_back({Edit(Paren), ""});
  C.Edits = C.Alternatives.front().Edits;
}

void swizzleEdits(const ArrayUse &U, FileTexts &Files, Candidate &C) {
  for (auto [K, Obj] : U.Instances)
    for (const Access &A : K->Accesses) {
      if (A.Object != Obj)
        continue;
      size_t N = A.SubscriptRanges.size();
      auto Row = Files.text(A.SubscriptRanges[N - 2]);
      auto Col = Files.text(A.SubscriptRanges[N - 1]);
      if (!Row || !Col || !isPureText(*Row)) {
        C.Failure = "the row subscript at line " + std::to_string(A.Loc.Line) +
                    " cannot be repeated safely";
        return;
      }
      addEdit(C.Edits, C.Failure, A.SubscriptRanges[N - 1],
              swizzledColumn(*Row, *Col, C.Swz));
      if (!C.Failure.empty())
        return;
    }
  std::string Map = "c ^ (r";
  if (C.Swz.Div != 1)
    Map += " / " + std::to_string(C.Swz.Div);
  if (C.Swz.Mul != 1)
    Map += " * " + std::to_string(C.Swz.Mul);
  C.SwzMapping = Map + " % " + std::to_string(C.Swz.Columns) + ")";
}

void measureOccupancy(const ArrayUse &U, const ArchInfo &Arch, Candidate &C) {
  const MemoryObject &O = U.object();
  std::vector<int64_t> After = O.Extents;
  if (C.IsPad)
    After.back() += C.Pad;
  int64_t NewBytes = layoutBytes(After, O.ElementBytes);
  bool First = true;
  for (auto [K, Obj] : U.Instances) {
    int64_t Before = staticSharedBytes(*K, std::nullopt);
    int64_t Now = staticSharedBytes(*K, std::make_pair(Obj, NewBytes));
    C.BytesBefore = std::max(C.BytesBefore, Before);
    C.BytesAfter = std::max(C.BytesAfter, Now);
    for (const LaunchConfig &L : K->Launches) {
      Occupancy B = occupancy(Arch, L, Before), A = occupancy(Arch, L, Now);
      C.FitsStatic = C.FitsStatic && A.FitsStatic;
      C.ThreadsKnown = C.ThreadsKnown && L.Block.has_value();
      if (First || B.BlocksBySmem < C.BlocksBefore) {
        C.BlocksBefore = B.BlocksBySmem;
        C.BlocksAfter = A.BlocksBySmem;
        C.BlocksByThreads = B.BlocksByThreads;
      }
      First = false;
    }
  }
}

} // namespace warplint
